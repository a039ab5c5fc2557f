package eighteen

import "testing"

// TestNoRunCeiling: where a train has no run worth what is asked, anyRun
// says how much it can earn at most, which the memo keeps for later
// questions: never less than its best run, and under what was asked. A
// 4-train runs the whole line, every run of it judged, so its ceiling is
// its best exactly, however much more is asked: not just the ask less 1.
func TestNoRunCeiling(t *testing.T) {
	l := twoTowns(t)
	for _, tc := range []struct {
		train, best int
		exact       bool
	}{{4, 70, true}, {3, 40, false}, {2, 30, false}} {
		for _, need := range []int{tc.best, tc.best + 1, tc.best + 50} {
			n := l.newNet("X", 0)
			st := n.stats()
			closed := make([]uint64, (len(n.all)+63)/64)
			_, v, ok, _ := n.anyRun([]int{tc.train}, make([]bool, len(n.segs)), need, closed, &st)
			switch {
			case ok != (need <= tc.best):
				t.Errorf("a %d-train asked for $%d: found %v, best $%d", tc.train, need, ok, tc.best)
			case ok && v < need:
				t.Errorf("a %d-train asked for $%d: a run of $%d", tc.train, need, v)
			case !ok && (v < tc.best || v >= need || tc.exact && v != tc.best):
				t.Errorf("a %d-train asked for $%d: at most $%d, but its best is $%d", tc.train, need, v, tc.best)
			}
		}
	}
}
