package contrails

import (
	"slices"
	"testing"
)

// TestNetWorthAndCredit: a player's net worth is cash, plus stock at the
// price, plus PCs at what was paid but no more than $20 a mile, less the
// loan; the credit limit is a margin of it (3.5A).
func TestNetWorthAndCredit(t *testing.T) {
	m, s := scenario(t)
	rr := &s.Railroads[0]
	r, _ := m.Route(s.Offers[0].Code)
	for _, tc := range []struct {
		name   string
		cash   int64
		loan   int64
		shares int
		paid   int64 // for a PC, 0 for none
		want   int64
	}{
		{"cash less the loan", 1000, 300, 0, 0, 700},
		{"stock at the price", 1000, 0, 10, 0, 1000 + 10*int64(rr.Price)},
		{"a PC at what was paid", 1000, 0, 0, 500, 1500},
		{"a PC at $20 a mile at most", 1000, 0, 0, 1000000, 1000 + int64(20*r.Miles)},
	} {
		p := &s.Players[0]
		p.Cash, p.Loan = tc.cash, tc.loan
		p.Shares = map[string]int{rr.Abbr: tc.shares}
		p.PCs = nil
		if tc.paid > 0 {
			p.PCs = []OwnedPC{{Code: r.Code, Paid: tc.paid}}
		}
		s.valuePlayers(m)
		if p.NetWorth != tc.want || p.Credit != CreditLimit(tc.want, s.Climate) {
			t.Errorf("%s: net worth $%d, credit $%d; want $%d, $%d", tc.name, p.NetWorth, p.Credit, tc.want, CreditLimit(tc.want, s.Climate))
		}
	}
}

// TestDirectorsHoldTenPercent: a Director holds 10% or more of the issued
// stock, most shares first; a railroad with no stock issued has none
// (4.14A).
func TestDirectorsHoldTenPercent(t *testing.T) {
	for _, tc := range []struct {
		name   string
		public int
		shares [3]int // players 1 to 3
		want   []int
	}{
		{"10% makes a Director, 9% not", 81, [3]int{9, 10, 0}, []int{2}},
		{"most shares first", 60, [3]int{10, 30, 0}, []int{2, 1}},
		{"most shares first, of three", 40, [3]int{10, 30, 20}, []int{2, 3, 1}},
		{"ties by position number", 40, [3]int{20, 20, 20}, []int{1, 2, 3}},
		{"no stock issued", 0, [3]int{0, 0, 0}, nil},
	} {
		_, s := scenario(t)
		rr := &s.Railroads[0]
		for i := range s.Players {
			delete(s.Players[i].Shares, rr.Abbr)
		}
		rr.Public = tc.public
		for i, n := range tc.shares {
			s.Players[i].Shares[rr.Abbr] = n
		}
		if got := s.directorsOf(rr); !slices.Equal(got, tc.want) {
			t.Errorf("%s: Directors %v, want %v", tc.name, got, tc.want)
		}
	}
}
