package g1870

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
)

// denseLayout is a late-game-like board: track grown by legal lays until
// at least 60 hexes hold tiles.
func denseLayout(b *testing.B) *eighteen.Layout {
	rng := rand.New(rand.NewPCG(70, 8))
	l := randomLayout(b, rng, 200)
	if len(l.Tiles) < 60 {
		b.Fatalf("only %d tiles", len(l.Tiles))
	}
	return l
}

// BenchmarkBestRun: one optimal run of an 8, a 5 and a 4 on a dense board
// of random lays (BenchmarkLateRuns times a board from a played game).
//
//	go test ./games/g1870 -run '^$' -bench Run -benchtime 5x
func BenchmarkBestRun(b *testing.B) {
	l := denseLayout(b)
	trains := []int{8, 5, 4}
	routes := 0
	for _, t := range trains {
		routes += len(l.AllRoutes("SSW", t, 2))
	}
	best := 0
	for b.Loop() {
		_, best = l.BestRun("SSW", trains, 2)
	}
	b.ReportMetric(float64(len(l.Tiles)), "tiles")
	b.ReportMetric(float64(routes), "routes")
	b.ReportMetric(float64(best), "$")
}

// BenchmarkBestRunExhaustive is the baseline on the same board.
func BenchmarkBestRunExhaustive(b *testing.B) {
	l := denseLayout(b)
	for b.Loop() {
		l.BestRunExhaustive("SSW", []int{8, 5, 4}, 2)
	}
}

// lateRun is one company's run for BenchmarkLateRuns.
type lateRun struct {
	name, corp string
	trains     []int
}

// lateBench is BenchmarkLateRuns' board: seed 3's game of listed moves
// (lateGame) played into phase 8, the last, until 90 tiles are laid. Its
// runs are every company with a station, with the trains it owns; and
// SLSF again with a single 12-train, which it does not own (the board is
// real, the train is given) for the run with the most candidate routes
// on this board.
func lateBench(b *testing.B) (*Game, []lateRun) {
	g := lateGame(b, 3, 8, 90)
	if g == nil || g.Phase != 8 {
		b.Fatal("seed 3's game did not reach phase 8")
	}
	var runs []lateRun
	for _, c := range g.Corps {
		if len(g.Layout.Stations(c.Sym)) > 0 {
			runs = append(runs, lateRun{fmt.Sprintf("%s%v", c.Sym, c.Trains), c.Sym, slices.Clone(c.Trains)})
		}
	}
	return g, append(runs, lateRun{"SLSF[12]given", "SLSF", []int{12}})
}

// BenchmarkLateRuns times every company's optimal run on a late board, a
// sub-benchmark a company, and all of them in turn (all); ms/company is
// the time of one company's run. lateStats adds the search's counts and
// the time of exhaustive search.
//
//	go test ./games/g1870 -run '^$' -bench LateRuns -benchtime 20x
func BenchmarkLateRuns(b *testing.B) {
	g, runs := lateBench(b)
	phase := g.Current().OffBoard
	b.ReportMetric(float64(len(g.Layout.Tiles)), "tiles")
	for _, r := range runs {
		b.Run(r.name, func(b *testing.B) {
			total := 0
			for b.Loop() {
				_, total = g.Layout.BestRun(r.corp, r.trains, phase)
			}
			perRun := b.Elapsed().Seconds() * 1000 / float64(b.N)
			b.ReportMetric(perRun, "ms/company")
			b.ReportMetric(float64(total), "$")
			lateStats(b, g, r.corp, r.trains, perRun)
		})
	}
	b.Run("all", func(b *testing.B) {
		for b.Loop() {
			for _, r := range runs {
				g.Layout.BestRun(r.corp, r.trains, phase)
			}
		}
		b.ReportMetric(b.Elapsed().Seconds()*1000/float64(b.N*len(runs)), "ms/company")
	})
}
