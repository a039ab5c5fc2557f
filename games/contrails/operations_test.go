package contrails

import (
	"math/rand/v2"
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
