package eighteen

import (
	"fmt"
	"strings"

	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
)

// Outcome is how a run's income is settled.
type Outcome int

const (
	PayAll  Outcome = iota // paid out in full to the shares
	PayHalf                // half paid out, the rest kept
	Keep                   // kept in the treasury (WITHHOLD, RETAIN)
	Nothing                // a run that earned nothing, or none chose
	Split                  // a minor's, shared with its owner
)

// PriceMove is how a company's token moves on the market after its income.
type PriceMove int

const (
	Stay   PriceMove = iota
	Right            // one box right, or up at the edge (the market's Right)
	Left             // one box left, or down at the edge
	Bottom           // stays, under the pile in its box (1870 5.8.4)
)

// Moves are a title's market moves after each outcome (1870 9.1, 18EZ
// 2.7, 2.8).
type Moves struct{ Pay, Half, Keep, Nothing PriceMove }

// of is the move after an outcome.
func (m Moves) of(o Outcome) PriceMove {
	switch o {
	case PayAll:
		return m.Pay
	case PayHalf:
		return m.Half
	case Keep:
		return m.Keep
	case Nothing:
		return m.Nothing
	}
	return Stay
}

// DividendRules are the title's numbers for the rules the run and the
// dividend cite: choosing routes (1870 8.3, 18EZ 2.6) and settling the
// income (1870 9, 18EZ 2.7).
type DividendRules struct{ Run, Choice string }

// DividendNotes are the title's words for a run and its income. Ran and
// RanEmpty (a run of trains that earned nothing, "" for no note) take the
// company's symbol and the total; Named the symbol, the routes and the
// total. Pay, Half, Keep and Nothing take, by explicit index, 1 the
// symbol, 2 the part of a share, 3 what the company keeps, 4 the income
// and 5 the share value after the move; Split 1 the symbol, 2 the income,
// 3 the owner's part, 4 the owner's name and 5 the company's part; Best
// (the refusal of a run below the best) the run's total, the best's and
// the symbol.
type DividendNotes struct {
	Ran, RanEmpty, Named     string
	Pay, Half, Keep, Nothing string
	Split, Best              string
}

// Dividend is a title's run and dividend: the step's name and the verb
// that keeps the income, the shares a dividend divides among, the
// rounding of a full and a half dividend, the market's moves (by the
// zone the token stands in, where a title's differ), its rule numbers and
// its words, as data; and as hooks on the title's game, what is its own.
// T is the title's company.
type Dividend[T any] struct {
	Title, Keep string
	NoHalf      bool // the title has no half dividend
	Shares      int  // the shares a payout divides over, for a company with no charter (else its charter's)
	Full, Half  Rounding
	Moves       Moves
	ByZone      map[byte]Moves
	Rules       DividendRules
	Notes       DividendNotes
	Example     string // a RUN on the title's map, for the errors

	// Move puts a company's token in a new box, as the title does it
	// (a closing zone, an end set off by a price); nil for the core's
	// MoveTo.
	Move func(c *T, to Pos)
	// Check is the title's judgement before the step's own (a question
	// to answer first), nil for none.
	Check func(a move.Action) error
	// Splits tells whether a company shares its income with its owner
	// and no one chooses (18EZ's minors, 2.7); nil for none.
	Splits func(c *T) bool
	// MustRunBest tells whether the company must run its best: 1870's
	// when another player holds a share (8.3); nil never.
	MustRunBest func(c *T) bool
	// Best, where the title keeps the best run's total, is set by each
	// best run and cited when a named run earns less.
	Best *int
	// Map, where a later move may change the map under the run, is the
	// map the run was made on (18EZ's Hotel).
	Map func() *Layout
}

// moves are the market's moves for a company's token where it stands.
func (d *Dividend[T]) moves(m *Market, p Pos) Moves {
	if cell, ok := m.Cell(p); ok {
		for z, mv := range d.ByZone {
			if cell.Has(z) {
				return mv
			}
		}
	}
	return d.Moves
}

// RunTrains runs the operating company's trains on their best routes and
// opens its dividend; an empty run, or a company that does not choose,
// is settled at once (1870 9.1.3, 18EZ 2.7, 2.8).
func (b *Base[T, P]) RunTrains(d *Dividend[T]) {
	c := b.Operating()
	core := P(c).Core()
	routes, total := b.Layout.BestRun(core.Sym, core.Trains, b.Current().OffBoard)
	b.ranFor(d, core, routes, total)
	if d.Best != nil {
		*d.Best = total
	}
	switch {
	case total > 0:
		b.Note(d.Notes.Ran, core.Sym, total)
	case len(core.Trains) > 0 && d.Notes.RanEmpty != "":
		b.Note(d.Notes.RanEmpty, core.Sym, total)
	}
	b.hooks.State.Step = StepDividend
	b.settleUnasked(d, c)
}

// ranFor records a run as the income to settle.
func (b *Base[T, P]) ranFor(d *Dividend[T], core *Corporation, routes []Route, total int) {
	b.hooks.State.Revenue = total
	r := b.Ran(core, routes, total)
	if d.Map != nil {
		r.Map = d.Map()
	}
}

// chooses tells whether the company's president settles its income.
func (d *Dividend[T]) chooses(c *T, revenue int) bool {
	return revenue != 0 && (d.Splits == nil || !d.Splits(c))
}

// SettleUnasked settles the operating company's income if no one
// chooses for it: an income of nothing, or a minor's split.
func (b *Base[T, P]) SettleUnasked(d *Dividend[T]) { b.settleUnasked(d, b.Operating()) }

func (b *Base[T, P]) settleUnasked(d *Dividend[T], c *T) {
	rev := b.hooks.State.Revenue
	if d.chooses(c, rev) {
		return
	}
	out := Nothing
	if d.Splits != nil && d.Splits(c) {
		out = Split
	}
	b.Divide(d, c, out, rev)
	b.hooks.State.Step = StepTrains
}

// Divide settles revenue for a company by an outcome: the money to the
// shares (players' to them, the initial offering's and the treasury's to
// the company, the open market's left in the bank) and to the treasury,
// the title's note, and the market move.
func (b *Base[T, P]) Divide(d *Dividend[T], c *T, out Outcome, revenue int) {
	core := P(c).Core()
	per, kept := 0, 0
	shares := core.Shares() // 20 for a company of 5% certificates
	if shares == 0 {
		shares = d.Shares
	}
	switch out {
	case Split:
		owner := b.Players[core.President]
		half := revenue / 2
		b.Pay(half, &owner.Cash)
		b.Pay(revenue-half, &core.Cash)
		if revenue > 0 {
			b.Note(d.Notes.Split, core.Sym, revenue, half, owner.Name, revenue-half)
		}
		return
	case PayAll:
		per = d.Full.PerShare(revenue, shares)
	case PayHalf:
		per, kept = d.Half.Half(revenue, shares)
		b.Pay(kept, &core.Cash)
	case Keep:
		kept = revenue
		b.Pay(kept, &core.Cash)
	case Nothing:
		kept = revenue
	}
	if out == PayAll || out == PayHalf {
		PayOut(core, b.Players, per, b.Pay)
	}
	shift := d.moves(b.market, core.Pos).of(out)
	to := core.Pos
	switch shift {
	case Right:
		to = b.market.Right(core.Pos)
	case Left:
		to = b.market.Left(core.Pos)
	}
	after := b.Price(c)
	if to != core.Pos {
		after = b.market.Price(to)
	}
	note := map[Outcome]string{PayAll: d.Notes.Pay, PayHalf: d.Notes.Half, Keep: d.Notes.Keep, Nothing: d.Notes.Nothing}[out]
	b.Note(note, core.Sym, per, kept, revenue, after)
	switch shift {
	case Right, Left:
		if d.Move != nil {
			d.Move(c, to)
		} else {
			b.MoveTo(core, to)
		}
	case Bottom:
		b.Restack(core)
	}
}

// DividendStep is the company's dividend: its president pays the income
// out, pays half where the title has half dividends, or keeps it; and
// before choosing may name other routes than the engine's best with RUN.
func (b *Base[T, P]) DividendStep(d *Dividend[T]) Step {
	choice := func(out Outcome) Move {
		return Move{Check: func(a move.Action) error { return b.choiceError(d, a) }, Do: func(move.Action) error {
			b.Divide(d, b.Operating(), out, b.hooks.State.Revenue)
			b.hooks.State.Step = StepTrains
			return nil
		}}
	}
	moves := map[string]Move{"PAY": choice(PayAll), d.Keep: choice(Keep),
		"RUN": {Check: func(a move.Action) error { _, _, err := b.runTerms(d, a); return err }, Do: func(a move.Action) error { return b.doRun(d, a) }}}
	if !d.NoHalf {
		moves["HALF"] = choice(PayHalf)
	}
	return b.Turn().Table(d.Title, StepDividend, moves, func(seat int, q move.Query) []move.Option {
		c := b.Operating()
		if c == nil || !d.chooses(c, b.hooks.State.Revenue) {
			return nil
		}
		out := []move.Option{move.Opt(seat, "PAY")}
		if !d.NoHalf {
			out = append(out, move.Opt(seat, "HALF"))
		}
		out = append(out, move.Opt(seat, d.Keep))
		switch {
		case q.Verb != "" && len(q.Args) > 0:
			out = append(out, move.Opt(seat, "RUN", q.Args...)) // judged as written
		case b.LastRun != nil && len(b.LastRun.Routes) > 0:
			out = append(out, move.Opt(seat, "RUN", RouteArgs(b.LastRun.Routes)...))
		}
		return out
	})
}

// choiceError judges PAY, HALF or the keeping verb.
func (b *Base[T, P]) choiceError(d *Dividend[T], a move.Action) error {
	if d.Check != nil {
		if err := d.Check(a); err != nil {
			return err
		}
	}
	if !b.OperatingNow(StepDividend) {
		return RuleError(d.Rules.Choice, "there is no income to pay out now")
	}
	if len(a.Args) != 0 {
		return RuleError(d.Rules.Choice, "%s takes nothing more", a.Verb)
	}
	return nil
}

// runTerms judges RUN: the president names the routes the trains run in
// place of the engine's best, each route the hexes of its stops joined by
// dashes. The routes must be legal, and earn the best where the title
// says the company must run it.
func (b *Base[T, P]) runTerms(d *Dividend[T], a move.Action) ([]Route, int, error) {
	if d.Check != nil {
		if err := d.Check(a); err != nil {
			return nil, 0, err
		}
	}
	if !b.OperatingNow(StepDividend) {
		return nil, 0, RuleError(d.Rules.Run, "routes are chosen once the track and token are done, before the dividend")
	}
	c := b.Operating()
	core := P(c).Core()
	named, err := NamedRun(a.Args, d.Example, d.Rules.Run)
	if err != nil {
		return nil, 0, err
	}
	routes, total, err := b.Layout.RunAlong(core.Sym, named, core.Trains, b.Current().OffBoard)
	switch {
	case err != nil && d.Best != nil && b.LastRun != nil:
		return nil, 0, fmt.Errorf("%w; the best run earns $%d: %s", err, *d.Best, b.hooks.RouteText(b.LastRun.Trains, b.LastRun.Routes))
	case err != nil:
		return nil, 0, fmt.Errorf("%w (%s)", err, d.Rules.Run)
	case d.Best != nil && total < *d.Best && d.MustRunBest != nil && d.MustRunBest(c):
		return nil, 0, RuleError(d.Rules.Run, d.Notes.Best, total, *d.Best, core.Sym)
	}
	return routes, total, nil
}

// doRun runs the named routes in place of the engine's; a run that now
// earns nothing is settled at once.
func (b *Base[T, P]) doRun(d *Dividend[T], a move.Action) error {
	routes, total, err := b.runTerms(d, a)
	if err != nil {
		return err
	}
	c := b.Operating()
	core := P(c).Core()
	b.ranFor(d, core, routes, total)
	b.Note(d.Notes.Named, core.Sym, b.hooks.RouteText(core.Trains, routes), total)
	b.settleUnasked(d, c)
	return nil
}

// NamedRun reads RUN's routes as a player writes them: each train's stops
// by hex, joined by dashes. example is a RUN on the title's map, and rule
// the title's rule of runs, for the error.
func NamedRun(args []string, example, rule string) ([][]hexgrid.Hex, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("write RUN and each train's stops by hex, joined by dashes: %s (%s)", example, rule)
	}
	named := make([][]hexgrid.Hex, len(args))
	for i, arg := range args {
		for _, s := range strings.Split(strings.ToUpper(arg), "-") {
			h, err := hexgrid.ParseHex(s)
			if err != nil {
				return nil, fmt.Errorf("route %d: %q is not a hex; write each train's stops by hex, joined by dashes: %s (%s)", i+1, s, example, rule)
			}
			named[i] = append(named[i], h)
		}
	}
	return named, nil
}
