package eighteen

import (
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
)

// A small board for rules the 1870 map makes awkward to stage: a town
// A2, a plain A4 between a city A6 and a town B5, and an off-board B3
// whose track leaves only eastwards, towards B5.
const smallBoard = `
A2 | town | - | - | - | - | -
A4 | plain | - | - | - | - | -
A6 | city | - | - | - | - | -
B5 | town | - | - | - | - | -
B3 | offboard | Out | - | - | - | rev=30/40/50 exits=4
`

// Tiles of the test's own: J joins A4's west side to both its east and
// south-east sides, a junction at the edge.
const smallTiles = `
J yellow - e1-e4 e1-e5
W yellow t10 e4-t0
C yellow c20 e1-c0
U yellow t50 e2-t0
7 yellow - e0-e1
8 yellow - e0-e2
`

func small(t *testing.T) (*Layout, map[string]*Tile) {
	t.Helper()
	b, err := ParseBoard(smallBoard)
	if err != nil {
		t.Fatal(err)
	}
	tiles, err := ParseTiles(smallTiles)
	if err != nil {
		t.Fatal(err)
	}
	l := NewLayout(b)
	l.Tiles[hexgrid.Hex{Row: 0, Col: 6}] = Placed{Tile: tiles["C"]}
	l.Tokens[hexgrid.Hex{Row: 0, Col: 6}] = map[int][]string{0: {"X"}}
	return l, tiles
}

// TestNoTurningAtATilesEdge: from A6, the only way to B5 is west through
// A4 to its west side and back east along J's other branch, which 8.1
// rules 4 and 6 forbid. So B5 ($50) is neither reached nor run to, and
// the best 2-train run is A6 and A2.
func TestNoTurningAtATilesEdge(t *testing.T) {
	l, tiles := small(t)
	l.Tiles[hexgrid.Hex{Row: 0, Col: 4}] = Placed{Tile: tiles["J"]}
	l.Tiles[hexgrid.Hex{Row: 0, Col: 2}] = Placed{Tile: tiles["W"]}
	l.Tiles[hexgrid.Hex{Row: 1, Col: 5}] = Placed{Tile: tiles["U"]}
	reach := l.Reach("X")
	if reach[Node{Hex: hexgrid.Hex{Row: 1, Col: 5}, Stop: 0}] || !reach[Node{Hex: hexgrid.Hex{Row: 0, Col: 2}, Stop: 0}] {
		t.Errorf("reach turns at A4's west side, or misses A2: %v", reach)
	}
	for _, trains := range [][]int{{2}, {3}, {2, 2}} {
		if _, got := l.BestRun("X", trains, 0); got != 30 {
			t.Errorf("trains %v: $%d, want $30 (A6 and A2)", trains, got)
		}
	}
}

// TestTrackMustMeetTrack: 6.3 forbids track ending against the map's edge
// or an off-board's side without track.
func TestTrackMustMeetTrack(t *testing.T) {
	l, tiles := small(t)
	for _, tc := range []struct {
		tile     string
		rotation int
		want     string
	}{
		{"8", 4, "B3's side without track"}, // east and south-west, into B3
		{"8", 2, "against the NW side"},     // north-west, off the map
		{"7", 4, ""},                        // east and south-east, to B5
	} {
		_, err := l.Check(Lay{Corp: "X", Hex: hexgrid.Hex{Row: 0, Col: 4}, Tile: tiles[tc.tile], Rotation: tc.rotation}, []Colour{Yellow})
		if (tc.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("#%s at rotation %d: %v, want %q", tc.tile, tc.rotation, err, tc.want)
		}
	}
}

// twoTowns is a line of three hexes: a city A2 with X's token, a tile of
// two towns A4 and a town A6.
func twoTowns(t *testing.T) *Layout {
	t.Helper()
	b, err := ParseBoard(`
A2 | city | - | - | - | - | -
A4 | towns | - | - | - | - | -
A6 | town | - | - | - | - | -
`)
	if err != nil {
		t.Fatal(err)
	}
	tiles, err := ParseTiles(`
C yellow c20 e4-c0
TT yellow t10,t10 e1-t0 t0-t1 t1-e4
W yellow t30 e1-t0
`)
	if err != nil {
		t.Fatal(err)
	}
	l := NewLayout(b)
	for hex, id := range map[string]string{"A2": "C", "A4": "TT", "A6": "W"} {
		h, _ := hexgrid.ParseHex(hex)
		l.Tiles[h] = Placed{Tile: tiles[id]}
	}
	a2, _ := hexgrid.ParseHex("A2")
	l.Tokens[a2] = map[int][]string{0: {"X"}}
	return l
}

// TestTwoTownsOnOneTileBothCount stages the second half of 8.1 rule 3
// (and the glossary's "Different Cities"): a train runs through and counts
// both towns of one tile, and a train too short to reach both does not.
func TestTwoTownsOnOneTileBothCount(t *testing.T) {
	l := twoTowns(t)
	for _, tc := range []struct{ train, want int }{{4, 20 + 10 + 10 + 30}, {3, 20 + 10 + 10}, {2, 20 + 10}} {
		if _, got := l.BestRun("X", []int{tc.train}, 0); got != tc.want {
			t.Errorf("a %d-train earns $%d, want $%d", tc.train, got, tc.want)
		}
	}
}

// TestTrainsFor: each route gets the smallest train that counts its
// stops, longest routes first, whatever order the routes come in.
func TestTrainsFor(t *testing.T) {
	route := func(n int) Route { return Route{Stops: make([]Node, n)} }
	for _, tc := range []struct {
		routes []int
		trains []int
		want   []int
	}{
		{[]int{5, 4}, []int{4, 5}, []int{5, 4}},
		{[]int{3, 3}, []int{5, 3}, []int{3, 5}},
		{[]int{2, 4}, []int{Unlimited, 4}, []int{Unlimited, 4}},
		{[]int{4}, []int{2, 4}, []int{4}},
	} {
		var rs []Route
		for _, n := range tc.routes {
			rs = append(rs, route(n))
		}
		if got := TrainsFor(rs, tc.trains); !slices.Equal(got, tc.want) {
			t.Errorf("routes %v with %v: %v, want %v", tc.routes, tc.trains, got, tc.want)
		}
	}
}

// TestLays: a track step's candidates are every rotation the check
// accepts, of each tile left that fits, on each hex in reach the query
// allows, in the board's order and the tiles' order.
func TestLays(t *testing.T) {
	l, tiles := small(t)
	left := map[string]int{"7": 1, "8": 2, "J": 0}
	plain := func(h hexgrid.Hex) bool { return h == hexgrid.Hex{Row: 0, Col: 4} }
	fits := func(_ hexgrid.Hex, tl *Tile) bool { return tl.Cities() == 0 && tl.Towns() == 0 }
	for _, tc := range []struct {
		name  string
		q     move.Query
		judge func(hexgrid.Hex, string, int) bool
		want  int
		first string
	}{
		{"every rotation", move.Query{}, func(hexgrid.Hex, string, int) bool { return true }, 12, "LAY A4 7 0"},
		{"the check's rotations", move.Query{}, func(_ hexgrid.Hex, id string, rot int) bool { return id == "8" && rot >= 4 }, 2, "LAY A4 8 4"},
		{"a tile asked for", move.Query{Verb: "LAY", Args: []string{"A4", "8"}}, func(hexgrid.Hex, string, int) bool { return true }, 6, "LAY A4 8 0"},
		{"another hex asked for", move.Query{Verb: "LAY", Args: []string{"A2"}}, func(hexgrid.Hex, string, int) bool { return true }, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := l.Lays(0, left, tiles, tc.q, plain, fits, tc.judge)
			if len(got) != tc.want || (tc.want > 0 && got[0].String() != tc.first) {
				t.Fatalf("%d lays, first %v; want %d, first %q", len(got), got, tc.want, tc.first)
			}
			if tc.name == "the check's rotations" && got[1].String() != "LAY A4 8 5" {
				t.Fatalf("the last rotation is left out: %v", got)
			}
		})
	}
}
