package contrails

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestLegalStockOrdersWhereTraded: the stock orders a player may give, as
// the market checks them (6.1A, 6.2A): three bids a turn with up to 15
// railroads, each up to the maximum bid, lowered with a note past it; a
// sale up to what he owns plus short sales to 10% of the issued stock,
// and only what he owns when the Directors hold more than half (cornered).
func TestLegalStockOrdersWhereTraded(t *testing.T) {
	const own = 5
	type order struct {
		rr     int // index in the railroads
		kind   TradeKind
		shares func(issued, maxBid int) int
	}
	at := func(d int) func(issued, maxBid int) int { return func(_, maxBid int) int { return maxBid + d } }
	sale := func(d int) func(issued, maxBid int) int { return func(issued, _ int) int { return issued/10 + d } }
	for _, tc := range []struct {
		name     string
		director int // shares player 2 holds of railroad 0, as a part of issued/2: -1 for none
		orders   []order
		want     []int // shares of each order kept, 0 for dropped, -1 or -2 the maximum bid, -3 10% of the issued
		note     string
	}{
		{"three bids", -1, []order{{0, Buy, at(0)}, {1, Buy, at(0)}, {2, Buy, at(0)}, {3, Buy, at(0)}}, []int{-1, -1, -1, 0}, "3 bids a turn"},
		{"a bid at the maximum", -1, []order{{0, Buy, at(0)}}, []int{-1}, ""},
		{"a bid over the maximum", -1, []order{{0, Buy, at(1)}}, []int{-2}, "lowered"},
		{"a sale to 10%", -1, []order{{0, Sell, sale(0)}}, []int{-3}, ""},
		{"a sale over 10%", -1, []order{{0, Sell, sale(1)}}, []int{-3}, "lowered"},
		{"Directors hold half: not cornered", 0, []order{{0, Sell, sale(0)}}, []int{-3}, ""},
		{"Directors hold over half: cornered", 1, []order{{0, Sell, sale(0)}}, []int{own}, "lowered"},
	} {
		m, s := scenario(t)
		rr := &s.Railroads[0]
		for i := range s.Players {
			rr.Public += s.Players[i].Shares[rr.Abbr]
			delete(s.Players[i].Shares, rr.Abbr)
		}
		if rr.Public%2 == 1 {
			rr.Public--
			rr.Treasury++
		}
		rr.Public -= own
		s.Players[0].Shares[rr.Abbr] = own
		issued := s.Issued(rr)
		if tc.director >= 0 {
			rr.Public -= issued/2 + tc.director
			s.Players[1].Shares[rr.Abbr] = issued/2 + tc.director
		}
		s.elect(m)
		tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(1, 1)))
		p := &s.Players[0]
		var orders []StockOrder
		var want []int
		for i, o := range tc.orders {
			r := &s.Railroads[o.rr]
			iss := s.Issued(r)
			others := s.directorShares(r)
			if isDirector(p.Shares[r.Abbr], iss) {
				others -= p.Shares[r.Abbr]
			}
			maxBid := MaxBid(iss, others, p.Shares[r.Abbr])
			orders = append(orders, StockOrder{Kind: o.kind, Railroad: r.Abbr, Shares: o.shares(iss, maxBid)})
			switch tc.want[i] {
			case -1, -2:
				want = append(want, maxBid)
			case -3:
				want = append(want, iss/10)
			default:
				want = append(want, tc.want[i])
			}
		}
		out := tn.legalStockOrders(p, orders)
		var got []int
		for _, o := range orders {
			kept := 0
			for _, k := range out {
				if k.Railroad == o.Railroad {
					kept = k.Shares
				}
			}
			got = append(got, kept)
		}
		notes := notesFor(tn.events, 1)
		if !slices.Equal(got, want) || tc.note == "" && notes != "" || tc.note != "" && !strings.Contains(notes, tc.note) {
			t.Errorf("%s: kept %v, notes %q; want %v and a note %q", tc.name, got, notes, want, tc.note)
		}
	}
}

// TestPublicAppetiteReplayed replays the rolls of the public's appetite
// for a railroad (6.3A) with a yield of 18% and earnings of 20% a share:
// 100, plus 8 a step of the climate's sentiment, plus 4 a point of yield
// over 8% and 2 a point of earnings over 10%, plus -30 to 30 at random,
// held to 10 to 300. It offers 5% to 30% of the public's shares, at least
// one, at most half, and bids that times the appetite; with no public
// shares it offers none and bids the appetite times a 20th of the issue.
func TestPublicAppetiteReplayed(t *testing.T) {
	for _, tc := range []struct {
		name    string
		climate Climate
		public  int
	}{
		{"Normal", Normal, 400},
		{"Good", Good, 400},
		{"Panic", Panic, 400},
		{"a public of 3: one share offered", Normal, 3},
		{"no public shares", Normal, 0},
	} {
		m, s := scenario(t)
		s.Climate = tc.climate
		rr := &s.Railroads[0]
		rr.Treasury += rr.Public - tc.public
		rr.Public = tc.public
		tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(1, 1)))
		issued := s.Issued(rr)
		tn.price[rr.Abbr] = 50
		rr.Dividend = 9                           // 18% of $50
		rr.Profit = int64(issued) * 50 * 20 / 100 // $10 a share: 20% of $50
		for round := range uint64(200) {
			tn.rng = rand.New(rand.NewPCG(5, round))
			rolls := rand.New(rand.NewPCG(5, round))
			app := 100 + 8*Climates[tc.climate].Sentiment + 4*(18-8) + 2*(20-10) + rolls.IntN(61) - 30
			app = max(10, min(300, app))
			offer := min(int64(tc.public)*int64(5+rolls.IntN(26))/100, int64(tc.public)/2)
			if offer == 0 && tc.public > 0 {
				offer = 1
			}
			bid := offer * int64(app) / 100
			if offer == 0 {
				bid = int64(issued) * int64(app) / 2000
			}
			if gotOffer, gotBid := tn.publicAppetite(rr); gotOffer != offer || gotBid != bid {
				t.Fatalf("%s, round %d: offers %d and bids %d, want %d and %d (appetite %d)", tc.name, round, gotOffer, gotBid, offer, bid, app)
			}
		}
	}
}

// TestSalesSettleThroughTheMarket: the market phase sells a player's own
// shares and notes the sale, with no short sale; a sale all short sells
// none of his own, notes no sale of them, and notes the short sale (6.3G,
// 6.2).
func TestSalesSettleThroughTheMarket(t *testing.T) {
	for _, tc := range []struct {
		name                string
		own, sell           int
		left                int
		soldNote, shortNote bool
	}{
		{"own shares sold", 20, 10, 10, true, false},
		{"all short", 0, 5, 0, false, true},
	} {
		m, s := scenario(t)
		rr := s.Railroad("C&AM")
		p := &s.Players[0]
		rr.Public += p.Shares["C&AM"] - tc.own
		p.Shares["C&AM"] = tc.own
		s.elect(m)
		tn := newTurn(m, s, only(map[int]Orders{1: {Stock: []StockOrder{{Kind: Sell, Railroad: "C&AM", Shares: tc.sell}}}}), rand.New(rand.NewPCG(1, 1)))
		tn.stockMarket()
		sold := strings.Contains(notesFor(tn.events, 1), "Sold ")
		short := strings.Contains(notesFor(tn.events, 1), "Short sale of")
		if p.Shares["C&AM"] != tc.left || sold != tc.soldNote || short != tc.shortNote {
			t.Errorf("%s: %d C&AM left, a sale noted %v, a short sale %v; want %d, %v, %v", tc.name, p.Shares["C&AM"], sold, short, tc.left, tc.soldNote, tc.shortNote)
		}
	}
}

// TestTradeSupplyAndDemand trades one railroad's book against the public's
// appetite drawn alike: supply is the public's offer, the treasury's, the
// players' sales and half the short sales; demand the public's bid and the
// players' (6.3B, C); the end price follows from them, the treasury's
// shares are sold at the trade price, a bidder gets no more than his cash
// buys, and a railroad left with $0 is solvent (4.11A).
func TestTradeSupplyAndDemand(t *testing.T) {
	for _, tc := range []struct {
		name         string
		book         stockBook
		bidderCash   int // in shares at the trade price; 0 for plenty
		railroadCash bool
		filled       int
	}{
		{"sales and bids", stockBook{sells: []stockSide{{1, 30}}, buys: []stockSide{{2, 50}}, shorts: []stockSide{{3, 20}}}, 0, true, 50},
		{"the treasury's shares", stockBook{treasury: 40}, 0, true, 0},
		{"a bidder short of cash", stockBook{buys: []stockSide{{2, 50}}}, 3, true, 3},
		{"a railroad left with $0", stockBook{}, 0, false, 0},
	} {
		m, s := scenario(t)
		rr := &s.Railroads[0]
		rr.Price, rr.Treasury = 40, 100
		s.Players[0].Shares[rr.Abbr] += 30
		rr.Public -= 30
		if !tc.railroadCash {
			s.transfer(railroadAcct(rr.Abbr), bank, rr.Cash, "test")
		}
		probe := newTurn(m, s, only(nil), rand.New(rand.NewPCG(3, 3)))
		pubOffer, pubBid := probe.publicAppetite(rr)
		var sells, bids, shorts int64
		for _, x := range tc.book.sells {
			sells += int64(x.shares)
		}
		for _, x := range tc.book.buys {
			bids += int64(x.shares)
		}
		for _, x := range tc.book.shorts {
			shorts += int64(x.shares)
		}
		supply := pubOffer + int64(tc.book.treasury) + sells + shorts/2
		demand := pubBid + bids
		end := EndPrice(40, demand, supply)
		trade := int64(TradePrice(40, end))
		cashTo := int64(100000)
		if tc.bidderCash > 0 {
			cashTo = int64(tc.bidderCash) * trade
		}
		s.transfer(playerAcct(2), bank, s.Players[1].Cash-cashTo, "test")
		shares, treasury, cash := s.Players[1].Shares[rr.Abbr], rr.Treasury, rr.Cash
		s.rec = newRecorder()
		tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(3, 3)))
		tn.tradeRailroad(rr, &tc.book)
		a, _ := s.rec.rec.Activity(rr.Abbr)
		if a.Offered != supply || a.Bid != demand || rr.Price != end {
			t.Errorf("%s: supply %d, demand %d, end $%d; want %d, %d, $%d", tc.name, a.Offered, a.Bid, rr.Price, supply, demand, end)
		}
		if news := strings.Contains(newsText(tn.events), rr.Abbr+": "); news != (end != 40) {
			t.Errorf("%s: market news %v for $40 to $%d", tc.name, news, end)
		}
		filled := Fill(bids, supply, demand) // pro rata, when demand exceeds supply
		if tc.bidderCash > 0 {
			filled = min(filled, int64(tc.bidderCash))
		}
		if got := s.Players[1].Shares[rr.Abbr] - shares; int64(got) != filled {
			t.Errorf("%s: the bidder got %d shares, want %d", tc.name, got, filled)
		}
		if n := tc.book.treasury; treasury-rr.Treasury != n || n > 0 && rr.Cash-cash != int64(n)*trade {
			t.Errorf("%s: the treasury sold %d for $%d, want %d at $%d", tc.name, treasury-rr.Treasury, rr.Cash-cash, n, trade)
		}
		if !tn.solvent[rr.Abbr] {
			t.Errorf("%s: with $%d the railroad is not solvent", tc.name, rr.Cash)
		}
	}
}

// TestTreasuryStockToTheMarket: a President may offer his railroad's
// treasury stock on the market, up to what the treasury holds (10.2C3).
func TestTreasuryStockToTheMarket(t *testing.T) {
	for _, tc := range []struct{ treasury, order, sold int }{
		{100, 20, 20},
		{10, 20, 10},
	} {
		m, s := scenario(t)
		presideOver(m, s, 1, "C&AM", 0)
		rr := s.Railroad("C&AM")
		rr.Treasury = tc.treasury
		tn := newTurn(m, s, only(map[int]Orders{1: {Railroads: map[string]RailroadOrders{"C&AM": {TreasuryToMarket: tc.order}}}}), rand.New(rand.NewPCG(1, 1)))
		tn.stockMarket()
		if got := tc.treasury - rr.Treasury; got != tc.sold {
			t.Errorf("treasury %d, %d ordered to market: %d sold, want %d", tc.treasury, tc.order, got, tc.sold)
		}
	}
}

// TestShortSalesSettled: a short sale is sold at the trade price and
// bought back at the end price; a loss beyond the player's cash is lent by
// the Bank, and the note says gain or loss (6.2A, B).
func TestShortSalesSettled(t *testing.T) {
	for _, tc := range []struct {
		name               string
		cash, trade, end   int64
		wantCash, wantLoan int64
		note               string
	}{
		{"a gain", 1000, 40, 30, 1100, 0, "gain $100"},
		{"no gain or loss", 1000, 40, 40, 1000, 0, "gain $0"},
		{"a loss within the cash", 1000, 30, 40, 900, 0, "loss $100"},
		{"a loss beyond the cash", 40, 30, 40, 0, 60, "loss $100"},
		{"no loss, cash below zero", -10, 40, 40, -10, 0, "gain $0"},
	} {
		m, s := scenario(t)
		p := &s.Players[0]
		s.transfer(playerAcct(1), bank, p.Cash-tc.cash, "test")
		p.Loan = 0
		tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(1, 1)))
		tn.settleShorts(&s.Railroads[0], &stockBook{shorts: []stockSide{{1, 10}}}, tc.trade, int(tc.end))
		if notes := notesFor(tn.events, 1); p.Cash != tc.wantCash || p.Loan != tc.wantLoan || !strings.Contains(notes, tc.note+".") {
			t.Errorf("%s: cash $%d, loan $%d, notes %q; want $%d, $%d, %q", tc.name, p.Cash, p.Loan, notes, tc.wantCash, tc.wantLoan, tc.note)
		}
	}
}

// TestClimateChangesInTheMarket: the market phase draws next turn's
// climate, which the Civil War holds at Normal or better (8), and the news
// reports a change, as a panic when it is one (5).
func TestClimateChangesInTheMarket(t *testing.T) {
	for _, tc := range []struct {
		name  string
		turn  int
		from  Climate
		worst Climate
	}{
		{"before the Civil War", 10, Normal, Normal},
		{"in peace", 14, Normal, Panic},
		{"after Good a panic may strike", 5, Good, Panic},
	} {
		changed, panics := 0, 0
		m, s := scenario(t)
		s.Turn = tc.turn
		tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(1, 1)))
		for seed := range uint64(100) {
			s.Climate, tn.events = tc.from, nil
			tn.rng = rand.New(rand.NewPCG(seed, 2))
			tn.changeClimate()
			if s.Climate > tc.worst {
				t.Fatalf("%s: %v after %v on turn %d, want %v or better", tc.name, s.Climate, tc.from, tc.turn, tc.worst)
			}
			var kinds []string
			for _, e := range tn.events {
				if e.Kind == "economy" || e.Kind == "panic" {
					kinds = append(kinds, e.Kind)
				}
			}
			want := []string(nil)
			switch {
			case s.Climate == Panic:
				want = []string{"panic"}
				panics++
			case s.Climate != tc.from:
				want = []string{"economy"}
			}
			if s.Climate != tc.from {
				changed++
			}
			if !slices.Equal(kinds, want) {
				t.Fatalf("%s: %v to %v reported as %v, want %v", tc.name, tc.from, s.Climate, kinds, want)
			}
		}
		if changed == 0 || tc.worst == Panic && tc.from == Good && panics == 0 {
			t.Errorf("%s: %d changes, %d panics in 100 draws", tc.name, changed, panics)
		}
	}
}
