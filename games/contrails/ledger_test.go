package contrails

import (
	"math/rand/v2"
	"testing"
)

// TestCashFlowsAccountForEveryDollar plays whole games and checks after
// every turn that each account's recorded flows take its cash from where
// the turn started to where it ended, that the trades are the stock items
// of the flows, and that the chart series grow by one a turn.
func TestCashFlowsAccountForEveryDollar(t *testing.T) {
	m, err := LoadMap()
	if err != nil {
		t.Fatal(err)
	}
	for _, seed := range []uint64{1, 2, 3, 11} {
		s, err := NewGame(m, Setup{}, rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			t.Fatal(err)
		}
		for !s.Over && s.Turn <= 40 {
			next, _, err := Resolve(m, s, nil, rand.New(rand.NewPCG(seed, uint64(s.Turn))))
			if err != nil {
				t.Fatalf("seed %d turn %d: %v", seed, s.Turn, err)
			}
			checkRecord(t, seed, s, next)
			s = next
		}
	}
}

func checkRecord(t *testing.T, seed uint64, before, after *State) {
	t.Helper()
	rec := after.Record
	if rec == nil {
		t.Fatalf("seed %d turn %d: no record", seed, before.Turn)
	}
	sum := func(fs []Flow) (total int64) {
		for _, f := range fs {
			total += f.Amount
		}
		return total
	}
	for _, p := range after.Players {
		start := before.Player(p.Number).Cash
		if got := start + sum(rec.CashFlow(p.Number, "")); got != p.Cash {
			t.Errorf("seed %d turn %d player %d: %d + flows = %d, but cash is %d", seed, before.Turn, p.Number, start, got, p.Cash)
		}
		byDeal := map[Deal]int64{}
		for _, tr := range rec.Trades {
			if tr.Player == p.Number {
				byDeal[tr.Deal] += tr.Amount
			}
		}
		items := map[string]int64{}
		for _, f := range rec.CashFlow(p.Number, "") {
			items[f.Item] += f.Amount
		}
		if byDeal[Bought] != items[itemStockBought] || byDeal[Sold] != items[itemStockSold] || byDeal[SoldShort] != items[itemShortSales] {
			t.Errorf("seed %d turn %d player %d: trades %v disagree with flows %v", seed, before.Turn, p.Number, byDeal, items)
		}
	}
	gone := map[string]bool{}
	for _, rr := range before.Railroads {
		gone[rr.Abbr] = true
	}
	for _, rr := range after.Railroads {
		delete(gone, rr.Abbr)
		start := int64(0)
		if old := before.Railroad(rr.Abbr); old != nil && old.Abbr == rr.Abbr {
			start = old.Cash
		}
		if got := start + sum(rec.CashFlow(0, rr.Abbr)); got != rr.Cash {
			t.Errorf("seed %d turn %d %s: %d + flows = %d, but cash is %d", seed, before.Turn, rr.Abbr, start, got, rr.Cash)
		}
		if n := len(rr.Prices); n == 0 || rr.Prices[n-1] != rr.Price || n > after.Turn-rr.Founded {
			t.Errorf("seed %d turn %d %s founded %d: price history %v ends off price %d", seed, before.Turn, rr.Abbr, rr.Founded, rr.Prices, rr.Price)
		}
	}
	for abbr := range gone {
		if got := before.Railroad(abbr).Cash + sum(rec.CashFlow(0, abbr)); got != 0 {
			t.Errorf("seed %d turn %d %s is gone but %d of its cash is not accounted for", seed, before.Turn, abbr, got)
		}
	}
	if len(after.Climates) != before.Turn || after.Climates[before.Turn-1] != before.Climate {
		t.Errorf("seed %d turn %d: climates %v", seed, before.Turn, after.Climates)
	}
	for _, a := range rec.Market {
		if a.Trade < min(a.Start, a.End) || a.Trade > max(a.Start, a.End) {
			t.Errorf("seed %d turn %d %s: traded at %d outside %d..%d", seed, before.Turn, a.Railroad, a.Trade, a.Start, a.End)
		}
	}
}
