package contrails

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestProdigalNotesOnlyForAnOrder: the tycoons' financial phase says
// nothing about Prodigal spending to a player who ordered none, and tells
// one who spent under $1,000 that it takes $1,000 (1.2).
func TestProdigalNotesOnlyForAnOrder(t *testing.T) {
	for _, tc := range []struct {
		spend int64
		want  string // in the player's notes; "" for no Prodigal note
	}{
		{0, ""},
		{900, "No Prodigal spending: it takes at least $1,000"},
		{1000, "Your Prodigal spending of $1000 earned"},
	} {
		m, s := scenario(t)
		n := s.Players[0].Number
		tn := newTurn(m, s, only(map[int]Orders{n: {Prodigal: tc.spend}}), rand.New(rand.NewPCG(1, 1)))
		tn.tycoonFinance()
		notes := notesFor(tn.events, n)
		if tc.want == "" && strings.Contains(notes, "Prodigal") || !strings.Contains(notes, tc.want) {
			t.Errorf("spending $%d: notes %q, want %q", tc.spend, notes, tc.want)
		}
	}
}

// TestBankFailuresByClimate plays the tycoons' financial phase many times
// in each climate: a bank failure strikes a player with cash 6% of the
// time for each step the climate is below Normal, never at Normal or
// better, never a player without cash, and takes 5% to 33% of the cash
// (11.1).
func TestBankFailuresByClimate(t *testing.T) {
	const rounds = 1500
	for _, tc := range []struct {
		climate Climate
		pct     float64 // chance of a failure per player with cash
	}{
		{Good, 0},
		{Normal, 0},
		{Recession, 6},
		{Panic, 24},
	} {
		m, s := scenario(t)
		s.Climate = tc.climate
		tn := newTurn(m, s, only(map[int]Orders{}), rand.New(rand.NewPCG(1, 1)))
		broke := s.Players[len(s.Players)-1].Number
		failures, trials := 0, 0
		for round := range rounds {
			tn.rng = rand.New(rand.NewPCG(uint64(tc.climate), uint64(round)))
			tn.events = nil
			before := make([]int64, len(s.Players))
			for i := range s.Players {
				s.Players[i].Cash = 10000
				if s.Players[i].Number == broke {
					s.Players[i].Cash = 0
				}
				before[i] = s.Players[i].Cash + CashInterest(s.Players[i].Cash, tc.climate)
			}
			tn.tycoonFinance()
			for i, p := range s.Players {
				if p.Number == broke {
					continue
				}
				trials++
				lost := before[i] - p.Cash
				if lost == 0 {
					continue
				}
				failures++
				if lost < before[i]*5/100 || lost > before[i]*33/100 {
					t.Fatalf("%v: a bank failure took $%d of $%d, want 5%% to 33%% (11.1)", tc.climate, lost, before[i])
				}
			}
			for _, e := range tn.events {
				if e.Kind == "bank_failure" && strings.Contains(e.Text, s.Player(broke).Name+" ") {
					t.Fatalf("%v: a bank failure struck a player without cash: %s", tc.climate, e.Text)
				}
			}
		}
		// Three standard deviations either side of the rule's rate; a
		// point more or less is six away at 6%.
		want := float64(trials) * tc.pct / 100
		sd := math.Sqrt(want * (1 - tc.pct/100))
		if math.Abs(float64(failures)-want) > 3*sd {
			t.Errorf("%v: %d bank failures in %d chances, want %.0f (%.0f%%, 11.1)", tc.climate, failures, trials, want, tc.pct)
		}
	}
}

// TestFinanceHalfByBonds: a cost the railroad may borrow for is half
// raised by bonds, the rest paid from cash above the political reserve and
// any shortfall borrowed short-term (4.6E, 10.2D2, 4.9C).
func TestFinanceHalfByBonds(t *testing.T) {
	for _, tc := range []struct {
		name                   string
		cost, cash, reserve    int64
		bonds, loans, fromCash int64
	}{
		{"cash pays the half", 1000, 5000, 0, 500, 0, 500},
		{"an odd cost's extra dollar in bonds", 1001, 5000, 0, 501, 0, 500},
		{"part cash, part loans", 1000, 300, 0, 500, 200, 300},
		{"the reserve is not spent", 1000, 600, 400, 500, 300, 200},
		{"no cash above the reserve", 1000, 300, 400, 500, 500, 0},
	} {
		m, s := scenario(t)
		rr := &s.Railroads[0]
		s.transfer(railroadAcct(rr.Abbr), bank, rr.Cash-tc.cash, "test")
		bonds, loans := rr.Bonds, rr.Loans
		tn := newTurn(m, s, only(map[int]Orders{}), rand.New(rand.NewPCG(1, 1)))
		tn.finance(rr, tc.cost, tc.reserve)
		if rr.Bonds-bonds != tc.bonds || rr.Loans-loans != tc.loans || tc.cash-rr.Cash != tc.fromCash {
			t.Errorf("%s: bonds %d, loans %d, cash paid %d; want %d, %d, %d", tc.name,
				rr.Bonds-bonds, rr.Loans-loans, tc.cash-rr.Cash, tc.bonds, tc.loans, tc.fromCash)
		}
	}
}
