package eighteen

import (
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/move"
)

// stockTable is a stock turn of two players with $300 each: A not yet
// started (par $100 or $60), B started at $100 in a box where several
// pool shares may be bought at once, C at $60 in a plain box. The rule
// numbers are letters, so each refusal shows which rule it cites.
type stockTable struct {
	b      *Base[tcorp, *tcorp]
	st     StockState
	seat   int
	passes int
	done   []int
	step   Step
}

func newStockTable(t *testing.T, limit int) *stockTable {
	return newStockTableWith(t, limit, nil)
}

func newStockTableWith(t *testing.T, limit int, r *Redemption[tcorp]) *stockTable {
	t.Helper()
	m, err := ParseMarket("60p 100pb 120")
	if err != nil {
		t.Fatal(err)
	}
	b := NewBase[tcorp](Equipment{Board: &Board{}, Market: m, Bank: 5000, Players: []string{"Ann", "Bob"}, Capital: 600})
	for _, c := range []struct {
		sym string
		at  int
	}{{"A", -1}, {"B", 1}, {"C", 0}} {
		x := &tcorp{Corporation: Corporation{Sym: c.sym, President: -1}}
		x.Issue(Charter(c.sym, 20, 10, 8))
		if c.at >= 0 {
			x.Started, x.Floated, x.Pos, x.Par = true, true, Pos{0, c.at}, m.Price(Pos{0, c.at})
		}
		b.AddCorp(x)
	}
	st := &stockTable{b: &b}
	b.Wire(Hooks{State: &RoundState{}, Shares: ShareRules{PresidentUnits: 2, HoldLimit: 6, PoolLimit: 5, BulkZones: "b"},
		Limit: func() int { return limit }})
	st.step = b.Stock(&StockTurn[tcorp]{Title: "stock turn", Pars: []int{60, 100}, State: &st.st,
		Cite: StockCite{Turn: "T", Once: "O", Source: "S", Bulk: "K", Sold: "X", Limit: "L", Par: "P", Cash: "M", Sale: "Y", Resell: "R"},
		Open: func() bool { return true }, Seat: func() int { return st.seat },
		MayBuy: func(_ int, c *tcorp, ipo bool, _ int) error {
			if c.Sym == "C" && ipo {
				return RuleError("own", "the title keeps C's initial offering")
			}
			return nil
		},
		Started: func(int, *tcorp, int) {}, Bought: func(int, *tcorp, int, int, bool) {},
		Sold:   func(seat int, c *tcorp, n, _ int) { c.Pos.Col = 0 },
		Passed: func(int) { st.passes++ }, Done: func(seat int) { st.done = append(st.done, seat); st.st = StockState{} },
		Redeem: r})
	return st
}

func (st *stockTable) play(line string) error {
	f := strings.Fields(line)
	a := move.Action{Seat: st.seat, Verb: f[0], Args: f[1:]}
	for _, o := range st.step.Options(st.seat, move.Query{Verb: a.Verb, Args: a.Args}) {
		if o.Allows(a) {
			return st.step.Do(a)
		}
	}
	if err := st.step.Why(a); err != nil {
		return err
	}
	return RuleError("?", "%s is not listed though its check passes", line)
}

// TestStockTurnRules: each move of a turn judged in order, a refusal
// naming its rule by the title's number for it.
func TestStockTurnRules(t *testing.T) {
	for _, tc := range []struct {
		name  string
		moves []string // a move, then " -> " and the rule it breaks, or nothing
	}{
		{"one purchase a turn", []string{"DONE -> T", "BUY A PAR 100", "PASS -> T", "BUY B IPO -> O", "DONE"}},
		{"par values, and the money for two shares", []string{"BUY A PAR 80 -> P", "BUY B PAR 60 -> P", "BUY A IPO -> P", "BUY A PAR 60"}},
		{"from the initial offering one at a time", []string{"BUY B IPO 2 -> K", "BUY B IPO"}},
		{"several from the pool in a zone that allows it", []string{"SELLALL", "BUY B POOL 3"}},
		{"not several in a plain zone", []string{"BUY C POOL 2 -> K", "BUY C IPO -> own"}},
		{"sell, buy, sell", []string{"SELL B 1", "BUY C POOL", "SELL C 1 -> R"}},
		{"no buying back what one sold", []string{"SELL B 1", "BUY B POOL -> X"}},
		{"the open market's limit", []string{"SELLALL", "SELL B 2 -> 5.4.2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := newStockTable(t, 10)
			st.b.Players[0].Shares["B"] = st.b.Corp("B").IPO[:2] // the president's and one
			st.b.Corp("B").IPO = st.b.Corp("B").IPO[2:]
			st.b.Corp("B").President = 0
			st.b.Pool["C"] = st.b.Corp("C").IPO[1:3]
			for _, m := range tc.moves {
				if m == "SELLALL" { // Bob's four in the pool, off the turn
					st.b.Pool["B"], st.b.Corp("B").IPO = st.b.Corp("B").IPO[:4], st.b.Corp("B").IPO[4:]
					continue
				}
				line, rule, refused := strings.Cut(m, " -> ")
				err := st.play(line)
				switch {
				case refused && (err == nil || !strings.Contains(err.Error(), "("+rule+")")):
					t.Fatalf("%s: %v; want it refused by (%s)", line, err, rule)
				case !refused && err != nil:
					t.Fatalf("%s: %v", line, err)
				}
			}
		})
	}
}

// TestStockTurnMoves: what a purchase, a start and a sale change.
func TestStockTurnMoves(t *testing.T) {
	st := newStockTable(t, 10)
	money := st.b.Money()
	for _, m := range []string{"BUY A PAR 100", "DONE"} {
		if err := st.play(m); err != nil {
			t.Fatal(err)
		}
	}
	a := st.b.Corp("A")
	if !a.Started || a.President != 0 || a.Par != 100 || st.b.Players[0].Cash != 100 || st.b.Players[0].Units("A") != 2 {
		t.Errorf("after the start: started %v, president %d, par %d, Ann $%d with %d units; want true, 0, 100, $100, 2",
			a.Started, a.President, a.Par, st.b.Players[0].Cash, st.b.Players[0].Units("A"))
	}
	st.seat = 1
	for _, m := range []string{"BUY A IPO", "SELL A 1"} {
		if err := st.play(m); err != nil {
			t.Fatal(err)
		}
	}
	if st.b.Players[1].Cash != 300 || st.b.PoolUnits("A") != 1 || !st.b.Players[1].Sold["A"] || st.st.Bought != "A" || !st.st.Sold || st.st.SoldFirst {
		t.Errorf("after buy then sell: Bob $%d, pool %d, sold %v, state %+v; want $300, 1, true, bought A, sold, not sold first",
			st.b.Players[1].Cash, st.b.PoolUnits("A"), st.b.Players[1].Sold["A"], st.st)
	}
	if st.b.Money() != money {
		t.Errorf("money %d, want %d: the turn made or lost money", st.b.Money(), money)
	}
}

// TestStockTurnOverLimit: over the certificate limit a seat may not end
// his turn while a sale is open, nor buy.
func TestStockTurnOverLimit(t *testing.T) {
	st := newStockTable(t, 2)
	st.b.Players[0].Shares["C"] = st.b.Corp("C").IPO[1:4]
	st.b.Corp("C").IPO = append(Holding{st.b.Corp("C").IPO[0]}, st.b.Corp("C").IPO[4:]...)
	for _, m := range []string{"PASS -> L", "BUY B IPO -> L", "SELL C 1", "DONE"} {
		line, rule, refused := strings.Cut(m, " -> ")
		err := st.play(line)
		if refused != (err != nil) || (refused && !strings.Contains(err.Error(), "("+rule+")")) {
			t.Fatalf("%s: %v; want refused %v by (%s)", line, err, refused, rule)
		}
	}
	var opts []string
	for _, o := range st.step.Options(0, move.Query{}) {
		opts = append(opts, o.String())
	}
	if !slices.Contains(opts, "PASS") || slices.Contains(opts, "DONE") {
		t.Errorf("after the turn, options %v; want PASS and not DONE", opts)
	}
}

// TestRedemption: a president's company buys back a share, from the open
// market first, from him only while he keeps his certificate and the
// presidency, from another player with his word; it reissues once its
// initial offering is sold out; each act is the whole of a turn.
func TestRedemption(t *testing.T) {
	var asked, acted int
	r := &Redemption[tcorp]{Redeem: "RD", Reissue: "RI", Most: 2, Out: 3,
		Ask: func(move.Action, int) error { asked++; return nil }, Redeemed: func(*tcorp, int) {}, Reissued: func(*tcorp) {},
		Acted: func(int) { acted++ }}
	st := newStockTableWith(t, 10, r)
	b := st.b.Corp("B")
	b.Cash, b.President = 1000, 0
	st.b.Players[0].Shares["B"], st.b.Pool["B"], st.b.Players[1].Shares["B"] = b.IPO[:2], b.IPO[2:3], b.IPO[3:5]
	b.IPO = b.IPO[5:]
	for _, m := range []string{"REDEEM C -> ", "REDEEM B SELF -> RD", "REDEEM B", "REISSUE B -> O", "", "REDEEM B SELF -> RD",
		"REDEEM B Bob", "", "REISSUE B -> RI"} {
		if m == "" { // a new turn
			st.st = StockState{}
			continue
		}
		line, rule, refused := strings.Cut(m, " -> ")
		err := st.play(line)
		if refused != (err != nil) || (refused && !strings.Contains(err.Error(), "("+rule)) {
			t.Fatalf("%s: %v; want refused %v by (%s)", line, err, refused, rule)
		}
	}
	if b.Treasury.Units() != 1 || b.Cash != 900 || asked != 1 || acted != 1 {
		t.Errorf("treasury %d units, cash $%d, asked %d, acted %d; want 1, $900, 1, 1", b.Treasury.Units(), b.Cash, asked, acted)
	}
	b.IPO = nil
	if err := st.play("REISSUE B"); err != nil || b.IPO.Units() != 1 || b.Treasury.Units() != 0 {
		t.Errorf("REISSUE B: %v, initial offering %d units, treasury %d; want 1 and 0", err, b.IPO.Units(), b.Treasury.Units())
	}
}

// TestProtection: a president with the money and room buys what another
// sold at the sale price; without the money he may only decline, and the
// price falls.
func TestProtection(t *testing.T) {
	for _, tc := range []struct {
		cash      int
		protected bool
	}{{200, true}, {199, false}} {
		st := newStockTable(t, 10)
		b := st.b.Corp("B")
		b.President = 0
		st.b.Players[0].Shares["B"], st.b.Pool["B"], b.IPO = b.IPO[:2], b.IPO[2:4], b.IPO[4:]
		st.b.Players[0].Cash = tc.cash
		queue := []Sale{{Seat: 1, Units: 2, Price: 100, Corp: "B", President: 0}}
		fell := 0
		step := st.b.ProtectStep(Protection{Rule: "PR", Seat: func() int { return 0 },
			Asked: func() *Sale {
				if len(queue) == 0 {
					return nil
				}
				return &queue[0]
			},
			Answered: func(int, bool) { queue = queue[1:] }, Fall: func(s Sale) { fell += s.Units }})
		var opts []string
		for _, o := range step.Options(0, move.Query{}) {
			opts = append(opts, o.String())
		}
		want := []string{"DECLINE B"}
		if tc.protected {
			want = []string{"DECLINE B", "PROTECT B"}
		}
		slices.Sort(opts)
		if !slices.Equal(opts, want) {
			t.Fatalf("with $%d options %v, want %v", tc.cash, opts, want)
		}
		if err := step.Why(move.Action{Seat: 0, Verb: "PROTECT", Args: []string{"B"}}); (err == nil) != tc.protected {
			t.Errorf("with $%d PROTECT B: %v", tc.cash, err)
		}
		verb := map[bool]string{true: "PROTECT", false: "DECLINE"}[tc.protected]
		if err := step.Do(move.Action{Seat: 0, Verb: verb, Args: []string{"B"}}); err != nil {
			t.Fatal(err)
		}
		if tc.protected && (st.b.Players[0].Units("B") != 5 || st.b.Players[0].Cash != 0 || fell != 0) {
			t.Errorf("protected: Ann holds %d units and $%d, price fell %d; want 5, $0, 0", st.b.Players[0].Units("B"), st.b.Players[0].Cash, fell)
		}
		if !tc.protected && fell != 2 {
			t.Errorf("declined: price fell %d rows, want 2", fell)
		}
		if step.Blocking() {
			t.Error("the step still blocks after its one question")
		}
	}
}

// TestPrivateTrade: a private bought from its owner at a price offered
// from the least the title allows, his word asked first; one the bank
// holds only where the title sells them so; the turn's purchase where
// the title counts it so.
func TestPrivateTrade(t *testing.T) {
	for _, purchase := range []bool{false, true} {
		st := newStockTable(t, 10)
		asked := 0
		st.b.Privates = []*Private{NewPrivate("X", "X", 40, 5), NewPrivate("Y", "Y", 20, 5)}
		st.b.Privates[0].Owner = 1
		tr := &PrivateTrade{Rule: "TR", Limit: "L", Least: 1, Purchase: purchase, Note: "%s buys %s from %s for $%d",
			Ask: func(move.Action, int) error { asked++; return nil }}
		step := st.b.Stock(&StockTurn[tcorp]{Title: "t", State: &st.st, Open: func() bool { return true }, Seat: func() int { return 0 },
			Trade: tr})
		for _, m := range []string{"BUYPRIVATE Y -> TR", "BUYPRIVATE X 0 -> TR", "BUYPRIVATE X 301 -> TR", "BUYPRIVATE X 50"} {
			line, rule, refused := strings.Cut(m, " -> ")
			f := strings.Fields(line)
			a := move.Action{Seat: 0, Verb: f[0], Args: f[1:]}
			err := step.Why(a)
			if err == nil {
				err = step.Do(a)
			}
			if refused != (err != nil) || (refused && !strings.Contains(err.Error(), "("+rule+")")) {
				t.Fatalf("%s: %v; want refused %v by (%s)", line, err, refused, rule)
			}
		}
		if asked != 1 || st.b.Privates[0].Owner != 1 {
			t.Fatalf("asked %d, owner %d; want the owner asked once and still the owner", asked, st.b.Privates[0].Owner)
		}
		st.b.agreed = true
		if err := step.Do(move.Action{Seat: 0, Verb: "BUYPRIVATE", Args: []string{"X", "50"}}); err != nil {
			t.Fatal(err)
		}
		if st.b.Privates[0].Owner != 0 || st.b.Players[0].Cash != 250 || st.b.Players[1].Cash != 350 || (st.st.Bought == "X") != purchase {
			t.Errorf("after the deal: owner %d, Ann $%d, Bob $%d, bought %q; want 0, $250, $350, a purchase %v",
				st.b.Privates[0].Owner, st.b.Players[0].Cash, st.b.Players[1].Cash, st.st.Bought, purchase)
		}
	}
}

// TestOverLimitWithNoSaleMayPass: over the limit with no sale open (the
// open market full), a seat may still pass.
func TestOverLimitWithNoSaleMayPass(t *testing.T) {
	st := newStockTable(t, 2)
	c := st.b.Corp("C").IPO
	st.b.Players[0].Shares["C"], st.b.Pool["C"], st.b.Corp("C").IPO = c[1:4], c[4:9], c[:1]
	if err := st.play("PASS"); err != nil {
		t.Errorf("PASS over the limit with the open market full: %v", err)
	}
	if st.passes != 1 {
		t.Errorf("passes %d, want 1", st.passes)
	}
}
