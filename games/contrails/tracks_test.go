package contrails

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// Double track (4.15), rate wars (4.16) and abandoning a RoW (4.6, 4.7B),
// each played out from the 1841 game.

// parallelRoads is the 1841 game with TST on NY3, the RoW beside the C&AM
// between New York and Philadelphia; player 1 runs the C&AM, player 2 TST.
func parallelRoads(t *testing.T) (*Map, *State) {
	t.Helper()
	m, s := scenario(t)
	s.Railroads = append(s.Railroads, Railroad{Abbr: "TST", Name: "Test Line", Number: 99, Lines: []string{"NY3"},
		Price: 30, Public: 450, Treasury: 50, Authorized: 500, Efficiency: 80, Loco: 1})
	s.transfer(bank, railroadAcct("TST"), 1000, "test")
	presideOver(m, s, 1, "C&AM", 0)
	presideOver(m, s, 2, "TST", 0)
	if s.Railroad("C&AM").President != 1 || s.Railroad("TST").President != 2 {
		t.Fatal("setup: the presidents are not players 1 and 2")
	}
	return m, s
}

// playRailroad resolves a turn from a copy of s in which player pres gives
// the railroad abbr the orders o, and nobody else orders anything.
func playRailroad(t *testing.T, m *Map, s *State, pres int, abbr string, o RailroadOrders) (*State, []Event) {
	t.Helper()
	in, err := s.Clone()
	if err != nil {
		t.Fatal(err)
	}
	return resolve(t, m, in, map[int]Orders{pres: {Railroads: map[string]RailroadOrders{abbr: o}}})
}

func flowOf(s *State, railroad, item string) int64 {
	for _, f := range s.Record.CashFlow(0, railroad) {
		if f.Item == item {
			return f.Amount
		}
	}
	return 0
}

func TestRateWarCutsRevenueNotCosts(t *testing.T) {
	m, s := parallelRoads(t)
	peace, _ := playRailroad(t, m, s, 1, "C&AM", RailroadOrders{})
	war, events := playRailroad(t, m, s, 1, "C&AM", RailroadOrders{RateWar: "TST", RateWarPct: 50})
	declared := false
	for _, e := range events {
		declared = declared || e.Kind == "rate_war" && strings.Contains(e.Text, "C&AM declares a 50% rate war on TST")
	}
	if !declared {
		t.Fatal("no rate war was declared")
	}
	// Half the $60 a mile of the 97 miles of each parallel line, before the
	// climate, regions and luck move it by some tens of per cent.
	cut := int64(60 * 97 / 2)
	for _, abbr := range []string{"C&AM", "TST"} {
		p, w := peace.Railroad(abbr), war.Railroad(abbr)
		if lost := p.Revenue - w.Revenue; lost < cut/2 || lost > cut*2 {
			t.Errorf("%s: revenue %d in peace, %d in the war: lost %d, want about %d (4.16, rulings CR16)", abbr, p.Revenue, w.Revenue, lost, cut)
		}
		if w.Expenses != p.Expenses {
			t.Errorf("%s: expenses %d in peace, %d in the war: operating costs remain the same (4.16, rulings CR16)", abbr, p.Expenses, w.Expenses)
		}
	}
	// No parallel route, no war.
	_, events = playRailroad(t, m, s, 1, "C&AM", RailroadOrders{RateWar: "B&O", RateWarPct: 50})
	if !strings.Contains(notesFor(events, 1), "no rate war with B&O") {
		t.Error("a rate war without a parallel route was not refused (4.16)")
	}
}

func TestDoubleTrackIsPaidInCashAndRaisesRevenue(t *testing.T) {
	m, s := scenario(t)
	presideOver(m, s, 1, "C&AM", 0)
	cost := doubleTrackCost(s.Climate, 97)
	if cost != int64(Climates[s.Climate].BuildCost*97/4) {
		t.Fatalf("double track costs %d, want a quarter of the minimum building cost (4.15)", cost)
	}
	poor, _ := playRailroad(t, m, s, 1, "C&AM", RailroadOrders{DoubleTrack: "C&AM"})
	if cam := poor.Railroad("C&AM"); s.Railroad("C&AM").Cash < cost && len(cam.Doubled) != 0 {
		t.Fatalf("C&AM had $%d and double-tracked at $%d: it must pay in cash (4.15)", s.Railroad("C&AM").Cash, cost)
	}
	s.transfer(bank, railroadAcct("C&AM"), 20000, "test")
	single, _ := playRailroad(t, m, s, 1, "C&AM", RailroadOrders{})
	double, events := playRailroad(t, m, s, 1, "C&AM", RailroadOrders{DoubleTrack: "C&AM"})
	st, dt := single.Railroad("C&AM"), double.Railroad("C&AM")
	if len(dt.Doubled) != 1 || dt.Doubled[0] != "C&AM" {
		t.Fatalf("doubled %v, want [C&AM]; events %v", dt.Doubled, events)
	}
	if got := flowOf(double, "C&AM", itemDoubleTrack); got != -cost {
		t.Errorf("double track cost %d in cash, want %d (4.15)", -got, cost)
	}
	if dt.Bonds != st.Bonds || dt.Loans != st.Loans {
		t.Errorf("bonds %d, loans %d, against %d and %d single-tracked: no borrowing for double track (4.15)", dt.Bonds, dt.Loans, st.Bonds, st.Loans)
	}
	// New York (5) and Philadelphia (4): 41% more of the line's revenue.
	if gain := dt.Revenue - st.Revenue; gain <= 0 {
		t.Errorf("revenue %d double-tracked, %d single: no gain (4.15)", dt.Revenue, st.Revenue)
	}
	again, _ := playRailroad(t, m, double, 1, "C&AM", RailroadOrders{DoubleTrack: "C&AM"})
	if got := again.Railroad("C&AM").Doubled; len(got) != 1 {
		t.Errorf("a double-tracked line was doubled again: %v", got)
	}
}

func TestAbandonedRoWIsFreeAndAnotherMayBeBid(t *testing.T) {
	m, s := scenario(t)
	presideOver(m, s, 1, "C&AM", 0)
	cam := s.Railroad("C&AM")
	var rows []string
	for _, tw := range m.TownsOf(cam.Lines) {
		for _, code := range m.RoutesAt(tw) {
			if s.ValidRoW(m, cam, code) == "" && !contains(rows, code) {
				rows = append(rows, code)
			}
		}
	}
	if len(rows) < 2 {
		t.Skipf("only %v next to the C&AM", rows)
	}
	cam.RoW, cam.RoWGrant = rows[0], 40
	next, events := playRailroad(t, m, s, 1, "C&AM", RailroadOrders{Abandon: true, Bids: []string{rows[1]}, Political: 500})
	got := next.Railroad("C&AM")
	if !strings.Contains(newsText(events), "C&AM abandons "+rows[0]+".") {
		t.Errorf("no news of the abandonment: %s", newsText(events))
	}
	if got.RoW != rows[1] {
		t.Errorf("RoW %q after abandoning %s and bidding for %s: a railroad that abandons may bid (4.7B)", got.RoW, rows[0], rows[1])
	}
	if next.rowOwner(rows[0]) != nil || got.Land != 0 || contains(got.Lines, rows[0]) {
		t.Errorf("the abandoned %s is still held (owner %v, land %d): its land grant is lost (4.6)", rows[0], next.rowOwner(rows[0]), got.Land)
	}
}

func newsText(events []Event) string {
	var b strings.Builder
	for _, e := range events {
		if e.VisibleTo == 0 {
			b.WriteString(e.Text + "\n")
		}
	}
	return b.String()
}

// TestDoubleTrackNeedsTheCashInHand: double track is paid in cash, done
// with cash just enough and refused with a note a dollar short (4.15).
func TestDoubleTrackNeedsTheCashInHand(t *testing.T) {
	for _, short := range []int64{0, 1} {
		m, s := scenario(t)
		presideOver(m, s, 1, "C&AM", 0)
		rr := s.Railroad("C&AM")
		cost := doubleTrackCost(s.Climate, 97)
		s.transfer(railroadAcct("C&AM"), bank, rr.Cash-(cost-short), "test")
		tn := newTurn(m, s, only(map[int]Orders{1: {Railroads: map[string]RailroadOrders{"C&AM": {DoubleTrack: "C&AM"}}}}), rand.New(rand.NewPCG(1, 1)))
		tn.construction()
		done := len(rr.Doubled) == 1
		refused := strings.Contains(notesFor(tn.events, 1), "needs $")
		if done != (short == 0) || refused != (short > 0) || done && rr.Cash != 0 {
			t.Errorf("$%d for a $%d double track: done %v, refused %v, $%d left", cost-short, cost, done, refused, rr.Cash)
		}
	}
}
