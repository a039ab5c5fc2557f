package g1870

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/move"
)

// Tests of the rulebook's worked examples and rules, each staged on a
// game of four: Ann, Bob, Cy and Di in seats 0 to 3.

func table(t *testing.T) *Game {
	t.Helper()
	g, err := New(Setup{Players: []string{"Ann", "Bob", "Cy", "Di"}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	// Ann, in seat 0, holds the first priority, whatever the seed dealt.
	g.Priority, g.r.Seat, g.r.First = 0, 0, 0
	return g
}

// stage puts a company in play with its president and holdings, taken
// from the initial offering, its treasury and its token on par.
func stage(t *testing.T, g *Game, sym string, par, cash int, holdings map[int]int) *Corp {
	t.Helper()
	c := g.Corp(sym)
	pos, err := g.StockMarket().Par(par)
	if err != nil {
		t.Fatal(err)
	}
	c.Started, c.Floated, c.Par, c.Pos, c.President = true, true, par, pos, -1
	g.Restack(&c.Corporation)
	most := 0
	for seat := range len(g.Players) {
		if n := holdings[seat]; n > most {
			most, c.President = n, seat
		}
	}
	if c.President >= 0 && !g.DealPresident(&c.Corporation, &c.Reserved, c.President) {
		g.DealPresident(&c.Corporation, &c.IPO, c.President)
	}
	for seat := range len(g.Players) {
		n := holdings[seat]
		if seat == c.President {
			n -= 2
		}
		take := min(n, c.Reserved.Units())
		if !g.Deal(&c.Corporation, &c.Reserved, seat, take) {
			take = 0
		}
		g.Deal(&c.Corporation, &c.IPO, seat, n-take)
	}
	g.Bank -= cash
	c.Cash = cash
	return c
}

// operate hands the turn to a company at a step of its operating turn.
func operate(g *Game, c *Corp, step int) {
	g.r = round{RoundState: eighteen.RoundState{Kind: operatingRound, OR: 1, LastAct: -1, Corp: c.Sym, Step: step}, Set: 1}
	if !c.Operating {
		c.Operating = true
		g.addToken(c.Home, c.Sym)
		c.Stations = 1
		g.r.FirstTurn = true
	}
}

// stockTurn starts a stock round at a seat, privates sold.
func stockTurn(g *Game, seat int) {
	for _, p := range g.Privates {
		if p.Owner < 0 && p.Corp == "" {
			p.Closed = true
		}
	}
	g.r = round{RoundState: eighteen.RoundState{Kind: stockRound, Seat: seat, LastAct: -1}, First: seat}
}

func place(t *testing.T, g *Game, hex, id string, rot int) {
	t.Helper()
	h := mustHex(t, hex)
	g.Layout.Tiles[h] = eighteen.Placed{Tile: g.Tiles()[id], Rotation: rot}
	g.Left[id]--
}

func act(t *testing.T, g *Game, seat int, line string) {
	t.Helper()
	a, err := move.ParseAction(seat, line)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(a); err != nil {
		t.Fatalf("%s by seat %d: %v", line, seat, err)
	}
}

func refuse(t *testing.T, g *Game, seat int, line, rule string) {
	t.Helper()
	a, _ := move.ParseAction(seat, line)
	before := fingerprint(g)
	err := g.Apply(a)
	if err == nil {
		t.Fatalf("%s by seat %d was allowed; want a refusal citing %s", line, seat, rule)
	}
	if !strings.Contains(err.Error(), rule) {
		t.Errorf("%s refused with %q; want it to cite %s", line, err, rule)
	}
	if after := fingerprint(g); after != before {
		t.Errorf("%s was refused but changed the game", line)
	}
}

// fingerprint is the game's whole visible state, to tell whether a
// refused move changed any of it.
func fingerprint(g *Game) string {
	var b strings.Builder
	for _, p := range g.Players {
		fmt.Fprintf(&b, "%+v\n", *p)
	}
	for _, c := range g.Corps {
		fmt.Fprintf(&b, "%+v\n", *c)
	}
	for _, p := range g.Privates {
		fmt.Fprintf(&b, "%+v\n", *p)
	}
	r := g.r // its pointers by what they point at, so that a clone prints the same
	r.Auction, r.Offer = nil, nil
	if a := g.r.Auction; a != nil {
		fmt.Fprintf(&b, "%+v\n", *a)
	}
	if o := g.r.Offer; o != nil {
		fmt.Fprintf(&b, "%+v\n", *o)
	}
	if c := g.Operating(); c != nil {
		fmt.Fprintf(&b, "%s\n", c.Sym)
	}
	fmt.Fprintf(&b, "%d %v %v %v %v %d %d %v %v %+v\n", g.Bank, g.Pool, g.PoolTrains, g.Depot, g.Left, g.Phase, g.Priority, g.Broken, g.Ended, r)
	for _, t := range []*Token{g.Cattle, g.Port} {
		if t != nil {
			fmt.Fprintf(&b, "%+v\n", *t)
		}
	}
	for _, h := range g.Board().Order {
		fmt.Fprintf(&b, "%v%v", g.Layout.Tiles[h], g.Layout.Tokens[h])
	}
	return b.String() + fmt.Sprint(len(g.Events))
}

func TestStartingCapital(t *testing.T) {
	for n, want := range map[int]int{2: 1050, 3: 700, 4: 525, 5: 420, 6: 350, 7: 300} { // 3.3
		g, err := New(Setup{Players: []string{"a", "b", "c", "d", "e", "f", "g"}[:n]})
		if err != nil {
			t.Fatal(err)
		}
		if g.Players[0].Cash != want || g.Bank != spec.Bank-n*want {
			t.Errorf("%d players: $%d each and $%d in the bank, want $%d and $%d", n, g.Players[0].Cash, g.Bank, want, spec.Bank-n*want)
		}
	}
	if _, err := New(Setup{Players: []string{"solo"}}); err == nil {
		t.Error("a game of one was dealt")
	}
}

func TestCertificateLimits(t *testing.T) {
	for _, tc := range []struct{ players, closed, want int }{ // 5.4.1
		{3, 0, 20}, {4, 0, 16}, {5, 0, 13}, {6, 0, 11}, {7, 0, 9},
		{3, 1, 17}, {4, 1, 14}, {6, 1, 9}, {7, 1, 7},
		{3, 2, 15}, {5, 2, 9}, {6, 3, 8}, {7, 2, 6},
	} {
		g, _ := New(Setup{Players: []string{"a", "b", "c", "d", "e", "f", "g"}[:tc.players]})
		for _, c := range g.Corps[:tc.closed] {
			c.Closed = true
		}
		if got := g.Limit(); got != tc.want {
			t.Errorf("%d players, %d companies closed: limit %d, want %d", tc.players, tc.closed, got, tc.want)
		}
	}
}

// TestHalfDividendExample is 9.1.2's: income of $50 splits as $30 to
// the shareholders and $20 to the company.
func TestHalfDividendExample(t *testing.T) {
	g := table(t)
	c := stage(t, g, "MP", 100, 0, map[int]int{0: 4, 1: 3, 2: 3}) // all ten with players
	operate(g, c, eighteen.StepDividend)
	g.r.Revenue = 50
	before := []int{g.Players[0].Cash, g.Players[1].Cash, g.Players[2].Cash}
	pos := c.Pos
	act(t, g, 0, "HALF")
	paid := g.Players[0].Cash - before[0] + g.Players[1].Cash - before[1] + g.Players[2].Cash - before[2]
	if paid != 30 || c.Cash != 20 {
		t.Errorf("half of $50: shareholders $%d, company $%d; want $30 and $20", paid, c.Cash)
	}
	if c.Pos != pos {
		t.Errorf("a half dividend moved the price (9.1.4)")
	}
}

// TestDividendsMoveThePrice: full right, none left (9.1.4), and the
// shares in the initial offering pay the company (9.1.1).
func TestDividendsMoveThePrice(t *testing.T) {
	for _, tc := range []struct {
		verb            string
		col             int
		company, player int
	}{{"PAY", 7, 80, 20}, {"WITHHOLD", 5, 100, 0}} {
		g := table(t)
		c := stage(t, g, "MP", 100, 0, map[int]int{0: 2})
		operate(g, c, eighteen.StepDividend)
		g.r.Revenue = 100
		cash := g.Players[0].Cash
		act(t, g, 0, tc.verb)
		if c.Pos.Col != tc.col || c.Cash != tc.company || g.Players[0].Cash-cash != tc.player {
			t.Errorf("%s: column %d, company $%d, president +$%d; want %d, $%d, +$%d", tc.verb, c.Pos.Col, c.Cash, g.Players[0].Cash-cash, tc.col, tc.company, tc.player)
		}
	}
}

// TestPrivateSaleRange is 12.1's example: the GRSC, costing $20, sells to
// a company for $10 to $40; in phase one only the bridge company sells,
// to the MP or SSW, for $40 at most (15.2).
func TestPrivateSaleRange(t *testing.T) {
	g := table(t)
	c := stage(t, g, "MP", 100, 500, map[int]int{0: 6})
	g.Private(GRSC).Owner = 0
	g.Private(MRBC).Owner = 0
	operate(g, c, eighteen.StepTrack)
	refuse(t, g, 0, "BUYPRIVATE GRSC 20", "4.2.1")
	for _, o := range g.Legal(0) {
		if o.Verb == "BUYPRIVATE" && (o.Args[0] != MRBC || o.Min != 20 || o.Max != 40) {
			t.Errorf("phase one offers %s", o)
		}
	}
	g.Phase = 2
	var got []string
	for _, o := range g.Legal(0) {
		if o.Verb == "BUYPRIVATE" {
			got = append(got, o.String())
		}
	}
	want := []string{"BUYPRIVATE GRSC <10 to 40>", "BUYPRIVATE MRBC <20 to 80>"}
	if !slices.Equal(got, want) {
		t.Errorf("phase two offers %q, want %q", got, want)
	}
	refuse(t, g, 0, "BUYPRIVATE GRSC 41", "12.1")
	refuse(t, g, 0, "BUYPRIVATE GRSC 9", "12.1")
	act(t, g, 0, "BUYPRIVATE GRSC 40")
	if g.Private(GRSC).Corp != "MP" || c.Cash != 460 {
		t.Errorf("after the sale the GRSC is %q's and MP has $%d", g.Private(GRSC).Corp, c.Cash)
	}
}

// TestBridgeCompanyAtMemphis is 15.2's example: while a player holds the
// bridge company, the SSW in Memphis may lay the yellow city tiles only
// with their track on the river's east bank; once the SSW buys it in its
// first turn, it bridges the river at home for nothing and lays two more
// tiles besides.
func TestBridgeCompanyAtMemphis(t *testing.T) {
	g := table(t)
	c := stage(t, g, "SSW", 100, 300, map[int]int{1: 6})
	g.Private(MRBC).Owner = 1
	operate(g, c, eighteen.StepTrack)
	h17 := g.Board().Space(mustHex(t, "H17"))
	var lays []string
	for _, o := range g.Legal(1) {
		if o.Verb == "LAY" && o.Args[0] == "H17" {
			lays = append(lays, o.Args[1])
			rot, _ := eighteen.Atoi(o.Args[2])
			if h17.CrossesRiver(g.Tiles()[o.Args[1]], rot) {
				t.Errorf("LAY %v crosses the river while a player holds the bridge", o.Args)
			}
		}
	}
	slices.Sort(lays)
	if lays = slices.Compact(lays); !slices.Equal(lays, []string{"5", "57", "6"}) {
		t.Errorf("tiles layable on Memphis: %v, want #5, #6 and #57", lays)
	}
	refuse(t, g, 1, "LAY H17 57 1", "15.2") // west to east across the river
	act(t, g, 1, "BUYPRIVATE MRBC 40")
	act(t, g, 1, "LAY H17 57 1")
	if c.Cash != 260 || !c.BridgeUsed || g.r.Lays != 0 {
		t.Errorf("the home bridge: SSW has $%d (want $260, nothing paid), used %v, lays counted %d", c.Cash, c.BridgeUsed, g.r.Lays)
	}
	act(t, g, 1, "LAY H19 9 1")
	act(t, g, 1, "LAY H21 3 0")
	if g.r.Step != eighteen.StepToken {
		t.Errorf("after three lays the SSW is still laying track")
	}
}

// TestTwoYellowOrOneUpgrade: 1.2 and 6: two yellow tiles a turn, or an
// upgrade instead, never after a yellow lay.
func TestTwoYellowOrOneUpgrade(t *testing.T) {
	g := table(t)
	c := stage(t, g, "TP", 100, 300, map[int]int{0: 6})
	g.Phase = 2
	operate(g, c, eighteen.StepTrack)
	place(t, g, "J5", "57", 1)
	act(t, g, 0, "LAY J7 9 1")
	refuse(t, g, 0, "LAY J5 15 1", "6")
	act(t, g, 0, "LAY J9 4 1")
	refuse(t, g, 0, "LAY J11 9 1", "4.1")
	operate(g, c, eighteen.StepTrack)
	act(t, g, 0, "LAY J5 15 1")
	if g.r.Step != eighteen.StepToken {
		t.Error("an upgrade left the track step open")
	}
}

// TestPresidencyTiesGoLeft: of two players who each come to hold more
// than the president, the one nearer his left takes over (5.6).
func TestPresidencyTiesGoLeft(t *testing.T) {
	g := table(t)
	c := stage(t, g, "MP", 100, 0, map[int]int{1: 3, 3: 2, 0: 2})
	stockTurn(g, 1)
	g.r.Initial = false
	act(t, g, 1, "SELL MP 2")
	if c.President != 3 {
		t.Errorf("president is seat %d, want Di (3), the first to Bob's left with two", c.President)
	}
}

// TestPriceProtection is 5.9: the president buys what another sold, the
// price holds, and play resumes left of him, skipping players.
func TestPriceProtection(t *testing.T) {
	for _, protect := range []bool{true, false} {
		g := table(t)
		c := stage(t, g, "MP", 100, 0, map[int]int{0: 4, 2: 3})
		stockTurn(g, 2)
		pos := c.Pos
		act(t, g, 2, "SELL MP 2")
		act(t, g, 2, "DONE")
		if g.Acting()[0] != 0 {
			t.Fatalf("after Cy's sale seat %d acts; want Ann, MP's president", g.Acting()[0])
		}
		if protect {
			act(t, g, 0, "PROTECT MP")
			if c.Pos != pos || g.Players[0].Units("MP") != 6 || g.PoolUnits("MP") != 0 {
				t.Errorf("protected: price moved to %v, Ann holds %d, pool %d", c.Pos, g.Players[0].Units("MP"), g.PoolUnits("MP"))
			}
			if g.r.Seat != 1 {
				t.Errorf("after Ann protects seat %d acts; want Bob, to her left (5.9 rule 4)", g.r.Seat)
			}
			continue
		}
		act(t, g, 0, "DECLINE MP")
		if c.Pos.Row != pos.Row+2 || g.r.Seat != 3 {
			t.Errorf("declined: row %d (want %d), seat %d to act (want Di)", c.Pos.Row, pos.Row+2, g.r.Seat)
		}
	}
}

// TestStockRoundRules: sale rules of 5.3 to 5.4.
func TestStockRoundRules(t *testing.T) {
	g := table(t)
	stage(t, g, "MP", 100, 0, map[int]int{0: 4, 1: 1})
	stage(t, g, "IC", 90, 0, map[int]int{1: 2})
	stockTurn(g, 0)
	refuse(t, g, 0, "SELL MP 3", "5.6") // no one else could take MP over
	g.r.Initial = true
	refuse(t, g, 0, "SELL MP 1", "5.7")
	g.r.Initial = false
	act(t, g, 0, "SELL MP 1")
	refuse(t, g, 0, "SELL MP 1", "5.3.3")
	refuse(t, g, 0, "BUY MP IPO", "5.3.3")
	act(t, g, 0, "BUY IC IPO")
	refuse(t, g, 0, "BUY IC IPO", "5.3")
	refuse(t, g, 0, "SELL IC 1", "5.3.4")
	act(t, g, 0, "DONE")
	g.Transfer(&g.Corp("IC").Corporation, eighteen.InIPO, eighteen.InPool, 5)
	stockTurn(g, 1)
	refuse(t, g, 1, "SELL IC 1", "5.4.2")
}

// TestBuyThenSell: 5.3.5 lets a player buy first and then sell, even
// the company just bought; 5.3.4 forbids only sell, buy, sell (rulings
// G6).
func TestBuyThenSell(t *testing.T) {
	g := table(t)
	stage(t, g, "MP", 100, 0, map[int]int{0: 3, 1: 2})
	stage(t, g, "IC", 90, 0, map[int]int{1: 3})
	stockTurn(g, 0)
	act(t, g, 0, "BUY MP IPO")
	act(t, g, 0, "SELL MP 2")
	if got := g.Players[0].Units("MP"); got != 2 || g.PoolUnits("MP") != 2 {
		t.Errorf("after buying one MP and selling two Ann holds %d and the pool %d; want 2 and 2", got, g.PoolUnits("MP"))
	}
	refuse(t, g, 0, "SELL MP 1", "5.3.3") // one block a company a turn
	act(t, g, 0, "DONE")
	stockTurn(g, 1)
	act(t, g, 1, "SELL IC 1")
	act(t, g, 1, "BUY MP POOL")
	refuse(t, g, 1, "SELL MP 1", "5.3.4") // sell, buy, sell
}

// TestAllSoldRises: at the stock round's end a company with no shares in
// the initial offering or the open market rises a row (5.2.3).
func TestAllSoldRises(t *testing.T) {
	g := table(t)
	c := stage(t, g, "MP", 90, 0, map[int]int{0: 6, 1: 4})
	d := stage(t, g, "IC", 90, 0, map[int]int{2: 6})
	stockTurn(g, 0)
	for s := range 4 {
		act(t, g, s, "PASS")
	}
	if c.Pos.Row != 0 || d.Pos.Row != 1 {
		t.Errorf("rows after the round: MP %d (all sold, want 0), IC %d (want 1)", c.Pos.Row, d.Pos.Row)
	}
}

// TestInitialAuction is 5.7: a purchase sells the next private to its
// bidders, by auction among two, begun by the bidder left of the high
// one; play resumes left of the buyer who set it off.
func TestInitialAuction(t *testing.T) {
	g := table(t)
	refuse(t, g, 0, "BUY MRBC", "5.7")
	refuse(t, g, 0, "BID MRBC 44", "5.7")
	act(t, g, 0, "BID MRBC 45")
	act(t, g, 1, "BID MRBC 50")
	refuse(t, g, 2, "BID GRSC 30", "5.7")
	act(t, g, 2, "BUY GRSC")
	if got := g.Acting(); got[0] != 0 {
		t.Fatalf("the auction begins with seat %d; want Ann, the bidder left of Bob", got[0])
	}
	refuse(t, g, 0, "BID MRBC 54", "5.7")
	act(t, g, 0, "BID MRBC 55")
	act(t, g, 1, "PASS")
	if p := g.Private(MRBC); p.Owner != 0 || g.Players[0].Cash != 525-55 || g.Players[1].Cash != 525 {
		t.Errorf("MRBC to seat %d; Ann $%d, Bob $%d", p.Owner, g.Players[0].Cash, g.Players[1].Cash)
	}
	if got := g.Acting(); got[0] != 3 {
		t.Errorf("after the auction seat %d acts; want Di, left of Cy who bought the GRSC", got[0])
	}
}

// TestEveryonePassesInTheInitialRound: the privates operate, the GRSC
// falls $5 a time, and at $0 goes to the first player offered it (5.7).
func TestEveryonePassesInTheInitialRound(t *testing.T) {
	g := table(t)
	for round := 1; round <= 4; round++ {
		for s := range 4 {
			act(t, g, s, "PASS")
		}
		if p := g.Private(GRSC); round < 4 && p.Cost != 20-5*round {
			t.Errorf("after %d rounds of passes the GRSC costs $%d", round, p.Cost)
		}
	}
	if p := g.Private(GRSC); p.Owner != 0 || g.Players[0].Cash != 525 {
		t.Errorf("the free GRSC went to seat %d", p.Owner)
	}
}

// TestPhaseChange: the first 4-train scraps the 2s and drops the limit to
// three; a company over it discards (4.2.3, 10.2.1, 10.3).
func TestPhaseChange(t *testing.T) {
	g := table(t)
	c := stage(t, g, "MP", 100, 1000, map[int]int{0: 6})
	d := stage(t, g, "IC", 100, 0, map[int]int{1: 6})
	c.Trains = []int{3, 3, 3}
	d.Trains = []int{2, 3, 3, 3}
	g.Phase, g.Depot[0], g.Depot[1] = 2, 0, 0
	operate(g, c, eighteen.StepTrains)
	act(t, g, 0, "BUYTRAIN 4 DEPOT")
	if g.Phase != 3 || len(d.Trains) != 3 {
		t.Fatalf("phase %d, IC's trains %v", g.Phase, d.Trains)
	}
	if got := g.Acting(); got[0] != 0 || g.r.Pending[0].Corp != "MP" {
		t.Fatalf("seat %v must act for %s", got, g.r.Pending[0].Corp)
	}
	refuse(t, g, 0, "DISCARD 2", "10.2.1")
	act(t, g, 0, "DISCARD 3")
	if len(c.Trains) != 3 || !slices.Contains(g.PoolTrains, 3) {
		t.Errorf("MP %v, open market %v", c.Trains, g.PoolTrains)
	}
	refuse(t, g, 0, "BUYTRAIN 3 POOL", "10.2")
}

// TestForcedTrain: a company with a route and no train must buy one; the
// president pays what it lacks, for the cheapest train only, selling
// shares if he must; short of that he is bankrupt and the game ends
// (10.1, 10.6, 13.1).
func TestForcedTrain(t *testing.T) {
	g := table(t)
	c := stage(t, g, "TP", 100, 30, map[int]int{0: 2, 1: 2})
	stage(t, g, "IC", 90, 0, map[int]int{0: 3})
	place(t, g, "J5", "57", 1)
	place(t, g, "J3", "57", 1)
	operate(g, c, eighteen.StepTrains)
	g.Players[0].Cash = 20
	refuse(t, g, 0, "DONE", "10.1")
	refuse(t, g, 0, "BUYTRAIN 2 DEPOT", "10.6.2")
	refuse(t, g, 0, "SELL TP 1", "10.6.2") // would cost him TP
	act(t, g, 0, "SELL IC 1")
	// Ann's one IC brings $90: $140 now, with TP's $30, against $80.
	act(t, g, 0, "BUYTRAIN 2 DEPOT")
	if c.Cash != 0 || g.Players[0].Cash != 20+90-50 || len(c.Trains) != 1 {
		t.Errorf("after the forced train: TP $%d, Ann $%d, trains %v", c.Cash, g.Players[0].Cash, c.Trains)
	}
	g2 := table(t)
	c2 := stage(t, g2, "TP", 100, 0, map[int]int{0: 2, 1: 2})
	place(t, g2, "J5", "57", 1)
	place(t, g2, "J3", "57", 1)
	g2.Players[0].Cash = 10
	operate(g2, c2, eighteen.StepTrains)
	g2.advance()
	if !g2.Over() || g2.Bankrupt != 0 {
		t.Errorf("Ann cannot pay for TP's train: over %v, bankrupt seat %d", g2.Over(), g2.Bankrupt)
	}
}

// TestConnectionRun is 11: once a company can run a train it owns from
// home to destination it places its destination token and runs at once,
// the destination counting double (11.5); a token already there becomes
// the destination token and the company gains a $100 token (11.4.1). The
// Texas & Pacific's destination is staged one hex away, at Fort Worth.
func TestConnectionRun(t *testing.T) {
	for _, already := range []bool{false, true} {
		g := table(t)
		c := stage(t, g, "TP", 100, 0, map[int]int{0: 6})
		c.Dest = mustHex(t, "J3")
		place(t, g, "J5", "57", 1)
		place(t, g, "J3", "57", 1)
		operate(g, c, eighteen.StepTrains)
		c.Trains = []int{2}
		if already {
			g.addToken(c.Dest, c.Sym)
			c.Stations++
		}
		act(t, g, 0, "DONE")
		if len(g.r.Pending) == 0 || g.r.Pending[0].Kind != pendConnect {
			t.Fatalf("no connection run after TP's turn")
		}
		cash := g.Players[0].Cash
		act(t, g, 0, "DEST MAP")
		refuse(t, g, 0, "HALF", "11.4.2")
		act(t, g, 0, "PAY")
		// Dallas $20 and Fort Worth $20 counted twice: $60, $6 a share.
		if g.Players[0].Cash-cash != 36 || !c.Connected || !c.DestToken {
			t.Errorf("connection run paid Ann $%d (want $36); connected %v", g.Players[0].Cash-cash, c.Connected)
		}
		wantExtra := map[bool]int{false: 0, true: 1}[already]
		if c.Extra != wantExtra {
			t.Errorf("token already at the destination %v: $100 tokens %d, want %d", already, c.Extra, wantExtra)
		}
	}
}

func TestReissuePar(t *testing.T) {
	for _, tc := range []struct{ old, price, want int }{ // 5.11
		{76, 120, 90}, {100, 120, 100}, {68, 100, 76}, {68, 150, 110}, {90, 250, 180}, {72, 400, 200}, {68, 40, 68},
	} {
		if got := reissuePar(tc.old, tc.price); got != tc.want {
			t.Errorf("par $%d, price $%d: reissue at $%d, want $%d", tc.old, tc.price, got, tc.want)
		}
	}
}

// TestRedeemAndReissue: a company buys back a share from the open market
// first, once a round; later it reissues them all at the new par and is
// paid as they sell, at the round's end (5.10, 5.11).
func TestRedeemAndReissue(t *testing.T) {
	g := table(t)
	c := stage(t, g, "MP", 100, 500, map[int]int{0: 4, 1: 3, 2: 3})
	c.Operating = true
	g.Transfer(&c.Corporation, eighteen.Hand(2), eighteen.InPool, 1)
	stockTurn(g, 0)
	refuse(t, g, 0, "REDEEM MP SELF", "5.10")
	act(t, g, 0, "REDEEM MP")
	if c.Treasury.Units() != 1 || c.Cash != 400 || g.PoolUnits("MP") != 0 {
		t.Errorf("after redeeming: treasury %d, cash $%d, pool %d", c.Treasury.Units(), c.Cash, g.PoolUnits("MP"))
	}
	act(t, g, 1, "PASS")
	act(t, g, 2, "PASS")
	act(t, g, 3, "PASS")
	refuse(t, g, 0, "REDEEM MP SELF", "5.10")
	act(t, g, 0, "REISSUE MP")
	if c.IPO.Units() != 1 || c.Treasury.Units() != 0 || c.Par != 100 {
		t.Errorf("after reissue: offering %d, treasury %d, par %d", c.IPO.Units(), c.Treasury.Units(), c.Par)
	}
	act(t, g, 1, "BUY MP IPO")
	if c.Cash != 400 || c.Pending != 100 {
		t.Errorf("the reissued share's money went early: cash $%d, owed $%d", c.Cash, c.Pending)
	}
}

// TestUndoReplaysToAnEarlierPoint: UNDO is a log entry; the game replays
// without the moves it takes back.
func TestUndoReplaysToAnEarlierPoint(t *testing.T) {
	fresh := func() (move.Engine, error) { return New(Setup{Players: []string{"Ann", "Bob", "Cy"}, Seed: 3}) }
	g0, _ := fresh()
	a := g0.Acting()[0] // the seat the seed dealt the first priority
	b, c := (a+1)%3, (a+2)%3
	log := []move.Action{
		{Seat: a, Verb: "BUY", Args: []string{"GRSC"}},
		{Seat: b, Verb: "BID", Args: []string{"GSC", "90"}},
		{Seat: b, Verb: move.Undo, Args: []string{"1"}},
		{Seat: b, Verb: "PASS"},
	}
	e, standing, err := move.Replay(fresh, log)
	if err != nil {
		t.Fatal(err)
	}
	g := e.(*Game)
	if len(standing) != 2 || len(g.Private(GSC).Bids) != 0 || g.Acting()[0] != c {
		t.Errorf("after the undo: %d moves stand, GSC bids %v, seat %v to act", len(standing), g.Private(GSC).Bids, g.Acting())
	}
	if _, _, err := move.Replay(fresh, append(log, move.Action{Verb: move.Undo, Args: []string{"9"}})); err == nil {
		t.Error("an undo past the start was taken")
	}
}

// TestBankBreaks: a payment the bank cannot make breaks it; the $1000
// notes come in, the set of operating rounds finishes, and the game ends
// (13.2).
func TestBankBreaks(t *testing.T) {
	g := table(t)
	c := stage(t, g, "MP", 100, 0, map[int]int{0: 6, 1: 4})
	operate(g, c, eighteen.StepDividend)
	g.r.Revenue = 300
	g.Bank = 100
	act(t, g, 0, "PAY")
	if !g.Broken || g.Bank != 100+brokenBills-300 {
		t.Fatalf("broken %v, bank $%d", g.Broken, g.Bank)
	}
	if g.Over() {
		t.Fatal("the game ended before the set of operating rounds was done")
	}
	act(t, g, 0, "DONE")
	if !g.Over() {
		t.Error("the set of operating rounds ended and the game did not")
	}
}

// TestScore is 14 and 13.1: cash, shares at market, privates at cost; a
// bankrupt player's cash does not count.
func TestScore(t *testing.T) {
	g := table(t)
	stage(t, g, "MP", 100, 0, map[int]int{0: 3})
	g.Private(GSC).Owner = 0
	if got, want := g.Score(0), 525+3*100+80; got != want {
		t.Errorf("score $%d, want $%d", got, want)
	}
	g.Bankrupt = 0
	if got, want := g.Score(0), 3*100+80; got != want {
		t.Errorf("bankrupt score $%d, want $%d", got, want)
	}
}

// TestSeatsAreThePositions: the players sit in the order the game lists
// them, so that seat k is the player the processor mails as position k+1;
// the seed deals only the first priority (3.2; ruling G14).
func TestSeatsAreThePositions(t *testing.T) {
	names := []string{"Ann", "Bob", "Cy", "Di"}
	firsts := map[int]bool{}
	for seed := range uint64(20) {
		g, err := New(Setup{Players: names, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		for k, p := range g.Players {
			if p.Name != names[k] {
				t.Fatalf("seed %d: seat %d is %s, want %s", seed, k, p.Name, names[k])
			}
		}
		firsts[g.Acting()[0]] = true
		if g.Acting()[0] != g.Priority {
			t.Errorf("seed %d: seat %d acts first but seat %d holds the priority", seed, g.Acting()[0], g.Priority)
		}
	}
	if len(firsts) < 3 {
		t.Errorf("20 seeds dealt the first priority to only %d seats", len(firsts))
	}
}

// TestRemainingSharesCountAtTheOldPrice: while the president may still
// protect, the seller's remaining shares count toward the limit where the
// token stands, the price of the turn's start (5.3.3, 5.4.1, 5.9; rulings
// G15). Ann holds 18 certificates against 16 (a dividend may take a token
// out of the yellow zone). She sells two GMO at $68; unprotected, the
// fall would take GMO to the yellow $60 and her two left off the count,
// but during her turn they count: 16, and no purchase. If Bob protects,
// the price holds and she stays at 16; if not, she is at 14.
func TestRemainingSharesCountAtTheOldPrice(t *testing.T) {
	for _, protect := range []bool{true, false} {
		g := table(t)
		gmo := stage(t, g, "GMO", 68, 0, map[int]int{1: 5, 0: 4})
		stage(t, g, "MP", 100, 0, map[int]int{0: 6})
		stage(t, g, "IC", 100, 0, map[int]int{0: 6})
		stage(t, g, "ATSF", 100, 0, map[int]int{0: 5})
		stage(t, g, "TP", 100, 0, map[int]int{2: 2})
		stockTurn(g, 0)
		if got := g.Certs(0); got != g.Limit()+2 {
			t.Fatalf("Ann holds %d certificates, want %d", got, g.Limit()+2)
		}
		act(t, g, 0, "SELL GMO 2")
		if got := g.Certs(0); got != g.Limit() {
			t.Errorf("after the sale Ann holds %d certificates, want %d: her two GMO at $68 count", got, g.Limit())
		}
		refuse(t, g, 0, "BUY TP IPO", "5.4.1")
		act(t, g, 0, "DONE")
		if protect {
			act(t, g, 1, "PROTECT GMO")
		} else {
			act(t, g, 1, "DECLINE GMO")
		}
		want, price := g.Limit(), 68
		if !protect {
			want, price = g.Limit()-2, 60
		}
		if g.Price(gmo) != price || g.Certs(0) != want {
			t.Errorf("protected %v: GMO at $%d, Ann holds %d certificates; want $%d and %d", protect, g.Price(gmo), g.Certs(0), price, want)
		}
	}
}

// TestBridgeDiscountAtTheFirstCrossing: the company owning the bridge
// company pays $40 less for its first yellow tile that crosses the river,
// without asking; a later crossing pays in full (15.2; rulings G16). Each
// lay is listed once, at the lower cost: there is no laying the first
// crossing in full to keep the discount.
func TestBridgeDiscountAtTheFirstCrossing(t *testing.T) {
	g := table(t)
	c := stage(t, g, "SSW", 100, 300, map[int]int{1: 6})
	p := g.Private(MRBC)
	p.Owner, p.Corp = -1, c.Sym
	operate(g, c, eighteen.StepTrack)
	g.r.FirstTurn = false
	crossings := func(g *Game) []move.Option {
		var out []move.Option
		for _, o := range g.Legal(1) {
			if o.Verb != "LAY" {
				continue
			}
			rot, _ := eighteen.Atoi(o.Args[2])
			if g.Board().Space(mustHex(t, o.Args[0])).CrossesRiver(g.Tiles()[o.Args[1]], rot) {
				out = append(out, o)
			}
		}
		return out
	}
	// A crossing at Memphis after which the track reaches another.
	var first, second move.Option
	for _, o := range crossings(g) {
		if o.Args[0] != "H17" {
			continue
		}
		try := g.Clone()
		if err := try.Apply(o.Action(1)); err != nil {
			t.Fatal(err)
		}
		if next := crossings(try); len(next) > 0 {
			first, second = o, next[0]
			break
		}
	}
	if first.Verb == "" {
		t.Fatal("no two crossings to lay from Memphis")
	}
	n := 0
	for _, o := range g.Legal(1) {
		if o.Action(1).String() == first.Action(1).String() {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%s listed %d times, want once", first.Action(1), n)
	}
	act(t, g, 1, first.Action(1).String())
	if c.Cash != 300-(60-40) || !c.BridgeUsed || g.r.Lays != 1 {
		t.Fatalf("after %s SSW has $%d (want $280: Memphis's $60 less $40), used %v, lays %d", first.Action(1), c.Cash, c.BridgeUsed, g.r.Lays)
	}
	cost := g.Board().Space(mustHex(t, second.Args[0])).Cost
	act(t, g, 1, second.Action(1).String())
	if cost < 40 || c.Cash != 280-cost {
		t.Errorf("the second crossing, %s, left SSW $%d; want $%d, its $%d in full", second.Action(1), c.Cash, 280-cost, cost)
	}
}
