package eighteen

import (
	"strconv"
	"strings"

	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
)

// TokenCost is what a company's next station costs by a title's rule,
// one of two: from its charter's list by how many it has placed (1870
// 7.2, 18EZ 2.5), or, where PerHex is set, Base plus PerHex for each hex
// as the crow flies from the nearest of its homes (18MW: a System pays
// the cheaper of its two bases'). A token beyond the charter's is priced
// by the distance where there is one, otherwise at ExtraCost (1870
// 11.4.1's destination tokens kept).
type TokenCost struct {
	ExtraCost    int
	Base, PerHex int
	// Homes are the hexes a distance is measured from; nil: the
	// company's home.
	Homes func(c *Corporation) []hexgrid.Hex
}

// Next is the price of the company's next station, and whether it has
// one: extra are tokens beyond its charter's.
func (t TokenCost) Next(c *Corporation, extra int, to hexgrid.Hex) (int, bool) {
	switch {
	case c.Stations < len(c.TokenCosts):
		if t.PerHex != 0 {
			return t.Price(c, to), true
		}
		return c.TokenCosts[c.Stations], true
	case c.Stations < len(c.TokenCosts)+extra:
		return t.Price(c, to), true
	}
	return 0, false
}

// Price is what a station at to costs beyond the charter's list: by the
// distance rule where there is one, otherwise the extra tokens' price.
func (t TokenCost) Price(c *Corporation, to hexgrid.Hex) int {
	if t.PerHex != 0 {
		return t.Base + t.PerHex*t.nearest(c, to)
	}
	return t.ExtraCost
}

// nearest is the hexes from the nearest of the company's homes to h.
func (t TokenCost) nearest(c *Corporation, h hexgrid.Hex) int {
	homes := []hexgrid.Hex{c.Home}
	if t.Homes != nil {
		homes = t.Homes(c)
	}
	best := -1
	for _, home := range homes {
		if d := Distance(home, h); best < 0 || d < best {
			best = d
		}
	}
	return max(best, 0)
}

// Distance is the hexes between two, as the crow flies, on a board of
// the zero Grid (pointy-topped, two hexes side by side in a row two
// columns apart): each row crossed also moves a column.
func Distance(a, b hexgrid.Hex) int {
	rows, cols := abs(a.Row-b.Row), abs(a.Col-b.Col)
	return rows + max(0, (cols-rows)/2)
}

// count is a small number in words.
func count(n int) string {
	if n >= 0 && n < 7 {
		return []string{"none", "one", "two", "three", "four", "five", "six"}[n]
	}
	return strconv.Itoa(n)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// TokenRules are a title's token step: its cost rule from its data, and
// hooks for what is its own.
type TokenRules[T any] struct {
	Title string // the step's name ("token", "station")
	Cost  TokenCost
	// Example is a token as written, for the error that shows how.
	Example string
	// Ready refuses a token while something else must be answered
	// first; nil for none.
	Ready func() error
	// May refuses a company that places no stations now (18EZ 2.5:
	// minors); nil for none.
	May func(c *T) error
	// Reach is where the company places stations from.
	Reach func(c *T) map[Node]bool
	// Extra are the company's tokens beyond its charter's; nil for none.
	Extra func(c *T) int
	// Alongside: the tokens are offered while the track step is open
	// too, and a token ends it (1870 4.1).
	Alongside bool
	// Placed tells of a station placed, in the title's words.
	Placed func(c *T, h hexgrid.Hex, cost int)
}

// TokenStep is the company's token step by the title's rules: TOKEN as
// the rules judge it, SKIP to leave the step.
func (b *Base[T, P]) TokenStep(r TokenRules[T]) Step {
	check := func(a move.Action) error {
		_, _, err := b.tokenTerms(r, a)
		return err
	}
	do := func(a move.Action) error {
		h, cost, err := b.tokenTerms(r, a)
		if err != nil {
			return err
		}
		c := b.Operating()
		b.PlaceStation(P(c).Core(), h, cost)
		r.Placed(c, h, cost)
		b.hooks.State.Step = StepRun
		return nil
	}
	s := b.Turn().Table(r.Title, StepToken, map[string]Move{"TOKEN": Pair(check, do), "SKIP": Pair(b.CheckSkip, b.Skip)},
		func(seat int, q move.Query) []move.Option { return b.tokenCandidates(r, seat, q) })
	s.Judged, s.Alongside = []string{"TOKEN"}, r.Alongside
	return s
}

// tokenCandidates are SKIP at the token step and the stations the rules
// allow.
func (b *Base[T, P]) tokenCandidates(r TokenRules[T], seat int, q move.Query) []move.Option {
	c, step := b.Operating(), b.hooks.State.Step
	if c == nil || step > StepToken || (!r.Alongside && step != StepToken) {
		return nil
	}
	var out []move.Option
	if step == StepToken {
		out = append(out, move.Opt(seat, "SKIP"))
	}
	if !q.Wants("TOKEN") {
		return out
	}
	return append(out, b.TokenOptions(r, seat, q)...)
}

// TokenOptions are the stations the rules allow the operating company,
// narrowed by the query.
func (b *Base[T, P]) TokenOptions(r TokenRules[T], seat int, q move.Query) []move.Option {
	c := b.Operating()
	if c == nil || (r.May != nil && r.May(c) != nil) {
		return nil
	}
	reach := r.Reach(c)
	return b.Layout.StationOptions(seat, q, func(h hexgrid.Hex) bool {
		_, err := b.stationCost(r, c, reach, h)
		return err == nil
	})
}

// tokenTerms reads TOKEN hex and judges it.
func (b *Base[T, P]) tokenTerms(r TokenRules[T], a move.Action) (hexgrid.Hex, int, error) {
	c := b.Operating()
	if c == nil {
		return hexgrid.Hex{}, 0, b.Layout.Cite.Recite(RuleError("4.1", "TOKEN is for a company's operating turn"))
	}
	if r.Ready != nil {
		if err := r.Ready(); err != nil {
			return hexgrid.Hex{}, 0, err
		}
	}
	if b.hooks.State.Step > StepToken {
		return hexgrid.Hex{}, 0, b.Layout.Cite.Recite(RuleError("4.1", "a token is placed after the track and before the run"))
	}
	how := b.Layout.Cite.Recite(RuleError("7", "write TOKEN and the hex, as %s", r.Example))
	if len(a.Args) != 1 {
		return hexgrid.Hex{}, 0, how
	}
	h, err := hexgrid.ParseHex(strings.ToUpper(a.Args[0]))
	if err != nil {
		return hexgrid.Hex{}, 0, how
	}
	if r.May != nil {
		if err := r.May(c); err != nil {
			return hexgrid.Hex{}, 0, err
		}
	}
	cost, err := b.stationCost(r, c, r.Reach(c), h)
	return h, cost, err
}

// stationCost is the one statement of a station's rules: a token left,
// the money for it, and the map's rules of a station.
func (b *Base[T, P]) stationCost(r TokenRules[T], c *T, reach map[Node]bool, h hexgrid.Hex) (int, error) {
	core := P(c).Core()
	extra := 0
	if r.Extra != nil {
		extra = r.Extra(c)
	}
	cost, ok := r.Cost.Next(core, extra, h)
	if !ok {
		return 0, b.Layout.Cite.Recite(RuleError("7.2", "%s has placed all %s of its station tokens", core.Sym, count(len(core.TokenCosts)+extra)))
	}
	if cost > core.Cash {
		return 0, b.Layout.Cite.Recite(RuleError("7.5", "a token costs $%d and %s has $%d", cost, core.Sym, core.Cash))
	}
	cores := make([]*Corporation, len(b.Corps))
	for i, o := range b.Corps {
		cores[i] = P(o).Core()
	}
	_, err := b.Layout.StationError(core.Sym, reach, h, Waiting(cores, core, h))
	return cost, err
}
