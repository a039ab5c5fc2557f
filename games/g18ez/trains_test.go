package g18ez

import (
	"fmt"
	"slices"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/hexgrid"
)

// atTrains puts a company's turn at its trains.
func atTrains(g *Game, c *Corp) {
	g.r = round{RoundState: eighteen.RoundState{Kind: operatingRound, OR: 1, Corp: c.Sym, Step: eighteen.StepTrains, LastAct: -1}}
}

// sellDepot takes the bank's trains up to (not including) a size, as if
// sold, without changing the phase.
func sellDepot(g *Game, size int) {
	for i, k := range g.Kinds {
		if k.Size < size {
			g.Depot[i] = 0
		}
	}
}

// TestClaySaysPhaseChange: the first 4 bought scraps every 2-train, the
// buyer's and everyone else's, and puts the Black Line's shares on sale
// at the next SDR (2.8, Clay says).
func TestClaySaysPhaseChange(t *testing.T) {
	g := afterStart(t, "Tom", "Dick", "Harry")
	tom := floatAt(t, g, "PSW", eighteen.Pos{Row: 2, Col: 2}, 0, map[int]int{0: 5})
	dick := floatAt(t, g, "BRN", eighteen.Pos{Row: 2, Col: 2}, 1, map[int]int{1: 5})
	tom.Trains, dick.Trains = []int{2, 3}, []int{2, 2}
	g.Corp("M1").Trains = []int{2}
	tom.Cash = 400
	sellDepot(g, 4)
	g.Phase = 1
	atTrains(g, tom)
	play(t, g, "Tom: BUYTRAIN 4")
	if !slices.Equal(tom.Trains, []int{3, 4}) || len(dick.Trains) != 0 || len(g.Corp("M1").Trains) != 0 {
		t.Errorf("after the first 4: PSW %v, BRN %v, M1 %v; want every 2 scrapped", tom.Trains, dick.Trains, g.Corp("M1").Trains)
	}
	if !g.BlackLineSale || g.BlackLineOpen {
		t.Errorf("Black Line sale %v, open %v: want on sale from the next SDR", g.BlackLineSale, g.BlackLineOpen)
	}
	if tom.Cash != 100 || g.Current().Colours != 2 {
		t.Errorf("PSW has $%d, phase colours %d", tom.Cash, g.Current().Colours)
	}
}

// TestForcedPurchase: a public railroad with a route and no train that
// cannot pay for the cheapest: its president pays exactly the difference,
// the company is left flat broke; only the cheapest train (2.9).
func TestForcedPurchase(t *testing.T) {
	g := afterStart(t, "Pres", "Other")
	c := floatAt(t, g, "GVP", eighteen.Pos{Row: 3, Col: 0}, 0, map[int]int{0: 5})
	withRoute(t, g, c)
	sellDepot(g, 3)
	g.Phase = 1
	c.Cash = 50
	g.Players[0].Cash = 500
	atTrains(g, c)
	g.advance()
	if !g.r.Forced {
		t.Fatalf("no forced purchase: %s", g.Now())
	}
	refuse(t, g, "Pres: DONE", "2.8")
	refuse(t, g, "Pres: BUYTRAIN 4", "2.8")
	play(t, g, "Pres: BUYTRAIN 3")
	if c.Cash != 0 || g.Players[0].Cash != 500-130 || !slices.Equal(c.Trains, []int{3}) {
		t.Errorf("GVP $%d trains %v, president $%d; want $0, [3], $370", c.Cash, c.Trains, g.Players[0].Cash)
	}
}

// TestForcedSaleAndBankruptcy: a president short of cash must sell, only
// enough, and not his presidency (2.10); one who cannot raise it is
// bankrupt and the game ends at once (2.11).
func TestForcedSaleAndBankruptcy(t *testing.T) {
	g := afterStart(t, "Pres", "Other")
	c := floatAt(t, g, "GVP", eighteen.Pos{Row: 3, Col: 0}, 0, map[int]int{0: 3, 1: 2})
	o := floatAt(t, g, "MR", eighteen.Pos{Row: 0, Col: 0}, 0, map[int]int{0: 4, 1: 2})
	withRoute(t, g, c)
	sellDepot(g, 3)
	g.Phase = 1
	c.Cash, g.Players[0].Cash = 0, 50
	atTrains(g, c)
	g.advance()
	refuse(t, g, "Pres: BUYTRAIN 3", "2.9")
	refuse(t, g, "Pres: SELL GVP 2", "2.10") // hands the presidency over
	refuse(t, g, "Pres: SELL MR 3", "2.10")  // more than needed: $130 short, $100 a share
	play(t, g, "Pres: SELL MR 1")
	if g.Shortfall(g.buying(), c) != 30 {
		t.Fatalf("shortfall $%d, want $30", g.Shortfall(g.buying(), c))
	}
	play(t, g, "Pres: SELL GVP 1", "Pres: BUYTRAIN 3")
	if len(c.Trains) != 1 || g.Over() {
		t.Fatalf("GVP trains %v, over %v", c.Trains, g.Over())
	}
	if o.President != 0 {
		t.Errorf("MR's presidency moved on a sale that left Pres ahead")
	}

	g2 := afterStart(t, "Pres", "Other")
	c2 := floatAt(t, g2, "GVP", eighteen.Pos{Row: 5, Col: 0}, 0, map[int]int{0: 2, 1: 2})
	withRoute(t, g2, c2)
	sellDepot(g2, 3)
	g2.Phase = 1
	c2.Cash, g2.Players[0].Cash = 0, 10
	atTrains(g2, c2)
	g2.advance()
	if !g2.Over() || g2.Bankrupt != 0 {
		t.Errorf("over %v, bankrupt seat %d: want the game ended by Pres's bankruptcy", g2.Over(), g2.Bankrupt)
	}
}

// withRoute gives a company its home station and a neighbouring stop on
// track, so that it can trace a route (2.8): legal lays only.
func withRoute(t *testing.T, g *Game, c *Corp) {
	t.Helper()
	ids := []string{"3", "4", "58", "57", "5", "6"}
	for _, home := range ids {
		for r := range 6 {
			lay := eighteen.Lay{Corp: c.Sym, Hex: c.Home, Tile: g.Tiles()[home], Rotation: r}
			if g.layError(c, g.reachFor(c), lay) != nil {
				continue
			}
			g.PlaceTile(lay)
			g.placeHome(c)
			for e := range hexgrid.Edge(6) {
				n := c.Home.Neighbour(e)
				for _, id := range ids {
					for r2 := range 6 {
						next := eighteen.Lay{Corp: c.Sym, Hex: n, Tile: g.Tiles()[id], Rotation: r2}
						if g.layError(c, g.reachFor(c), next) != nil {
							continue
						}
						g.PlaceTile(next)
						if g.Layout.HasRoute(c.Sym, eighteen.Unlimited, 0) {
							return
						}
						delete(g.Layout.Tiles, n)
						g.Left[id]++
					}
				}
			}
			delete(g.Layout.Tiles, c.Home)
			g.Layout.Tokens[c.Home] = nil
			g.Left[home]++
			c.Operating, c.Stations = false, 0
		}
	}
	t.Fatalf("could not give %s a route", c.Sym)
}

// TestBlackLineForms: the first 5 bought, the OR ends and the minors and
// the Obsidian merge into the Black Line (2.12): the Obsidian's owner
// trades it for the president's certificate, $750 from the bank, value
// $150; each minor hands over its trains and treasury, its station turns
// black and its owner takes a share; a player with more shares than the
// Obsidian's owner becomes president. Privates close at the first 5.
func TestBlackLineForms(t *testing.T) {
	g := afterStart(t, "Tom", "Dick")
	tom, dick := g.seatOf("Tom"), g.seatOf("Dick")
	g.Private(OBS).Owner = tom
	minors := []*Corp{g.Corp("M1"), g.Corp("M2"), g.Corp("M3"), g.Corp("M4")}
	for i, m := range minors {
		m.President = []int{dick, dick, dick, tom}[i]
		m.Trains = []int{3}
		homeStation(t, g, m)
	}
	minorCash := 0
	for _, m := range minors {
		minorCash += m.Cash
	}
	c := floatAt(t, g, "PSW", eighteen.Pos{Row: 1, Col: 3}, tom, map[int]int{tom: 5})
	c.Cash = 600
	sellDepot(g, 5)
	g.Phase = 2
	g.startOR(2)
	for _, o := range g.Corps {
		o.Operated = o != c
	}
	atTrains(g, c)
	g.r.OR = 2
	bank := g.Bank
	play(t, g, "Tom: BUYTRAIN 5")
	if !g.BlackLineDue || !g.Private(HMH).Closed || g.Private(OBS).Closed {
		t.Fatalf("after the first 5: due %v, HMH closed %v, OBS closed %v", g.BlackLineDue, g.Private(HMH).Closed, g.Private(OBS).Closed)
	}
	play(t, g, "Tom: DONE")
	bl := g.Corp(BL)
	if !bl.Floated || g.Price(bl) != 150 || bl.President != dick {
		t.Fatalf("Black Line floated %v at $%d, president %d; want formed at $150 with Dick (3 shares to 2)", bl.Floated, g.Price(bl), bl.President)
	}
	if g.Players[tom].Units(BL) != 3 || g.Players[dick].Units(BL) != 3 || g.Players[dick].Shares[BL].President() == nil {
		t.Errorf("Black Line shares: Tom %d, Dick %d; want 3 each (Tom the certificate and M4's share), Dick the president's certificate", g.Players[tom].Units(BL), g.Players[dick].Units(BL))
	}
	if bl.Cash != 750+minorCash || len(bl.Trains) != 4 || bl.Stations != 4 {
		t.Errorf("Black Line $%d, trains %v, stations %d; want $%d, four 3s, 4", bl.Cash, bl.Trains, bl.Stations, 750+minorCash)
	}
	for _, m := range minors {
		if !m.Closed {
			t.Errorf("%s still runs", m.Sym)
		}
		if toks := g.Layout.Tokens[m.Home][0]; len(toks) != 1 || toks[0] != BL {
			t.Errorf("%s's home %s has stations %v, want the Black Line's", m.Sym, m.Home, toks)
		}
	}
	if g.Bank != bank+450-750 {
		t.Errorf("bank $%d, want $%d: the 5's price in, the Black Line's $750 out", g.Bank, bank+450-750)
	}
}

// homeStation lays a legal city tile on a company's home and places its
// station there (2.3, 2.5).
func homeStation(t *testing.T, g *Game, c *Corp) {
	t.Helper()
	for _, id := range []string{"57", "5", "6"} {
		for r := range 6 {
			lay := eighteen.Lay{Corp: c.Sym, Hex: c.Home, Tile: g.Tiles()[id], Rotation: r}
			if g.layError(c, g.reachFor(c), lay) == nil {
				g.PlaceTile(lay)
				g.placeHome(c)
				return
			}
		}
	}
	t.Fatalf("no home tile for %s", c.Sym)
}

// TestPresidentNamesRun: the president may name the routes the trains run
// (2.6); any legal run stands, the best need not (rulings EZ12); a route
// the track does not carry is refused and changes nothing.
func TestPresidentNamesRun(t *testing.T) {
	g := afterStart(t, "Pres", "Other")
	c := floatAt(t, g, "GVP", eighteen.Pos{Row: 3, Col: 0}, 0, map[int]int{0: 5})
	withRoute(t, g, c)
	c.Trains = []int{2}
	g.r = round{RoundState: eighteen.RoundState{Kind: operatingRound, OR: 1, Corp: c.Sym, Step: eighteen.StepRun, LastAct: -1}}
	g.advance()
	if g.r.Step != eighteen.StepDividend || g.r.Revenue == 0 {
		t.Fatalf("at step %d with $%d", g.r.Step, g.r.Revenue)
	}
	best := g.r.Revenue
	r := g.LastRun.Routes[0]
	back := r.Stops[len(r.Stops)-1].Hex.String() + "-" + r.Stops[0].Hex.String()
	play(t, g, "Pres: RUN "+back)
	if g.r.Revenue != best {
		t.Errorf("the same run named from its other end earns $%d, want $%d", g.r.Revenue, best)
	}
	refuse(t, g, "Pres: RUN A2-G18", "2.6")
	refuse(t, g, "Pres: RUN "+back+" "+back, "2.6")
}

// layWith lays, by the rules, a tile on a hex whose track leaves by the
// edges given, for a company (2.3, 2.4).
func layWith(t *testing.T, g *Game, c *Corp, hex string, edges ...hexgrid.Edge) {
	t.Helper()
	h, _ := hexgrid.ParseHex(hex)
	for _, id := range []string{"9", "57", "14", "15", "619"} {
		for r := range 6 {
			lay := eighteen.Lay{Corp: c.Sym, Hex: h, Tile: g.Tiles()[id], Rotation: r}
			exits := lay.Tile.Exits(r)
			if g.layError(c, g.reachFor(c), lay) != nil || !slices.Equal(exits, edges) && len(exits) == len(edges) {
				continue
			}
			ok := true
			for _, e := range edges {
				ok = ok && slices.Contains(exits, e)
			}
			if ok {
				g.PlaceTile(lay)
				g.placeHome(c)
				return
			}
		}
	}
	t.Fatalf("no legal tile on %s with exits %v", hex, edges)
}

// TestClaySaysRunValue is the rulebook's run example (2.6): in the green
// phase PS&W's 4-train may start in the West off-board and need not start
// or end at its station, only pass through it: West (green $40), Purple
// Springs upgraded green ($30) and Metropolis, not upgraded ($30): $100.
func TestClaySaysRunValue(t *testing.T) {
	g := afterStart(t, "Pres", "Other")
	c := floatAt(t, g, "PSW", eighteen.Pos{Row: 1, Col: 1}, 0, map[int]int{0: 5})
	layWith(t, g, c, "D5", 1, 4)
	layWith(t, g, c, "D3", 1, 4)
	layWith(t, g, c, "D7", 1, 4)
	g.Phase = 1 // the first 3 is sold: green
	layWith(t, g, c, "D5", 1, 4)
	if p := g.Layout.Tiles[c.Home]; p.Tile.Colour != eighteen.Green {
		t.Fatalf("Purple Springs is %s", p.Tile.Colour)
	}
	c.Trains = []int{4}
	g.r = round{RoundState: eighteen.RoundState{Kind: operatingRound, OR: 1, Corp: c.Sym, Step: eighteen.StepRun, LastAct: -1}}
	g.advance()
	if g.r.Revenue != 100 {
		t.Errorf("the 4-train earns $%d, want $100: %s", g.r.Revenue, routeText(g.LastRun.Trains, g.LastRun.Routes))
	}
	if r := g.LastRun.Routes[0]; r.Stops[0].Hex.String() != "D1" && r.Stops[len(r.Stops)-1].Hex.String() != "D1" {
		t.Errorf("the run %s does not start in the West", routeText(g.LastRun.Trains, g.LastRun.Routes))
	}
}

// TestForcedFromAnotherRailroad: a company that cannot pay for the bank's
// cheapest train, whose president cannot raise it, is not bankrupt while
// another railroad may sell it one (2.9): it buys from its president's
// other railroad; and a president who cannot get a train declares
// bankruptcy (2.11).
func TestForcedFromAnotherRailroad(t *testing.T) {
	for _, bankrupt := range []bool{false, true} {
		g := afterStart(t, "Pres", "Other")
		c := floatAt(t, g, "GVP", eighteen.Pos{Row: 3, Col: 0}, 0, map[int]int{0: 2, 1: 2})
		o := floatAt(t, g, "MR", eighteen.Pos{Row: 3, Col: 0}, 0, map[int]int{0: 2})
		withRoute(t, g, c)
		o.Trains = []int{3, 3}
		sellDepot(g, 3)
		g.Phase = 1
		c.Cash, g.Players[0].Cash = 50, 0
		atTrains(g, c)
		g.advance()
		if g.Over() {
			t.Fatal("bankrupt while MR could sell a train (2.9)")
		}
		if bankrupt {
			play(t, g, "Pres: BANKRUPT")
			if !g.Over() || g.Bankrupt != 0 {
				t.Errorf("BANKRUPT: over %v, seat %d", g.Over(), g.Bankrupt)
			}
			continue
		}
		refuse(t, g, "Pres: BUYTRAIN 3 FROM MR 180", "2.9")
		play(t, g, "Pres: BUYTRAIN 3 FROM MR 50")
		if len(c.Trains) != 1 || c.Cash != 0 || o.Cash != 50 || g.Over() {
			t.Errorf("GVP %v $%d, MR $%d, over %v", c.Trains, c.Cash, o.Cash, g.Over())
		}
	}
}

// TestBuildFromHome: a major builds and places stations only where it can
// trace a route from its home station (2.3, 2.5), not from a station the
// Authority put in Metropolis.
func TestBuildFromHome(t *testing.T) {
	g := afterStart(t, "Pres", "Other")
	c := floatAt(t, g, "PSW", eighteen.Pos{Row: 1, Col: 1}, 0, map[int]int{0: 5})
	homeStation(t, g, c)
	p := g.Private(MRTA)
	p.Owner, p.Corp = -1, c.Sym
	g.r = round{RoundState: eighteen.RoundState{Kind: operatingRound, OR: 1, Corp: c.Sym, Step: eighteen.StepTrack, LastAct: -1}}
	play(t, g, "Pres: MRTA TOKEN")
	refuse(t, g, "Pres: LAY D11 9 1", "2.3")
	for _, o := range g.Legal(0) {
		if o.Verb == "LAY" && o.Args[0] == "D11" {
			t.Fatalf("%s listed", o)
		}
	}
}

// TestLaterFloatBelow: a company floating joins its box at the bottom of
// the pile, under one already there, though it was parred first (1.9,
// 1.14).
func TestLaterFloatBelow(t *testing.T) {
	g := afterStart(t, "Tom", "Dick")
	for g.Acting()[0] != 0 {
		play(t, g, g.Players[g.Acting()[0]].Name+": PASS")
	}
	play(t, g, "Tom: PAR PSW 70")
	psw := g.Corp("PSW")
	brn := floatAt(t, g, "BRN", eighteen.Pos{Row: 3, Col: 0}, 1, map[int]int{1: 2})
	g.Transfer(&psw.Corporation, eighteen.InIPO, eighteen.Hand(0), 3)
	g.endStockRound()
	if !psw.Floated || psw.Pos != brn.Pos || psw.Tick < brn.Tick {
		t.Fatalf("PSW floated %v at %v tick %d; BRN at %v tick %d", psw.Floated, psw.Pos, psw.Tick, brn.Pos, brn.Tick)
	}
	for _, m := range g.Corps {
		if m.Minor() {
			m.Operated = true
		}
	}
	g.NextTurn(g.flow())
	if g.r.Corp != "BRN" {
		t.Errorf("%s operates first, want BRN, higher in the pile", g.r.Corp)
	}
}

// TestForcedCheapestFromOpenMarket: a forced purchase is of the cheapest
// train the bank or the open market sells (2.9). PSW buys the first 6:
// the majors' limit falls to 2 and its smallest train goes to the open
// market (2.8; rulings EZ8). GVP operates next, trainless with a route and
// $100: it must buy that train, its president paying the rest; the bank's
// 6 ($630) may not be forced on it, and is not listed.
func TestForcedCheapestFromOpenMarket(t *testing.T) {
	for _, tc := range []struct {
		psw   []int // PSW's trains before it buys the 6
		train int   // the one that goes to the open market
		price int
	}{
		{[]int{4, 5}, 4, 300},
		{[]int{5, 5}, 5, 450},
	} {
		g := afterStart(t, "Tom", "Pres")
		psw := floatAt(t, g, "PSW", eighteen.Pos{Row: 0, Col: 5}, 0, map[int]int{0: 5})
		gvp := floatAt(t, g, "GVP", eighteen.Pos{Row: 3, Col: 0}, 1, map[int]int{1: 5})
		withRoute(t, g, gvp)
		for _, c := range g.Corps {
			if c.Minor() {
				c.Closed = true
			}
		}
		psw.Trains, psw.Cash = tc.psw, 700
		gvp.Cash, g.Players[1].Cash = 100, 1000
		sellDepot(g, 6)
		g.Phase = 3 // the first 5 is sold
		atTrains(g, psw)
		play(t, g, "Tom: BUYTRAIN 6")
		if !slices.Equal(g.PoolTrains, []int{tc.train}) || len(psw.Trains) != 2 {
			t.Fatalf("PSW %v: after the first 6, open market %v, PSW %v", tc.psw, g.PoolTrains, psw.Trains)
		}
		for g.r.Corp == gvp.Sym && g.r.Step < eighteen.StepTrains {
			play(t, g, "Pres: SKIP")
		}
		if g.r.Corp != gvp.Sym || !g.r.Forced {
			t.Fatalf("PSW %v: not GVP's forced purchase: %s", tc.psw, g.Now())
		}
		for _, o := range g.Legal(1) {
			if o.Verb == "BUYTRAIN" && len(o.Args) == 1 && o.Args[0] == "6" {
				t.Errorf("PSW %v: %s (from the bank) listed in a forced purchase with a %d in the open market", tc.psw, o, tc.train)
			}
		}
		refuse(t, g, "Pres: BUYTRAIN 6", "2.9")
		play(t, g, fmt.Sprintf("Pres: BUYTRAIN %d POOL", tc.train))
		if paid := 1000 - g.Players[1].Cash; gvp.Cash != 0 || paid != tc.price-100 || !slices.Equal(gvp.Trains, []int{tc.train}) {
			t.Errorf("PSW %v: GVP $%d trains %v, its president paid $%d; want $0, [%d], $%d", tc.psw, gvp.Cash, gvp.Trains, paid, tc.train, tc.price-100)
		}
	}
}

// TestBlackLineRunsFromTheNextOR: the Black Line forms at the end of the
// OR of the first 5 (2.12), so it does not operate in that OR; in the
// next it operates by its value and runs the trains the minors handed
// over: 2.8's first OR without a run comes of a railroad's having no
// train yet, and the Black Line has the minors' (rulings EZ21).
func TestBlackLineRunsFromTheNextOR(t *testing.T) {
	g := afterStart(t, "Tom", "Dick")
	tom := g.seatOf("Tom")
	g.Private(OBS).Owner = tom
	m1 := g.Corp("M1")
	for _, m := range g.Corps {
		if m.Minor() {
			m.President = tom
		}
	}
	withRoute(t, g, m1)
	m1.Trains = []int{3}
	psw := floatAt(t, g, "PSW", eighteen.Pos{Row: 1, Col: 3}, tom, map[int]int{tom: 5})
	gvp := floatAt(t, g, "GVP", eighteen.Pos{Row: 3, Col: 0}, g.seatOf("Dick"), map[int]int{g.seatOf("Dick"): 5})
	psw.Cash, gvp.Cash = 600, 0
	sellDepot(g, 5)
	g.Phase = 2
	g.startOR(1)
	for _, o := range g.Corps {
		o.Operated = o != psw && o != gvp
	}
	atTrains(g, psw)
	play(t, g, "Tom: BUYTRAIN 5", "Tom: DONE")
	bl := g.Corp(BL)
	if g.r.OR != 1 || g.r.Corp != gvp.Sym || bl.Floated {
		t.Fatalf("after the first 5: OR %d, %q operates, Black Line floated %v; want GVP to finish OR 1 without it", g.r.OR, g.r.Corp, bl.Floated)
	}
	play(t, g, "Dick: SKIP", "Dick: DONE")
	if !bl.Floated || g.r.OR != 2 || g.r.Corp != BL {
		t.Fatalf("OR %d, %q operates, Black Line floated %v; want it formed and first in OR 2 at $150", g.r.OR, g.r.Corp, bl.Floated)
	}
	play(t, g, "Tom: SKIP") // its track
	if g.r.Step != eighteen.StepDividend || g.r.Revenue <= 0 || g.LastRun == nil || g.LastRun.Corp != BL {
		t.Errorf("the Black Line's first turn at step %d with $%d run; want M1's 3 run for its income", g.r.Step, g.r.Revenue)
	}
}

// TestBlackLineWithoutStations: a Black Line formed from minors none of
// which placed its station has no station at all: it lays no track (it
// traces from its stations, EZ17), places none (2.5), runs nothing (2.6),
// so its value moves left (2.7, 2.8); it need not own a train, for it
// cannot trace a route (2.8), but may buy one (rulings EZ22).
func TestBlackLineWithoutStations(t *testing.T) {
	g := afterStart(t, "Tom", "Dick")
	tom := g.seatOf("Tom")
	g.Private(OBS).Owner = tom
	for _, m := range g.Corps {
		if m.Minor() {
			m.President = tom
			if len(g.Layout.Stations(m.Sym)) != 0 {
				t.Fatalf("%s has a station at the start", m.Sym)
			}
		}
	}
	sellDepot(g, 5)
	g.Phase = 3
	g.BlackLineDue = true
	g.startOR(2)
	for _, o := range g.Corps {
		o.Operated = true
	}
	g.r.OR = 1
	g.advance()
	bl := g.Corp(BL)
	if !bl.Floated || bl.Stations != 0 || g.r.Corp != BL {
		t.Fatalf("Black Line floated %v with %d stations, %q operates; want it formed with none, operating", bl.Floated, bl.Stations, g.r.Corp)
	}
	if g.r.Step != eighteen.StepTrains || g.Price(bl) != 140 {
		t.Errorf("its turn at step %d, value $%d; want straight to its trains, the value one box left of $150", g.r.Step, g.Price(bl))
	}
	buy := false
	for _, o := range g.Legal(tom) {
		switch o.Verb {
		case "LAY", "TOKEN", "RUN", "PAY", "HALF":
			t.Errorf("offered %s", o.Action(tom))
		case "BUYTRAIN":
			buy = true
		}
	}
	if !buy {
		t.Errorf("no train offered to a Black Line with $%d", bl.Cash)
	}
	play(t, g, "Tom: DONE")
	if g.r.Corp == BL || len(bl.Trains) != 0 {
		t.Errorf("the Black Line's turn did not end on DONE without a train")
	}
}
