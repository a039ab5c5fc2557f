package eighteen

import (
	"maps"
	"slices"
	"testing"

	"github.com/railpost/railpost/games/move"
)

// tcorp is a title's company as the Base's tests use it: the core's, and
// a field of its own.
type tcorp struct {
	Corporation
	Own int
}

// testBase is a Base of two players and three started companies on a
// small market: A at $120, B at $90, C at $110, only A and B floated.
func testBase(t *testing.T) *Base[tcorp, *tcorp] {
	t.Helper()
	m, err := ParseMarket("100p 110y 120o\n90 100b")
	if err != nil {
		t.Fatal(err)
	}
	b := NewBase[tcorp](Equipment{Board: &Board{}, Manifest: map[string]int{"57": 2}, Market: m, Bank: 1000,
		Players: []string{"Ann", "Bob"}, Capital: 600})
	for sym, at := range map[string]Pos{"A": {0, 2}, "B": {1, 0}, "C": {0, 1}} {
		b.AddCorp(&tcorp{Corporation: Corporation{Sym: sym, Started: true, Floated: sym != "C", Par: 50, Pos: at, President: -1}})
	}
	slices.SortFunc(b.Corps, func(x, y *tcorp) int { return int(x.Sym[0]) - int(y.Sym[0]) })
	return &b
}

// TestBaseSeatsThePlayers: each player is paid an equal share of the
// capital out of the bank, and no money is made.
func TestBaseSeatsThePlayers(t *testing.T) {
	b := testBase(t)
	if b.Bank != 400 || b.Players[0].Cash != 300 || b.Players[1].Cash != 300 || b.Money() != 1000 {
		t.Errorf("bank $%d, players $%d and $%d, money $%d; want $400, $300, $300, $1000",
			b.Bank, b.Players[0].Cash, b.Players[1].Cash, b.Money())
	}
	if b.Corp("a") == nil || b.Corp("a").Sym != "A" || b.Bankrupt != -1 {
		t.Errorf("Corp(a) = %v, bankrupt %d; want A and -1", b.Corp("a"), b.Bankrupt)
	}
}

// TestCloneBaseSharesNothing: a move on the copy leaves the game as it
// was, and the copy finds its own companies by symbol.
func TestCloneBaseSharesNothing(t *testing.T) {
	b := testBase(t)
	b.Pool["A"] = hand("A", false, 1)
	c := b.CloneBase()
	c.Players[0].Cash, c.Corp("A").Cash, c.Corp("A").Own = 1, 2, 3
	c.Left["57"], c.Pool["A"] = 0, hand("A", false, 5)
	c.Note("on the copy")
	if b.Players[0].Cash != 300 || b.Corp("A").Cash != 0 || b.Corp("A").Own != 0 || b.Left["57"] != 2 || b.PoolUnits("A") != 1 || len(b.Events) != 0 {
		t.Error("a change to the copy changed the game")
	}
	if c.Corp("A") != c.Corps[0] {
		t.Error("the copy's Corp finds the game's company, not its own")
	}
}

// TestOrderedAndWorth: companies in price order, highest first; a seat's
// worth by the title's count, par before floating where it says so.
func TestOrderedAndWorth(t *testing.T) {
	b := testBase(t)
	var order []string
	for _, c := range b.Ordered(func(*tcorp) bool { return true }) {
		order = append(order, c.Sym)
	}
	if !slices.Equal(order, []string{"A", "C", "B"}) {
		t.Errorf("ordered %v, want [A C B]", order)
	}
	b.Players[0].Shares = map[string]Holding{"A": hand("A", true, 3), "C": hand("C", false, 2)}
	all := func(*Corporation) bool { return true }
	for _, tc := range []struct {
		par  bool
		want int
	}{{false, 300 + 3*120 + 2*110}, {true, 300 + 3*120 + 2*50}} {
		b.Wire(Hooks{ParBeforeFloat: tc.par, Worth: Worth{Valued: all}})
		if got := b.Score(0); got != tc.want {
			t.Errorf("par before floating %v: worth $%d, want $%d", tc.par, got, tc.want)
		}
	}
}

// TestCanonicalMove: a tile written with its # as printed, arguments in
// any case where the options are upper case.
func TestCanonicalMove(t *testing.T) {
	a := move.Action{Verb: "LAY", Args: []string{"h17", "#57", "2"}}
	if got := CanonicalMove(a, true).Args; !slices.Equal(got, []string{"H17", "57", "2"}) {
		t.Errorf("upper: %v", got)
	}
	if got := CanonicalMove(a, false).Args; !slices.Equal(got, []string{"h17", "57", "2"}) {
		t.Errorf("as written: %v", got)
	}
	if a.Args[1] != "#57" {
		t.Error("the move given was changed")
	}
}

// give hands a seat units of companies' shares from their initial
// offerings, issuing each company a 20% president's and eight 10%
// certificates the first time: the president's certificate to the
// company's president, ordinary ones to the others.
func give[T any, P Company[T]](b *Base[T, P], seat int, units map[string]int) {
	for _, sym := range slices.Sorted(maps.Keys(units)) {
		c := P(b.Corp(sym)).Core()
		if len(c.IPO) == 0 && b.certsOut(c) == 0 {
			c.Issue(Charter(sym, 20, 10, 8))
		}
		n := units[sym]
		if c.President == seat && b.Players[seat].Shares[sym].President() == nil && b.DealPresident(c, &c.IPO, seat) {
			n -= 2
		}
		b.Deal(c, &c.IPO, seat, n)
	}
}

// certsOut counts a company's certificates out of its initial offering.
func (b *Base[T, P]) certsOut(c *Corporation) int {
	n := len(b.Pool[c.Sym]) + len(c.Treasury)
	for _, p := range b.Players {
		n += len(p.Shares[c.Sym])
	}
	return n
}

// TestMoveTo: a token moved to a new box goes to the bottom of the pile
// there; moved to its own box, nothing changes.
func TestMoveTo(t *testing.T) {
	b := testBase(t)
	a := &b.Corps[0].Corporation
	tick := a.Tick
	if b.MoveTo(a, a.Pos) || a.Tick != tick {
		t.Errorf("a move to its own box moved it, or restacked it")
	}
	to := Pos{Row: 1, Col: 1}
	if !b.MoveTo(a, to) || a.Pos != to || a.Tick <= tick {
		t.Errorf("a move to %v: at %v, tick %d from %d", to, a.Pos, a.Tick, tick)
	}
}
