package g18ez

import (
	"testing"

	"github.com/railpost/railpost/games/eighteen"
)

// afterStart is a game whose Startpacket is sold, in its first SDR.
func afterStart(t *testing.T, names ...string) *Game {
	t.Helper()
	g := table(t, names...)
	sellOut(t, g)
	return g
}

// floatAt gives a major to holders (seat -> shares; the first named is
// its president with the 20% certificate) and puts it on the SPI at a
// box, as if it had floated.
func floatAt(t *testing.T, g *Game, sym string, pos eighteen.Pos, president int, holdings map[int]int) *Corp {
	t.Helper()
	c := g.Corp(sym)
	c.Started, c.Floated, c.President = true, true, president
	c.Par = g.StockMarket().Price(pos)
	for s := range len(g.Players) {
		n, ok := holdings[s]
		if !ok {
			continue
		}
		deal(g, c, s, n)
		g.Players[s].Cash -= n * c.Par
		g.Bank += n * c.Par
	}
	g.MoveTo(&c.Corporation, pos)
	return c
}

// deal hands a seat n units of a company from its IPO, the president's
// certificate first when the seat is its president.
func deal(g *Game, c *Corp, seat, n int) {
	if seat == c.President && g.DealPresident(&c.Corporation, &c.IPO, seat) {
		n -= 2
	}
	g.Transfer(&c.Corporation, eighteen.InIPO, eighteen.Hand(seat), n)
}

// atDividend puts a company's turn at its income with a run earned.
func atDividend(g *Game, c *Corp, revenue int) {
	g.r = round{RoundState: eighteen.RoundState{Kind: operatingRound, OR: 1, Corp: c.Sym, Step: eighteen.StepDividend, Revenue: revenue, LastAct: -1}}
}

// TestClaySaysDividends is the rulebook's table (2.7, Clay says): a run
// of $100 paid out is $10 a share: $60, $30 and $10 to holders of 6, 3
// and 1 shares; the value moves one box right.
func TestClaySaysDividends(t *testing.T) {
	g := afterStart(t, "Pres", "One", "Bee")
	c := floatAt(t, g, "PSW", eighteen.Pos{Row: 3, Col: 0}, 0, map[int]int{0: 6, 1: 3, 2: 1})
	before := []int{g.Players[0].Cash, g.Players[1].Cash, g.Players[2].Cash}
	atDividend(g, c, 100)
	play(t, g, "Pres: PAY")
	for s, want := range []int{60, 30, 10} {
		if got := g.Players[s].Cash - before[s]; got != want {
			t.Errorf("%s received $%d, want $%d", g.Players[s].Name, got, want)
		}
	}
	if c.Pos != (eighteen.Pos{Row: 3, Col: 1}) || c.Cash != 0 {
		t.Errorf("PSW at %v with $%d, want one box right and nothing kept", c.Pos, c.Cash)
	}
}

// TestClaySaysPartialRetention: $100 half retained is $50 to the treasury
// and $5 a share; $90 is $50 to the treasury and $4 a share, the odd
// amount to the company; the value stays (2.7).
func TestClaySaysPartialRetention(t *testing.T) {
	for _, tc := range []struct{ revenue, kept, perShare int }{{100, 50, 5}, {90, 50, 4}} {
		g := afterStart(t, "Pres", "Other")
		c := floatAt(t, g, "BCRR", eighteen.Pos{Row: 2, Col: 2}, 0, map[int]int{0: 4, 1: 2})
		before := g.Players[0].Cash
		atDividend(g, c, tc.revenue)
		play(t, g, "Pres: HALF")
		// the four shares still in the IPO pay the company (2.7)
		if want := tc.kept + 4*tc.perShare; c.Cash != want {
			t.Errorf("$%d half retained: treasury $%d, want $%d", tc.revenue, c.Cash, want)
		}
		if got := g.Players[0].Cash - before; got != 4*tc.perShare {
			t.Errorf("$%d half retained: the president received $%d, want $%d", tc.revenue, got, 4*tc.perShare)
		}
		if c.Pos != (eighteen.Pos{Row: 2, Col: 2}) {
			t.Errorf("$%d half retained: moved to %v", tc.revenue, c.Pos)
		}
	}
}

// TestRetainMovesLeft: income kept goes to the treasury and the value
// moves left; at a row's start, down (2.7).
func TestRetainMovesLeft(t *testing.T) {
	for _, tc := range []struct{ from, to eighteen.Pos }{
		{eighteen.Pos{Row: 2, Col: 3}, eighteen.Pos{Row: 2, Col: 2}},
		{eighteen.Pos{Row: 2, Col: 0}, eighteen.Pos{Row: 3, Col: 0}},
		{eighteen.Pos{Row: 5, Col: 0}, eighteen.Pos{Row: 5, Col: 0}},
	} {
		g := afterStart(t, "Pres", "Other")
		c := floatAt(t, g, "MR", tc.from, 0, map[int]int{0: 5})
		atDividend(g, c, 70)
		play(t, g, "Pres: RETAIN")
		if c.Cash != 70 || c.Pos != tc.to {
			t.Errorf("retained from %v: $%d at %v, want $70 at %v", tc.from, c.Cash, c.Pos, tc.to)
		}
	}
}

// TestPayAtRowEnd: a dividend at a row's end follows the arrow up, and
// at $200 goes no farther (2.7).
func TestPayAtRowEnd(t *testing.T) {
	for _, tc := range []struct{ from, to eighteen.Pos }{
		{eighteen.Pos{Row: 2, Col: 10}, eighteen.Pos{Row: 1, Col: 10}},
		{eighteen.Pos{Row: 0, Col: 10}, eighteen.Pos{Row: 0, Col: 10}},
	} {
		g := afterStart(t, "Pres", "Other")
		c := floatAt(t, g, "MR", tc.from, 0, map[int]int{0: 5})
		atDividend(g, c, 50)
		play(t, g, "Pres: PAY")
		if c.Pos != tc.to {
			t.Errorf("paid from %v: at %v, want %v", tc.from, c.Pos, tc.to)
		}
	}
}

// TestMinorSplits: a minor's income is split 50/50 with its owner; it may
// not retain or pay in full (2.7).
func TestMinorSplits(t *testing.T) {
	g := afterStart(t, "Tom", "Dick")
	m := g.Corp("M1")
	owner := g.Players[m.President]
	cash, ownerCash := m.Cash, owner.Cash
	g.r = round{RoundState: eighteen.RoundState{Kind: operatingRound, OR: 1, Corp: "M1", Step: eighteen.StepDividend, Revenue: 90, LastAct: -1}}
	refuse(t, g, owner.Name+": PAY", "2.7")
	g.advance()
	if m.Cash-cash != 45 || owner.Cash-ownerCash != 45 {
		t.Errorf("$90 split: minor +$%d, owner +$%d; want $45 each", m.Cash-cash, owner.Cash-ownerCash)
	}
}

// TestClaySaysSelling: four shares sold at $120 pay $480, and the token
// drops a row a share until the bottom row: three rows, to $90 (1.13).
func TestClaySaysSelling(t *testing.T) {
	g := afterStart(t, "Seller", "Other")
	c := floatAt(t, g, "MYR", eighteen.Pos{Row: 2, Col: 4}, 1, map[int]int{0: 4, 1: 2})
	g.startStockRound(false)
	g.r.Seat = 0
	before := g.Players[0].Cash
	play(t, g, "Seller: SELL MYR 4")
	if got := g.Players[0].Cash - before; got != 480 {
		t.Errorf("received $%d, want $480", got)
	}
	if g.Price(c) != 90 || c.Pos.Row != 5 {
		t.Errorf("MYR at %v, $%d; want the bottom row at $90", c.Pos, g.Price(c))
	}
}

// TestClaySaysOperatingOrder: four majors at $120; the one farthest right
// operates first, then of two in one box the one higher in the pile (the
// earlier arrival), then the one farther left (2.1).
func TestClaySaysOperatingOrder(t *testing.T) {
	g := afterStart(t, "Tom", "Dick")
	floatAt(t, g, "BCRR", eighteen.Pos{Row: 0, Col: 2}, 0, map[int]int{0: 5})
	floatAt(t, g, "PSW", eighteen.Pos{Row: 2, Col: 4}, 0, map[int]int{0: 5})
	floatAt(t, g, "BRN", eighteen.Pos{Row: 2, Col: 4}, 1, map[int]int{1: 5})
	floatAt(t, g, "MR", eighteen.Pos{Row: 4, Col: 6}, 1, map[int]int{1: 5})
	for _, m := range g.Corps {
		if m.Minor() {
			m.Closed = true
		}
	}
	g.startOR(1)
	var order []string
	for g.NextTurn(g.flow()) {
		order = append(order, g.r.Corp)
		g.Corp(g.r.Corp).Operated = true
	}
	if got := order; len(got) != 4 || got[0] != "MR" || got[1] != "PSW" || got[2] != "BRN" || got[3] != "BCRR" {
		t.Errorf("operating order %v, want MR, PSW, BRN, BCRR", got)
	}
}

// TestWhollyHeldRises: at the end of an SDR a company whose shares are all
// in players' hands goes up a row; in the top row it stays (1.14).
func TestWhollyHeldRises(t *testing.T) {
	for _, tc := range []struct{ from, to eighteen.Pos }{
		{eighteen.Pos{Row: 2, Col: 3}, eighteen.Pos{Row: 1, Col: 3}},
		{eighteen.Pos{Row: 0, Col: 5}, eighteen.Pos{Row: 0, Col: 5}},
	} {
		g := afterStart(t, "Tom", "Dick")
		c := floatAt(t, g, "MYR", tc.from, 0, map[int]int{0: 6, 1: 4})
		g.endStockRound()
		if c.Pos != tc.to {
			t.Errorf("wholly held at %v: moved to %v, want %v", tc.from, c.Pos, tc.to)
		}
	}
}

// TestRiseNeedsEveryShareHeld: the rise at the end of an SDR is for a
// company whose shares are all in players' hands (1.14), judged when the
// SDR ends: a share sold to the open market, or one left in the IPO, keeps
// it where it is; a share sold and bought back from the open market by
// another player in the same SDR does not. Tom holds 6 of MYR at $110
// (row 2), Dick the rest but for what the IPO keeps; a share sold drops
// the token a row (1.14).
func TestRiseNeedsEveryShareHeld(t *testing.T) {
	for _, tc := range []struct {
		name  string
		dick  int // Dick's shares; the IPO keeps the rest
		moves []string
		pool  int
		to    eighteen.Pos
	}{
		{"all held, all pass", 4, []string{"Tom: PASS", "Dick: PASS"}, 0, eighteen.Pos{Row: 1, Col: 3}},
		{"one sold to the open market", 4, []string{"Tom: SELL MYR 1", "Tom: DONE", "Dick: PASS", "Tom: PASS"}, 1, eighteen.Pos{Row: 3, Col: 3}},
		{"sold and bought back", 4, []string{"Tom: SELL MYR 1", "Tom: DONE", "Dick: BUY MYR POOL", "Tom: PASS", "Dick: PASS"}, 0, eighteen.Pos{Row: 2, Col: 3}},
		{"one in the IPO", 3, []string{"Tom: PASS", "Dick: PASS"}, 0, eighteen.Pos{Row: 2, Col: 3}},
	} {
		g := afterStart(t, "Tom", "Dick")
		c := floatAt(t, g, "MYR", eighteen.Pos{Row: 2, Col: 3}, 0, map[int]int{0: 6, 1: tc.dick})
		g.Players[1].Cash = 500
		g.startStockRound(false)
		g.r.Seat = 0
		play(t, g, tc.moves...)
		if g.r.Kind != operatingRound {
			t.Fatalf("%s: the SDR has not ended", tc.name)
		}
		if g.PoolUnits("MYR") != tc.pool || c.Pos != tc.to {
			t.Errorf("%s: %d in the open market, MYR at %v ($%d); want %d and %v", tc.name, g.PoolUnits("MYR"), c.Pos, g.Price(c), tc.pool, tc.to)
		}
	}
}

// TestEmptyRunMovesLeft: a railroad in its first OR has no train to run,
// so no income and no dividend, and its value moves left (2.8: "Yeah, it
// sucks... Sorry"); so does one whose trains find no route: no dividend
// is paid (2.7). At a row's start the token goes down. The president is
// asked nothing about the $0; the turn goes on to its trains.
func TestEmptyRunMovesLeft(t *testing.T) {
	for _, tc := range []struct {
		name     string
		trains   []int
		from, to eighteen.Pos
	}{
		{"first OR, no train", nil, eighteen.Pos{Row: 2, Col: 3}, eighteen.Pos{Row: 2, Col: 2}},
		{"first OR at a row's start", nil, eighteen.Pos{Row: 2, Col: 0}, eighteen.Pos{Row: 3, Col: 0}},
		{"a train and no route", []int{2}, eighteen.Pos{Row: 1, Col: 5}, eighteen.Pos{Row: 1, Col: 4}},
	} {
		g := afterStart(t, "Pres", "Other")
		c := floatAt(t, g, "PSW", tc.from, 0, map[int]int{0: 5})
		c.Trains, c.Cash = tc.trains, 500
		for _, m := range g.Corps {
			if m.Minor() {
				m.Closed = true
			}
		}
		g.startOR(1)
		g.advance()
		if g.r.Corp != c.Sym || g.r.Step != eighteen.StepTrack {
			t.Fatalf("%s: not PSW's track: %s", tc.name, g.Now())
		}
		cash := c.Cash
		play(t, g, "Pres: SKIP")
		if g.r.Corp != c.Sym || g.r.Step != eighteen.StepTrains || g.r.Revenue != 0 {
			t.Fatalf("%s: PSW's turn at step %d with $%d: %s", tc.name, g.r.Step, g.r.Revenue, g.Now())
		}
		if c.Pos != tc.to || c.Cash != cash {
			t.Errorf("%s: PSW at %v with $%d, want %v with $%d", tc.name, c.Pos, c.Cash, tc.to, cash)
		}
	}
}
