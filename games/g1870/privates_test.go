package g1870

import (
	"testing"

	"github.com/railpost/railpost/games/eighteen"
)

// TestCattleAndPortTokens is 15.2: the Cattle token adds $10 for its
// company only, on a city west of the Mississippi; the open port adds $20
// for its company and $10 for others, the closed port $20 for its company
// alone, and placing the closed port closes the Gulf Shipping Company.
func TestCattleAndPortTokens(t *testing.T) {
	g := table(t)
	c := stage(t, g, "TP", 100, 0, map[int]int{0: 6})
	stage(t, g, "FW", 100, 0, map[int]int{1: 6})
	g.Private(SCC).Corp, g.Private(GSC).Corp = "TP", "TP"
	operate(g, c, eighteen.StepTrack)
	refuse(t, g, 0, "CATTLE H17", "15.2") // Memphis is on the river
	act(t, g, 0, "CATTLE J3")
	refuse(t, g, 0, "PORT J3", "15.2")
	act(t, g, 0, "PORT N17")

	j3, n17, x := eighteen.Node{Hex: mustHex(t, "J3")}, eighteen.Node{Hex: mustHex(t, "N17")}, eighteen.Node{Hex: mustHex(t, "J5")}
	for _, tc := range []struct {
		corp  string
		stops []eighteen.Node
		want  int
	}{
		{"TP", []eighteen.Node{x, j3}, 10},
		{"FW", []eighteen.Node{x, j3}, 0},
		{"TP", []eighteen.Node{x, n17}, 20},
		{"FW", []eighteen.Node{n17, x}, 10},
	} {
		if got := g.bonus(tc.corp, tc.stops, 0); got != tc.want {
			t.Errorf("open port: %s through %v gains $%d, want $%d", tc.corp, tc.stops, got, tc.want)
		}
	}
	act(t, g, 0, "CLOSEPORT")
	if !g.Private(GSC).Closed || g.bonus("FW", []eighteen.Node{x, n17}, 0) != 0 || g.bonus("TP", []eighteen.Node{x, n17}, 0) != 20 {
		t.Error("the closed port still pays others, or not its company, or the GSC is open")
	}
	g.newPhase(5)
	g.newPhase(6)
	if g.Cattle != nil || g.Port != nil {
		t.Error("the tokens stay after the first 6-train (4.2.5)")
	}
}

// TestPrivatesPayTheirOwners: a private held by a player pays him, one
// held by a company pays its treasury (12.3), each operating round.
func TestPrivatesPayTheirOwners(t *testing.T) {
	g := table(t)
	c := stage(t, g, "MP", 100, 0, map[int]int{0: 6})
	g.Private(MKT).Owner = 2
	g.Private(GSC).Owner, g.Private(GSC).Corp = 0, "MP"
	cash := g.Players[2].Cash
	g.startSet()
	if g.Players[2].Cash-cash != 20 || c.Cash != 15 {
		t.Errorf("private income: Cy +$%d (want $20), MP $%d (want $15)", g.Players[2].Cash-cash, c.Cash)
	}
}

// TestTokensCostAndKeepHomeSlots is 7.3 and 7.5: the second token costs
// $40; the last space in an unstarted company's home is kept for it.
func TestTokensCostAndKeepHomeSlots(t *testing.T) {
	g := table(t)
	g.Phase = 2
	c := stage(t, g, "TP", 100, 100, map[int]int{0: 6})
	place(t, g, "J5", "57", 1)
	place(t, g, "J3", "57", 1)
	operate(g, c, eighteen.StepToken)
	refuse(t, g, 0, "TOKEN J3", "7.3") // Fort Worth's one space is FW's
	place(t, g, "J3", "15", 1)
	act(t, g, 0, "TOKEN J3")
	if c.Cash != 60 || c.Stations != 2 {
		t.Errorf("after the second token TP has $%d and %d stations; want $60 and 2", c.Cash, c.Stations)
	}
}

// TestClosingZone is 5.1.1: a company whose price enters the grey zone
// is removed: its tokens, shares and cash go, its trains go to the open
// market, and the certificate limit falls.
func TestClosingZone(t *testing.T) {
	g := table(t)
	c := stage(t, g, "TP", 100, 70, map[int]int{0: 6, 1: 2})
	g.Transfer(&c.Corporation, eighteen.InIPO, eighteen.InPool, 2)
	c.Trains = []int{3}
	c.Pos = eighteen.Pos{Row: 8, Col: 1} // $10, one box from the grey
	operate(g, c, eighteen.StepDividend)
	bank := g.Bank
	g.r.Revenue = 10
	act(t, g, 0, "WITHHOLD")
	if !c.Closed || g.Players[0].Units("TP") != 0 || g.PoolUnits("TP") != 0 || len(g.Layout.Tokens[c.Home][0]) != 0 {
		t.Errorf("TP after the grey zone: closed %v, Ann's shares %d, tokens %v", c.Closed, g.Players[0].Units("TP"), g.Layout.Tokens[c.Home])
	}
	if g.Bank != bank+70 || len(g.PoolTrains) != 1 || g.Limit() != 14 {
		t.Errorf("bank +$%d (want $70), open market trains %v, limit %d (want 14)", g.Bank-bank, g.PoolTrains, g.Limit())
	}
}
