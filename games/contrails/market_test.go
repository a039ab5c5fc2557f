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
// shares and notes the sale; a sale all short sells none of his own and
// notes no sale of them (6.3G, 6.2).
func TestSalesSettleThroughTheMarket(t *testing.T) {
	for _, tc := range []struct {
		name      string
		own, sell int
		left      int
		soldNote  bool
	}{
		{"own shares sold", 20, 10, 10, true},
		{"all short", 0, 5, 0, false},
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
		if p.Shares["C&AM"] != tc.left || sold != tc.soldNote {
			t.Errorf("%s: %d C&AM left, a sale noted %v; want %d, %v", tc.name, p.Shares["C&AM"], sold, tc.left, tc.soldNote)
		}
	}
}
