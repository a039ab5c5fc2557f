package eighteen

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
)

// PowerKind is one of the private companies' powers common enough to be
// data: declared on the private by the title and carried out by the
// core's steps. A power no kind describes (1870's Cattle and port tokens,
// its bridge company) stays code in the title.
type PowerKind int

// The common powers.
const (
	// PowerExtraLay is a tile laid beyond the company's own (18EZ's
	// Authority in Metropolis), on the power's hexes, without a route
	// there where Anywhere.
	PowerExtraLay PowerKind = iota + 1
	// PowerTokenAnywhere is a station on the power's hexes without a
	// route there, for Amount or, where Priced, at the title's price of
	// a station there; an Extra one is beyond the charter's tokens
	// (18EZ's Authority; 18MW's St. Louis and Alton, priced and extra).
	PowerTokenAnywhere
	// PowerTerrainDiscount takes Amount off a lay's terrain cost, on
	// Terrain's hexes (every hex where Terrain is empty) or the power's
	// hexes; the track step applies it.
	PowerTerrainDiscount
	// PowerShareExchange is the private exchanged for a share of Share
	// (1870's Missouri-Kansas-Texas, 18MW's Lacrosse and Milwaukee). It
	// is declared here and carried out by the title's stock code.
	PowerShareExchange
	// PowerCityBonus is a token on a city that adds Amount to the owning
	// company's runs there (18EZ's Hotel): on the power's hexes, or on
	// any city with track.
	PowerCityBonus
)

// Power is one power of a private, as a title declares it.
type Power struct {
	Kind PowerKind
	// Verb is the move that uses it ("HOTEL", "MRTA"); a discount rides
	// on LAY and has none.
	Verb     string
	Hexes    []hexgrid.Hex
	Terrain  string
	Amount   int
	Anywhere bool   // an extra lay needs no route
	Priced   bool   // a station at the title's price of one there
	Extra    bool   // a station beyond the charter's tokens
	Once     bool   // used once a game
	Closes   bool   // using it closes the private
	Share    string // the company whose share it is exchanged for
	// Rule is the title's rule to cite for it.
	Rule string
}

// Bonus is what a city bonus token at h, the owner's, adds to corp's run
// through stops.
func (p Power) Bonus(h hexgrid.Hex, owner, corp string, stops []Node) int {
	if owner != corp {
		return 0
	}
	for _, s := range stops {
		if s.Hex == h {
			return p.Amount
		}
	}
	return 0
}

// PowerRules are a title's privates' powers and where the title keeps
// their use, so that its stored state is its own.
type PowerRules[T any] struct {
	// Powers are each private's, by its symbol.
	Powers map[string][]Power
	// May tells whether a company uses powers now (18EZ: majors); nil
	// for any.
	May func(c *T) bool
	// Used tells whether a private's power of a kind that is used Once
	// has been; Use records a power used (where a bonus token stands).
	// An Extra station is counted among the company's extra tokens by
	// Use, as TokenRules.Extra reads them.
	Used func(priv string, kind PowerKind) bool
	Use  func(c *T, priv string, kind PowerKind, at hexgrid.Hex)
	// Tokens is the title's price of a station, for a Priced one.
	Tokens TokenCost
	// Told tells of a power used in the title's words; lay is the tile
	// of an extra lay, or only the hex.
	Told func(c *T, p *Private, pw Power, lay Lay)
}

// powerUse is a power's move judged.
type powerUse struct {
	priv *Private
	pw   Power
	lay  Lay // the hex, and the tile of a lay
	cost int
}

// PowerMoves are the moves of the powers' verbs, each judged by the one
// statement of its kind's rules.
func (b *Base[T, P]) PowerMoves(r PowerRules[T]) map[string]Move {
	out := map[string]Move{}
	for _, pws := range r.Powers {
		for _, pw := range pws {
			if pw.Verb == "" {
				continue
			}
			out[pw.Verb] = Move{Check: func(a move.Action) error {
				_, err := b.powerTerms(r, a)
				return err
			}, Do: func(a move.Action) error {
				u, err := b.powerTerms(r, a)
				if err != nil {
					return err
				}
				b.usePower(r, u)
				return nil
			}}
		}
	}
	return out
}

// PowerOptions are the powers' moves open to the operating company.
func (b *Base[T, P]) PowerOptions(r PowerRules[T], seat int, q move.Query) []move.Option {
	c := b.Operating()
	if c == nil || (r.May != nil && !r.May(c)) {
		return nil
	}
	var out []move.Option
	try := func(args ...string) {
		if !q.Wants(args[0], args[1:]...) {
			return
		}
		if _, err := b.powerTerms(r, move.Action{Seat: seat, Verb: args[0], Args: args[1:]}); err == nil {
			out = append(out, move.Opt(seat, args[0], args[1:]...))
		}
	}
	for _, p := range b.Privates {
		if !p.Owned(P(c).Core().Sym) {
			continue
		}
		for _, pw := range r.Powers[p.Sym] {
			for _, h := range b.powerHexes(pw) {
				at := []string{}
				if len(pw.Hexes) != 1 {
					at = []string{h.String()}
				}
				switch pw.Kind {
				case PowerCityBonus:
					try(pw.Verb, h.String())
				case PowerTokenAnywhere:
					try(append([]string{pw.Verb, "TOKEN"}, at...)...)
				case PowerExtraLay:
					for _, id := range slices.Sorted(maps.Keys(b.Left)) {
						for rot := range 6 {
							if b.Left[id] > 0 {
								try(append(append([]string{pw.Verb, "LAY"}, at...), id, strconv.Itoa(rot))...)
							}
						}
					}
				}
			}
		}
	}
	return out
}

// powerHexes are where a power may be used: its own hexes, or every hex
// of the board.
func (b *Base[T, P]) powerHexes(pw Power) []hexgrid.Hex {
	if len(pw.Hexes) > 0 {
		return pw.Hexes
	}
	return b.Board().Order
}

// powerTerms reads a power's move and judges it: the private of the
// company's whose power it is, and the kind's rules.
func (b *Base[T, P]) powerTerms(r PowerRules[T], a move.Action) (powerUse, error) {
	c := b.Operating()
	if c == nil || (r.May != nil && !r.May(c)) {
		return powerUse{}, b.Layout.Cite.Recite(RuleError("4.1", "%s is for the operating company's turn", a.Verb))
	}
	sym := P(c).Core().Sym
	verb := strings.ToUpper(a.Verb)
	var named *Private
	for _, p := range b.Privates {
		for _, pw := range r.Powers[p.Sym] {
			if pw.Verb != verb {
				continue
			}
			named = p
			if !p.Owned(sym) {
				continue
			}
			if u, ok, err := b.readPower(p, pw, a.Args); ok {
				if pw.Once && r.Used != nil && r.Used(p.Sym, pw.Kind) {
					return powerUse{}, RuleError(pw.Rule, "the %s's power is used once", p.Name)
				}
				if err != nil {
					return powerUse{}, err
				}
				return u, b.judgePower(r, c, u)
			}
		}
	}
	if named == nil {
		return powerUse{}, fmt.Errorf("no private's power is used by %s", verb)
	}
	if !named.Owned(sym) {
		return powerUse{}, RuleError(r.Powers[named.Sym][0].Rule, "%s does not own the %s", sym, named.Name)
	}
	return powerUse{}, RuleError(r.Powers[named.Sym][0].Rule, "%s", powerHow(verb, r.Powers[named.Sym]))
}

// powerHow shows how a verb's powers are written.
func powerHow(verb string, pws []Power) string {
	var ways []string
	for _, pw := range pws {
		hex := ""
		if len(pw.Hexes) != 1 {
			hex = " and the hex"
		}
		switch pw.Kind {
		case PowerCityBonus:
			ways = append(ways, "write "+verb+" and the city's hex")
		case PowerTokenAnywhere:
			ways = append(ways, "write "+verb+" TOKEN"+hex)
		case PowerExtraLay:
			ways = append(ways, "write "+verb+" LAY"+hex+", the tile and its rotation")
		}
	}
	return strings.Join(ways, ", or ")
}

// readPower reads a move's arguments as a power of its kind: ok tells
// whether they are written as that kind's.
func (b *Base[T, P]) readPower(p *Private, pw Power, args []string) (powerUse, bool, error) {
	u := powerUse{priv: p, pw: pw}
	hexAt := func(i int) (hexgrid.Hex, error) {
		if len(pw.Hexes) == 1 {
			return pw.Hexes[0], nil
		}
		return hexgrid.ParseHex(strings.ToUpper(args[i]))
	}
	extra := 0
	if len(pw.Hexes) != 1 {
		extra = 1
	}
	var err error
	switch {
	case pw.Kind == PowerCityBonus && len(args) == 1:
		u.lay.Hex, err = hexgrid.ParseHex(strings.ToUpper(args[0]))
	case pw.Kind == PowerTokenAnywhere && len(args) == 1+extra && strings.EqualFold(args[0], "TOKEN"):
		u.lay.Hex, err = hexAt(1)
	case pw.Kind == PowerExtraLay && len(args) == 3+extra && strings.EqualFold(args[0], "LAY"):
		var h hexgrid.Hex
		if h, err = hexAt(1); err == nil {
			u.lay, err = b.ReadLay(p.Corp, append([]string{h.String()}, args[1+extra:]...), pw.Verb+" LAY")
		}
	default:
		return u, false, nil
	}
	return u, true, err
}

// judgePower is the one statement of each kind's rules.
func (b *Base[T, P]) judgePower(r PowerRules[T], c *T, u powerUse) error {
	core, pw, h := P(c).Core(), u.pw, u.lay.Hex
	if len(pw.Hexes) > 0 && !slices.Contains(pw.Hexes, h) {
		return RuleError(pw.Rule, "the %s's power is for %v", u.priv.Name, pw.Hexes)
	}
	s := b.Board().Space(h)
	switch pw.Kind {
	case PowerCityBonus:
		if s == nil || s.Kind == OffBoard {
			return RuleError(pw.Rule, "the bonus token may not go on an off-board area")
		}
		if p, ok := b.Layout.Tiles[h]; len(pw.Hexes) == 0 && (!ok || len(p.Tile.Stops) == 0) {
			return RuleError(pw.Rule, "the bonus token goes on a city with track; %s has none", h)
		}
	case PowerTokenAnywhere:
		if err := b.stationAnywhere(core, h, pw.Extra); err != nil {
			return b.Layout.Cite.Recite(err)
		}
	case PowerExtraLay:
		reach := b.Layout.Reach(core.Sym)
		if pw.Anywhere {
			reach = WholeHex(h)
		}
		cost, err := b.Layout.CheckFrom(reach, u.lay, b.TileColours())
		if err != nil {
			return err
		}
		u.cost = cost
	}
	if cost := max(u.cost, powerCost(r, core, pw, h)); cost > core.Cash {
		return b.Layout.Cite.Recite(RuleError("6.5", "it costs $%d and %s has $%d", cost, core.Sym, core.Cash))
	}
	return nil
}

// powerCost is what a power's own move costs beyond a lay's terrain: a
// station's price.
func powerCost[T any](r PowerRules[T], c *Corporation, pw Power, h hexgrid.Hex) int {
	switch {
	case pw.Kind != PowerTokenAnywhere:
		return 0
	case pw.Priced:
		return r.Tokens.Price(c, h)
	}
	return pw.Amount
}

// stationAnywhere judges a station placed without a route: the company
// has placed its home and has a token left, and the city has room and
// none of its own.
func (b *Base[T, P]) stationAnywhere(c *Corporation, h hexgrid.Hex, extra bool) error {
	switch {
	case !c.Operating:
		return RuleError("7.3", "%s places its home station first", c.Sym)
	case !extra && c.Stations >= len(c.TokenCosts):
		return RuleError("7.2", "%s has no station token left", c.Sym)
	case b.Layout.Tiles[h].Tile == nil || b.Layout.FreeCity(h) < 0:
		return RuleError("7.3", "%s has no room for a station", h)
	}
	for _, syms := range b.Layout.Tokens[h] {
		if slices.Contains(syms, c.Sym) {
			return RuleError("7.3", "%s has a station on %s already", c.Sym, h)
		}
	}
	return nil
}

// usePower carries out a power judged.
func (b *Base[T, P]) usePower(r PowerRules[T], u powerUse) {
	c := b.Operating()
	core, h := P(c).Core(), u.lay.Hex
	switch u.pw.Kind {
	case PowerExtraLay:
		cost, _ := b.Layout.CheckFrom(WholeHex(h), u.lay, b.TileColours())
		b.PlaceTile(u.lay)
		core.Cash -= cost
		b.Bank += cost
	case PowerTokenAnywhere:
		b.PlaceStation(core, h, powerCost(r, core, u.pw, h))
	}
	if r.Use != nil {
		r.Use(c, u.priv.Sym, u.pw.Kind, h)
	}
	if u.pw.Closes {
		u.priv.Closed = true
	}
	if r.Told != nil {
		r.Told(c, u.priv, u.pw, u.lay)
	}
}

// WholeHex is a reach that takes in a hex's city and every side of it,
// named from either hex (the graph names a side from the hex that comes
// first): a lay there needs no route.
func WholeHex(h hexgrid.Hex) map[Node]bool {
	reach := map[Node]bool{{Hex: h, Stop: 0}: true}
	for e := range hexgrid.Edge(6) {
		reach[Node{Hex: h, Stop: -1, Side: e}] = true
		reach[Node{Hex: h.Neighbour(e), Stop: -1, Side: e.Opposite()}] = true
	}
	return reach
}

// terrainDiscount is the terrain discount a company's privates give a lay: the
// largest of their powers that apply and are not used, and the private
// whose it is.
func (b *Base[T, P]) terrainDiscount(r PowerRules[T], corp string, h hexgrid.Hex) (Power, *Private) {
	var best Power
	var from *Private
	if len(r.Powers) == 0 {
		return best, nil
	}
	s := b.Board().Space(h)
	for _, p := range b.Privates {
		if !p.Owned(corp) {
			continue
		}
		for _, pw := range r.Powers[p.Sym] {
			switch {
			case pw.Kind != PowerTerrainDiscount:
			case pw.Once && r.Used != nil && r.Used(p.Sym, pw.Kind):
			case len(pw.Hexes) > 0 && !slices.Contains(pw.Hexes, h):
			case pw.Terrain != "" && (s == nil || s.Terrain != pw.Terrain):
			case pw.Amount > best.Amount:
				best, from = pw, p
			}
		}
	}
	return best, from
}
