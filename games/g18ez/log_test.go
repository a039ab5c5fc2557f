package g18ez

import (
	"fmt"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
)

// logged counts the game's log lines that contain a text.
func logged(g *Game, text string) int {
	n := 0
	for _, e := range g.Events {
		if strings.Contains(e, text) {
			n++
		}
	}
	return n
}

// TestTheLogSaysWhatHappened: the log the players read names the sums
// that moved, and notes what happened, not what did not: the Startpacket
// sold out once, a president's certificate and its price, a float and its
// treasury, a run (none for a company without trains), a minor's split
// (none of $0), the president's part of a forced train, and the shortfall
// when he must first sell.
func TestTheLogSaysWhatHappened(t *testing.T) {
	g := afterStart(t, "Tom", "Dick", "Harry")
	if n := logged(g, "The Startpacket is sold out"); n != 1 {
		t.Errorf("the sell-out noted %d times, want once", n)
	}
	s := g.Acting()[0]
	name := func(k int) string { return g.Players[(s+k)%3].Name }
	play(t, g, name(0)+": PAR PSW 60", name(1)+": BUY PSW IPO", name(2)+": BUY PSW IPO", name(0)+": BUY PSW IPO")
	if logged(g, name(0)+" buys PSW's president's certificate at par $60 ($120)") != 1 {
		t.Errorf("no note of the president's certificate at $120: %q", g.Events)
	}
	play(t, g, name(1)+": PASS", name(2)+": PASS", name(0)+": PASS")
	if logged(g, "PSW floats: $600 from the bank") != 1 {
		t.Errorf("no note of PSW's float with $600: %q", g.Events)
	}

	m := g.Corp("M1")
	owner := g.Players[m.President].Name
	for _, revenue := range []int{45, 0} {
		g.r = round{RoundState: eighteen.RoundState{Kind: operatingRound, OR: 1, Corp: "M1", Step: eighteen.StepDividend, Revenue: revenue, LastAct: -1}}
		g.Events = nil
		g.advance()
		want := 0
		if revenue > 0 {
			want = 1
		}
		if n := logged(g, "M1 splits $45: $22 to "+owner+", $23 to its treasury"); n != want {
			t.Errorf("a $%d split: %q", revenue, g.Events)
		}
		if revenue == 0 && logged(g, "splits") != 0 {
			t.Errorf("a $0 split noted: %q", g.Events)
		}
	}

	g = afterStart(t, "Pres", "Other")
	c := floatAt(t, g, "GVP", eighteen.Pos{Row: 3, Col: 0}, 0, map[int]int{0: 5})
	withRoute(t, g, c)
	for _, trains := range [][]int{nil, {2}} {
		c.Trains = trains
		atOR(g, c, eighteen.StepRun)
		g.Events = nil
		g.advance()
		if n := logged(g, "GVP runs its trains for $"); n != len(trains) {
			t.Errorf("trains %v: the run noted %d times: %q", trains, n, g.Events)
		}
	}
	c.Trains = nil
	sellDepot(g, 3)
	g.Phase = 1
	c.Cash, g.Players[0].Cash = 20, 50
	atTrains(g, c)
	g.advance()
	refuse(t, g, "Pres: BUYTRAIN 3", "$110 short")
	c.Cash, g.Players[0].Cash = 50, 500
	play(t, g, "Pres: BUYTRAIN 3")
	if logged(g, "Pres adds $130 to GVP's forced train") != 1 {
		t.Errorf("no note of Pres's $130: %q", g.Events)
	}

	// A forced train from another railroad at exactly the company's cash
	// takes nothing from the president, and says nothing of him.
	g = afterStart(t, "Pres", "Other")
	c = floatAt(t, g, "GVP", eighteen.Pos{Row: 3, Col: 0}, 0, map[int]int{0: 2, 1: 2})
	floatAt(t, g, "MR", eighteen.Pos{Row: 3, Col: 0}, 0, map[int]int{0: 2}).Trains = []int{3}
	withRoute(t, g, c)
	sellDepot(g, 3)
	g.Phase = 1
	c.Cash, g.Players[0].Cash = 50, 0
	atTrains(g, c)
	g.advance()
	play(t, g, "Pres: BUYTRAIN 3 FROM MR 50")
	if n := logged(g, "Pres adds"); n != 0 || len(c.Trains) != 1 {
		t.Errorf("GVP's trains %v; the president's part noted %d times: %q", c.Trains, n, g.Events)
	}
}

// TestSaleSums: a sale's note names the shares, the value and the whole
// sum (1.13); a forced sale of more than is needed is refused naming what
// it would raise (2.10).
func TestSaleSums(t *testing.T) {
	g := afterStart(t, "Seller", "Other")
	floatAt(t, g, "PSW", eighteen.Pos{Row: 1, Col: 1}, 1, map[int]int{1: 2, 0: 3})
	g.startStockRound(false)
	g.r.Seat = 0
	price := g.Price(g.Corp("PSW"))
	play(t, g, "Seller: SELL PSW 2")
	if logged(g, fmt.Sprintf("Seller sells 2 of PSW at $%d ($%d)", price, 2*price)) != 1 {
		t.Errorf("no note of 2 sold at $%d: %q", price, g.Events)
	}

	g = afterStart(t, "Pres", "Other")
	c := floatAt(t, g, "GVP", eighteen.Pos{Row: 3, Col: 0}, 0, map[int]int{0: 3, 1: 2})
	floatAt(t, g, "MR", eighteen.Pos{Row: 0, Col: 0}, 0, map[int]int{0: 4, 1: 2})
	withRoute(t, g, c)
	sellDepot(g, 3)
	g.Phase = 1
	c.Cash, g.Players[0].Cash = 0, 50
	atTrains(g, c)
	g.advance()
	refuse(t, g, "Pres: SELL MR 3", "3 shares raise $300, more than the $130 you need")
}
