package contrails

import (
	"fmt"
	"testing"
)

// The rulebook's own worked examples.

func TestProdigalExample(t *testing.T) {
	// 1.2: A spends $15,000, B $10,000, C $4,000, D $1,000.
	got := ProdigalPoints([]int64{15000, 10000, 4000, 1000})
	want := []int{13, 9, 5, 3}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("Prodigal points %v, want %v", got, want)
	}
}

func TestProdigalPoints(t *testing.T) {
	tests := []struct {
		name  string
		spend []int64
		want  []int
	}{
		{"nobody spends", []int64{0, 500, 999}, []int{0, 0, 0}},
		{"one spender takes all 30", []int64{0, 1000, 0}, []int{0, 30, 0}},
		{"two equal spenders", []int64{2000, 2000}, []int{15, 15}},
		{"ties in the remainder go to the earlier position", []int64{1000, 1000, 1000}, []int{10, 10, 10}},
		{"seven spenders: 2 each, 1 left, 16 shared", []int64{7000, 1000, 1000, 1000, 1000, 1000, 1000}, []int{11, 4, 3, 3, 3, 3, 3}},
	}
	for _, tc := range tests {
		got := ProdigalPoints(tc.spend)
		sum := 0
		for _, g := range got {
			sum += g
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
		if sum != 0 && sum != 30 {
			t.Errorf("%s: %d points handed out, want 30", tc.name, sum)
		}
	}
}

func TestMogulExample(t *testing.T) {
	// 1.2: railroads paying $4 and $2 give 2 VP and 1 VP, with .41 saved.
	vp, saved := MogulDividendPoints(0, []int{4, 2})
	if vp != 3 || saved/10 != 41 {
		t.Fatalf("$4 and $2 give %d VP with %d thousandths saved; want 3 VP and .41", vp, saved)
	}
	// The saved fraction makes a point when it passes 1.
	vp, saved = MogulDividendPoints(saved, []int{2, 2})
	if vp != 3 || saved != 242 { // .414 + 1.414 + 1.414 = 3.242
		t.Fatalf("next turn: %d VP, %d saved; want 3 and 242", vp, saved)
	}
	for n := int64(0); n < 100000; n++ {
		r := isqrt(n)
		if r*r > n || (r+1)*(r+1) <= n {
			t.Fatalf("isqrt(%d) = %d", n, r)
		}
	}
}

func TestEfficiencyCapExample(t *testing.T) {
	tests := []struct{ miles, want int }{
		{3521, 88}, // 4.5C's own example
		{3000, 99}, {3001, 98}, {3050, 98}, {3051, 97}, {800, 99}, {100000, 1},
	}
	for _, tc := range tests {
		if got := MaxEfficiency(tc.miles); got != tc.want {
			t.Errorf("MaxEfficiency(%d) = %d, want %d", tc.miles, got, tc.want)
		}
	}
}

func TestDirectorBonusExample(t *testing.T) {
	tests := []struct{ newShares, directors, want int }{
		{1000, 1, 100}, {1000, 5, 100}, // 10% each up to five Directors
		{1000, 6, 83}, {1000, 8, 62}, // more than five share 50%
		{705, 7, 50},
		{1000, 0, 0},
	}
	for _, tc := range tests {
		got := DirectorBonusShares(tc.newShares, tc.directors)
		if got != tc.want {
			t.Errorf("DirectorBonusShares(%d, %d) = %d, want %d", tc.newShares, tc.directors, got, tc.want)
		}
		if got*tc.directors > tc.newShares/2 {
			t.Errorf("%d Directors take %d of %d new shares, over 50%%", tc.directors, got*tc.directors, tc.newShares)
		}
	}
}

func TestStockMarketExampleUnderTheFormula(t *testing.T) {
	// 6.3H: railroad X, start price $20. Offered: 50 treasury + 50 by
	// player 3 + 100 by the public = 200. Bid: 50 by player 1, 200 by
	// player 2, 150 by the public = 400.
	supply, demand := int64(200), int64(400)
	end := EndPrice(20, demand, supply)
	trade := TradePrice(20, end)
	// The rule's formula, 20 × 2^0.7 = 32.49…, rounded down. (The example
	// says $40 and $30, which is the exponent 1: rulings CR2.)
	if end != 32 || trade != 26 {
		t.Fatalf("end $%d, trade $%d; want $32 and $26 under the formula as written", end, trade)
	}
	fills := []int64{Fill(50, supply, demand), Fill(200, supply, demand), Fill(150, supply, demand)}
	if fmt.Sprint(fills) != "[25 100 75]" {
		t.Fatalf("fills %v, want [25 100 75] as the example gives", fills)
	}
	// Reversed: 400 offered, 200 bid: 20 × 0.5^0.7 = 12.31…
	end = EndPrice(20, 200, 400)
	if end != 12 || TradePrice(20, end) != 16 {
		t.Fatalf("reversed: end $%d trade $%d; want $12 and $16", end, TradePrice(20, end))
	}
	if Fill(50, 400, 200) != 50 {
		t.Fatal("with supply above demand every bid is filled")
	}
}

func TestEndPriceLimits(t *testing.T) {
	tests := []struct {
		name           string
		start          int
		demand, supply int64
		want           int
	}{
		{"even market", 37, 100, 100, 37},
		{"ratio capped at 20", 10, 1000, 1, 81},     // 10 × 20^0.7 = 81.4
		{"ratio floored at 1/20", 100, 1, 1000, 12}, // 100 × 0.05^0.7 = 12.3
		{"no supply at all", 10, 50, 0, 81},
		{"no demand at all", 100, 0, 50, 12},
		{"never above $200", 150, 1000, 10, 200},
		{"never below $1", 1, 1, 1000, 1},
	}
	for _, tc := range tests {
		if got := EndPrice(tc.start, tc.demand, tc.supply); got != tc.want {
			t.Errorf("%s: EndPrice = %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestOrderCheckingExample(t *testing.T) {
	// 6.1C: $1,500 + $1,000 borrowed - $500 for a PC - $200 of treasury
	// stock = $1,800 at the start of order checking.
	available := int64(1500 + 1000 - 500 - 200)
	prices := map[string]int{"NYC": 20, "B&O": 10, "N&W": 20, "SCL": 10}
	owned := map[string]int{"NYC": 20}
	orders := []StockOrder{
		{"NYC", Sell, 20},
		{"B&O", Buy, 100},
		{"N&W", Sell, 50}, // he owns none: a short sale
		{"SCL", Buy, 100},
		{"NYC", Buy, 10}, // nothing is left for it
	}
	got := CheckStockOrders(available, orders, func(rr string) int { return prices[rr] }, func(rr string) int { return owned[rr] })
	want := []struct {
		shares, owned, short int
		cut                  bool
	}{{20, 20, 0, false}, {100, 0, 0, false}, {50, 0, 50, false}, {50, 0, 0, true}, {0, 0, 0, true}}
	for i, w := range want {
		g := got[i]
		if g.Shares != w.shares || g.Owned != w.owned || g.Short != w.short || (g.Note != "") != w.cut {
			t.Errorf("order %d (%s %s): %+v, want %d shares (%d owned, %d short), cut %v", i+1, orders[i].Kind, orders[i].Railroad, g, w.shares, w.owned, w.short, w.cut)
		}
	}
}

func TestBidAndShortLimits(t *testing.T) {
	tests := []struct {
		name                   string
		issued, directors, own int
		want                   int
	}{
		{"20% of what is free", 1000, 0, 0, 200},
		{"directors' shares are not available", 1000, 400, 0, 120},
		{"a director's own shares are counted once", 1000, 300, 300, 140}, // available 400: his 300 are in both
		{"no one passes 51%", 1000, 0, 450, 60},
		{"at 51% no bid", 1000, 510, 510, 0},
	}
	for _, tc := range tests {
		// A director's own shares are among the directors' shares.
		dirs := tc.directors
		if tc.own > 0 && tc.directors >= tc.own {
			dirs = tc.directors - tc.own
		}
		if got := MaxBid(tc.issued, dirs, tc.own); got != tc.want {
			t.Errorf("%s: MaxBid = %d, want %d", tc.name, got, tc.want)
		}
	}
	// 6.2C: 1,000 issued, he owns 40: he may sell 100, 60 of them short.
	if got := MaxShort(1000, 40, false); got != 60 {
		t.Errorf("MaxShort = %d, want 60", got)
	}
	if MaxShort(1000, 0, true) != 0 || MaxShort(1000, 150, false) != 0 {
		t.Error("short sales allowed in a cornered stock or by a Director")
	}
	for _, tc := range []struct{ rrs, want int }{{6, 3}, {15, 3}, {16, 4}, {30, 4}, {31, 5}} {
		if got := MaxBids(tc.rrs); got != tc.want {
			t.Errorf("MaxBids(%d) = %d, want %d", tc.rrs, got, tc.want)
		}
	}
}

func TestCreditAndInterest(t *testing.T) {
	// Net worth $10,000 in a Normal climate: limit $7,000 (70%).
	if got := CreditLimit(10000, Normal); got != 7000 {
		t.Errorf("credit limit %d, want 7000", got)
	}
	if got := AvailableCredit(10000, 4000, Normal); got != 5000 {
		t.Errorf("available credit %d, want 5000", got)
	}
	if got := LoanRecall(10000, 15000, Normal); got != 1000 {
		t.Errorf("recall %d, want 1000 (loan may be at most twice the limit)", got)
	}
	if got := LoanInterest(1001, Normal); got != 121 { // 120.12 rounded up
		t.Errorf("loan interest %d, want 121 (the Bank rounds up)", got)
	}
	if got := CashInterest(1001, Great); got != 45 { // 4.5% of 1001 = 45.045, rounded down
		t.Errorf("cash interest %d, want 45", got)
	}
	for _, tc := range []struct{ price, ratio int }{{100, 1}, {101, 2}, {150, 2}, {200, 2}, {99, 1}} {
		if got := SplitRatio(tc.price); got != tc.ratio {
			t.Errorf("SplitRatio(%d) = %d, want %d", tc.price, got, tc.ratio)
		}
	}
}

// TestOrderCheckingAtTheEdges: a short sale whose half value the cash
// just covers, or a purchase it just pays for, stands without a note; a
// short sale the cash covers in part is cut to the shares it covers, and
// only their half value is taken from what later orders may use (6.1C,
// 6.2A).
func TestOrderCheckingAtTheEdges(t *testing.T) {
	prices := map[string]int{"A": 20, "B": 15, "C": 10, "D": 1}
	for _, tc := range []struct {
		name      string
		available int64
		orders    []StockOrder
		want      []int // shares after checking
		notes     []bool
	}{
		{"half the short sale's value is all the cash", 500, []StockOrder{{"A", Sell, 50}, {"D", Buy, 1}}, []int{50, 0}, []bool{false, true}},
		{"a short sale cut to what the cash covers", 100, []StockOrder{{"B", Sell, 50}, {"D", Buy, 10}}, []int{13, 3}, []bool{true, true}},
		{"a purchase of all the cash", 500, []StockOrder{{"C", Buy, 50}, {"D", Buy, 1}}, []int{50, 0}, []bool{false, true}},
	} {
		got := CheckStockOrders(tc.available, tc.orders, func(rr string) int { return prices[rr] }, func(string) int { return 0 })
		for i, g := range got {
			if g.Shares != tc.want[i] || (g.Note != "") != tc.notes[i] {
				t.Errorf("%s: order %d %+v, want %d shares, a note %v", tc.name, i+1, g, tc.want[i], tc.notes[i])
			}
		}
	}
}
