package eighteen

import (
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
)

// testDividend is a title's dividend as the tests use it: rounded down in
// full, up in half, the token right when paid, to the bottom of its pile
// when halved, left when kept, and staying in the brown zone when paid.
func testDividend(b *Base[tcorp, *tcorp]) *Dividend[tcorp] {
	return &Dividend[tcorp]{Title: "dividend", Keep: "WITHHOLD", Shares: 10, Full: RoundDown, Half: RoundUp,
		Moves:  Moves{Pay: Right, Half: Bottom, Keep: Left, Nothing: Left},
		ByZone: map[byte]Moves{'b': {Pay: Stay, Half: Stay, Keep: Left, Nothing: Left}},
		Notes: DividendNotes{Pay: "%[1]s pays $%[2]d, to $%[5]d", Half: "%[1]s pays $%[2]d, keeps $%[3]d", Keep: "%[1]s keeps $%[4]d, to $%[5]d",
			Nothing: "%[1]s earns nothing", Split: "%s splits $%d: $%d to %s, $%d kept"},
		Move: func(c *tcorp, to Pos) { c.Pos = to }}
}

// TestDivide: each outcome pays the shares and the treasury as the
// title's rounding says, notes it in the title's words and moves the
// token as the title's moves for its zone say (1870 9.1, 18EZ 2.7).
func TestDivide(t *testing.T) {
	for _, tc := range []struct {
		name            string
		out             Outcome
		revenue         int
		at              Pos
		ann, bob, treas int
		to              Pos
		restacked       bool
		note            string
	}{
		{"paid in full, rounded down", PayAll, 105, Pos{1, 0}, 60, 20, 20, Pos{1, 1}, false, "B pays $10, to $100"},
		{"paid in full in a zone where it stays", PayAll, 100, Pos{1, 1}, 60, 20, 20, Pos{1, 1}, false, "B pays $10, to $100"},
		{"half, rounded in the holders' favour", PayHalf, 105, Pos{1, 0}, 36, 12, 45 + 12, Pos{1, 0}, true, "B pays $6, keeps $45"},
		{"kept", Keep, 105, Pos{0, 1}, 0, 0, 105, Pos{0, 0}, false, "B keeps $105, to $100"},
		{"nothing", Nothing, 0, Pos{0, 1}, 0, 0, 0, Pos{0, 0}, false, "B earns nothing"},
		{"a minor's split, the odd dollar kept", Split, 91, Pos{1, 0}, 45, 0, 46, Pos{1, 0}, false, "B splits $91: $45 to Ann, $46 kept"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := testBase(t)
			c := b.Corp("B")
			c.Pos, c.President = tc.at, 0
			give(b, 0, map[string]int{"B": 6})
			give(b, 1, map[string]int{"B": 2})
			ann, bob, money, tick := b.Players[0].Cash, b.Players[1].Cash, b.Money(), c.Tick
			b.Divide(testDividend(b), c, tc.out, tc.revenue)
			if got := [3]int{b.Players[0].Cash - ann, b.Players[1].Cash - bob, c.Cash}; got != [3]int{tc.ann, tc.bob, tc.treas} {
				t.Errorf("Ann, Bob and B gained %v, want %v", got, [3]int{tc.ann, tc.bob, tc.treas})
			}
			if b.Money() != money {
				t.Errorf("money $%d, want $%d", b.Money(), money)
			}
			if c.Pos != tc.to || (c.Tick != tick) != tc.restacked {
				t.Errorf("at %v, restacked %v; want %v, %v", c.Pos, c.Tick != tick, tc.to, tc.restacked)
			}
			if len(b.Events) != 1 || b.Events[0] != tc.note {
				t.Errorf("notes %q, want %q", b.Events, tc.note)
			}
		})
	}
}

// runGame is a company X at A6 on the small board, its trains able to
// run A6 to A2 for $30, operating at its run, with testDividend's rules
// and the best run kept.
func runGame(t *testing.T, trains []int) (*Base[tcorp, *tcorp], *Dividend[tcorp], *RoundState, *int) {
	t.Helper()
	b := testBase(t)
	l, tiles := small(t)
	l.Tiles[hexgrid.Hex{Row: 0, Col: 4}] = Placed{Tile: tiles["J"]}
	l.Tiles[hexgrid.Hex{Row: 0, Col: 2}] = Placed{Tile: tiles["W"]}
	b.Layout = l
	b.Trains = NewTrains([]TrainKind{{Size: 2, Cost: 80, Count: 2}}, []Phase{{Train: 2, Limit: 2}})
	b.AddCorp(&tcorp{Corporation: Corporation{Sym: "X", Started: true, Floated: true, Pos: Pos{1, 0}, President: 0, Trains: trains}})
	b.Corp("X").Issue(Charter("X", 20, 10, 8))
	st := &RoundState{Kind: 1, Corp: "X", Step: StepRun}
	b.Wire(Hooks{State: st, Operating: 1, RouteText: func(_ []int, rs []Route) string { return strings.Join(RouteArgs(rs), " ") }})
	best := 0
	d := testDividend(b)
	d.Best, d.Rules, d.Example = &best, DividendRules{Run: "r-run", Choice: "r-choice"}, "RUN A6-A2"
	d.Notes.Ran, d.Notes.Named, d.Notes.Best = "%s earns $%d", "%s names %s for $%d", "$%d is less than the best $%d of %s"
	return b, d, st, &best
}

// TestRunAndDividendStep: the best run opens the dividend, its options
// are the choices and the run as it stands; RUN names legal routes only,
// and not a poorer run where the company must run its best; a choice
// settles the income and moves to the trains.
func TestRunAndDividendStep(t *testing.T) {
	b, d, st, best := runGame(t, []int{2})
	b.RunTrains(d)
	if st.Step != StepDividend || st.Revenue != 30 || *best != 30 || b.LastRun.Total != 30 {
		t.Fatalf("after the run: step %d, revenue $%d, best $%d", st.Step, st.Revenue, *best)
	}
	s := b.DividendStep(d)
	var lines []string
	for _, o := range s.Options(0, move.Query{}) {
		lines = append(lines, o.String())
	}
	if want := []string{"PAY", "HALF", "WITHHOLD", "RUN A2-A6"}; !slices.Equal(lines, want) {
		t.Errorf("options %q, want %q", lines, want)
	}
	r := Round{Name: "operating round", Steps: []Step{s}}
	for _, tc := range []struct{ line, rule string }{
		{"RUN A6-B5", "the best run earns $30: A2-A6"}, {"RUN A6-Q", "r-run"}, {"PAY NOW", "r-choice"},
	} {
		a, _ := move.ParseAction(0, tc.line)
		if err := r.Apply(a); err == nil || !strings.Contains(err.Error(), tc.rule) {
			t.Errorf("%s: %v; want a refusal citing %s", tc.line, err, tc.rule)
		}
	}
	*best = 40
	d.MustRunBest = func(*tcorp) bool { return true }
	if err := r.Apply(move.Action{Verb: "RUN", Args: []string{"A6-A2"}}); err == nil || !strings.Contains(err.Error(), "$30 is less than the best $40 of X") {
		t.Errorf("a poorer run where the best is owed: %v", err)
	}
	d.MustRunBest = nil
	if err := r.Apply(move.Action{Verb: "RUN", Args: []string{"A6-A2"}}); err != nil || st.Revenue != 30 {
		t.Fatalf("RUN A6-A2: %v, revenue $%d", err, st.Revenue)
	}
	if err := r.Apply(move.Action{Verb: "PAY"}); err != nil || st.Step != StepTrains || b.Corp("X").Cash != 30 {
		t.Errorf("PAY: %v, step %d, X $%d", err, st.Step, b.Corp("X").Cash)
	}
}

// TestIncomeNoOneChooses: a run of nothing is settled at once, the token
// moving as for nothing; a company that splits its income does so at
// once; neither offers a choice.
func TestIncomeNoOneChooses(t *testing.T) {
	b, d, st, _ := runGame(t, nil)
	b.Corp("X").Pos = Pos{0, 1}
	b.RunTrains(d)
	if st.Step != StepTrains || b.Corp("X").Pos != (Pos{0, 0}) || b.Events[len(b.Events)-1] != "X earns nothing" {
		t.Errorf("an empty run: step %d, X at %v, notes %q", st.Step, b.Corp("X").Pos, b.Events)
	}
	b, d, st, _ = runGame(t, []int{2})
	d.Splits = func(*tcorp) bool { return true }
	cash := b.Players[0].Cash
	b.RunTrains(d)
	if st.Step != StepTrains || b.Corp("X").Cash != 15 || b.Players[0].Cash-cash != 15 {
		t.Errorf("a split: step %d, X $%d, owner +$%d", st.Step, b.Corp("X").Cash, b.Players[0].Cash-cash)
	}
	st.Step = StepDividend
	if opts := b.DividendStep(d).Options(0, move.Query{}); len(opts) != 0 {
		t.Errorf("a company that splits is offered %v", opts)
	}
}

// TestDividendOnFivePercentShares: a payout divides over the company's
// certificates, not ten shares: a $150 run of a company of a 20%
// president's certificate and sixteen 5% shares pays $7 a 5% unit
// (rounded down), $56 to the president's 40% and $84 to the twelve
// units in the initial offering.
func TestDividendOnFivePercentShares(t *testing.T) {
	b := testBase(t)
	c := b.Corp("B")
	c.Issue(Charter("B", 20, 5, 16))
	c.President = 0
	b.DealPresident(c.Core(), &c.IPO, 0)
	b.Deal(c.Core(), &c.IPO, 0, 4)
	ann, treasury := b.Players[0].Cash, c.Cash
	b.Divide(testDividend(b), c, PayAll, 150)
	if got := [2]int{b.Players[0].Cash - ann, c.Cash - treasury}; got != [2]int{56, 84} {
		t.Errorf("Ann and B gained %v, want [56 84]", got)
	}
}
