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
			case "link":
				if strings.Contains(e.Text, string(Pacific)) && st.pacificTurn == 0 {
					st.pacificTurn = s.Turn - 1
				}
			}
		}
		if bad := invariants(m, s); len(bad) > 0 && len(st.broken) == 0 {
			st.broken = append([]string{fmt.Sprintf("turn %d", s.Turn)}, bad...)
		}
	})
	st.turns = s.Turn - 1
	st.railroads = len(s.Railroads)
	st.regions = len(s.Links)
	return st
}

// TestSimulate200Games plays 200 games of 15 computer players to the end,
// each from its own seed, checks the invariants after every turn, and
// reports how the games went. -short plays 20.
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
		sum.playerBankrupt += r.playerBankrupt
		sum.rrBankrupt += r.rrBankrupt
		sum.reorganized += r.reorganized
		sum.incorporations += r.incorporations
		sum.panics += r.panics
		sum.railroads += r.railroads
		sum.regions += r.regions
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
