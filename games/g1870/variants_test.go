package g1870

import (
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
)

// TestFinish400: with 16.1's variant the game ends when a token reaches
// $400: the company finishes operating and no other does; reached at the
// end of a stock round, no company operates. Without it play goes on.
func TestFinish400(t *testing.T) {
	for _, variant := range []bool{false, true} {
		g := table(t)
		g.Variants.Finish400 = variant
		c := stage(t, g, "MP", 100, 0, map[int]int{0: 6})
		c.Pos = eighteen.Pos{Row: 0, Col: 19} // $375
		d := stage(t, g, "IC", 90, 0, map[int]int{1: 6})
		operate(g, c, eighteen.StepDividend)
		g.r.Revenue = 100
		act(t, g, 0, "PAY")
		if g.Price(c) != 400 || g.Over() {
			t.Fatalf("variant %v: MP at $%d, over %v: the company finishes its turn first", variant, g.Price(c), g.Over())
		}
		act(t, g, 0, "DONE")
		if g.Over() != variant {
			t.Errorf("variant %v: over %v after MP's turn", variant, g.Over())
		}
		if variant && d.Operating {
			t.Error("IC operated after the game ended")
		}
		if !variant && !slices.Equal(g.Acting(), []int{1}) {
			t.Errorf("without the variant IC operates next; the game waits for %v", g.Acting())
		}
	}
	for _, variant := range []bool{false, true} {
		g := table(t)
		g.Variants.Finish400 = variant
		c := stage(t, g, "MP", 100, 0, map[int]int{0: 6, 1: 4})
		c.Pos = eighteen.Pos{Row: 1, Col: 20} // $375, all sold: it rises at the round's end
		stockTurn(g, 0)
		for seat := range 4 {
			act(t, g, seat, "PASS")
		}
		if g.Price(c) != 400 || g.Over() != variant || (variant && g.r.Kind != stockRound) {
			t.Errorf("variant %v: MP at $%d, over %v, round %d", variant, g.Price(c), g.Over(), g.r.Kind)
		}
	}
}

// TestHistoricalStart: with 16.5's variant a company sells no sixth share
// until every company before it in the historical order has sold six, and
// the Frisco pays $20 as a private until it may start; then its owner is
// asked for its par.
func TestHistoricalStart(t *testing.T) {
	g, err := New(Setup{Players: []string{"Ann", "Bob", "Cy", "Di"}, Seed: 1, Variants: Variants{Historical: true}})
	if err != nil {
		t.Fatal(err)
	}
	stage(t, g, "GMO", 100, 0, map[int]int{0: 5})
	stage(t, g, "IC", 90, 0, map[int]int{1: 5})
	stage(t, g, "MP", 90, 0, map[int]int{2: 6})
	stockTurn(g, 1)
	g.Private(SLSF).Closed, g.Private(SLSF).Owner = false, 3
	refuse(t, g, 1, "BUY IC IPO", "16.5")
	if g.Corp(SLSF).FloatAt != 6 || g.Private(SLSF).Revenue != 20 {
		t.Errorf("the Frisco floats at %d and pays $%d", g.Corp(SLSF).FloatAt, g.Private(SLSF).Revenue)
	}
	act(t, g, 1, "BUY GMO IPO") // GMO's sixth: IC may now sell its own
	act(t, g, 1, "DONE")
	if len(g.r.Pending) != 0 {
		t.Fatalf("the Frisco's par is asked for while IC has sold five: %+v", g.r.Pending)
	}
	act(t, g, 2, "BUY IC IPO") // IC's sixth: the Frisco may start
	if got := g.Acting(); !slices.Equal(got, []int{3}) || !g.asked(pendPar) {
		t.Fatalf("once GMO, IC and MP have sold six the game waits for %v, want Di to set the Frisco's par", got)
	}
	act(t, g, 3, "PAR SLSF 76")
	if c := g.Corp(SLSF); !c.Started || g.Players[3].Units(SLSF) != 2 || g.Players[3].Shares[SLSF].President() == nil {
		t.Errorf("the Frisco started %v, Di holds %d", c.Started, g.Players[3].Units(SLSF))
	}
	if !slices.Equal(g.Acting(), []int{2}) {
		t.Errorf("after the par Cy's turn goes on; the game waits for %v", g.Acting())
	}
}

// TestDiesels: with 16.2's variant the bank sells diesels from phase 5
// alongside the 6s, $300 off for a 4, 5 or 6 handed in; the first diesel
// rusts the 4s and the 5s stay.
func TestDiesels(t *testing.T) {
	g, err := New(Setup{Players: []string{"Ann", "Bob", "Cy", "Di"}, Seed: 1, Variants: Variants{Diesels: true}})
	if err != nil {
		t.Fatal(err)
	}
	c := stage(t, g, "MP", 100, 2000, map[int]int{0: 6})
	d := stage(t, g, "IC", 90, 0, map[int]int{1: 6})
	copy(g.Depot, []int{0, 0, 0, 0})
	g.Phase = 4
	c.Trains, d.Trains = []int{4}, []int{4, 5}
	operate(g, c, eighteen.StepTrains)
	refuse(t, g, 0, "BUYTRAIN D DEPOT", "10.4.1")
	act(t, g, 0, "BUYTRAIN 6 DEPOT")
	var got []string
	for _, o := range g.Legal(0) {
		if o.Verb == "BUYTRAIN" && o.Args[1] == "DEPOT" {
			got = append(got, o.String())
		}
	}
	// MP owns two trains, the limit: only a trade keeps it there.
	want := []string{"BUYTRAIN D DEPOT TRADE 4", "BUYTRAIN D DEPOT TRADE 6"}
	if !slices.Equal(got, want) {
		t.Errorf("phase %d offers %q, want %q", g.Phase, got, want)
	}
	refuse(t, g, 0, "BUYTRAIN D DEPOT", "10.2") // two trains: the limit
	refuse(t, g, 0, "BUYTRAIN D DEPOT TRADE 5", "16.2")
	cash := c.Cash
	act(t, g, 0, "BUYTRAIN D DEPOT TRADE 4")
	if cash-c.Cash != 800 || !slices.Equal(c.Trains, []int{6, eighteen.Unlimited}) {
		t.Errorf("MP paid $%d and owns %v; want $800 and a 6 and a D", cash-c.Cash, c.Trains)
	}
	if g.Phase != 6 || !slices.Equal(d.Trains, []int{5}) {
		t.Errorf("phase %d, IC's trains %v: the diesel begins the last phase and rusts the 4s, not the 5s", g.Phase, d.Trains)
	}
	if n := g.Depot[5]; n != -1 {
		t.Errorf("the diesels are without limit; the bank's count is %d", n)
	}
	g.Depot[4] = 0 // the 6s sold out: the diesels are next, and the mail says so
	if want := "Next train from the bank: a D for $1100 (without limit)."; !strings.Contains(g.Status(0), want) {
		t.Errorf("the status lacks %q:\n%s", want, g.Status(0))
	}
}

// TestOpenDestinations: with 16.4's variant a destination token goes
// beside the city, in no slot: the slot stays for others, the token is a
// station for its company, and it blocks no one; without the variant it
// fills the slot.
func TestOpenDestinations(t *testing.T) {
	for _, variant := range []bool{false, true} {
		g := table(t)
		g.Variants.OpenDestinations = variant
		c := stage(t, g, "TP", 100, 0, map[int]int{0: 6})
		c.Dest = mustHex(t, "J3")
		place(t, g, "J5", "57", 1)
		place(t, g, "J3", "57", 1)
		operate(g, c, eighteen.StepTrains)
		c.Trains = []int{2}
		act(t, g, 0, "DONE")
		cash := g.Players[0].Cash
		act(t, g, 0, "DEST MAP")
		act(t, g, 0, "PAY")
		if g.Players[0].Cash-cash != 36 {
			t.Errorf("variant %v: the connection run paid $%d, want $36 either way", variant, g.Players[0].Cash-cash)
		}
		fortWorth := eighteen.Node{Hex: c.Dest, Stop: 0}
		inSlot := slices.Contains(g.Layout.Tokens[c.Dest][0], "TP")
		if inSlot == variant || !slices.Contains(g.Layout.Stations("TP"), fortWorth) {
			t.Errorf("variant %v: TP's token in the slot %v, a station %v", variant, inSlot, g.Layout.Stations("TP"))
		}
		if variant {
			g.addToken(c.Dest, "FW") // the slot is free for Fort Worth's own company
		}
		if !g.Layout.Blocked(fortWorth, "MP") || g.Layout.Blocked(fortWorth, "TP") {
			t.Errorf("variant %v: Fort Worth full blocks MP %v, TP %v", variant, g.Layout.Blocked(fortWorth, "MP"), g.Layout.Blocked(fortWorth, "TP"))
		}
	}
}
