package reports

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	cr "github.com/railpost/railpost/games/contrails"
)

// lateGame is a computer game far enough on to have most of the map
// built: the first state, seed by seed, with at least 40 railroads (as
// games/contrails's BenchmarkTurn picks it), with the events of the turn
// that made it and that turn's number.
func lateGame(b testing.TB) (*cr.Map, *cr.State, []cr.Event, int) {
	b.Helper()
	m, err := cr.LoadMap()
	if err != nil {
		b.Fatal(err)
	}
	for seed := uint64(1); seed <= 10; seed++ {
		s, err := cr.NewGame(m, cr.Setup{}, rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			b.Fatal(err)
		}
		for !s.Over && s.Turn <= 60 {
			turn := s.Turn
			next, events, err := cr.Resolve(m, s, nil, rand.New(rand.NewPCG(seed, uint64(turn))))
			if err != nil {
				b.Fatalf("seed %d turn %d: %v", seed, turn, err)
			}
			if s = next; len(s.Railroads) >= 40 && !s.Over {
				return m, s, events, turn
			}
		}
	}
	b.Fatal("no game state with 40 railroads in ten seeds")
	return nil, nil, nil, 0
}

func builtLines(s *cr.State) int {
	n := 0
	for _, rr := range s.Railroads {
		n += len(rr.Lines)
	}
	return n
}

// BenchmarkReport renders one player's whole report, maps and charts
// included.
func BenchmarkReport(b *testing.B) {
	m, s, events, turn := lateGame(b)
	reader := presidentOf(s)
	size := 0
	b.ResetTimer()
	for range b.N {
		pdf, err := ContinentalRails{GameID: "g", GameName: "G", Turn: turn, Map: m, State: s, Events: events, Reader: reader}.PDF()
		if err != nil {
			b.Fatal(err)
		}
		size = len(pdf)
	}
	b.ReportMetric(float64(size)/1024, "KB")
	b.ReportMetric(float64(len(s.Railroads)), "railroads")
	b.ReportMetric(float64(builtLines(s)), "lines")
	b.ReportMetric(float64(turn), "turn")
}

// BenchmarkTurnReports renders the 15 reports of one turn, as many at once
// as there are cores, the way the pass does.
func BenchmarkTurnReports(b *testing.B) {
	m, s, events, turn := lateGame(b)
	largest := 0
	b.ResetTimer()
	for range b.N {
		var wg sync.WaitGroup
		sizes := make([]int, cr.Positions)
		errs := make([]error, cr.Positions)
		sem := make(chan struct{}, 2)
		for p := 1; p <= cr.Positions; p++ {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer func() { <-sem; wg.Done() }()
				pdf, err := ContinentalRails{GameID: "g", GameName: "G", Turn: turn, Map: m, State: s, Events: events, Reader: p}.PDF()
				sizes[p-1], errs[p-1] = len(pdf), err
			}()
		}
		wg.Wait()
		for p, err := range errs {
			if err != nil {
				b.Fatal(fmt.Errorf("position %d: %w", p+1, err))
			}
		}
		for _, n := range sizes {
			largest = max(largest, n)
		}
	}
	b.ReportMetric(float64(largest)/1024, "maxKB")
}
