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
