package contrails

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
)

type gameStats struct {
	seed           uint64
	turns          int
	playerBankrupt int
	incorporations int
	reorganized    int
	rrBankrupt     int
	panics         int
	railroads      int
	pacificTurn    int // first turn a railroad reached the Pacific; 0 never
	regions        int // regions linked by any railroad at the end
	efficiency     int // mean efficiency of the railroads at the end
	presided       int // % of railroads with a player President at turn 10
	payers         int // % of railroads paying a dividend at the end
	westward       int // % of RoWs built whose far end lies west of the near one
	borrowed       int // % of tycoons with a loan at turn 5
	builds         int
	doubleTracks   int // lines double-tracked (4.15)
	rateWars       int // rate wars declared (4.16)
	abandoned      int // RoWs abandoned by order (4.6), not by a merger (4.13D)
	broken         []string
}

func simulate(m *Map, seed uint64) gameStats {
	st := gameStats{seed: seed}
	tb := &testing.T{}
	s := playGame(tb, m, seed, 60, func(s *State, events []Event) {
		for _, e := range events {
			switch e.Kind {
			case "incorporation":
				st.incorporations++
			case "reorganization":
				st.reorganized++
			case "panic":
				st.panics++
			case "tycoon_bankruptcy":
				st.playerBankrupt++
			case "railroad_bankruptcy":
				st.rrBankrupt++
			case "rate_war":
				st.rateWars++
			case "row":
				if strings.Contains(e.Text, " abandons ") && !strings.Contains(e.Text, "forbid") {
					st.abandoned++
				}
			case "link":
				if strings.Contains(e.Text, string(Pacific)) && st.pacificTurn == 0 {
					st.pacificTurn = s.Turn - 1
				}
			}
		}
		for _, e := range events {
			if e.Kind == "build" && strings.Contains(e.Text, " builds ") {
				st.westward += westwardBuild(m, e.Text)
				st.builds++
			}
			if e.Kind == "build" && strings.Contains(e.Text, " double-tracks ") {
				st.doubleTracks++
			}
		}
		if s.Turn == 11 && len(s.Railroads) > 0 {
			n := 0
			for _, rr := range s.Railroads {
				if rr.President != 0 {
					n++
				}
			}
			st.presided = 100 * n / len(s.Railroads)
		}
		if s.Turn == 6 {
			n := 0
			for _, p := range s.Players {
				if p.Loan > 0 {
					n++
				}
			}
			st.borrowed = 100 * n / len(s.Players)
		}
		if bad := invariants(m, s); len(bad) > 0 && len(st.broken) == 0 {
			st.broken = append([]string{fmt.Sprintf("turn %d", s.Turn)}, bad...)
		}
	})
	st.turns = s.Turn - 1
	st.railroads = len(s.Railroads)
	st.regions = len(s.Links)
	if len(s.Railroads) > 0 {
		eff, pay := 0, 0
		for _, rr := range s.Railroads {
			eff += rr.Efficiency
			if rr.Dividend > 0 {
				pay++
			}
		}
		st.efficiency = eff / len(s.Railroads)
		st.payers = 100 * pay / len(s.Railroads)
	}
	if st.builds > 0 {
		st.westward = 100 * st.westward / st.builds
	}
	return st
}

// westwardBuild is 1 if the RoW in a "builds" headline runs west, that is
// its two towns differ in longitude (the map lists the eastern end first).
func westwardBuild(m *Map, text string) int {
	for _, f := range strings.Fields(text) {
		if r, ok := m.Route(f); ok && r.Kind == RoW {
			a, _ := m.Town(r.A)
			b, _ := m.Town(r.B)
			if a.Lon-b.Lon > 0.5 {
				return 1
			}
			return 0
		}
	}
	return 0
}

// add sums a game's figures into s.
func (s *gameStats) add(r gameStats) {
	s.playerBankrupt += r.playerBankrupt
	s.rrBankrupt += r.rrBankrupt
	s.reorganized += r.reorganized
	s.incorporations += r.incorporations
	s.panics += r.panics
	s.railroads += r.railroads
	s.regions += r.regions
	s.efficiency += r.efficiency
	s.presided += r.presided
	s.payers += r.payers
	s.westward += r.westward
	s.borrowed += r.borrowed
	s.builds += r.builds
	s.doubleTracks += r.doubleTracks
	s.rateWars += r.rateWars
	s.abandoned += r.abandoned
}

// checkTrackRules reports how often the computer played the rules of
// track, and fails unless each was played at least once in twenty games:
// double track (4.15), rate wars (4.16) and abandoning a RoW (4.6).
func checkTrackRules(t *testing.T, sum gameStats, games int) {
	t.Helper()
	t.Logf("track: %d RoWs built, %d lines double-tracked, %d rate wars declared, %d RoWs abandoned", sum.builds, sum.doubleTracks, sum.rateWars, sum.abandoned)
	want := max(games/20, 1)
	for _, c := range []struct {
		what string
		n    int
	}{{"double tracks (4.15)", sum.doubleTracks}, {"rate wars (4.16)", sum.rateWars}, {"abandoned RoWs (4.6)", sum.abandoned}} {
		if c.n < want {
			t.Errorf("%d %s in %d games, want at least %d: the computer does not play every rule", c.n, c.what, games, want)
		}
	}
}

// TestSimulate200Games plays 200 games of 15 computer players to the end,
// each from its own seed, checks the invariants after every turn, and
// reports how the games went, down to how often lines were double-tracked,
// rate wars declared and RoWs abandoned, each of which must happen at
// least once in twenty games. -short plays 20.
func TestSimulate200Games(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 20
	}
	m, err := LoadMap()
	if err != nil {
		t.Fatal(err)
	}
	results := make([]gameStats, games)
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = simulate(m, uint64(1000+i))
			}
		}()
	}
	for i := 0; i < games; i++ {
		next <- i
	}
	close(next)
	wg.Wait()

	lengths := map[int]int{}
	var sum gameStats
	pacific, pacificBeforeWar := 0, 0
	var pacificTurns []int
	for _, r := range results {
		if len(r.broken) > 0 {
			t.Errorf("seed %d broke invariants: %v", r.seed, r.broken)
		}
		if r.turns < 21 {
			t.Errorf("seed %d ended after turn %d; the game cannot end before turn 21 (1.3)", r.seed, r.turns)
		}
		lengths[r.turns]++
		sum.add(r)
		if r.pacificTurn > 0 {
			pacific++
			pacificTurns = append(pacificTurns, r.pacificTurn)
			if r.pacificTurn < 11 {
				pacificBeforeWar++
			}
		}
	}
	var ls []string
	keys := make([]int, 0, len(lengths))
	for k := range lengths {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	for _, k := range keys {
		ls = append(ls, fmt.Sprintf("%d:%d", k, lengths[k]))
	}
	sort.Ints(pacificTurns)
	median := 0
	if len(pacificTurns) > 0 {
		median = pacificTurns[len(pacificTurns)/2]
	}
	n := float64(games)
	t.Logf("%d games. Length (turns:games) %s", games, strings.Join(ls, " "))
	t.Logf("per game: %.1f incorporations, %.1f railroads at the end, %.2f tycoon bankruptcies, %.2f railroad bankruptcies, %.2f reorganizations, %.2f panics, %.1f regions linked",
		float64(sum.incorporations)/n, float64(sum.railroads)/n, float64(sum.playerBankrupt)/n, float64(sum.rrBankrupt)/n, float64(sum.reorganized)/n, float64(sum.panics)/n, float64(sum.regions)/n)
	t.Logf("the Pacific was reached in %d of %d games, median turn %d; before the Civil War in %d", pacific, games, median, pacificBeforeWar)
	t.Logf("computer play: %d%% of tycoons borrowing by turn 5, %d%% of railroads with a player President at turn 10, mean efficiency %d at the end, %d%% of railroads paying dividends, %d%% of RoWs built run west",
		sum.borrowed/games, sum.presided/games, sum.efficiency/games, sum.payers/games, sum.westward/games)
	checkTrackRules(t, sum, games)
	// The computer player should play sensibly (issue: borrow, take
	// presidencies, keep efficiency up, pay dividends, build west).
	if sum.borrowed/games < 50 || sum.presided/games < 30 || sum.efficiency/games < 65 || sum.payers/games < 40 || sum.westward/games < 50 {
		t.Error("the computer player does not play sensibly by the figures above")
	}
	if pacificBeforeWar > games/20 {
		t.Errorf("railroads reached the Pacific before the Civil War in %d games; the west opens after it (8)", pacificBeforeWar)
	}
	if sum.panics == 0 {
		t.Error("no panic in any game (5)")
	}
	if sum.incorporations == 0 {
		t.Error("no PC was ever incorporated")
	}
}
