package g1870

import (
	"testing"

	"github.com/railpost/railpost/games/eighteen"
)

// TestRunsOnTheMemphisLine works the runs out by hand on Little Rock (20,
// TP's) - Memphis (20, SSW's) - the town at H21 (10) and checks the
// exhaustive search finds them.
func TestRunsOnTheMemphisLine(t *testing.T) {
	l := line(t)
	for _, tc := range []struct {
		name   string
		corp   string
		trains []int
		want   int
	}{
		{"a 2-train: Memphis and Little Rock", "SSW", []int{2}, 40},
		{"a 3-train: the whole line", "SSW", []int{3}, 50},
		{"two 2-trains, one each way from Memphis", "SSW", []int{2, 2}, 70},
		{"two 3-trains cannot share the line", "SSW", []int{3, 3}, 70},
		{"TP: into Memphis, not through it", "TP", []int{4}, 40},
		{"no station, no run", "IC", []int{4}, 0},
	} {
		routes, got := l.BestRunExhaustive(tc.corp, tc.trains, 0)
		if got != tc.want {
			t.Errorf("%s: $%d (%v), want $%d", tc.name, got, routes, tc.want)
		}
	}
}

// TestPresidentRuns: the president may run other routes than the optimal
// ones the engine made, named by their stops' hexes, as long as they are
// legal (8.1, 8.2); a poorer run stands only when no other player holds
// a share, since any shareholder may point out the better one (8.3). On
// the Memphis line (Little Rock 20, TP's; Memphis 20, SSW's home; the
// town at H21, 10) a 3-train's best run is the whole line, $50.
func TestPresidentRuns(t *testing.T) {
	for _, tc := range []struct {
		name     string
		holdings map[int]int // SSW shares by seat; seat 0 is president
		line     string
		rule     string // the refusal's rule, or "" for a run made
		revenue  int    // the run's income once made
	}{
		{"the best run as the engine made it", map[int]int{0: 6}, "RUN H13-H17-H21", "", 50},
		{"the same run named from the other end", map[int]int{0: 2, 1: 2}, "RUN H21-H17-H13", "", 50},
		{"a poorer run, the president alone holding shares", map[int]int{0: 6}, "RUN H17-H21", "", 30},
		{"a poorer run another shareholder may refuse", map[int]int{0: 2, 1: 2}, "RUN H17-H21", "8.3", 0},
		{"stops the track does not join so", map[int]int{0: 6}, "RUN H13-H21", "8.1", 0},
		{"two routes for one train", map[int]int{0: 6}, "RUN H13-H17 H17-H21", "8.1", 0},
		{"a route of one stop", map[int]int{0: 6}, "RUN H17", "8.1", 0},
		{"not a hex", map[int]int{0: 6}, "RUN H17-H", "8.3", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := table(t)
			for hex, id := range map[string]string{"H13": "57", "H15": "9", "H17": "57", "H19": "9", "H21": "4"} {
				place(t, g, hex, id, 1)
			}
			g.addToken(mustHex(t, "H13"), "TP")
			c := stage(t, g, "SSW", 100, 0, tc.holdings)
			c.Trains = []int{3}
			operate(g, c, eighteen.StepRun)
			g.RunTrains(g.income())
			if g.r.Step != eighteen.StepDividend || g.r.Revenue != 50 {
				t.Fatalf("the engine's run: step %d, $%d; want the dividend step and $50", g.r.Step, g.r.Revenue)
			}
			if tc.rule != "" {
				refuse(t, g, 0, tc.line, tc.rule)
				return
			}
			act(t, g, 0, tc.line)
			if g.r.Revenue != tc.revenue || g.LastRun.Total != tc.revenue {
				t.Errorf("after %s: revenue $%d, last run $%d; want $%d", tc.line, g.r.Revenue, g.LastRun.Total, tc.revenue)
			}
			cash := g.Players[0].Cash
			act(t, g, 0, "PAY")
			if got := g.Players[0].Cash - cash; got != tc.holdings[0]*tc.revenue/10 {
				t.Errorf("PAY after %s paid the president $%d; want $%d", tc.line, got, tc.holdings[0]*tc.revenue/10)
			}
		})
	}
}
