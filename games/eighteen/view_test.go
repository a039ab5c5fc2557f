package eighteen

import (
	"slices"
	"testing"

	"github.com/railpost/railpost/games/hexgrid"
)

// TestSegmentPath: every segment of a best run names a stretch of track
// the hex really has (a tile's rotated path, an off-board's exit to its
// stop), seen from that hex; a segment out of range is refused.
func TestSegmentPath(t *testing.T) {
	b, err := ParseBoard(`
A2 | city | - | - | - | - | -
A4 | plain | - | - | - | - | -
A6 | offboard | Out | - | - | - | rev=30/40/50 exits=1
`)
	if err != nil {
		t.Fatal(err)
	}
	tiles, err := ParseTiles("C yellow c20 e0-c0\n9 yellow - e0-e3\n")
	if err != nil {
		t.Fatal(err)
	}
	l := NewLayout(b)
	a2, a4, a6 := hexgrid.Hex{Row: 0, Col: 2}, hexgrid.Hex{Row: 0, Col: 4}, hexgrid.Hex{Row: 0, Col: 6}
	l.Tiles[a2] = Placed{Tile: tiles["C"], Rotation: 4} // city to the east side
	l.Tiles[a4] = Placed{Tile: tiles["9"], Rotation: 1} // west to east
	l.Tokens[a2] = map[int][]string{0: {"X"}}
	routes, total := l.BestRun("X", []int{2}, 0)
	if total != 50 || len(routes) != 1 {
		t.Fatalf("best run %v $%d, want A2 to Out for $50", routes, total)
	}
	want := map[hexgrid.Hex]Path{
		a2: {A: End{Edge: 4, Stop: -1}, B: End{Stop: 0}},
		a4: {A: End{Edge: 1, Stop: -1}, B: End{Edge: 4, Stop: -1}},
		a6: {A: End{Edge: 1, Stop: -1}, B: End{Stop: 0}},
	}
	for _, s := range routes[0].Segments {
		p, ok := l.SegmentPath(s)
		w := want[s.Hex]
		if !ok || !(p == w || p == Path{A: w.B, B: w.A}) {
			t.Errorf("segment %v: path %v %v, want %v", s, p, ok, w)
		}
		if s.Hex != a6 && !slices.ContainsFunc(l.Tiles[s.Hex].Tile.Rotated(l.Tiles[s.Hex].Rotation), func(q Path) bool { return q == p || q == Path{A: p.B, B: p.A} }) {
			t.Errorf("segment %v: %v is not the tile's track", s, p)
		}
	}
	if _, ok := l.SegmentPath(Segment{Hex: a4, Path: 5}); ok {
		t.Error("a path the hex does not have was found")
	}
}
