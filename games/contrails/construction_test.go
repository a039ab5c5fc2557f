package contrails

import (
	"fmt"
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

// TestCapitalExpensesRepairsAndDepreciation plays the railroads' capital
// expenses phase over many rolls: efficiency falls 3 to 7 points, 5 on
// average (4.5B); each dollar a mile of repairs wins a point half the time,
// at most $50 a mile, the excess cut with a note (4.5A, 10.2D1); repairs
// are financed half by bonds (4.6E); efficiency is capped by the line's
// length less 3 points for each locomotive type behind the best (4.5C,
// 4.17).
func TestCapitalExpensesRepairsAndDepreciation(t *testing.T) {
	const rounds = 200
	for _, tc := range []struct {
		name            string
		repairs         int
		eff, loco, best int
		lo, hi          int     // every round's efficiency after
		mean            float64 // and their mean, to within 1
		perMile         int     // repairs financed, $ a mile
		cut             bool    // the note that repairs were cut
	}{
		{"no repairs: depreciation of 3 to 7", 0, 50, 1, 1, 43, 47, 45, 0, false},
		{"$50 a mile of repairs", 50, 50, 1, 1, 50 - 7, 50 + 50 - 3, 70, 50, false},
		{"repairs over $50 cut to $50", 80, 50, 1, 1, 50 - 7, 50 + 50 - 3, 70, 50, true},
		{"two types behind the best: 6 points off the cap", 50, 99, 1, 3, 93, 93, 93, 50, false},
	} {
		m, s := scenario(t)
		rr := &s.Railroads[0]
		presideOver(m, s, 1, rr.Abbr, 0)
		s.Locomotive, rr.Loco = tc.best, tc.loco
		s.transfer(bank, railroadAcct(rr.Abbr), 1000000, "test")
		tn := newTurn(m, s, only(map[int]Orders{1: {Railroads: map[string]RailroadOrders{rr.Abbr: {Repairs: tc.repairs}}}}), rand.New(rand.NewPCG(1, 1)))
		miles := tn.miles[rr.Abbr]
		if MaxEfficiency(miles) != 99 {
			t.Fatalf("%s has %d miles, a cap of %d; the cases assume 99", rr.Abbr, miles, MaxEfficiency(miles))
		}
		sum := 0
		for round := range rounds {
			tn.rng = rand.New(rand.NewPCG(2, uint64(round)))
			tn.events = nil
			rr.Efficiency = tc.eff
			bonds, cash := rr.Bonds, rr.Cash
			tn.capitalExpenses()
			if rr.Efficiency < tc.lo || rr.Efficiency > tc.hi {
				t.Fatalf("%s: efficiency %d -> %d, want %d to %d", tc.name, tc.eff, rr.Efficiency, tc.lo, tc.hi)
			}
			sum += rr.Efficiency
			cost := int64(tc.perMile * miles)
			if rr.Bonds-bonds != (cost+1)/2 || cash-rr.Cash != cost/2 {
				t.Fatalf("%s: bonds +%d and cash -%d for repairs; want +%d and -%d", tc.name, rr.Bonds-bonds, cash-rr.Cash, (cost+1)/2, cost/2)
			}
			if cut := strings.Contains(notesFor(tn.events, 1), "repairs cut to $50 a mile"); cut != tc.cut {
				t.Fatalf("%s: repairs cut note %v, want %v", tc.name, cut, tc.cut)
			}
		}
		if mean := float64(sum) / rounds; math.Abs(mean-tc.mean) > 1 {
			t.Errorf("%s: mean efficiency %.2f, want %.0f", tc.name, mean, tc.mean)
		}
	}
}

// TestIssueStockSharesOut: 5 shares a mile of new line, 10% to the
// treasury, 20% to a merged PC's owner, 10% to each Director at half the
// start price by automatic loan, the rest to the public at 90% of it; a
// railroad founded this turn has no start price and issues at its own
// (4.3A2, A3, B, C).
func TestIssueStockSharesOut(t *testing.T) {
	for _, tc := range []struct {
		name                string
		owner               int
		founded             bool
		ownerShares, public int
		priceFromStart      bool
	}{
		{"no owner", 0, false, 0, 80, true},
		{"a merged PC's owner takes 20%", 2, false, 20, 60, true},
		{"founded this turn", 0, true, 0, 80, false},
	} {
		m, s := scenario(t)
		presideOver(m, s, 1, s.Railroads[0].Abbr, 0)
		rr := &s.Railroads[0]
		tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(1, 1)))
		price := int64(rr.Price)
		if tc.founded {
			delete(tn.price, rr.Abbr)
			rr.Price *= 2
			price = int64(rr.Price)
		}
		var owned int
		if tc.owner != 0 {
			owned = s.Player(tc.owner).Shares[rr.Abbr]
		}
		loan, public, cash := s.Players[0].Loan, rr.Public, rr.Cash
		tn.issueStock(rr, 20, tc.owner) // 100 shares
		if tc.owner != 0 {
			if got := s.Player(tc.owner).Shares[rr.Abbr] - owned; got != tc.ownerShares {
				t.Errorf("%s: the owner took %d shares, want %d", tc.name, got, tc.ownerShares)
			}
		}
		if got := rr.Public - public; got != tc.public {
			t.Errorf("%s: the public took %d shares, want %d", tc.name, got, tc.public)
		}
		if got := s.Players[0].Loan - loan; got != 10*price/2 {
			t.Errorf("%s: the Director's loan grew $%d, want 10 shares at $%d/2", tc.name, got, price)
		}
		if got, want := rr.Cash-cash, 10*price/2+int64(tc.public)*price*9/10; got != want {
			t.Errorf("%s: the railroad took in $%d, want $%d", tc.name, got, want)
		}
	}
}

// TestIncorporationsTakeTheNextNumbers: PCs incorporated in one turn
// become railroads numbered in turn from the next number (10), the order
// every later phase walks them in, each with the public's shares sold at
// 90% of its price (10.1B3c, 4.3C).
func TestIncorporationsTakeTheNextNumbers(t *testing.T) {
	m, s := scenario(t)
	orders := map[int]Orders{}
	var codes []string
	for i, o := range s.Offers[:2] {
		n := s.Players[i].Number
		s.Players[i].PCs = append(s.Players[i].PCs, OwnedPC{Code: o.Code, Paid: o.Asking})
		s.transfer(playerAcct(n), bank, o.Asking, "test")
		orders[n] = Orders{PCActions: []PCAction{{Code: o.Code, Action: IncorporatePC}}}
		codes = append(codes, o.Code)
	}
	s.Offers = s.Offers[2:]
	first := s.NextNumber
	tn := newTurn(m, s, only(orders), rand.New(rand.NewPCG(1, 1)))
	tn.construction()
	for i, code := range codes {
		rr := s.Railroad(code)
		if rr == nil {
			t.Fatalf("%s did not incorporate", code)
		}
		if rr.Number != first+i {
			t.Errorf("%s is railroad number %d, want %d", code, rr.Number, first+i)
		}
		if want := int64(rr.Public) * int64(rr.Price) * 9 / 10; rr.Cash != want {
			t.Errorf("%s has $%d, want %d public shares at 90%% of $%d: $%d", code, rr.Cash, rr.Public, rr.Price, want)
		}
	}
	if s.NextNumber != first+2 {
		t.Errorf("the next number is %d after %d and %d were taken", s.NextNumber, first, first+1)
	}
}

// TestBuildingCostLimits: building costs the climate's minimum a mile at
// least, raised with a note when less is ordered, and double it at most,
// cut with a note when more is (4.6B, C).
func TestBuildingCostLimits(t *testing.T) {
	for _, tc := range []struct {
		name        string
		over        func(min int) int // $ a mile ordered
		raised, cut bool
	}{
		{"a dollar under the minimum", func(min int) int { return min - 1 }, true, false},
		{"the minimum", func(min int) int { return min }, false, false},
		{"double the minimum", func(min int) int { return 2 * min }, false, false},
		{"a dollar over double", func(min int) int { return 2*min + 1 }, false, true},
	} {
		m, s := scenario(t)
		rr := &s.Railroads[0]
		rows := candidateRoWs(m, s, rr)
		if len(rows) == 0 {
			t.Fatal("setup: no RoW the railroad could hold")
		}
		rr.RoW = rows[0]
		presideOver(m, s, 1, rr.Abbr, 0)
		tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(1, 1)))
		min := Climates[tn.climate].BuildCost
		paid := max(min, tc.over(min)) // the $ a mile built at
		if tc.cut {
			paid = 2 * min
		}
		r, _ := m.Route(rr.RoW)
		cost := buildCost(m, rr.Lines, rr.RoW, tn.climate) + int64((paid-min)*r.Miles)
		bonds := rr.Bonds
		tn.build(rr, 1, tc.over(min))
		notes := notesFor(tn.events, 1)
		if raised, cut := strings.Contains(notes, "raised"), strings.Contains(notes, "cut from"); raised != tc.raised || cut != tc.cut {
			t.Errorf("%s: notes %q, want raised %v, cut %v", tc.name, notes, tc.raised, tc.cut)
		}
		if (tc.raised || tc.cut) && !strings.Contains(notes, fmt.Sprintf(" $%d a mile", paid)) {
			t.Errorf("%s: notes %q do not give the $%d a mile built at", tc.name, notes, paid)
		}
		if got := rr.Bonds - bonds; got != (cost+1)/2 {
			t.Errorf("%s: bonds grew $%d, want half of $%d", tc.name, got, cost)
		}
	}
}

// TestMergePCWhereAllowed: a PC its owner merges into a railroad it
// connects to becomes one of its lines, unless the railroad may not hold
// it (10.1B2a, 2.8).
func TestMergePCWhereAllowed(t *testing.T) {
	for _, prohibited := range []bool{false, true} {
		m, s := scenario(t)
		var code, into string
		for _, r := range m.Routes {
			for _, rr := range s.Railroads {
				// A PC, or for a prohibited one, the RoW it is the double of.
				if (r.Kind == PC || prohibited) && s.Railroad(r.Code) == nil && s.rowOwner(r.Code) == nil && m.Touches(rr.Lines, r.Code) &&
					(m.Prohibited(rr.holdings(), r.Code) != "") == prohibited && code == "" {
					code, into = r.Code, rr.Abbr
				}
			}
		}
		if code == "" {
			t.Fatalf("setup: no PC connects to a railroad, prohibited %v", prohibited)
		}
		s.Players[0].PCs = append(s.Players[0].PCs, OwnedPC{Code: code})
		s.withdrawOffer(code)
		tn := newTurn(m, s, only(map[int]Orders{1: {PCActions: []PCAction{{Code: code, Action: MergePC, Into: into}}}}), rand.New(rand.NewPCG(1, 1)))
		tn.construction()
		merged := contains(s.Railroad(into).Lines, code)
		refused := strings.Contains(notesFor(tn.events, 1), "cannot merge into")
		if merged == prohibited || refused != prohibited {
			t.Errorf("%s into %s, prohibited %v: merged %v, refused %v", code, into, prohibited, merged, refused)
		}
	}
}

// TestPoliticalInfluenceBought: a dollar a mile of starting track buys a
// point of influence, from cash only, an order beyond the cash cut with a
// note (4.9).
func TestPoliticalInfluenceBought(t *testing.T) {
	for _, tc := range []struct {
		name      string
		perMile   int   // $ a mile ordered
		cash      int64 // $ a mile in hand
		influence int
		cut       bool
	}{
		{"cash to spare", 3, 5, 3, false},
		{"cash just enough", 3, 3, 3, false},
		{"cut to the cash", 3, 2, 2, true},
	} {
		m, s := scenario(t)
		rr := &s.Railroads[0]
		presideOver(m, s, 1, rr.Abbr, 0)
		miles := m.Miles(rr.Lines)
		s.transfer(railroadAcct(rr.Abbr), bank, rr.Cash-tc.cash*int64(miles), "test")
		tn := newTurn(m, s, only(map[int]Orders{1: {Railroads: map[string]RailroadOrders{rr.Abbr: {Political: int64(tc.perMile * miles)}}}}), rand.New(rand.NewPCG(1, 1)))
		tn.politics()
		cut := strings.Contains(notesFor(tn.events, 1), "political spending cut")
		if got := tn.influence[rr.Abbr]; got != tc.influence || cut != tc.cut {
			t.Errorf("%s: influence %d, cut note %v; want %d, %v", tc.name, got, cut, tc.influence, tc.cut)
		}
	}
}
