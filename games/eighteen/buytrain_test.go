package eighteen

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/move"
)

// trainGame is the test Base with trains for sale (a 2 at $80, then two
// 3s at $180, the first 3 beginning phase 1 with a limit of one), A
// operating at its trains with Ann presiding, and a title's Buying whose
// company must buy when the test says so, whose sales are never allowed,
// and whose phases and ends of turns are counted.
type trainGame struct {
	b        *Base[tcorp, *tcorp]
	d        *Buying[tcorp]
	round    *RoundState
	mustBuy  bool
	phases   []int
	finished int
	offered  []int
}

func newTrainGame(t *testing.T) *trainGame {
	tg := &trainGame{b: testBase(t), round: &RoundState{Kind: 1, Corp: "A", Step: StepTrains}}
	tg.b.Trains = NewTrains([]TrainKind{{Size: 2, Cost: 80, Count: 1}, {Size: 3, Cost: 180, Count: 2}},
		[]Phase{{Train: 2, Limit: 2}, {Train: 3, Limit: 1}})
	tg.b.Wire(Hooks{State: tg.round, Operating: 1, Shares: ShareRules{PresidentUnits: 2}, EndNote: "over: %s",
		Worth: Worth{Valued: func(*Corporation) bool { return true }}})
	tg.b.Corp("A").President = 0
	tg.b.Corp("B").President = 1
	tg.d = &Buying[tcorp]{Shop: Shop{Bank: "DEPOT", Example: "B"},
		Rules:      BuyRules{Order: "r-order", Limit: "r-limit", Price: "r-price", Cheapest: "r-cheapest", MustSell: "r-sell", Sale: "r-sale", Done: "r-done", Bankrupt: "r-bankrupt"},
		Notes:      BuyNotes{Bought: "%[1]s buys a %[2]s for $%[3]d %[4]s", Helped: "%s adds $%d to %s"},
		Bankruptcy: Bankruptcy{Ends: EndNow, Why: "%s cannot pay for %s"},
		Limit:      func(*tcorp) int { return tg.b.Current().Limit },
		MustBuy:    func(*tcorp) bool { return tg.mustBuy },
		Sell:       Move{Check: func(move.Action) error { return errors.New("no sale") }},
		Offer:      func(_ move.Action, to int, _ Purchase) error { tg.offered = append(tg.offered, to); return nil },
		Phase:      func(p int) { tg.phases = append(tg.phases, p) },
		Finish:     func(*tcorp) { tg.finished++ }}
	return tg
}

func (tg *trainGame) apply(line string) error {
	a, err := move.ParseAction(0, line)
	if err != nil {
		return err
	}
	return Round{Name: "operating round", Steps: []Step{tg.b.TrainStep(tg.d)}}.Apply(a)
}

// TestBuyTrain: a purchase within the treasury, and the forced purchase:
// the president pays what the company lacks, only for the cheapest train
// and only when the company must buy one, and must sell first if he is
// short; the limit; DONE while a train is owed (1870 10, 18EZ 2.8 to
// 2.10).
func TestBuyTrain(t *testing.T) {
	for _, tc := range []struct {
		name            string
		cash, pres      int
		trains          []int
		mustBuy         bool
		line, rule      string
		corp, president int
		bought          []int
	}{
		{"within the treasury", 100, 300, nil, false, "BUYTRAIN 2 DEPOT", "", 20, 300, []int{2}},
		{"the president's part of the cheapest", 50, 300, nil, true, "BUYTRAIN 2 DEPOT", "", 0, 270, []int{2}},
		{"the president pays only for a train the company must buy", 50, 300, nil, false, "BUYTRAIN 2 DEPOT", "r-price", 50, 300, nil},
		{"he must sell first when short", 20, 50, nil, true, "BUYTRAIN 2 DEPOT", "r-sell", 20, 50, nil},
		{"at the limit", 500, 0, []int{3, 3}, false, "BUYTRAIN 2 DEPOT", "r-limit", 500, 0, []int{3, 3}},
		{"another company's train within the treasury", 60, 300, nil, true, "BUYTRAIN 3 B 60", "", 0, 300, []int{3}},
		{"another company's train beyond it", 60, 300, nil, true, "BUYTRAIN 3 B 61", "10.5", 60, 300, nil},
		{"DONE while the company owes a train", 0, 0, nil, true, "DONE", "r-done", 0, 0, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tg := newTrainGame(t)
			a, b := tg.b.Corp("A"), tg.b.Corp("B")
			a.Cash, a.Trains, tg.b.Players[0].Cash, tg.mustBuy = tc.cash, slices.Clone(tc.trains), tc.pres, tc.mustBuy
			b.Trains, b.President = []int{3}, 0
			money := tg.b.Money()
			err := tg.apply(tc.line)
			switch {
			case tc.rule == "" && err != nil:
				t.Fatalf("%s refused: %v", tc.line, err)
			case tc.rule != "" && (err == nil || !strings.Contains(err.Error(), tc.rule)):
				t.Fatalf("%s: %v; want a refusal citing %s", tc.line, err, tc.rule)
			}
			if a.Cash != tc.corp || tg.b.Players[0].Cash != tc.president || !slices.Equal(a.Trains, tc.bought) || tg.b.Money() != money {
				t.Errorf("A $%d %v, Ann $%d, money $%d; want $%d %v, $%d, $%d", a.Cash, a.Trains, tg.b.Players[0].Cash, tg.b.Money(), tc.corp, tc.bought, tc.president, money)
			}
		})
	}
}

// TestForcedPurchasePolicies: the cheapest only; another president's
// company is asked first; the first train of a size begins its phase;
// where the title allows, the president's cash pays another company's
// train below the cheapest; a forced sale no larger than the need, and
// bankruptcy when no sale is left.
func TestForcedPurchasePolicies(t *testing.T) {
	tg := newTrainGame(t)
	a := tg.b.Corp("A")
	tg.mustBuy, a.Cash, tg.b.Players[0].Cash = true, 50, 1000
	tg.b.Depot[0] = 0 // the 3s are on sale: $180
	tg.b.PoolTrains = []int{2}
	if err := tg.apply("BUYTRAIN 3 DEPOT"); err == nil || !strings.Contains(err.Error(), "r-cheapest") {
		t.Errorf("a forced 3 from the bank with a 2 in the open market: %v", err)
	}
	tg.b.PoolTrains = nil
	tg.b.Corp("B").Trains = []int{3}
	if err := tg.apply("BUYTRAIN 3 B 40"); err != nil || !slices.Equal(tg.offered, []int{1}) || len(a.Trains) != 0 {
		t.Errorf("a train from Bob's company: %v, offered to %v, A has %v", err, tg.offered, a.Trains)
	}
	if tg.b.most(tg.d, a) != 50 {
		t.Errorf("A may pay another company $%d; want its $50", tg.b.most(tg.d, a))
	}
	tg.d.FromCompanies = true
	if tg.b.most(tg.d, a) != 179 {
		t.Errorf("with the president's help A may pay $%d; want $179, below the cheapest", tg.b.most(tg.d, a))
	}
	mark := true
	tg.d.Forced = &mark
	if err := tg.apply("BUYTRAIN 3 DEPOT"); err != nil || len(tg.phases) != 1 || tg.phases[0] != 1 || tg.b.Phase != 1 || mark {
		t.Errorf("the first 3: %v, phases begun %v, phase %d, still marked forced %v", err, tg.phases, tg.b.Phase, mark)
	}

	tg = newTrainGame(t)
	a = tg.b.Corp("A")
	tg.mustBuy, a.Cash, tg.b.Players[0].Cash = true, 0, 20 // $60 short of the 2
	give(tg.b, 0, map[string]int{"A": 4, "C": 3})
	for _, tc := range []struct {
		corp     string
		n, allow int
		ok       bool
	}{{"C", 1, 0, true}, {"C", 2, 0, false}, {"C", 2, 2, true}, {"A", 1, 0, true}, {"A", 3, 3, false}} {
		err := tg.b.ForcedSaleError(tg.d, 0, tg.b.Corp(tc.corp), tc.n, tc.allow)
		if (err == nil) != tc.ok || (err != nil && !strings.Contains(err.Error(), "r-sale")) {
			t.Errorf("selling %d %s, allowed %d beyond the need: %v", tc.n, tc.corp, tc.allow, err)
		}
	}
	if err := tg.b.ForcedSaleError(tg.d, 1, tg.b.Corp("C"), 1, 0); err == nil {
		t.Error("a sale by another than the president")
	}
	if !tg.b.Stranded(tg.d) {
		t.Fatal("$60 short and no sale allowed, yet not bankrupt")
	}
	tg.b.Fail(tg.d)
	if !tg.b.Over() || tg.b.Bankrupt != 0 || tg.b.Ending.Why != "Ann cannot pay for A" {
		t.Errorf("over %v, bankrupt %d, %+v", tg.b.Over(), tg.b.Bankrupt, tg.b.Ending)
	}
}

// TestDeclaredBankruptcy: where the president declares it, BANKRUPT is
// his only while his sales cannot raise the shortfall, and the core
// declares it only when no other company has a train to sell either
// (18EZ 2.11).
func TestDeclaredBankruptcy(t *testing.T) {
	tg := newTrainGame(t)
	a := tg.b.Corp("A")
	raisable := 100
	tg.d.Raisable = func(int, *tcorp) int { return raisable }
	tg.d.FromCompanies = true
	tg.mustBuy, a.Cash, tg.b.Players[0].Cash = true, 0, 0
	if err := tg.apply("BANKRUPT"); err == nil || !strings.Contains(err.Error(), "r-bankrupt") {
		t.Errorf("BANKRUPT with $100 raisable for an $80 train: %v", err)
	}
	raisable = 78
	tg.b.Players[0].Cash = 1
	tg.b.Corp("B").Trains = []int{2}
	if tg.b.Stranded(tg.d) {
		t.Error("stranded while B has a train to sell for $1")
	}
	tg.b.Corp("B").Trains = nil
	if !tg.b.Stranded(tg.d) {
		t.Error("not stranded $1 beyond his means and no train elsewhere")
	}
	if err := tg.apply("BANKRUPT"); err != nil || !tg.b.Over() {
		t.Errorf("BANKRUPT $1 beyond his means: %v, over %v", err, tg.b.Over())
	}
}

// TestMayBuy: the turn waits on the president while a purchase or a sale
// for a forced train is open, another company's train counting at any
// price; at the limit, or with nothing to be had, it does not.
func TestMayBuy(t *testing.T) {
	for _, tc := range []struct {
		name        string
		cash        int
		own, others []int
		want        bool
	}{
		{"a train the treasury pays for", 80, nil, nil, true},
		{"nothing it can pay for", 79, nil, nil, false},
		{"another company's train", 0, nil, []int{3}, true},
		{"at the limit", 500, []int{3, 3}, []int{3}, false},
	} {
		tg := newTrainGame(t)
		tg.b.Corp("A").Cash, tg.b.Corp("A").Trains, tg.b.Corp("B").Trains = tc.cash, tc.own, tc.others
		if got := tg.b.MayBuy(tg.d); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
