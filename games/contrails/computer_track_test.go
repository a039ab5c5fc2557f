package contrails

import "testing"

// The computer's track decisions (computer_track.go), each tried where it
// pays and where it does not.

func TestRoundsLeft(t *testing.T) {
	for _, c := range []struct {
		turn int
		want int64
	}{{1, 24}, {11, 14}, {20, 5}, {21, 4}, {35, 4}} {
		if got := roundsLeft(c.turn); got != c.want {
			t.Errorf("roundsLeft(%d) = %d, want %d (every turn to 20, then 4 on average: 1.3)", c.turn, got, c.want)
		}
	}
	for _, c := range []struct{ turn, want int }{{5, 6}, {10, 13}, {11, 13}, {12, 13}, {13, 14}} {
		if got := buildTurn(c.turn); got != c.want {
			t.Errorf("buildTurn(%d) = %d, want %d (no building in the Civil War: 8)", c.turn, got, c.want)
		}
	}
}

func TestComputerDoubleTracksWhatPaysWithCashToSpare(t *testing.T) {
	m, s := scenario(t)
	cam := s.Railroad("C&AM")
	cost := doubleTrackCost(s.Climate, 97)
	for _, c := range []struct {
		name string
		cash int64
		turn int
		want string
	}{
		{"rich, early", 100000, 2, "C&AM"},
		{"poor", cost / 2, 2, ""},
		{"rich, but it is double-tracked", 100000, 2, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			cam.Cash, s.Turn, cam.Doubled = c.cash, c.turn, nil
			if c.name == "rich, but it is double-tracked" {
				cam.Doubled = []string{"C&AM"}
			}
			if got := ComputerRailroadOrders(m, s, "C&AM", Cautious).DoubleTrack; got != c.want {
				t.Errorf("double track %q, want %q", got, c.want)
			}
		})
	}
	// Late in the game a second track earns back less than it costs.
	cam.Cash, cam.Doubled = 100000, nil
	pl := newPlanner(m, s)
	base, cut, pct := grossRevenue(m, cam, s.Climate, nil)
	more := (base-cut+doubleTrackBonus(m, "C&AM"))*pct/100 - (base-cut)*pct/100
	net := more - more*expenseRatio(cam.Efficiency, cam.Techs)/100
	for turn := 1; turn < 40; turn++ {
		s.Turn = turn
		want := net*roundsLeft(turn) > cost
		if got := pl.doubleTrack(cam, 100000) != ""; got != want {
			t.Errorf("turn %d: double-tracks %v, want %v: $%d a round for %d rounds against $%d (4.15)", turn, got, want, net, roundsLeft(turn), cost)
		}
	}
}

// triangle finds a RoW beside the C&AM whose far town another route also
// joins to the C&AM's towns: with that route a line, the RoW would serve no
// new town.
func triangle(t *testing.T, m *Map, s *State) (row, side string) {
	t.Helper()
	cam := s.Railroad("C&AM")
	served := m.TownsOf(cam.Lines)
	for _, tw := range served {
		for _, code := range m.RoutesAt(tw) {
			r, _ := m.Route(code)
			if r.Kind != RoW || s.ValidRoW(m, cam, code) != "" {
				continue
			}
			far := r.A
			if far == tw {
				far = r.B
			}
			for _, other := range m.RoutesAt(far) {
				o, _ := m.Route(other)
				if other != code && s.rowOwner(other) == nil && (contains(served, o.A) || contains(served, o.B)) &&
					m.Prohibited(append([]string{code}, cam.Lines...), other) == "" {
					return code, other
				}
			}
		}
	}
	t.Skip("no triangle beside the C&AM")
	return "", ""
}

func TestComputerAbandonsARoWThatWillNotEarnItsCost(t *testing.T) {
	m, s := scenario(t)
	row, side := triangle(t, m, s)
	cam := s.Railroad("C&AM")
	cam.Lines = append(cam.Lines, side)
	cam.RoW = row
	// Early on, its track alone earns back its cost over the many turns
	// left; near the end it cannot.
	if o := ComputerRailroadOrders(m, s, "C&AM", Cautious); o.Abandon || o.Build == 0 {
		t.Errorf("turn %d, %d rounds left: abandon %v, build %d; want it built", s.Turn, roundsLeft(s.Turn), o.Abandon, o.Build)
	}
	s.Turn = 22
	o := ComputerRailroadOrders(m, s, "C&AM", Cautious)
	if !o.Abandon || o.Build != 0 {
		t.Fatalf("%s joins two towns the C&AM serves (lines %v), %d rounds left: abandon %v, build %d; want it abandoned", row, cam.Lines, roundsLeft(s.Turn), o.Abandon, o.Build)
	}
	for _, b := range o.Bids {
		if b == row {
			t.Errorf("it bids again for the %s it abandons", row)
		}
	}
	// A bankrupt railroad may not bid again (4.7I): it keeps what it has.
	cam.Bankrupt = true
	if o := ComputerRailroadOrders(m, s, "C&AM", Cautious); o.Abandon || o.Build != 0 {
		t.Errorf("a bankrupt railroad: abandon %v, build %d; want neither", o.Abandon, o.Build)
	}
}

func TestComputerBuildsARoWIntoANewRegion(t *testing.T) {
	m, s := scenario(t)
	cam := s.Railroad("C&AM")
	have := m.regionsOf(cam.Lines)
	pl := newPlanner(m, s)
	for _, r := range m.Routes {
		if r.Kind != RoW || m.regionsOf([]string{r.Code})&^have == 0 {
			continue
		}
		// Even a long, poor line is worth it for the region (1.2).
		if !pl.buildPays(cam, cam.Lines, pl.netRevenue(cam, cam.Lines, longRun), r.Code, 0, s.Turn) {
			t.Fatalf("%s reaches a new region and is not worth building", r.Code)
		}
		return
	}
	t.Skip("no RoW into a new region")
}

func TestComputerRateWarOnlyWhereItSinksTheRival(t *testing.T) {
	for _, c := range []struct {
		name      string
		style     Style
		stake     bool // player 1 is a Director of TST
		want      bool
		efficient bool
	}{
		{"a raider on a weaker rival", Raider, false, true, true},
		{"a builder stops at 50%", Builder, false, false, true},
		{"a cautious president never fights", Cautious, false, false, true},
		{"not on a road it owns a tenth of", Raider, true, false, true},
		{"not when its own road would lose too", Raider, false, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, s := parallelRoads(t)
			cam, tst := s.Railroad("C&AM"), s.Railroad("TST")
			tst.Efficiency = 80
			cam.Efficiency = 80
			if c.efficient {
				cam.Efficiency = 97
			}
			if c.stake {
				take := s.Issued(tst) / 5
				tst.Public -= take
				s.Players[0].Shares["TST"] += take
			}
			s.Players[0].Style = c.style
			o := ComputerRailroadOrders(m, s, "C&AM", c.style)
			enemy, pct := o.RateWar, o.RateWarPct
			if (enemy == "TST") != c.want {
				t.Fatalf("rate war on %q at %d%%, want a war: %v", enemy, pct, c.want)
			}
			if !c.want {
				return
			}
			pl := newPlanner(m, s)
			at := func(p int) (ours, theirs int64) {
				cuts := map[string]int{}
				warCuts(m, cam, tst, p, cuts)
				return pl.expectedProfit(cam, cuts), pl.expectedProfit(tst, cuts)
			}
			if ours, theirs := at(pct); ours < 0 || theirs >= 0 {
				t.Errorf("at %d%% the C&AM makes %d and TST %d: the war should sink only the rival (4.16)", pct, ours, theirs)
			}
			if _, theirs := at(pct - 10); theirs < 0 {
				t.Errorf("%d%% is more than it takes: %d%% already sinks TST", pct, pct-10)
			}
		})
	}
}
