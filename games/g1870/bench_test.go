package g1870

import (
	"math/rand/v2"
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

// BenchmarkBestRun: one optimal run of an 8, a 5 and a 4 on a dense board.
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
