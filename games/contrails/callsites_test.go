package contrails

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestProdigalWhereSpent is 1.2's Prodigal example through the tycoons'
// financial phase that applies it: A spends $15,000, B $10,000, C $4,000
// and D $1,000, and they take 13, 9, 5 and 3 points and pay the bank; a
// spend under $1,000 earns nothing and costs nothing.
func TestProdigalWhereSpent(t *testing.T) {
	m, s := scenario(t)
	spends := []int64{15000, 10000, 4000, 1000, 900}
	orders := map[int]Orders{}
	cash := make([]int64, len(spends))
	for i, sp := range spends {
		s.transfer(bank, playerAcct(s.Players[i].Number), 20000, "test")
		orders[s.Players[i].Number] = Orders{Prodigal: sp}
		cash[i] = s.Players[i].Cash
	}
	tn := newTurn(m, s, only(orders), rand.New(rand.NewPCG(1, 1)))
	interest := make([]int64, len(spends))
	for i, sp := range spends {
		after := cash[i] - sp
		if sp < 1000 {
			after = cash[i]
		}
		interest[i] = CashInterest(after, tn.climate)
	}
	tn.tycoonFinance()
	for i, want := range []int{13, 9, 5, 3, 0} {
		p := s.Players[i]
		paid := cash[i] - (p.Cash - interest[i])
		wantPaid := spends[i]
		if spends[i] < 1000 {
			wantPaid = 0
		}
		if p.VP.Prodigal != want || paid != wantPaid {
			t.Errorf("spending $%d: %d Prodigal points, paid $%d; want %d and $%d (1.2)", spends[i], p.VP.Prodigal, paid, want, wantPaid)
		}
	}
}

// TestMogulWhereScored is 1.2's Rail Mogul example through the end-of-turn
// scoring that applies it: a President who is a Director of two railroads
// paying $4 and $2 a share scores a point for each directorship and 2 + 1
// for the dividends (the square roots 2 and 1.414), keeping .414; the next
// turn's $2 and $2 add 1.414 twice to it, 3 points more with .242 kept.
func TestMogulWhereScored(t *testing.T) {
	m, s := scenario(t)
	a, b := s.Railroads[0].Abbr, s.Railroads[1].Abbr
	presideOver(m, s, 1, a, 0)
	presideOver(m, s, 1, b, 1)
	for _, abbr := range []string{a, b} {
		if rr := s.Railroad(abbr); rr.President != 1 || len(rr.Directors) != 1 {
			t.Fatalf("setup: %s's President %d, Directors %v", abbr, rr.President, rr.Directors)
		}
	}
	for turn, tc := range []struct {
		paid       map[string]int
		gain       int
		savedAfter MilliPoint
	}{
		{map[string]int{a: 4, b: 2}, 2 + 3, 414},
		{map[string]int{a: 2, b: 2}, 2 + 3, 242},
	} {
		s.Players[0].VP.Mogul = 0
		tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(1, uint64(turn))))
		tn.paid = tc.paid
		tn.railMogul()
		if got := s.Players[0].VP; got.Mogul != tc.gain || got.MogulSaved != tc.savedAfter {
			t.Errorf("turn %d, dividends %v: %d Mogul points with %d thousandths kept; want %d and %d (1.2)",
				turn+1, tc.paid, got.Mogul, got.MogulSaved, tc.gain, tc.savedAfter)
		}
	}
}

// TestOrderCheckingWhereTraded: the market checks each player's bids
// against his own cash at the start-of-turn prices (6.1C), where the
// trades are booked: $1,000 at $20 a share buys 50 of the 100 bid, with a
// note saying so.
func TestOrderCheckingWhereTraded(t *testing.T) {
	m, s := scenario(t)
	rr := &s.Railroads[0]
	rr.Price = 20
	p := &s.Players[0]
	s.transfer(playerAcct(p.Number), bank, p.Cash-1000, "test")
	tn := newTurn(m, s, only(map[int]Orders{1: {Stock: []StockOrder{{Railroad: rr.Abbr, Kind: Buy, Shares: 100}}}}), rand.New(rand.NewPCG(1, 1)))
	books := tn.stockBooks()
	got := 0
	for _, x := range books[rr.Abbr].buys {
		if x.player == p.Number {
			got += x.shares
		}
	}
	if got != 50 {
		t.Errorf("$1,000 at $20 booked a bid for %d shares, want 50 (6.1C)", got)
	}
	if notes := notesFor(tn.events, 1); notes == "" {
		t.Error("no note of the cut")
	}
}

// TestShortSalesHalfInSupply: a short sale adds half its shares to the
// supply that sets the price (6.3B), where the railroad is traded: the
// public's offer and bid drawn the same way, 200 shares sold short move
// the price as 100 offered would.
func TestShortSalesHalfInSupply(t *testing.T) {
	m, s := scenario(t)
	rr := &s.Railroads[0]
	rr.Price = 40
	probe := newTurn(m, s, only(nil), rand.New(rand.NewPCG(3, 3)))
	pubOffer, pubBid := probe.publicAppetite(rr)
	for _, tc := range []struct {
		name string
		book stockBook
		half int64
	}{
		{"200 short", stockBook{shorts: []stockSide{{1, 200}}}, 100},
		{"no short", stockBook{}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, s := scenario(t)
			rr := &s.Railroads[0]
			rr.Price = 40
			tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(3, 3)))
			tn.tradeRailroad(rr, &tc.book)
			want := EndPrice(40, pubBid, pubOffer+tc.half)
			if rr.Price != want {
				t.Errorf("end price $%d, want $%d: demand %d against supply %d+%d (6.3B)", rr.Price, want, pubBid, pubOffer, tc.half)
			}
		})
	}
	if EndPrice(40, pubBid, pubOffer+100) == EndPrice(40, pubBid, pubOffer+200) {
		t.Fatalf("the draw cannot tell half from whole: offer %d bid %d", pubOffer, pubBid)
	}
}

// TestOverspendExample is 4.6C's example where the railroad builds: with
// 2 Directors, $90 a mile over the minimum gives each Director $30 a mile;
// the third share is the construction company's real cost (ruling CR15).
// The railroad's cost is the minimum a mile, the towns it newly serves
// (4.6D) and the whole overspend, half of it by bonds, rounded up (4.6E).
func TestOverspendExample(t *testing.T) {
	m, s := scenario(t)
	rr := &s.Railroads[0]
	rows := candidateRoWs(m, s, rr)
	if len(rows) == 0 {
		t.Fatal("setup: no RoW the railroad could hold")
	}
	rr.RoW = rows[0]
	r, _ := m.Route(rr.RoW)
	for _, seat := range []int{1, 2} {
		p := &s.Players[seat-1]
		take := s.Issued(rr)/5 - p.Shares[rr.Abbr]
		p.Shares[rr.Abbr] += take
		rr.Public -= take
	}
	s.elect(m)
	if len(rr.Directors) != 2 {
		t.Fatalf("setup: Directors %v, want 2", rr.Directors)
	}
	tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(1, 1)))
	minCost := Climates[tn.climate].BuildCost
	cost := int64((minCost + 90) * r.Miles)
	for _, tw := range []string{r.A, r.B} {
		if town, _ := m.Town(tw); !contains(m.TownsOf(rr.Lines), tw) {
			cost += int64(300 * town.Value())
		}
	}
	before := []int64{s.Players[0].Cash, s.Players[1].Cash}
	bonds := rr.Bonds
	tn.build(rr, 1, minCost+90)
	for i := range 2 {
		if got := s.Players[i].Cash - before[i]; got != int64(30*r.Miles) {
			t.Errorf("Director %d received $%d, want $30 a mile over %d miles: $%d (4.6C)", i+1, got, r.Miles, 30*r.Miles)
		}
	}
	if got := rr.Bonds - bonds; got != (cost+1)/2 {
		t.Errorf("bonds grew by $%d, want half of the $%d cost, rounded up (4.6E)", got, cost)
	}
	if !contains(rr.Lines, r.Code) {
		t.Errorf("the RoW %s was not built", r.Code)
	}
	if s.MoneySupply() != 0 {
		t.Error("money was not conserved")
	}
}

// TestRateWarExample is 4.16's example where revenue is reckoned: a 25%
// rate war between two railroads on parallel routes leaves each 75% of
// the $60 a mile its parallel line earns (ruling CR16); the towns' revenue
// and the other lines' are untouched, and a railroad with no parallel
// route to its enemy is refused with a note.
func TestRateWarExample(t *testing.T) {
	m, s := scenario(t)
	var code, partner string
	for _, r := range m.Routes {
		if p, ok := m.DoublePartner(r.Code); ok {
			code, partner = r.Code, p
			break
		}
	}
	if code == "" {
		t.Fatal("the map has no double route")
	}
	r, _ := m.Route(code)
	s.Railroads = append(s.Railroads,
		Railroad{Abbr: "PN", Number: 98, Lines: []string{code}, Price: 20, Public: 100, Authorized: 100},
		Railroad{Abbr: "RD", Number: 99, Lines: []string{partner}, Price: 20, Public: 100, Authorized: 100})
	presideOver(m, s, 1, "PN", 0)
	revenues := func(war RailroadOrders) (map[string]int64, *turn) {
		tn := newTurn(m, s, only(map[int]Orders{1: {Railroads: map[string]RailroadOrders{"PN": war}}}), rand.New(rand.NewPCG(2, 2)))
		wars := tn.rateWars()
		out := map[string]int64{}
		for _, abbr := range []string{"PN", "RD"} {
			tn.rng = rand.New(rand.NewPCG(7, 7)) // the same luck for each reckoning
			out[abbr], _ = tn.revenue(s.Railroad(abbr), wars)
		}
		return out, tn
	}
	peace, _ := revenues(RailroadOrders{})
	war, tn := revenues(RailroadOrders{RateWar: "RD", RateWarPct: 25})
	luck := int64(rand.New(rand.NewPCG(7, 7)).IntN(21) - 10)
	for _, abbr := range []string{"PN", "RD"} {
		rr := s.Railroad(abbr)
		pct := int64(100+10*max(len(m.RegionsOf(rr.Lines))-1, 0)+Climates[tn.climate].Revenue) + luck
		cut := int64(60*m.Miles(rr.Lines)) * 25 / 100 * pct / 100
		if got := peace[abbr] - war[abbr]; got < cut-1 || got > cut+1 {
			t.Errorf("%s: a 25%% rate war cut revenue by $%d (from $%d), want 25%% of its line's $60 a mile on %d miles, $%d after the climate and luck (4.16)",
				abbr, got, peace[abbr], r.Miles, cut)
		}
	}
	_, tn = revenues(RailroadOrders{RateWar: s.Railroads[0].Abbr, RateWarPct: 25})
	if notes := notesFor(tn.events, 1); !strings.Contains(notes, "4.16") {
		t.Errorf("a rate war with no parallel route was not refused with a note: %q", notes)
	}
	// A rate war of 0% is none.
	if _, tn = revenues(RailroadOrders{RateWar: "RD", RateWarPct: 0}); strings.Contains(newsText(tn.events), "rate war") {
		t.Errorf("a 0%% rate war was declared: %q", newsText(tn.events))
	}
}

// TestLocomotiveCostExample is 4.17's example where the railroad buys: from
// Lion (1) to Mogul (4) engines costs $30 a mile from cash; an order past
// the best available buys the best; one short of cash buys nothing.
func TestLocomotiveCostExample(t *testing.T) {
	for _, tc := range []struct {
		name            string
		loco, order     int
		cash            int64 // or, when negative, the Lion to Mogul cost less cash+1
		want, paid      int   // type after, $ a mile paid
		bought, refused bool  // the news of the purchase, the note that it was not made
	}{
		{"Lion to Mogul", 1, 4, 100000, 4, 30, true, false},
		{"past the best available", 1, 6, 100000, 4, 30, true, false},
		{"short of cash", 1, 4, 10, 1, 0, false, true},
		{"cash just enough", 1, 4, -1, 4, 30, true, false},
		{"a dollar short", 1, 4, -2, 1, 0, false, true},
		{"the best already run", 4, 6, 100000, 4, 0, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, s := scenario(t)
			s.Locomotive = 4
			rr := &s.Railroads[0]
			presideOver(m, s, 1, rr.Abbr, 0)
			rr.Loco = tc.loco
			miles := m.Miles(rr.Lines)
			cash := tc.cash
			if cash < 0 {
				cash = int64(30*miles) + tc.cash + 1
			}
			s.transfer(railroadAcct(rr.Abbr), bank, rr.Cash-cash, "test")
			tn := newTurn(m, s, only(map[int]Orders{1: {Railroads: map[string]RailroadOrders{rr.Abbr: {Locomotive: tc.order}}}}), rand.New(rand.NewPCG(1, 1)))
			tn.capitalExpenses()
			if rr.Loco != tc.want || cash-rr.Cash != int64(tc.paid*miles) {
				t.Errorf("type %d for $%d; want type %d for $%d a mile on %d miles (4.17)", rr.Loco, cash-rr.Cash, tc.want, tc.paid, miles)
			}
			bought := strings.Contains(newsText(tn.events), rr.Abbr+" buys type")
			refused := strings.Contains(notesFor(tn.events, 1), "locomotives need")
			if bought != tc.bought || refused != tc.refused {
				t.Errorf("news of a purchase %v, note of none %v; want %v, %v", bought, refused, tc.bought, tc.refused)
			}
		})
	}
}
