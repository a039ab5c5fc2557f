package contrails

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// midGame plays a computer game to the given turn.
func midGame(t *testing.T, m *Map, turns int) *State {
	t.Helper()
	s, err := NewGame(m, Setup{}, rand.New(rand.NewPCG(5, 0)))
	if err != nil {
		t.Fatal(err)
	}
	for s.Turn <= turns {
		if s, _, err = Resolve(m, s, nil, rand.New(rand.NewPCG(5, uint64(s.Turn)))); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func TestAdjust(t *testing.T) {
	m, err := LoadMap()
	if err != nil {
		t.Fatal(err)
	}
	s := midGame(t, m, 8)
	if len(s.Railroads) == 0 {
		t.Fatal("no railroad by turn 8")
	}
	rr := s.Railroads[0]
	p3 := *s.Player(3)
	tests := []struct {
		name  string
		a     Adjustment
		check func(t *testing.T, after *State)
		fails string // a part of the refusal; "" when it applies
	}{
		{name: "cash through the Bank", a: Adjustment{Target: "3", Field: "cash", Delta: 50, Reason: "refund"}, check: func(t *testing.T, after *State) {
			if got := after.Player(3).Cash; got != p3.Cash+50 {
				t.Errorf("cash %d, want %d", got, p3.Cash+50)
			}
			if after.Bank != s.Bank-50 {
				t.Errorf("Bank %d, want %d", after.Bank, s.Bank-50)
			}
			if after.Player(3).NetWorth != p3.NetWorth+50 {
				t.Errorf("net worth %d, want %d", after.Player(3).NetWorth, p3.NetWorth+50)
			}
		}},
		{name: "P prefix and a loan", a: Adjustment{Target: "p3", Field: "LOAN", Delta: 100, Reason: "missed repayment"}, check: func(t *testing.T, after *State) {
			if after.Player(3).Loan != p3.Loan+100 || after.Player(3).Cash != p3.Cash {
				t.Errorf("loan %d cash %d, want %d and %d", after.Player(3).Loan, after.Player(3).Cash, p3.Loan+100, p3.Cash)
			}
		}},
		{name: "points and the Rail Baron that follows", a: Adjustment{Target: "3", Field: "builder", Delta: 400, Reason: "first link missed"}, check: func(t *testing.T, after *State) {
			p := after.Player(3)
			if p.VP.Builder != p3.VP.Builder+400 {
				t.Errorf("builder %d, want %d", p.VP.Builder, p3.VP.Builder+400)
			}
			if p.VP.Baron <= p3.VP.Baron {
				t.Errorf("Rail Baron %d did not rise from %d", p.VP.Baron, p3.VP.Baron)
			}
		}},
		{name: "a railroad's price, by its number", a: Adjustment{Target: "#" + strconv.Itoa(rr.Number), Field: "price", Delta: 1, Reason: "mispriced"}, check: func(t *testing.T, after *State) {
			got := after.Railroad(rr.Abbr)
			if got.Price != rr.Price+1 || got.Prices[len(got.Prices)-1] != rr.Price+1 {
				t.Errorf("price %d (chart %v), want %d", got.Price, got.Prices, rr.Price+1)
			}
		}},
		{name: "a railroad's cash", a: Adjustment{Target: strings.ToLower(rr.Abbr), Field: "cash", Delta: -rr.Cash, Reason: "embezzled"}, check: func(t *testing.T, after *State) {
			if after.Railroad(rr.Abbr).Cash != 0 || after.MoneySupply() != 0 {
				t.Errorf("cash %d, money supply %d", after.Railroad(rr.Abbr).Cash, after.MoneySupply())
			}
		}},
		{name: "no reason", a: Adjustment{Target: "3", Field: "cash", Delta: 5}, fails: "reason"},
		{name: "nothing to change", a: Adjustment{Target: "3", Field: "cash", Reason: "x"}, fails: "0"},
		{name: "cash below zero", a: Adjustment{Target: "3", Field: "cash", Delta: -p3.Cash - 1, Reason: "x"}, fails: "below $0"},
		{name: "no such position", a: Adjustment{Target: "16", Field: "cash", Delta: 5, Reason: "x"}, fails: "no position 16"},
		{name: "no such railroad", a: Adjustment{Target: "ZZZ", Field: "cash", Delta: 5, Reason: "x"}, fails: "neither a position"},
		{name: "Rail Baron is derived", a: Adjustment{Target: "3", Field: "baron", Delta: 5, Reason: "x"}, fails: "robber_baron, mogul"},
		{name: "price past $200", a: Adjustment{Target: rr.Abbr, Field: "price", Delta: 500, Reason: "x"}, fails: "$1 to $200"},
		{name: "efficiency past its cap", a: Adjustment{Target: rr.Abbr, Field: "efficiency", Delta: 100, Reason: "x"}, fails: "4.5C"},
	}
	before, err := s.Clone()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			after, err := Adjust(m, s, tt.a)
			if tt.fails != "" {
				if err == nil || !errors.Is(err, ErrNotAdjustable) || !strings.Contains(err.Error(), tt.fails) {
					t.Fatalf("got %v, want a refusal mentioning %q", err, tt.fails)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, after)
			if len(after.Adjustments) != 1 || after.Record != s.Record {
				t.Errorf("adjustments %v, record kept %v", after.Adjustments, after.Record == s.Record)
			}
		})
	}
	if s.Player(3).Cash != before.Player(3).Cash || len(s.Adjustments) != 0 {
		t.Error("Adjust changed its input")
	}
}

// TestAdjustedCashIsInTheNextTurnsFlows: the next report's cash flow starts
// from the cash the last report ended with and lists the correction.
func TestAdjustedCashIsInTheNextTurnsFlows(t *testing.T) {
	m, err := LoadMap()
	if err != nil {
		t.Fatal(err)
	}
	s := midGame(t, m, 6)
	adj, err := Adjust(m, s, Adjustment{Target: "4", Field: "cash", Delta: 75, Reason: "refund"})
	if err != nil {
		t.Fatal(err)
	}
	next, _, err := Resolve(m, adj, nil, rand.New(rand.NewPCG(5, uint64(adj.Turn))))
	if err != nil {
		t.Fatal(err)
	}
	if len(next.Adjustments) != 0 {
		t.Errorf("adjustments carried past the turn: %v", next.Adjustments)
	}
	var total, seen int64
	for _, f := range next.Record.CashFlow(4, "") {
		total += f.Amount
		if f.Item == itemAdjustment {
			seen += f.Amount
		}
	}
	if seen != 75 {
		t.Errorf("the adjustment's flow is %d, want 75", seen)
	}
	if start := next.Player(4).Cash - total; start != s.Player(4).Cash {
		t.Errorf("the flows start from %d, want the last turn's end cash %d", start, s.Player(4).Cash)
	}
}
