package eighteen

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/move"
)

// counter is a toy game for the round's tests: seat 0 adds up to a
// target, then seat 1 must say DONE; a SHOUT step rides alongside.
type counter struct{ n, target int }

func (c *counter) round() Round {
	add := &Table{Title: "adding", Moves: map[string]Move{
		"ADD": {Check: func(a move.Action) error {
			if n, err := strconv.Atoi(strings.Join(a.Args, " ")); err != nil || n < 1 || n > c.target-c.n {
				return fmt.Errorf("write ADD and 1 to %d (r1)", c.target-c.n)
			}
			return nil
		}, Do: func(a move.Action) error { n, _ := strconv.Atoi(a.Args[0]); c.n += n; return nil }},
	}, Blocks: func() bool { return c.n < c.target }, Waiting: func() []int { return []int{0} },
		Candidate: func(seat int, q move.Query) []move.Option {
			return []move.Option{{Seat: seat, Verb: "ADD", Ranged: true, Min: 1, Max: min(9, c.target-c.n)}}
		}}
	shout := &Table{Title: "shouting", Alongside: true, Moves: map[string]Move{
		"SHOUT": {Check: func(move.Action) error { return nil }, Do: func(move.Action) error { return nil }},
	}, Blocks: func() bool { return false }, Candidate: func(seat int, q move.Query) []move.Option {
		return []move.Option{{Seat: seat, Verb: "SHOUT"}}
	}}
	done := &Table{Title: "closing", Moves: map[string]Move{
		"DONE": {Check: func(move.Action) error { return nil }, Do: func(move.Action) error { c.n = -100; return nil }},
	}, Blocks: func() bool { return c.n >= c.target }, Waiting: func() []int { return []int{1} },
		Candidate: func(seat int, q move.Query) []move.Option { return []move.Option{{Seat: seat, Verb: "DONE"}} }}
	return Round{Name: "counting", Steps: []Step{shout, add, done}}
}

// TestRoundAsksItsSteps: the round waits on its first blocking step,
// offers the moves of the steps before it, makes only listed moves, and
// explains a refusal with the owning step's check.
func TestRoundAsksItsSteps(t *testing.T) {
	c := &counter{target: 5}
	r := c.round()
	if got := r.Acting(); len(got) != 1 || got[0] != 0 {
		t.Fatalf("acting %v, want seat 0", got)
	}
	if opts := r.Options(0, move.Query{}); len(opts) != 2 || opts[0].Verb != "SHOUT" || opts[1].String() != "ADD <1 to 5>" {
		t.Fatalf("options %v", opts)
	}
	if opts := r.Options(1, move.Query{}); len(opts) != 0 {
		t.Fatalf("seat 1 is offered %v while seat 0 acts", opts)
	}
	for _, tc := range []struct {
		a    move.Action
		want string // "" for made
	}{
		{move.Action{Seat: 0, Verb: "ADD", Args: []string{"6"}}, "r1"},
		{move.Action{Seat: 0, Verb: "ADD", Args: []string{"0"}}, "r1"},
		{move.Action{Seat: 0, Verb: "DONE"}, "not among the moves open now"},
		{move.Action{Seat: 0, Verb: "JUMP"}, "not a move in the counting"},
		{move.Action{Seat: 0, Verb: "SHOUT"}, ""},
		{move.Action{Seat: 0, Verb: "add", Args: []string{"5"}}, ""},
	} {
		err := r.Apply(tc.a)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s refused: %v", tc.a, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want an error with %q", tc.a, err, tc.want)
		}
	}
	if c.n != 5 {
		t.Fatalf("the count is %d after refused moves and ADD 5, want 5", c.n)
	}
	if got := r.Acting(); len(got) != 1 || got[0] != 1 {
		t.Fatalf("acting %v once the target is met, want seat 1", got)
	}
	if err := r.Apply(move.Action{Seat: 1, Verb: "DONE"}); err != nil || c.n != -100 {
		t.Fatalf("DONE: %v, n %d", err, c.n)
	}
}

func TestTrainsAndPhases(t *testing.T) {
	tr := NewTrains([]TrainKind{{Size: 2, Cost: 80, Count: 2}, {Size: 3, Cost: 180, Count: 1}, {Size: 4, Cost: 300, Count: -1}, {Size: Unlimited, Name: "D", Cost: 900, Count: -1, From: 1}},
		[]Phase{{Train: 2, Limit: 4}, {Train: 3, Limit: 3, KindLimits: map[string]int{"minor": 1}}, {Train: 4, Limit: 2, Rusts: 2}})
	var a, b []int
	for _, want := range []struct {
		size  int
		began []int
	}{{2, nil}, {2, nil}, {3, []int{1}}, {4, []int{2}}, {4, nil}} {
		size, began := tr.FromDepot(tr.Next())
		if size != want.size || len(began) != len(want.began) || (len(began) > 0 && began[0] != want.began[0]) {
			t.Fatalf("bought a %d beginning %v; want a %d beginning %v", size, began, want.size, want.began)
		}
		a = append(a, size)
	}
	if tr.Depot[2] != -1 {
		t.Errorf("the unlimited 4s ran out: %v", tr.Depot)
	}
	if got := tr.Available(); len(got) != 2 || got[1] != 3 || tr.Name(Unlimited) != "D" || tr.Name(4) != "4" {
		t.Errorf("available %v: want the 4s and, from phase 1, the Ds", got)
	}
	if n, ok := tr.SizeOf("d"); !ok || n != Unlimited {
		t.Errorf("D reads as %d %v", n, ok)
	}
	if tr.Current().LimitFor("minor") != 2 || tr.Phases[1].LimitFor("minor") != 1 || tr.Phases[1].LimitFor("") != 3 {
		t.Error("limits by kind are wrong")
	}
	b = []int{2, 3}
	tr.PoolTrains = []int{2, 4}
	if !tr.Rust(2, &a, &b) || len(a) != 3 || len(b) != 1 || len(tr.PoolTrains) != 1 {
		t.Errorf("after rusting 2s: %v %v pool %v", a, b, tr.PoolTrains)
	}
	if c, ok := tr.Cheapest(); !ok || c != 300 {
		t.Errorf("cheapest %d %v, want 300", c, ok)
	}
	if !tr.FromPool(4) || tr.FromPool(4) {
		t.Error("the pool's one 4 was not taken once")
	}
}

func TestShareRules(t *testing.T) {
	m, err := ParseMarket("100p 110y 120o\n90 100b")
	if err != nil {
		t.Fatal(err)
	}
	r := ShareRules{PresidentUnits: 2, HoldLimit: 6, PoolLimit: 5, FreeZones: "yob", UnlimitedZones: "ob", BulkZones: "b", HalfKinds: []string{"minor"}}
	c := &Corporation{Sym: "A", Started: true, President: 0, Pos: Pos{0, 0}}
	for _, tc := range []struct {
		kind        string
		at          Pos
		seat, units int
		want        int // halves
	}{
		{"", Pos{0, 0}, 0, 4, 6}, // president's two count one
		{"", Pos{0, 0}, 1, 3, 6},
		{"minor", Pos{0, 0}, 1, 3, 3},
		{"", Pos{0, 1}, 1, 3, 0}, // yellow
		{"", Pos{1, 1}, 1, 3, 0}, // brown
	} {
		c.Kind, c.Pos = tc.kind, tc.at
		if got := r.Certs(m, c, hand("A", tc.seat == c.President, tc.units)); got != tc.want {
			t.Errorf("%+v: %d halves, want %d", tc, got, tc.want)
		}
	}
	c.Pos = Pos{0, 0}
	if r.MayHold(m, c, 7) || !r.MayHold(m, c, 6) || !r.Bulk(m, &Corporation{Started: true, Pos: Pos{1, 1}}) {
		t.Error("hold limits are wrong")
	}
	players := []*Player{NewPlayer("a", 0), NewPlayer("b", 0), NewPlayer("c", 0)}
	players[0].Shares["A"], players[1].Shares["A"], players[2].Shares["A"] = hand("A", true, 2), hand("A", false, 3), hand("A", false, 3)
	if p, changed := Reelect(c, players); p != 1 || !changed {
		t.Errorf("president %d; want b, first to the left of equals", p)
	}
	corps := []*Corporation{{Sym: "low", Pos: Pos{1, 0}, Tick: 1}, {Sym: "late", Pos: Pos{0, 0}, Tick: 3}, {Sym: "early", Pos: Pos{0, 0}, Tick: 2}, {Sym: "right", Pos: Pos{1, 1}, Tick: 4}} // $100 as the first two, one box to the right
	ByPrice(m, corps, func(c *Corporation) *Corporation { return c })
	var got []string
	for _, c := range corps {
		got = append(got, c.Sym)
	}
	if strings.Join(got, " ") != "right early late low" {
		t.Errorf("order %v", got)
	}
	if per, kept := RoundUp.Half(150, 10); per != 8 || kept != 70 {
		t.Errorf("half of 150 rounded up: %d a share, %d kept", per, kept)
	}
	if per, kept := RoundDown.Half(150, 10); per != 7 || kept != 80 {
		t.Errorf("half of 150 rounded down: %d a share, %d kept", per, kept)
	}
}

func TestForcedPurchase(t *testing.T) {
	f := Forced{Price: 450, Company: 100, President: 200}
	if f.Contribution() != 350 || f.Shortfall() != 150 || f.SharesNeeded(60) != 3 || f.SharesNeeded(75) != 2 {
		t.Errorf("forced: contribution %d, shortfall %d, shares at $60 %d, at $75 %d", f.Contribution(), f.Shortfall(), f.SharesNeeded(60), f.SharesNeeded(75))
	}
	if (Forced{Price: 80, Company: 100}).Contribution() != 0 {
		t.Error("a company that can pay asks its president")
	}
	players := []*Player{NewPlayer("a", 0), NewPlayer("b", 0)}
	players[0].Shares["A"], players[1].Shares["A"] = hand("A", true, 5), hand("A", false, 3)
	c := &Corporation{Sym: "A", President: 0}
	for _, tc := range []struct {
		n    int
		want bool
	}{{1, true}, {2, true}, {3, false}, {4, false}} {
		if got := KeepsPresidency(c, players, 0, tc.n, 2); got != tc.want {
			t.Errorf("selling %d of 5 against 3: keeps %v, want %v", tc.n, got, tc.want)
		}
	}
}

func TestPayPrivates(t *testing.T) {
	a, b, c := NewPrivate("A", "", 20, 5), NewPrivate("B", "", 40, 10), NewPrivate("C", "", 50, 15)
	a.Owner, b.Owner, b.Corp = 1, 0, "X"
	paid := map[string]int{}
	PayPrivates([]*Private{a, b, c}, func(seat, n int) { paid[fmt.Sprint(seat)] += n }, func(sym string, n int) { paid[sym] += n })
	if len(paid) != 2 || paid["1"] != 5 || paid["X"] != 10 {
		t.Errorf("paid %v: want seat 1 $5 and X $10, and nothing for the unsold C", paid)
	}
}

// TestRoundMoves: a title's Apply refuses a move once the game is over,
// and one from a seat the round does not wait for, naming the seat it
// waits for, before any step judges it; Legal and Acting are empty once
// the game is over.
func TestRoundMoves(t *testing.T) {
	players := []*Player{NewPlayer("Ann", 0), NewPlayer("Ben", 0)}
	for _, tc := range []struct {
		name string
		over bool
		a    move.Action
		want string // "" for made
		not  bool   // the error is ErrNotYours
	}{
		{"over", true, move.Action{Seat: 0, Verb: "ADD", Args: []string{"1"}}, "the game is over (9.9)", false},
		{"not yours", false, move.Action{Seat: 1, Verb: "DONE"}, "the game waits for Ann", true},
		{"listed", false, move.Action{Seat: 0, Verb: "ADD", Args: []string{"1"}}, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &counter{target: 5}
			r := c.round()
			err := r.Move(tc.a, tc.over, "9.9", players)
			switch {
			case tc.want == "" && (err != nil || c.n != 1):
				t.Fatalf("%s: %v, count %d", tc.a, err, c.n)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || c.n != 0):
				t.Fatalf("%s: %v (count %d), want an error with %q and nothing changed", tc.a, err, c.n, tc.want)
			case tc.want != "" && errors.Is(err, ErrNotYours) != tc.not:
				t.Fatalf("%s: errors.Is(ErrNotYours) = %v", tc.a, !tc.not)
			}
			if tc.over && (len(r.Waiting(true)) != 0 || len(r.Legal(true, 0)) != 0) {
				t.Fatalf("a game over still waits on %v with %v", r.Waiting(true), r.Legal(true, 0))
			}
		})
	}
}

// TestSaleAndBuyRules: the rules of every sale and purchase, in 1870's
// numbers and renamed by a title's Cite.
func TestSaleAndBuyRules(t *testing.T) {
	m, err := ParseMarket("100p 110y 120o")
	if err != nil {
		t.Fatal(err)
	}
	r := ShareRules{PresidentUnits: 2, HoldLimit: 6, PoolLimit: 5, FreeZones: "yo", UnlimitedZones: "o"}
	ez := r
	ez.Cite = Cite{"3.7": "1.12", "5.3.3": "1.13", "5.4.1": "1.8", "5.4.2": "1.13", "5.6": "1.13"}
	c := &Corporation{Sym: "A", Started: true, President: 0}
	players := []*Player{NewPlayer("a", 500), NewPlayer("b", 100)}
	players[0].Shares["A"], players[1].Shares["A"] = hand("A", true, 6), hand("A", false, 1)
	for _, tc := range []struct {
		rules      ShareRules
		seat, n    int
		pool       int
		otherHolds int
		want       string // the rule cited, "" for allowed
	}{
		{r, 0, 1, 3, 1, ""},
		{r, 0, 2, 3, 1, ""},
		{r, 0, 3, 3, 1, "(5.4.2)"}, // 3+3 > 5 in the pool
		{r, 0, 2, 4, 1, "(5.4.2)"}, // 4+2
		{r, 0, 5, 0, 1, "(5.6)"},   // down to 1: no one to take over
		{r, 0, 5, 0, 2, ""},        // b holds 2: he takes over
		{ez, 0, 5, 0, 1, "(1.13)"}, // the same, in 18EZ's numbers
		{r, 1, 2, 0, 1, "(5.3.3)"}, // b holds 1
		{ez, 1, 0, 0, 1, "(1.13)"}, // nothing
		{r, 1, 1, 0, 1, ""},
	} {
		players[1].Shares["A"] = hand("A", false, tc.otherHolds)
		err := tc.rules.SaleError(c, players, tc.pool, tc.seat, tc.n)
		if (tc.want == "") != (err == nil) || (err != nil && !strings.HasSuffix(err.Error(), tc.want)) {
			t.Errorf("seat %d sells %d (pool %d, b %d): %v, want %q", tc.seat, tc.n, tc.pool, tc.otherHolds, err, tc.want)
		}
	}
	players[0].Shares["A"] = hand("A", true, 5)
	for _, tc := range []struct {
		rules        ShareRules
		at           Pos
		units, price int
		certs, limit int
		want         string
	}{
		{r, Pos{0, 0}, 1, 100, 5, 6, ""},
		{r, Pos{0, 0}, 1, 501, 5, 6, "(3.7)"}, // $501 with $500
		{ez, Pos{0, 0}, 1, 501, 5, 6, "(1.12)"},
		{r, Pos{0, 0}, 2, 100, 5, 6, "(5.4.1)"}, // 7 certificates
		{r, Pos{0, 1}, 2, 100, 6, 6, "(5.4.1)"}, // yellow: off the limit, but 70%
		{r, Pos{0, 2}, 2, 100, 6, 6, ""},        // orange: neither limit
		{ez, Pos{0, 0}, 2, 100, 0, 6, "(1.8)"},  // 70%
	} {
		c.Pos = tc.at
		err := tc.rules.BuyError(m, c, players[0], tc.units, tc.price, tc.certs, tc.limit)
		if (tc.want == "") != (err == nil) || (err != nil && !strings.HasSuffix(err.Error(), tc.want)) {
			t.Errorf("buy %d at $%d in %v with %d/%d certificates: %v, want %q", tc.units, tc.price, tc.at, tc.certs, tc.limit, err, tc.want)
		}
	}
}
