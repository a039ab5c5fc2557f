package g1870

import (
	"testing"
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
