package g1870

import (
	"slices"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/hexgrid"
)

// fixtures are the board, the tiles and the manifest the tests start from.
func fixtures(t testing.TB) (*eighteen.Board, map[string]*eighteen.Tile, Manifest) {
	t.Helper()
	b, err := Board()
	if err != nil {
		t.Fatal(err)
	}
	tiles, m, err := Tiles()
	if err != nil {
		t.Fatal(err)
	}
	return b, tiles, m
}

func mustHex(t *testing.T, s string) hexgrid.Hex {
	t.Helper()
	h, err := hexgrid.ParseHex(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestBoardCounts checks the transcription against the reference's own
// totals: 154 hexes, 4 off-boards, 19 cities, 20 towns, 3 double towns,
// 50 white hexes with terrain.
func TestBoardCounts(t *testing.T) {
	b, _, _ := fixtures(t)
	kinds := map[eighteen.Kind]int{}
	terrain := 0
	for _, s := range b.Spaces {
		kinds[s.Kind]++
		if s.Cost > 0 {
			terrain++
		}
	}
	want := map[eighteen.Kind]int{eighteen.OffBoard: 4, eighteen.City: 19, eighteen.Town: 20, eighteen.Towns: 3, eighteen.Plain: 108}
	for k, n := range want {
		if kinds[k] != n {
			t.Errorf("%d %s hexes, want %d", kinds[k], k, n)
		}
	}
	if len(b.Spaces) != 154 || terrain != 50 {
		t.Errorf("%d hexes, %d with terrain; want 154 and 50", len(b.Spaces), terrain)
	}
	// Rows alternate even and odd columns.
	for h := range b.Spaces {
		if (h.Row+h.Col)%2 != 0 {
			t.Errorf("%s breaks the rows' alternation", h)
		}
	}
}

// TestHomesAndDestinations: every corporation has one home city (the SP's
// is the Southwest off-board) and one destination, as in the reference.
func TestHomesAndDestinations(t *testing.T) {
	b, _, _ := fixtures(t)
	want := map[string][2]string{
		"ATSF": {"B9", "N1"}, "SSW": {"H17", "J3"}, "SP": {"N1", "N17"}, "SLSF": {"E12", "M22"}, "MP": {"C18", "J5"},
		"MKT": {"B11", "N1"}, "IC": {"K16", "A22"}, "GMO": {"M20", "C18"}, "FW": {"J3", "A2"}, "TP": {"J5", "N17"},
	}
	homes, dests := map[string][]string{}, map[string][]string{}
	for _, h := range b.Order {
		s := b.Space(h)
		for _, c := range s.Homes {
			homes[c] = append(homes[c], h.String())
			if s.Kind != eighteen.City && !(s.Kind == eighteen.OffBoard && s.Slots > 0) {
				t.Errorf("%s's home %s has no station", c, h)
			}
		}
		for _, c := range s.Dests {
			dests[c] = append(dests[c], h.String())
		}
	}
	for c, w := range want {
		if !slices.Equal(homes[c], []string{w[0]}) || !slices.Equal(dests[c], []string{w[1]}) {
			t.Errorf("%s: home %v, destination %v; want %s and %s", c, homes[c], dests[c], w[0], w[1])
		}
	}
	if len(homes) != 10 || len(dests) != 10 {
		t.Errorf("%d homes and %d destinations, want 10 each", len(homes), len(dests))
	}
}

// TestNeighbours: the reference's example, H17's six neighbours, and that
// impassable sides and the board's edge stop track.
func TestNeighbours(t *testing.T) {
	b, _, _ := fixtures(t)
	h17 := mustHex(t, "H17")
	for e, want := range []string{"I16", "H15", "G16", "G18", "H19", "I18"} {
		n := h17.Neighbour(hexgrid.Edge(e))
		if n.String() != want || b.Space(n) == nil {
			t.Errorf("H17 edge %d: %s, want %s on the board", e, n, want)
		}
		if back, ok := n.EdgeTo(h17); !ok || back != hexgrid.Edge(e).Opposite() {
			t.Errorf("%s back to H17: edge %v", n, back)
		}
	}
	for _, tc := range []struct {
		hex  string
		edge hexgrid.Edge
		pass bool
	}{
		{"N17", 4, false}, // New Orleans's east side
		{"N19", 1, false}, // the same side from N19
		{"N19", 0, false},
		{"O18", 3, false},
		{"A4", 2, false}, // off the top of the board
		{"H17", 4, true},
		{"O6", 4, false}, // O8 does not exist
	} {
		if got := b.Passable(mustHex(t, tc.hex), tc.edge); got != tc.pass {
			t.Errorf("%s across %s: passable %v, want %v", tc.hex, tc.edge, got, tc.pass)
		}
	}
}

// TestManifest: the copies per colour are the reference's totals, and the
// special tiles are where they must be.
func TestManifest(t *testing.T) {
	b, tiles, m := fixtures(t)
	per := map[eighteen.Colour]int{}
	for id, n := range m {
		per[tiles[id].Colour] += n
	}
	want := map[eighteen.Colour]int{eighteen.Yellow: 81, eighteen.Green: 43, eighteen.Brown: 35, eighteen.Gray: 2}
	for c, n := range want {
		if per[c] != n {
			t.Errorf("%d %s tiles, want %d", per[c], c, n)
		}
	}
	if tiles["170"].Label != "P" || m["170"] != 4 || tiles["171K"].Label != "K" || tiles["172L"].Label != "L" {
		t.Errorf("the P, K and L tiles: %+v %+v %+v", tiles["170"], tiles["171K"], tiles["172L"])
	}
	var pHexes []string
	for _, h := range b.Order {
		if b.Space(h).Upgrades[eighteen.Brown] == "P" {
			pHexes = append(pHexes, h.String())
		}
	}
	if !slices.Equal(pHexes, []string{"B11", "C18", "J3", "J5", "N17"}) {
		t.Errorf("hexes taking the brown P tile: %v", pHexes)
	}
}

// TestBordersAgree: an impassable side is marked on both of its hexes.
func TestBordersAgree(t *testing.T) {
	b, _, _ := fixtures(t)
	sides := 0
	for _, h := range b.Order {
		for _, e := range b.Space(h).Borders {
			sides++
			n := b.Space(h.Neighbour(e))
			if n == nil || !slices.Contains(n.Borders, e.Opposite()) {
				t.Errorf("%s's impassable %s side is not marked on %s", h, e, h.Neighbour(e))
			}
		}
	}
	if sides != 4 {
		t.Errorf("%d impassable sides marked, want 4 (two borders, each from both hexes)", sides)
	}
}
