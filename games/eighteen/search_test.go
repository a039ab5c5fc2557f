package eighteen

import (
	"math/rand/v2"
	"testing"

	"github.com/railpost/railpost/games/hexgrid"
)

// TestNoRunCeiling: where a train has no run worth what is asked, anyRun
// says how much it can earn at most, which the memo keeps for later
// questions: never less than its best run, and under what was asked. A
// 4-train runs the whole line, every run of it judged, so its ceiling is
// its best exactly, however much more is asked: not just the ask less 1.
// A company with no station has no run: asked for nothing, it has it,
// and earns $0, not less.
func TestNoRunCeiling(t *testing.T) {
	l := twoTowns(t)
	for _, tc := range []struct {
		corp        string
		train, best int
		exact       bool
	}{{"X", 4, 70, true}, {"X", 3, 40, false}, {"X", 2, 30, false}, {"Y", 2, 0, true}} {
		for _, need := range []int{tc.best, tc.best + 1, tc.best + 50} {
			n := l.newNet(tc.corp, 0)
			st := n.stats()
			closed := make([]uint64, (len(n.all)+63)/64)
			_, v, ok, _ := n.anyRun([]int{tc.train}, make([]bool, len(n.segs)), need, closed, &st)
			switch {
			case ok != (need <= tc.best):
				t.Errorf("%s's %d-train asked for $%d: found %v, best $%d", tc.corp, tc.train, need, ok, tc.best)
			case ok && (v < need || tc.exact && v != tc.best):
				t.Errorf("%s's %d-train asked for $%d: a run of $%d", tc.corp, tc.train, need, v)
			case !ok && (v < tc.best || v >= need || tc.exact && v != tc.best):
				t.Errorf("%s's %d-train asked for $%d: at most $%d, but its best is $%d", tc.corp, tc.train, need, v, tc.best)
			}
		}
	}
}

// TestWalkMemo: an answer kept for a partial run serves that run alone,
// by its first stop, train and legs, where at least its legs are closed
// and more than its most is asked; past walkLimit no run is added, and a
// run's new answer takes its oldest one's place, and its room.
func TestWalkMemo(t *testing.T) {
	var m walkMemo
	a := m.child(m.root(5, 2, 4, true), 7, true)
	m.keep(a, 90, []uint64{0b0110})
	for _, tc := range []struct {
		name   string
		node   *walkNode
		floor  int
		closed uint64
		want   bool
	}{
		{"the run, its legs closed, more asked", a, 91, 0b0110, true},
		{"more legs closed", a, 100, 0b1111, true},
		{"one of its legs open", a, 100, 0b0100, false},
		{"no more than its most asked", a, 90, 0b0110, false},
		{"another leg on", m.child(m.root(5, 2, 4, false), 8, true), 100, 0b0110, false},
		{"another first stop", m.root(5, 3, 4, true), 100, 0b0110, false},
		{"another train", m.root(6, 2, 4, true), 100, 0b0110, false},
	} {
		why, most := m.recall(tc.node, tc.floor, []uint64{tc.closed})
		if (why != nil) != tc.want || tc.want && most != 90 {
			t.Errorf("%s: recalled %v, most %d", tc.name, why, most)
		}
	}
	m.total = walkLimit
	b := m.child(a, 9, true)
	if m.keep(b, 10, []uint64{0}); len(b.known) != 0 {
		t.Errorf("a run added past the limit")
	}
	slab := len(m.slab)
	if m.keep(a, 50, []uint64{0}); len(a.known) != 1 || a.known[0].most != 50 || a.known[0].why[0] != 0 {
		t.Errorf("past the limit, a run known already keeps %v", a.known)
	}
	if len(m.slab) != slab {
		t.Errorf("an answer in another's place took %d words more room", len(m.slab)-slab)
	}
}

// TestPackedPicks: bound's sets counted four bits a lane take exactly the
// stops the counts of stops t or more hops away take, for every length
// of run they serve, on many random orders of stops.
func TestPackedPicks(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 4))
	for left := 1; left <= maxPacked; left++ {
		for range 300 {
			all, beside := newPick(left, left, nil), newPick(left-1, left, nil)
			ref := [2][]int{make([]int, left+2), make([]int, left+2)}
			taken := [2]int{}
			for range 2 * left {
				h, c := 1+rng.IntN(left+2), 10+rng.IntN(50)
				addBoth(&all, &beside, h, c, left)
				for i, places := range []int{left, left - 1} {
					fits := taken[i] < places && h <= places
					for d := 1; d <= h && fits; d++ {
						fits = ref[i][d] < places-d+1
					}
					if fits {
						taken[i]++
						for d := 1; d <= h; d++ {
							ref[i][d]++
						}
					}
				}
				if all.taken != taken[0] || beside.taken != taken[1] {
					t.Fatalf("left %d, a stop %d hops away: %d and %d taken, want %d and %d", left, h, all.taken, beside.taken, taken[0], taken[1])
				}
			}
		}
	}
}

// TestCeilingOfSkippedStops: a triangle of a city S ($20, the company's
// station) and towns P ($30) and Q ($10), Q's bound raised by a bonus it
// never pays. A 2-train's best run is S-P, $50. Asked for $51, the walk
// from P skips S, whose part of the track cannot make it up: the ceiling
// must count that skipped run, or it says $30 where $50 runs.
func TestCeilingOfSkippedStops(t *testing.T) {
	b, err := ParseBoard(`
A2 | city | - | - | - | - | -
A4 | town | - | - | - | - | -
B3 | town | - | - | - | - | -
`)
	if err != nil {
		t.Fatal(err)
	}
	tiles, err := ParseTiles(`
S yellow c20 e4-c0 e5-c0
P yellow t30 e1-t0 e0-t0
Q yellow t10 e2-t0 e3-t0
`)
	if err != nil {
		t.Fatal(err)
	}
	l := NewLayout(b)
	for hex, id := range map[string]string{"A2": "S", "A4": "P", "B3": "Q"} {
		h, _ := hexgrid.ParseHex(hex)
		l.Tiles[h] = Placed{Tile: tiles[id]}
	}
	a2, _ := hexgrid.ParseHex("A2")
	b3, _ := hexgrid.ParseHex("B3")
	l.Tokens[a2] = map[int][]string{0: {"X"}}
	l.Bonus = func(string, []Node, int) int { return 0 }
	l.BonusBound = func(_ string, n Node, _ int) int {
		if n.Hex == b3 {
			return 100
		}
		return 0
	}
	if _, best := l.BestRun("X", []int{2}, 0); best != 50 {
		t.Fatalf("the best run is $%d, want $50", best)
	}
	ok, most, _ := l.Ceiling("X", 2, 0, 51, nil)
	if ok || most < 50 || most > 50 {
		t.Errorf("asked for $51: found %v, at most $%d; want none, at most $50", ok, most)
	}
}
