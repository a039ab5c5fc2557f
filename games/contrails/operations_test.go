package contrails

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestRoWSecondChoiceAfterAFailedFirst: a railroad whose first RoW bid
// fails (a RoW it may not hold) is noted so and bids its second choice in
// the second round (4.7C, D).
func TestRoWSecondChoiceAfterAFailedFirst(t *testing.T) {
	m, s := scenario(t)
	presideOver(m, s, 1, "C&AM", 0)
	cam := s.Railroad("C&AM")
	rows := candidateRoWs(m, s, cam)
	bad := ""
	for _, r := range m.Routes {
		if r.Kind == RoW && s.ValidRoW(m, cam, r.Code) != "" {
			bad = r.Code
			break
		}
	}
	if len(rows) == 0 || bad == "" {
		t.Fatalf("setup: RoWs open to C&AM %v, one not open %q", rows, bad)
	}
	tn := newTurn(m, s, only(map[int]Orders{1: {Railroads: map[string]RailroadOrders{"C&AM": {Bids: []string{bad, rows[0]}}}}}), rand.New(rand.NewPCG(1, 1)))
	tn.rightsOfWay()
	if cam.RoW != rows[0] || !strings.Contains(notesFor(tn.events, 1), "bid for "+bad+" fails") {
		t.Errorf("C&AM holds %q after bidding %s then %s; notes %q", cam.RoW, bad, rows[0], notesFor(tn.events, 1))
	}
}

// TestRoWLandGrantReplayed replays the land grant's roll for every RoW on
// the map: the chance is 95%, less 2 for each point of the two towns'
// values, plus 5 a point of influence, held to 0 to 98, and none between
// two size-5 towns (7B); the news says whether the RoW was won by
// influence and with a grant.
func TestRoWLandGrantReplayed(t *testing.T) {
	m, s := scenario(t)
	presideOver(m, s, 1, "C&AM", 0)
	cam := s.Railroad("C&AM")
	fives := 0
	for _, influence := range []int{0, 3, 30} {
		tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(1, 1)))
		tn.influence["C&AM"] = influence
		for i, r := range m.Routes {
			if r.Kind != RoW {
				continue
			}
			a, _ := m.Town(r.A)
			b, _ := m.Town(r.B)
			seed := uint64(i)
			tn.rng, tn.events = rand.New(rand.NewPCG(seed, 4)), nil
			roll := rand.New(rand.NewPCG(seed, 4)).IntN(100)
			chance := max(0, min(95-2*(a.Value()+b.Value())+5*influence, 98))
			if a.Size == 5 && b.Size == 5 {
				chance = 0
				fives++
			}
			contested := i%2 == 0
			tn.award(cam, r.Code, contested)
			granted := roll < chance
			news := newsText(tn.events)
			if cam.RoW != r.Code || (cam.RoWGrant > 0) != granted || strings.Contains(news, "land grant") != granted ||
				strings.Contains(news, "by political influence") != contested {
				t.Fatalf("%s, influence %d, roll %d against %d%%, contested %v: RoW %q, grant %d, news %q", r.Code, influence, roll, chance, contested, cam.RoW, cam.RoWGrant, news)
			}
		}
	}
	if fives == 0 {
		t.Error("no RoW between two size-5 towns was tried")
	}
}

// TestRoWLoserBidsItsSecondChoice: of two railroads bidding first for one
// RoW, the one with more influence wins it and the other bids its second
// choice in the second round (4.7D, G).
func TestRoWLoserBidsItsSecondChoice(t *testing.T) {
	m, s := scenario(t)
	read, cam := s.Railroad("READ"), s.Railroad("C&AM")
	row, second := "", ""
	for _, code := range m.RoutesAt("Philadelphia") {
		if s.ValidRoW(m, read, code) == "" && s.ValidRoW(m, cam, code) == "" && row == "" {
			row = code
		}
	}
	for _, code := range candidateRoWs(m, s, read) {
		if code != row && second == "" {
			second = code
		}
	}
	if row == "" || second == "" {
		t.Fatalf("setup: a RoW open to both %q, another open to READ %q", row, second)
	}
	presideOver(m, s, 1, "READ", 0)
	presideOver(m, s, 2, "C&AM", 0)
	orders := map[int]Orders{
		1: {Railroads: map[string]RailroadOrders{"READ": {Bids: []string{row, second}}}},
		2: {Railroads: map[string]RailroadOrders{"C&AM": {Bids: []string{row}}}},
	}
	tn := newTurn(m, s, only(orders), rand.New(rand.NewPCG(1, 1)))
	tn.influence["READ"], tn.influence["C&AM"] = 2, 5
	tn.rightsOfWay()
	if cam.RoW != row || read.RoW != second {
		t.Errorf("C&AM holds %q, READ %q; want %s and %s", cam.RoW, read.RoW, row, second)
	}
	for _, e := range tn.events {
		if e.Kind == "row" && strings.Contains(e.Text, "by political influence") != strings.HasPrefix(e.Text, "C&AM") {
			t.Errorf("news %q: only the contested RoW is won by political influence", e.Text)
		}
	}
}

// TestMergerRefusedForASecondRouteIntoAGateway: two railroads each with a
// route into Chicago may not merge: the merged railroad would have two
// routes into a gateway city, which are not parallel routes to drop
// (4.8 rule 2, 4.13A3).
func TestMergerRefusedForASecondRouteIntoAGateway(t *testing.T) {
	m, s := scenario(t)
	into := m.RoutesAt("Chicago")
	if len(into) < 2 || !m.IsGateway("Chicago") {
		t.Fatal("setup: Chicago is no gateway with two routes")
	}
	for i, abbr := range []string{"TSA", "TSB"} {
		s.Railroads = append(s.Railroads, Railroad{Abbr: abbr, Name: "Test " + abbr, Number: 98 + i, Lines: []string{into[i]},
			Price: 30, Public: 450, Treasury: 50, Authorized: 500, Efficiency: 80, Loco: 1})
	}
	presideOver(m, s, 1, "TSA", 0)
	presideOver(m, s, 1, "TSB", 1)
	tn := newTurn(m, s, only(map[int]Orders{1: {Merge: &MergeOrder{From: "TSB", Into: "TSA"}}}), rand.New(rand.NewPCG(1, 1)))
	tn.mergers()
	if s.Railroad("TSB") == nil || len(s.Railroad("TSA").Lines) != 1 || !strings.Contains(notesFor(tn.events, 1), "Merger of TSB into TSA: it would have a second route into Chicago") {
		t.Errorf("TSB merged into TSA with two routes into Chicago; TSA's lines %v, notes %q", s.Railroad("TSA").Lines, notesFor(tn.events, 1))
	}
}

// TestMergerUpgradesAndRoW merges a railroad on NY3 into the C&AM beside
// it: the survivor takes the better engines and every technology of the
// two, and pays by bonds $10 a mile for each locomotive type and each
// technology a line lacked (4.13E, 4.18); it takes over the merged road's
// RoW when it has none (4.13D), and abandons nothing it may hold.
func TestMergerUpgradesAndRoW(t *testing.T) {
	for _, tc := range []struct {
		name                 string
		intoLoco, fromLoco   int
		intoTechs, fromTechs TechSet
		rowFromMerged        bool
		upgrade              func(intoMiles, fromMiles int) int
	}{
		{"the merged road's better engines", 1, 3, 0, 0, false, func(i, f int) int { return 10 * 2 * i }},
		{"the survivor's better engines", 3, 1, 0, 0, false, func(i, f int) int { return 10 * 2 * f }},
		{"technologies joined", 1, 1, TechSet(0).With(1), TechSet(0).With(2).With(3), false, func(i, f int) int { return 10*2*i + 10*1*f }},
		{"the merged road's RoW", 1, 1, 0, 0, true, func(i, f int) int { return 0 }},
	} {
		m, s := scenario(t)
		s.Railroads = append(s.Railroads, Railroad{Abbr: "TST", Name: "Test Line", Number: 99, Lines: []string{"NY3"},
			Price: 30, Public: 450, Treasury: 50, Authorized: 500, Efficiency: 80, Loco: tc.fromLoco, Techs: tc.fromTechs})
		presideOver(m, s, 1, "C&AM", 0)
		presideOver(m, s, 1, "TST", 1)
		cam, tst := s.Railroad("C&AM"), s.Railroad("TST")
		cam.Loco, cam.Techs, cam.RoW = tc.intoLoco, tc.intoTechs, ""
		row := ""
		if tc.rowFromMerged {
			row = candidateRoWs(m, s, cam)[0]
			tst.RoW = row
		}
		intoMiles, fromMiles := m.Miles(cam.Lines), m.Miles(tst.Lines)
		bonds := cam.Bonds + tst.Bonds
		tn := newTurn(m, s, only(map[int]Orders{1: {Merge: &MergeOrder{From: "TST", Into: "C&AM"}}}), rand.New(rand.NewPCG(1, 1)))
		tn.mergers()
		cam = s.Railroad("C&AM")
		if s.Railroad("TST") != nil {
			t.Fatalf("%s: TST was not merged", tc.name)
		}
		want := int64(tc.upgrade(intoMiles, fromMiles))
		if got := cam.Bonds - bonds; got != want || cam.Loco != max(tc.intoLoco, tc.fromLoco) || cam.Techs != tc.intoTechs|tc.fromTechs {
			t.Errorf("%s: upgrade bonds $%d, type %d, techs %q; want $%d, %d, %q", tc.name, got, cam.Loco, cam.Techs, want, max(tc.intoLoco, tc.fromLoco), tc.intoTechs|tc.fromTechs)
		}
		if cam.RoW != row || strings.Contains(newsText(tn.events), "abandons") {
			t.Errorf("%s: RoW %q, news %q; want %q and nothing abandoned", tc.name, cam.RoW, newsText(tn.events), row)
		}
	}
}

// soleRailroad is the 1841 game with the railroad abbr alone on the map,
// run by player 1, on the one line code, with every technology come
// available and owned, so that it meets no disaster: a turn then draws
// its luck and, unless it bought influence, the roll for trouble.
func soleRailroad(t *testing.T, abbr, code string, climate Climate) (*Map, *State, *Railroad) {
	t.Helper()
	m, s := scenario(t)
	for _, rr := range s.Railroads {
		if rr.Abbr != abbr {
			s.transfer(railroadAcct(rr.Abbr), bank, rr.Cash, "test")
		}
	}
	s.Railroads = slices.DeleteFunc(s.Railroads, func(rr Railroad) bool { return rr.Abbr != abbr })
	presideOver(m, s, 1, abbr, 0)
	s.Climate, s.Techs = climate, len(TechnologyLetters)
	rr := &s.Railroads[0]
	rr.Lines = []string{code}
	rr.Techs = upTo(len(TechnologyLetters))
	return m, s, rr
}

// twoRegionRoute is a route between starred towns of two regions.
func twoRegionRoute(t *testing.T, m *Map) Route {
	t.Helper()
	for _, r := range m.Routes {
		a, _ := m.Town(r.A)
		b, _ := m.Town(r.B)
		if a.Star && b.Star && a.Region != b.Region {
			return r
		}
	}
	t.Fatal("no route joins starred towns of two regions")
	return Route{}
}

// TestOperationsByHand works a railroad's operations out by hand (4.10,
// 4.12, 5; rulings CR13): revenue is $60 a mile and $300 a point of town
// value, +10% a region past the first, the climate's percentage, +5% for
// a Grand Station, +3% each for Pullman sleepers (G) and refrigerated
// cars (I), and luck of -10 to +10%; expenses are (175 - efficiency)/125
// of it, less 2% each for switch yards, steel rails and coal (B, C, D);
// bonds pay 6% and loans the climate's rate, each rounded up (1.1); the
// dividend ordered, at most $99, is paid to every share issued up to the
// cash the railroad has, and none when it has none.
func TestOperationsByHand(t *testing.T) {
	costTechs := TechSet(0).With(1).With(2).With(3)
	revenueTechs := TechSet(0).With(6).With(8)
	for _, tc := range []struct {
		name         string
		twoRegions   bool
		climate      Climate
		efficiency   int
		drop         TechSet // technologies it lacks of B..J
		grand        bool
		bonds, loans int64
		cash         int64 // before operations; 1 and 2 mean what leaves $0 and -$1 after expenses and interest
		dividend     int   // ordered
		bankrupt     bool
	}{
		{"one region, Normal, efficiency 80", false, Normal, 80, costTechs | revenueTechs, false, 0, 0, 5000, 3, false},
		{"two regions, Good, efficiency 95", true, Good, 95, costTechs | revenueTechs, false, 0, 0, 5000, 3, false},
		{"a Recession at efficiency 60", false, Recession, 60, costTechs | revenueTechs, false, 0, 0, 5000, 3, false},
		{"B, C and D cut expenses 6%", false, Good, 95, revenueTechs, false, 0, 0, 5000, 3, false},
		{"one cost technology", false, Good, 95, revenueTechs | TechSet(0).With(1).With(3), false, 0, 0, 5000, 3, false},
		{"G and I add 6%, a Grand Station 5%", true, Good, 80, costTechs, true, 0, 0, 5000, 3, false},
		{"bonds at 6% and loans at the climate's rate, rounded up", false, Good, 80, 0, false, 1001, 1001, 5000, 3, false},
		{"a dividend over $99 is $99, cut to the cash", false, Good, 80, 0, false, 0, 0, 0, 150, false},
		{"a negative dividend is none", false, Good, 80, 0, false, 0, 0, 5000, -4, false},
		{"$0 left: solvent, no dividend", false, Good, 80, 0, false, 0, 0, 1, 3, false},
		{"-$1 left: bankrupt, no dividend", false, Good, 80, 0, false, 0, 0, 2, 3, false},
		{"a bankrupt railroad pays none", false, Good, 80, 0, false, 0, 0, 5000, 3, true},
		{"$0 at the start, a loss: solvent at the start, so not bankrupt", false, Good, 80, 0, false, 100000, 0, 0, 3, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, s := scenario(t)
			code := s.Railroads[0].Lines[0]
			if tc.twoRegions {
				code = twoRegionRoute(t, m).Code
			}
			m, s, rr := soleRailroad(t, s.Railroads[0].Abbr, code, tc.climate)
			rr.Techs &^= tc.drop
			rr.Efficiency, rr.Grand, rr.Bonds, rr.Loans, rr.Bankrupt = tc.efficiency, tc.grand, tc.bonds, tc.loans, tc.bankrupt
			holder := &s.Players[1]
			shares := holder.Shares[rr.Abbr]

			r, _ := m.Route(code)
			a, _ := m.Town(r.A)
			b, _ := m.Town(r.B)
			regions := map[Region]bool{}
			for _, tw := range []Town{a, b} {
				if tw.Star {
					regions[tw.Region] = true
				}
			}
			luck := rand.New(rand.NewPCG(3, 3)).IntN(21) - 10
			pct := 100 + 10*max(len(regions)-1, 0) + Climates[tc.climate].Revenue + luck
			if tc.grand {
				pct += 5
			}
			for _, k := range []int{6, 8} {
				if rr.Techs.Has(k) {
					pct += 3
				}
			}
			rev := int64(60*r.Miles+300*(a.Value()+b.Value())) * int64(pct) / 100
			ratio := int64((175 - tc.efficiency) * 100 / 125)
			for _, k := range []int{1, 2, 3} {
				if rr.Techs.Has(k) {
					ratio -= 2
				}
			}
			exp := rev * ratio / 100
			interest := (tc.bonds*6+99)/100 + (tc.loans*int64(tc.climate.LoanRate())+99)/100
			cash := tc.cash
			if cash == 1 || cash == 2 {
				cash = -(rev - exp - interest) - (cash - 1)
			}
			s.transfer(railroadAcct(rr.Abbr), bank, rr.Cash-cash, "test")
			issued := int64(s.Issued(rr))
			left := cash + rev - exp - interest
			rate := int64(max(0, min(tc.dividend, 99)))
			if tc.bankrupt || left <= 0 {
				rate = 0
			}
			rate = min(rate, max(left, 0)/issued)

			d := tc.dividend
			tn := newTurn(m, s, only(map[int]Orders{1: {Railroads: map[string]RailroadOrders{rr.Abbr: {Dividend: &d}}}}), rand.New(rand.NewPCG(3, 3)))
			tn.influence[rr.Abbr] = 1 // no political trouble
			before := holder.Cash
			tn.operations()
			if rr.Revenue != rev || rr.Expenses != exp || rr.Profit != rev-exp-interest {
				t.Errorf("revenue $%d, expenses $%d, profit $%d; want $%d at %d%% (luck %+d), $%d at %d%%, $%d after $%d interest",
					rr.Revenue, rr.Expenses, rr.Profit, rev, pct, luck, exp, ratio, rev-exp-interest, interest)
			}
			if got := int64(tn.paid[rr.Abbr]); got != rate || holder.Cash-before != int64(shares)*rate || rr.Cash != left-issued*rate {
				t.Errorf("paid $%d a share, $%d to %d shares, cash left $%d; want $%d a share of %d issued from $%d",
					got, holder.Cash-before, shares, rr.Cash, rate, issued, left)
			}
			// Insolvent from the start, it is solvent after its revenue only
			// with $0 or more (4.11A, B).
			if rr.Bankrupt != (tc.cash == 2) {
				t.Errorf("bankrupt %v with $%d left", rr.Bankrupt, left)
			}
			if want := max(0, min(tc.dividend, 99)); rr.Dividend != want {
				t.Errorf("dividend rate %d, want %d", rr.Dividend, want)
			}
			if s.MoneySupply() != 0 {
				t.Error("money was not conserved")
			}
		})
	}
}

// TestRandomEventsReplayed replays 11.2's random events where operations
// draws them (rulings CR13): below efficiency 60 an accident, with chance
// 2% a point under 60, costs 5-20% of revenue; a railroad that bought no
// influence meets political trouble 8% of the time, $5 a mile; each of
// E, F, H and J come available and not owned adds 4% to the chance of a
// disaster costing 10-30% of revenue. Besides seeds of every kind, seeds
// are chosen whose roll falls on each chance's edge.
func TestRandomEventsReplayed(t *testing.T) {
	type setup struct{ efficiency, influence, techs, lacking int } // lacking: the first of E, F, H, J it does not own
	safety := []int{4, 5, 7, 9}
	// replay draws what operations draws after the luck: each event's
	// roll (-1 if not drawn) and what those that strike cost.
	replay := func(seed uint64, su setup, rev int64, miles int) (cost int64, struck [3]bool, rolls [3]int) {
		r := rand.New(rand.NewPCG(seed, 11))
		r.IntN(21)
		rolls = [3]int{-1, -1, -1}
		if su.efficiency < 60 {
			rolls[0] = r.IntN(100)
			if struck[0] = rolls[0] < 2*(60-su.efficiency); struck[0] {
				cost += rev * int64(5+r.IntN(16)) / 100
			}
		}
		if su.influence == 0 {
			rolls[1] = r.IntN(100)
			if struck[1] = rolls[1] < 8; struck[1] {
				cost += int64(5 * miles)
			}
		}
		missing := 0
		for _, k := range safety[:su.lacking] {
			if k < su.techs {
				missing++
			}
		}
		if missing > 0 {
			rolls[2] = r.IntN(100)
			if struck[2] = rolls[2] < 4*missing; struck[2] {
				cost += rev * int64(10+r.IntN(21)) / 100
			}
		}
		return cost, struck, rolls
	}
	type run struct {
		seed uint64
		su   setup
	}
	var runs []run
	for seed := range uint64(40) {
		runs = append(runs, run{seed, setup{30 + int(seed%4)*10, int(seed % 2), 5 + int(seed%6), int(seed % 5)}})
	}
	// Seeds whose roll is the chance itself (no event) or one under it.
	edges := []struct {
		su    setup
		event int
		roll  func(int) bool
	}{
		{setup{50, 1, 1, 0}, 0, func(r int) bool { return r == 20 }},
		{setup{50, 1, 1, 0}, 0, func(r int) bool { return r == 19 }},
		{setup{80, 0, 1, 0}, 1, func(r int) bool { return r == 8 }},
		{setup{80, 0, 1, 0}, 1, func(r int) bool { return r == 7 }},
		{setup{80, 1, 10, 2}, 2, func(r int) bool { return r == 8 }},
		{setup{80, 1, 10, 2}, 2, func(r int) bool { return r == 7 }},
		// E has come available and F not: one missing, not two.
		{setup{80, 1, 5, 2}, 2, func(r int) bool { return r >= 4 && r < 8 }},
	}
	for _, e := range edges {
		seed := uint64(0)
		for _, _, rolls := replay(seed, e.su, 0, 0); !e.roll(rolls[e.event]); _, _, rolls = replay(seed, e.su, 0, 0) {
			seed++
		}
		runs = append(runs, run{seed, e.su})
	}
	m, s0 := scenario(t)
	abbr, code := s0.Railroads[0].Abbr, s0.Railroads[0].Lines[0]
	r, _ := m.Route(code)
	seen := [3]int{}
	for _, rn := range runs {
		m, s, rr := soleRailroad(t, abbr, code, Normal)
		s.Techs = rn.su.techs
		for _, k := range safety[:rn.su.lacking] {
			rr.Techs &^= TechSet(0).With(k)
		}
		rr.Efficiency = rn.su.efficiency
		tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(rn.seed, 11)))
		tn.influence[rr.Abbr] = rn.su.influence
		tn.operations()
		cost, struck, _ := replay(rn.seed, rn.su, rr.Revenue, r.Miles)
		news := newsText(tn.events)
		got := [3]bool{strings.Contains(news, "A wreck"), strings.Contains(news, "Political trouble"), strings.Contains(news, "A disaster")}
		if events := rr.Revenue - rr.Expenses - rr.Profit; events != cost || got != struck {
			t.Errorf("seed %d, %+v: events cost $%d, news of accident, trouble, disaster %v; want $%d, %v", rn.seed, rn.su, events, got, cost, struck)
		}
		for k := range struck {
			if struck[k] {
				seen[k]++
			}
		}
	}
	if seen[0] == 0 || seen[1] == 0 || seen[2] == 0 {
		t.Errorf("accidents, troubles and disasters struck %v times: each should strike in some run", seen)
	}
}

// boHolder is the scenario with player 1 holding only shares of B&O,
// which must be priced at price, and the first PC on offer, with its
// route.
func boHolder(t *testing.T, price, shares int) (*Map, *State, *Player, PCOffer, Route) {
	t.Helper()
	m, s := scenario(t)
	if s.Railroad("B&O").Price != price {
		t.Fatalf("setup: B&O at $%d", s.Railroad("B&O").Price)
	}
	holdOnly(s, 1, map[string]int{"B&O": shares})
	pc := s.Offers[0]
	r, _ := m.Route(pc.Code)
	return m, s, s.Player(1), pc, r
}

// holdOnly leaves player n holding only the shares named, the rest back
// with the public.
func holdOnly(s *State, n int, shares map[string]int) {
	p := s.Player(n)
	for abbr, k := range p.Shares {
		s.Railroad(abbr).Public += k
	}
	p.Shares = map[string]int{}
	for abbr, k := range shares {
		s.Railroad(abbr).Public -= k
		p.Shares[abbr] = k
	}
}

// TestFinalFinanceByHand is the tycoon's final financial phase (3.5,
// Appendix A 14) for player 1 in a Normal climate (12%): interest on the
// loan, an emergency loan for what the cash does not pay, bankruptcy only
// for a tycoon with a loan whose debt exceeds his assets, and the recall
// announced when the loan is over twice the credit limit.
func TestFinalFinanceByHand(t *testing.T) {
	const price = 13 // B&O's
	for _, tc := range []struct {
		name         string
		cash, loan   int64
		shares       int // of B&O, at $13
		wantCash     int64
		wantLoan     int64
		bankrupt     bool
		recall       int64
		note, nonote string
	}{
		{"interest from cash; a recall", 500, 1000, 100, 380, 1000, false, 48, "The Bank recalls $48", "emergency"},
		{"cash just the interest", 120, 1000, 100, 0, 1000, false, 580, "", "emergency loan"},
		{"an emergency loan for the rest", 50, 1000, 200, 0, 1070, false, 0, "An emergency loan of $70 pays your interest", ""},
		{"credit just covers half the loan: no recall", 1837, 1001, 0, 1716, 1001, false, 0, "", "recalls"},
		{"a dollar less: a recall to twice the limit", 1836, 1001, 0, 1715, 1001, false, 3, "The Bank recalls $3", ""},
		{"no loan: no bankruptcy, however poor", -500, 0, 0, -500, 0, false, 0, "", "recalls"},
		{"worth $0 with a loan: not bankrupt", 1120, 1000, 0, 1000, 1000, false, 1000, "", ""},
		{"worth -$1 with a loan: bankrupt", 889, 1000, 10, StartCash, 0, true, 0, "", ""}, // and a PC worth $100
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, s, p, pc, r := boHolder(t, price, tc.shares)
			s.transfer(bank, playerAcct(1), tc.cash-p.Cash, "test")
			p.Loan = tc.loan
			if tc.bankrupt {
				s.Offers = s.Offers[1:]
				p.PCs = []OwnedPC{{Code: pc.Code, Paid: 100}}
			}
			issued := s.Issued(s.Railroad("B&O"))
			tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(1, 1)))
			tn.finalFinance()
			if got := s.Issued(s.Railroad("B&O")); got != issued || tc.bankrupt && p.Shares["B&O"] != 0 {
				t.Errorf("B&O issued %d, was %d; player 1 holds %d: a bankrupt's stock goes to the public", got, issued, p.Shares["B&O"])
			}
			if p.Cash != tc.wantCash || p.Loan != tc.wantLoan || (p.Bankrupt > 0) != tc.bankrupt || p.Recall != tc.recall {
				t.Errorf("cash $%d, loan $%d, bankrupt %d times, recall $%d; want $%d, $%d, %v, $%d", p.Cash, p.Loan, p.Bankrupt, p.Recall, tc.wantCash, tc.wantLoan, tc.bankrupt, tc.recall)
			}
			// A bankrupt's PCs go back on offer from the Bank at $5 a mile.
			i := slices.IndexFunc(s.Offers, func(o PCOffer) bool { return o.Code == pc.Code })
			if tc.bankrupt && (len(p.PCs) != 0 || i < 0 || s.Offers[i].Seller != 0 || s.Offers[i].Asking != int64(r.Miles*PCPricePerMile)) {
				t.Errorf("PCs %+v, offers %+v; want %s offered by the Bank at $%d", p.PCs, s.Offers, pc.Code, r.Miles*PCPricePerMile)
			}
			notes := notesFor(tn.events, 1)
			if !strings.Contains(notes, tc.note) || (tc.nonote != "" && strings.Contains(notes, tc.nonote)) {
				t.Errorf("notes %q: want %q and not %q", notes, tc.note, tc.nonote)
			}
			if strings.Contains(newsText(tn.events), "compels") {
				t.Errorf("news of a recall compelled, with no recall due: %q", newsText(tn.events))
			}
			if s.MoneySupply() != 0 {
				t.Error("money was not conserved")
			}
		})
	}
}

// TestLandSalesAndPresidentDebt: each turn a railroad sells 30% of its
// unsold land, 5 points more or less a step of climate, at $8 a section,
// $2 more or less a step (7D; rulings CR15), and its debt to its
// President grows 10% (4.4C).
func TestLandSalesAndPresidentDebt(t *testing.T) {
	for _, tc := range []struct {
		climate     Climate
		land        int
		sold        int
		price       int64
		debt, owed  int64
		cashChanges bool
	}{
		{Normal, 100, 30, 8, 1000, 1100, true},
		{Good, 100, 40, 12, 1009, 1109, true},
		{Recession, 100, 25, 6, 0, 0, true},
		{Normal, 0, 0, 8, 10, 11, false},
	} {
		m, s := scenario(t)
		s.Climate = tc.climate
		rr := &s.Railroads[0]
		rr.Land, rr.PresDebt = tc.land, tc.debt
		cash := rr.Cash
		tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(1, 1)))
		tn.finalFinance()
		if rr.Land != tc.land-tc.sold || rr.Cash-cash != int64(tc.sold)*tc.price || rr.PresDebt != tc.owed {
			t.Errorf("%s, %d sections: %d left, $%d taken in, President owed $%d; want %d sold at $%d, $%d owed",
				tc.climate, tc.land, rr.Land, rr.Cash-cash, rr.PresDebt, tc.sold, tc.price, tc.owed)
		}
	}
}

// TestCompelledRecall: a recall not repaid is compelled at the end of the
// turn from cash, then from stock sold at the end price, as many shares
// as it takes, then from PCs at their appraised value, each PC going back
// on offer from the Bank at $5 a mile; what a sale brings beyond the
// recall is the tycoon's (3.5C; rulings CR18). Player 1 holds B&O only.
func TestCompelledRecall(t *testing.T) {
	const price, pcWorth = 13, 500 // B&O's price, and what player 1 paid for his PC
	for _, tc := range []struct {
		name               string
		cash, loan         int64 // cash after the interest on the loan
		shares             int
		pc                 bool
		recall             int64
		wantCash, wantLoan int64
		wantShares         int
		pcKept             bool
	}{
		{"cash pays it all", 1000, 2000, 100, true, 900, 100, 1100, 100, true},
		{"cash, then 70 shares", 100, 2000, 200, false, 1000, 10, 1000, 130, false},
		{"cash, then every share, then the PC", 100, 800, 20, true, 800, 100 + 20*price + pcWorth - 800, 0, 0, false},
		{"cash and every share short of it, no PC: bankrupt", 100, 2000, 20, false, 1000, StartCash, 0, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, s, p, pc, r := boHolder(t, price, tc.shares)
			if tc.pc {
				s.Offers = s.Offers[1:]
				p.PCs = []OwnedPC{{Code: pc.Code, Paid: pcWorth}}
				if pcWorth > int64(r.Miles*PCValueCap) {
					t.Fatalf("setup: %s is worth less than $%d", pc.Code, pcWorth)
				}
			}
			interest := LoanInterest(tc.loan, Normal)
			s.transfer(bank, playerAcct(1), tc.cash+interest-p.Cash, "test")
			p.Loan, p.Recall = tc.loan, tc.recall
			public := s.Railroad("B&O").Public
			tn := newTurn(m, s, only(nil), rand.New(rand.NewPCG(1, 1)))
			tn.finalFinance()
			if p.Cash != tc.wantCash || p.Loan != tc.wantLoan || p.Shares["B&O"] != tc.wantShares {
				t.Errorf("cash $%d, loan $%d, %d shares; want $%d, $%d, %d", p.Cash, p.Loan, p.Shares["B&O"], tc.wantCash, tc.wantLoan, tc.wantShares)
			}
			if got := s.Railroad("B&O").Public - public; got != tc.shares-tc.wantShares {
				t.Errorf("the public took %d shares, want %d", got, tc.shares-tc.wantShares)
			}
			kept := ownsPC(p, pc.Code) >= 0
			i := slices.IndexFunc(s.Offers, func(o PCOffer) bool { return o.Code == pc.Code })
			if tc.pc && (kept != tc.pcKept || !kept && (i < 0 || s.Offers[i].Asking != int64(r.Miles*PCPricePerMile) || s.Offers[i].Seller != 0)) {
				t.Errorf("%s kept %v, want %v; offers %+v: a PC sold goes back on offer at $5 a mile", pc.Code, kept, tc.pcKept, s.Offers)
			}
			if s.MoneySupply() != 0 {
				t.Error("money was not conserved")
			}
		})
	}
}
