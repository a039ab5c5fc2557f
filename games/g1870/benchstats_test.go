package g1870

import (
	"testing"
	"time"

	"github.com/railpost/railpost/games/eighteen"
)

// lateStats reports, for BenchmarkLateRuns, what one company's run asks
// of the search: the candidate routes exhaustive search lists (routes),
// the partial runs the search extends (nodes), and how many times longer
// exhaustive search takes (xexhaustive): every train's AllRoutes, then
// the branch and bound over them that BestRun was before the net. It is
// apart from bench_test.go so that the benchmark also runs on the code
// from before the net, with a lateStats that does nothing.
func lateStats(b *testing.B, g *Game, corp string, trains []int, perRun float64) {
	b.Helper()
	l, phase := g.Layout, g.Current().OffBoard
	_, _, st := l.BestRunStats(corp, trains, phase)
	routes := 0
	for _, n := range trains {
		routes += len(l.RoutesWorth(corp, n, phase, 0))
	}
	start := time.Now()
	lists := map[int][]eighteen.Route{}
	for _, n := range trains {
		lists[n] = l.AllRoutes(corp, n, phase)
	}
	budget := 200_000_000
	exhaustiveRun(lists, trains, nil, &budget)
	if budget < 0 {
		b.Logf("%s %v: exhaustive search gave up; its ratio is at least the one shown", corp, trains)
	}
	b.ReportMetric(float64(routes), "routes")
	b.ReportMetric(float64(st.Nodes), "nodes")
	b.ReportMetric(time.Since(start).Seconds()*1000/perRun, "xexhaustive")
}
