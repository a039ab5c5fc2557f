package chicagoexpress

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/move"
)

// fingerprint is the whole visible state, to show a refused move changed
// nothing.
func fingerprint(t *testing.T, g *Game) string {
	t.Helper()
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + strings.Join(g.events, "\n")
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

// refuse applies a move that must fail citing the rule, and checks the
// game is unchanged.
func refuse(t *testing.T, g *Game, seat int, line, rule string) {
	t.Helper()
	before := fingerprint(t, g)
	a, _ := move.ParseAction(seat, line)
	err := g.Apply(a)
	if err == nil {
		t.Fatalf("%s by seat %d was taken; want a refusal citing %s", line, seat, rule)
	}
	if !strings.Contains(err.Error(), rule) {
		t.Fatalf("%s: %v; want it to cite %s", line, err, rule)
	}
	if fingerprint(t, g) != before {
		t.Fatalf("%s was refused but changed the game", line)
	}
}

func hex(t *testing.T, g *Game, id string) int {
	t.Helper()
	h, ok := g.board.Index(id)
	if !ok {
		t.Fatalf("no hex %s", id)
	}
	return h
}

// opened is a 4-player game past its opening auctions, with nobody
// bidding: each starting bidder takes the share free (section 3).
func opened(t *testing.T) *Game {
	t.Helper()
	g := newGame(t, 4, 1)
	for g.Phase == PhaseInitial {
		act(t, g, g.Acting()[0], "PASS")
	}
	return g
}

func TestStartingCashAndIncome(t *testing.T) {
	for players, want := range map[int]int{2: 60, 3: 40, 4: 30, 5: 24, 6: 20} {
		g := newGame(t, players, 3)
		for _, c := range g.Cash {
			if c != want {
				t.Errorf("%d players: $%d each, want $%d (section 3)", players, c, want)
			}
		}
	}
	g := newGame(t, 3, 3)
	for sym, want := range map[string]int{"PRR": 7, "B&O": 6, "C&O": 5, "NYC": 8} {
		ci, _ := companyIndex(sym)
		if g.Corps[ci].Income != want {
			t.Errorf("%s starts at income %d, want %d (section 3, ruling C1)", sym, g.Corps[ci].Income, want)
		}
	}
	if _, err := New(Setup{Players: []string{"a"}}); err == nil {
		t.Error("a one-player game was set up")
	}
}

// TestOpeningAuctions follows section 3: PRR, B&O, C&O, NYC in turn, the
// winner opens the next, a share nobody bids on goes free to its starting
// bidder, and the PRR's buyer begins.
func TestOpeningAuctions(t *testing.T) {
	g := newGame(t, 4, 1)
	s0 := g.Auction.Opener
	s1, s2 := (s0+1)%4, (s0+2)%4
	refuse(t, g, s1, "BID 9", "section 4")
	refuse(t, g, s0, "BID 6", "5, Action A")
	refuse(t, g, s0, "BID 31", "section 3")
	act(t, g, s0, "PASS")
	act(t, g, s1, "BID 7")
	act(t, g, s2, "BID 9")
	for g.Auction.Corp == 0 {
		act(t, g, g.Acting()[0], "PASS")
	}
	if g.Holding[s2][0] != 1 || g.Cash[s2] != 21 || g.Corps[0].Treasury != 9 {
		t.Fatalf("PRR share: holder %v, cash %d, treasury %d; want seat %d paying $9 to the charter", g.Holding[s2], g.Cash[s2], g.Corps[0].Treasury, s2)
	}
	if g.Auction.Opener != s2 || g.Acting()[0] != s2 {
		t.Fatalf("B&O auction opened by %d, want the PRR's buyer %d", g.Auction.Opener, s2)
	}
	for g.Phase == PhaseInitial {
		act(t, g, g.Acting()[0], "PASS")
	}
	if g.Holding[s2][1] != 1 || g.Holding[s2][2] != 1 || g.Holding[s2][3] != 1 || g.Corps[1].Treasury != 0 {
		t.Fatalf("unbid shares should go free to the starting bidder %d: %v", s2, g.Holding[s2])
	}
	if g.Phase != PhaseTurn || g.Current != s2 {
		t.Fatalf("phase %v, current %d; want the PRR's buyer %d to begin", g.Phase, g.Current, s2)
	}
}

// TestMinimumBidAndDividendRoundUp checks the two divisions of section 5:
// income over shares sold plus one for a bid, over shares sold for a
// dividend, both rounded up.
func TestMinimumBidAndDividendRoundUp(t *testing.T) {
	tests := []struct{ income, sold, minBid, dividend int }{
		{7, 0, 7, 0},
		{7, 1, 4, 7},
		{7, 2, 3, 4},
		{12, 3, 3, 4},
		{13, 5, 3, 3},
	}
	for _, tc := range tests {
		c := Corp{Income: tc.income, Sold: tc.sold}
		if c.MinBid() != tc.minBid || c.Dividend() != tc.dividend {
			t.Errorf("income %d, %d sold: min bid %d, dividend %d; want %d and %d", tc.income, tc.sold, c.MinBid(), c.Dividend(), tc.minBid, tc.dividend)
		}
	}
}

func TestAuctionAction(t *testing.T) {
	g := opened(t)
	p := g.Current
	refuse(t, g, p, "AUCTION WAB 1", "5, Action A")
	refuse(t, g, p, "AUCTION PRR 3", "5, Action A") // 7 over 2 is 4
	act(t, g, p, "AUCTION PRR 4")
	if g.Dials[ActAuction] != 1 || g.Phase != PhaseAuction {
		t.Fatalf("dial %v phase %v", g.Dials, g.Phase)
	}
	next := (p + 1) % 4
	refuse(t, g, next, "BID 4", "5, Action A")
	act(t, g, next, "BID 5")
	for g.Phase == PhaseAuction {
		act(t, g, g.Acting()[0], "PASS")
	}
	if g.Holding[next][0] != 1 || g.Corps[0].Treasury != 5 || g.Current != next {
		t.Fatalf("seat %d should own the share for $5 and take the next turn: holding %v treasury %d current %d", next, g.Holding[next], g.Corps[0].Treasury, g.Current)
	}
}

// owned gives seat the turn and a share of each company, with money in
// every treasury, so that a test can stage moves.
func owned(t *testing.T, seat int) *Game {
	t.Helper()
	g := opened(t)
	g.Current = seat
	for ci, c := range g.Corps {
		if g.Holding[seat][ci] == 0 && ci != wabash {
			for s := range g.Holding {
				if g.Holding[s][ci] > 0 {
					g.Holding[s][ci]--
					g.Holding[seat][ci]++
					break
				}
			}
		}
		c.Treasury = 20
		g.BankOut += 20
	}
	return g
}

func sym(t *testing.T, s string) int {
	t.Helper()
	ci, ok := companyIndex(s)
	if !ok {
		t.Fatalf("no company %s", s)
	}
	return ci
}

// TestExpansion covers Action B: hexes connected to the network, at most
// three, start hexes barred, one locomotive per forest or mountain, the
// cost as red number times locomotives there, the money limit, and income
// by the kind of hex.
func TestExpansion(t *testing.T) {
	g := owned(t, 0)
	prr, bo, nyc := sym(t, "PRR"), sym(t, "B&O"), sym(t, "NYC")
	refuse(t, g, 0, "EXPAND PRR Q7", "5, Action B")          // Baltimore, B&O's start
	refuse(t, g, 0, "EXPAND PRR Q4 P4", "5, Action B")       // not connected
	refuse(t, g, 0, "EXPAND PRR R4 R3 Q4 Q3", "5, Action B") // four hexes
	refuse(t, g, 0, "EXPAND PRR R4 R4", "5, Action B")
	refuse(t, g, 0, "EXPAND PRR ZZ9", "K4")
	// Written out of order: R3 connects through R4, which comes later.
	act(t, g, 0, "EXPAND PRR R3 R4 Q4")
	if got := g.Corps[prr].Treasury; got != 20-5 {
		t.Errorf("R4 (1) + R3 (2) + Q4 (2) should cost $5; treasury %d", got)
	}
	if g.Corps[prr].Income != 7 || g.Corps[prr].Charter != 16 || g.Dials[ActExpand] != 1 {
		t.Errorf("plains and forests add no income: %+v", g.Corps[prr])
	}
	g.Current = 0
	refuse(t, g, 0, "EXPAND NYC R3", "5, Action B") // a forest with PRR there
	act(t, g, 0, "EXPAND PRR Q6")
	g.Current = 0
	act(t, g, 0, "EXPAND B&O Q6") // two locomotives there now: 1 x 2
	if got := g.Corps[bo].Treasury; got != 18 {
		t.Errorf("B&O into Q6 beside PRR should cost $2; treasury %d", got)
	}
	g.Current = 0
	g.Corps[nyc].Treasury = 1
	refuse(t, g, 0, "EXPAND NYC S2 S4", "5, Action B") // $2, it has $1
	// Income: Pittsburgh gives its track value, a mountain its black number.
	g.Corps[prr].Treasury = 20
	g.place(hex(t, g, "L3"), prr)
	before := g.Corps[prr].Income
	act(t, g, 0, "EXPAND PRR K4 L4")
	if got := g.Corps[prr].Income - before; got != 4+1 {
		t.Errorf("Pittsburgh (4) and mountain L4 (1) should add 5; added %d", got)
	}
	if got := g.Corps[prr].Treasury; got != 20-4-3 {
		t.Errorf("K4 (4) and L4 (3) should cost $7; treasury %d", got)
	}
}

// TestExpandNeedsAShare: only a shareholder may expand a company.
func TestExpandNeedsAShare(t *testing.T) {
	g := owned(t, 0)
	bo := sym(t, "B&O")
	g.Holding[0][bo]--
	g.Holding[1][bo]++
	refuse(t, g, 0, "EXPAND B&O Q6", "5, Action B")
}

// TestMoreLimits covers the rest of sections 5 and 7: locomotives on the
// charter limit an expansion, a sold-out company is not auctioned, a
// second company reaching Chicago pays its dividend without a second
// Wabash auction, and a hex with only an opponent's train may be developed.
func TestMoreLimits(t *testing.T) {
	g := owned(t, 0)
	prr, bo, co := sym(t, "PRR"), sym(t, "B&O"), sym(t, "C&O")
	g.Corps[prr].Charter = 2
	refuse(t, g, 0, "EXPAND PRR R4 S5 R6", "5, Action B")
	g.Corps[prr].Sold = g.Corps[prr].Shares
	refuse(t, g, 0, "AUCTION PRR 9", "section 7")
	for _, o := range g.Legal(0) {
		if o.Verb == "AUCTION" && o.Args[0] == "PRR" {
			t.Errorf("a sold-out PRR is offered for auction: %v", o)
		}
	}
	g.Corps[prr].Sold = 1
	// B&O reaches Chicago first; then C&O does.
	g.place(hex(t, g, "A3"), bo)
	act(t, g, 0, "EXPAND B&O A2")
	for g.Phase == PhaseAuction {
		act(t, g, g.Acting()[0], "PASS")
	}
	g.Current = 0
	g.place(hex(t, g, "B2"), co)
	cash := g.Cash[0]
	act(t, g, 0, "EXPAND C&O A2")
	per := g.Corps[co].Dividend()
	if g.Cash[0]-cash != per*g.Holding[0][co] {
		t.Errorf("C&O in Chicago paid seat 0 $%d, want %d x $%d", g.Cash[0]-cash, g.Holding[0][co], per)
	}
	if g.Phase != PhaseTurn || g.Current != 1 || g.Corps[wabash].Charter != 10 {
		t.Errorf("a second arrival opens no auction and places no second Wabash locomotive: phase %v current %d charter %d", g.Phase, g.Current, g.Corps[wabash].Charter)
	}
	// Seat 1 holds no C&O share and develops a city only the C&O is in.
	g.Holding[2][co] += g.Holding[1][co]
	g.Holding[1][co] = 0
	g.place(hex(t, g, "C2"), co)
	before := g.Corps[co].Income
	act(t, g, 1, "DEVELOP C2")
	if g.Corps[co].Income != before+2 {
		t.Errorf("developing C2 (house 2) raised C&O's income by %d", g.Corps[co].Income-before)
	}
}

// TestChicagoPhase: reaching Chicago pays that company's holders at once,
// the first arrival opens the Wabash at Fort Wayne and its first share is
// auctioned by the player who got there, from a minimum of its income.
func TestChicagoPhase(t *testing.T) {
	for _, developed := range []bool{false, true} {
		g := owned(t, 0)
		bo := sym(t, "B&O")
		g.place(hex(t, g, "A3"), bo)
		if developed {
			g.place(hex(t, g, "D3"), bo)
			g.Corps[bo].Income += 1
			act(t, g, 0, "DEVELOP D3")
			g.Current = 0
		}
		cash := append([]int(nil), g.Cash...)
		act(t, g, 0, "EXPAND B&O A2")
		c := g.Corps[bo]
		per := ceilDiv(c.Income, c.Sold)
		for s := range g.Cash {
			if got := g.Cash[s] - cash[s]; got != per*g.Holding[s][bo] {
				t.Errorf("seat %d got $%d from the Chicago dividend, want %d x $%d", s, got, g.Holding[s][bo], per)
			}
		}
		w := g.Corps[wabash]
		wantIncome := 1
		if developed {
			wantIncome = 3
		}
		if !w.Open || w.Income != wantIncome || !g.Present[hex(t, g, "D3")][wabash] || w.Charter != 10 {
			t.Fatalf("developed %v: Wabash %+v; want it open at Fort Wayne with income %d", developed, w, wantIncome)
		}
		if g.Phase != PhaseAuction || g.Auction.Corp != wabash || g.Acting()[0] != 0 || g.Auction.Min != wantIncome {
			t.Fatalf("want seat 0 to open the Wabash auction at $%d: %+v", wantIncome, g.Auction)
		}
		for g.Phase == PhaseAuction {
			act(t, g, g.Acting()[0], "PASS")
		}
		if w.Sold != 0 || g.Current != 1 {
			t.Fatalf("nobody bid: the share stays on the charter and seat 1 moves; sold %d current %d", w.Sold, g.Current)
		}
		// Now the Wabash can be auctioned like any other.
		found := false
		for _, o := range g.Legal(1) {
			found = found || (o.Verb == "AUCTION" && o.Args[0] == "WAB" && o.Min == wantIncome)
		}
		if !found {
			t.Errorf("the Wabash is not offered for auction after it opened: %v", g.Legal(1))
		}
	}
}

// TestWabashNewYork: only the Wabash may enter New York, for $6 with the
// NYC there, gaining 8 (section 7; ruling C3).
func TestWabashNewYork(t *testing.T) {
	g := owned(t, 0)
	g.Reached = true
	w := g.Corps[wabash]
	w.Open = true
	g.Holding[0][wabash] = 1
	w.Sold = 1
	g.place(hex(t, g, "S2"), wabash)
	refuse(t, g, 0, "EXPAND PRR S4 S3", "section 7")
	act(t, g, 0, "EXPAND WAB S3")
	if w.Treasury != 20-6 || w.Income != 8 {
		t.Errorf("Wabash into New York: treasury %d income %d; want $6 paid and income 8", w.Treasury, w.Income)
	}
}

// TestDevelop covers Action C for every kind of hex.
func TestDevelop(t *testing.T) {
	g := owned(t, 0)
	prr, bo := sym(t, "PRR"), sym(t, "B&O")
	next := func() { g.Current = 0; g.Dials = [3]int{} }
	refuse(t, g, 0, "DEVELOP I4", "5, Action C") // no locomotive
	g.place(hex(t, g, "I4"), prr)
	g.place(hex(t, g, "I4"), bo)
	act(t, g, 0, "DEVELOP I4")
	if g.Corps[prr].Income != 8 || g.Corps[bo].Income != 7 || g.Houses != Houses-1 {
		t.Errorf("a city's house adds its number to every company there: PRR %d B&O %d houses %d", g.Corps[prr].Income, g.Corps[bo].Income, g.Houses)
	}
	next()
	refuse(t, g, 0, "DEVELOP I4", "5, Action C") // once only
	g.place(hex(t, g, "R3"), prr)
	act(t, g, 0, "DEVELOP R3")
	if g.Corps[prr].Treasury != 22 || g.Corps[prr].Income != 8 {
		t.Errorf("a forest pays its company $2 and leaves income alone: %+v", g.Corps[prr])
	}
	next()
	for _, id := range []string{"R4", "A2", "Q7", "E0"} {
		g.place(hex(t, g, id), bo)
		refuse(t, g, 0, "DEVELOP "+id, "5, Action C")
	}
	g.place(hex(t, g, "I6"), prr)
	g.place(hex(t, g, "K4"), bo)
	wheel := []int{9, 10, 11}
	for _, want := range wheel {
		act(t, g, 0, "DEVELOP I6")
		next()
		if g.Corps[prr].Income != want {
			t.Errorf("Wheeling +1 each time: PRR income %d, want %d", g.Corps[prr].Income, want)
		}
	}
	refuse(t, g, 0, "DEVELOP I6", "ruling C7") // at 6
	for _, want := range []int{9, 11} {
		act(t, g, 0, "DEVELOP K4")
		next()
		if g.Corps[bo].Income != want {
			t.Errorf("Pittsburgh +2 each time: B&O income %d, want %d", g.Corps[bo].Income, want)
		}
	}
	refuse(t, g, 0, "DEVELOP K4", "ruling C7") // at 8
	if g.Houses != Houses-2 {
		t.Errorf("industrial development should take no house: %d left", g.Houses)
	}
	g.Houses = 0
	g.place(hex(t, g, "G9"), prr)
	refuse(t, g, 0, "DEVELOP G9", "5, Action C")
}

// TestDialsAndDividendPhase: a dial in the red cannot be turned; two in
// the red bring the dividend phase before the next turn, which pays every
// company, resets the dials and raises Detroit.
func TestDialsAndDividendPhase(t *testing.T) {
	g := opened(t)
	prr := sym(t, "PRR")
	g.place(hex(t, g, "E0"), prr)
	g.Corps[prr].Income += 1
	for range DialSpaces[ActAuction] {
		act(t, g, g.Current, "PASS AUCTION")
	}
	refuse(t, g, g.Current, "PASS AUCTION", "section 4")
	refuse(t, g, g.Current, "AUCTION PRR 7", "section 4")
	cash := append([]int(nil), g.Cash...)
	for range DialSpaces[ActDevelop] - 1 {
		act(t, g, g.Current, "PASS DEVELOP")
	}
	if g.Rounds != 0 {
		t.Fatal("a dividend phase came with one dial in the red")
	}
	mover := g.Current
	act(t, g, mover, "PASS DEVELOP")
	if g.Rounds != 1 || g.Dials != [3]int{} || g.Current != (mover+1)%4 {
		t.Fatalf("after the second red dial: rounds %d dials %v current %d", g.Rounds, g.Dials, g.Current)
	}
	for s := range g.Cash {
		want := 0
		for ci, c := range g.Corps {
			if c.Sold > 0 {
				want += g.Holding[s][ci] * ceilDiv(c.Income-boolInt(ci == prr), c.Sold)
			}
		}
		if g.Cash[s]-cash[s] != want {
			t.Errorf("seat %d was paid $%d, want $%d", s, g.Cash[s]-cash[s], want)
		}
	}
	if d := hex(t, g, "E0"); g.Track[d] != 2 || g.Corps[prr].Income != 7+2 {
		t.Errorf("Detroit should rise to 2 and the PRR there to income 9: track %d income %d", g.Track[d], g.Corps[prr].Income)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestEndTriggers: each condition of section 6 ends the game after the
// next dividend phase, not the one it happens in; ties share the victory.
func TestEndTriggers(t *testing.T) {
	round := func(g *Game) {
		t.Helper()
		for r := g.Rounds; g.Rounds == r && !g.Over(); {
			act(t, g, g.Current, g.passes(g.Current)[0].Action(0).String())
		}
	}
	trigger := map[string]func(g *Game){
		"houses": func(g *Game) { g.Houses = 3 },
		"locomotives": func(g *Game) {
			for _, c := range g.Corps[:3] {
				c.Charter = 0
			}
		},
		"shares": func(g *Game) {
			for _, c := range g.Corps[:3] {
				c.Sold = c.Shares
			}
		},
		"detroit": func(g *Game) { g.Track[g.detroit()] = 7 },
	}
	for name, set := range trigger {
		t.Run(name, func(t *testing.T) {
			g := opened(t)
			set(g)
			round(g)
			if name == "detroit" {
				if g.Over() || !g.Ending {
					t.Fatalf("Detroit reaching 8 in a dividend phase ends the game after the next one: over %v ending %v", g.Over(), g.Ending)
				}
				round(g)
			}
			if !g.Over() {
				t.Fatalf("not over after the dividend phase that follows the trigger")
			}
			if len(g.Legal(0)) != 0 || g.Apply(move.Action{Seat: g.Current, Verb: "PASS", Args: []string{"EXPAND"}}) == nil {
				t.Error("an ended game still takes moves")
			}
		})
	}
	g := opened(t)
	g.Cash = []int{10, 25, 25, 3}
	if w := g.Winners(); len(w) != 2 || w[0] != 1 || w[1] != 2 {
		t.Errorf("winners %v, want seats 1 and 2 sharing", w)
	}
}

// TestNewYorkOutOfReach: on the transcribed board New York lies further
// from Fort Wayne than the Wabash has locomotives, so the Wabash can never
// enter it in play (ruling C3): the computer's statistics report none.
func TestNewYorkOutOfReach(t *testing.T) {
	g := owned(t, 0)
	g.Reached = true
	g.Corps[wabash].Open = true
	fw := hex(t, g, "D3")
	g.place(fw, wabash)
	need := g.goalDistances(wabash)[fw] - 1
	if left := g.Corps[wabash].Charter; need <= left {
		t.Errorf("New York is %d locomotives from Fort Wayne and the Wabash has %d: reachable, so ruling C3's note is wrong", need, left)
	}
}
