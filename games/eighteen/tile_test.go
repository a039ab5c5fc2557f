package eighteen

import (
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/hexgrid"
)

func TestStandardTiles(t *testing.T) {
	tiles, err := StandardTiles()
	if err != nil {
		t.Fatal(err)
	}
	if len(tiles) != 74 {
		t.Errorf("%d tiles, want the reference's 67 and the seven junction tiles", len(tiles))
	}
	for _, tc := range []struct {
		id            string
		colour        Colour
		cities, towns int
		exits         []hexgrid.Edge // at rotation 1
		slots         int
	}{
		{"1", Yellow, 0, 2, []hexgrid.Edge{1, 2, 4, 5}, 0},
		{"9", Yellow, 0, 0, []hexgrid.Edge{1, 4}, 0},
		{"57", Yellow, 1, 0, []hexgrid.Edge{1, 4}, 1},
		{"14", Green, 1, 0, []hexgrid.Edge{1, 2, 4, 5}, 2},
		{"63", Brown, 1, 0, []hexgrid.Edge{0, 1, 2, 3, 4, 5}, 2},
		{"171K", Gray, 1, 0, []hexgrid.Edge{0, 1, 2, 3, 4, 5}, 3},
		{"80", Green, 0, 0, []hexgrid.Edge{1, 2, 3}, 0},
		{"81", Green, 0, 0, []hexgrid.Edge{1, 3, 5}, 0},
		{"82", Green, 0, 0, []hexgrid.Edge{1, 2, 4}, 0},
		{"83", Green, 0, 0, []hexgrid.Edge{0, 1, 4}, 0},
		{"544", Brown, 0, 0, []hexgrid.Edge{1, 2, 4, 5}, 0},
		{"545", Brown, 0, 0, []hexgrid.Edge{1, 2, 3, 4}, 0},
		{"546", Brown, 0, 0, []hexgrid.Edge{1, 3, 4, 5}, 0},
	} {
		tile := tiles[tc.id]
		if tile == nil {
			t.Errorf("no tile %s", tc.id)
			continue
		}
		if tile.Colour != tc.colour || tile.Cities() != tc.cities || tile.Towns() != tc.towns || !slices.Equal(tile.Exits(1), tc.exits) {
			t.Errorf("tile %s: %s, %d cities, %d towns, exits %v at rotation 1; want %s, %d, %d, %v",
				tc.id, tile.Colour, tile.Cities(), tile.Towns(), tile.Exits(1), tc.colour, tc.cities, tc.towns, tc.exits)
		}
		if tc.slots > 0 && tile.Stops[0].Slots != tc.slots {
			t.Errorf("tile %s: %d slots, want %d", tc.id, tile.Stops[0].Slots, tc.slots)
		}
	}
}

func TestParseTilesErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"7 yellow - e0-e9", "line 1: end \"e9\""},
		{"5 yellow c20 e0-c1", "the tile has 1 cities"},
		{"5 purple c20 e0-c0", "colour \"purple\""},
		{"5 yellow c20x0 e0-c0", "stop \"c20x0\""},
		{"\n# c\n7 yellow - e0-e1\n7 yellow - e0-e2", "line 4: tile 7 twice"},
		{"7 yellow -", "want id, colour, stops and paths"},
	} {
		if _, err := ParseTiles(tc.text); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error saying %q", tc.text, err, tc.want)
		}
	}
}

func TestHexes(t *testing.T) {
	for _, s := range []string{"A2", "H17", "O18"} {
		h, err := hexgrid.ParseHex(s)
		if err != nil || h.String() != s {
			t.Errorf("%s read back as %s (%v)", s, h, err)
		}
	}
	for _, s := range []string{"", "7", "h17", "H", "H-1", "Hx"} {
		if _, err := hexgrid.ParseHex(s); err == nil {
			t.Errorf("%q read as a hex", s)
		}
	}
	for e := hexgrid.Edge(0); e < 6; e++ {
		if e.Opposite().Opposite() != e || e.Turn(6) != e || e.Turn(-1).Turn(1) != e {
			t.Errorf("edge %d: opposite or turn is wrong", e)
		}
		h := hexgrid.Hex{Row: 7, Col: 17}
		if h.Neighbour(e).Neighbour(e.Opposite()) != h {
			t.Errorf("edge %d and back does not return", e)
		}
	}
}

// TestJunctionUpgrades: a junction, written as track joining every pair
// of its edges (docs/rulings.md EZB3), replaces a yellow or green tile
// whose edges it has all of, at the rotations that keep them, and nothing
// else. Cases marked no fail for a missing edge, colour or city.
func TestJunctionUpgrades(t *testing.T) {
	tiles, err := StandardTiles()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		tile, old string
		want      []int // rotations over the old tile at rotation 0; nil for none
	}{
		{"80", "7", []int{0, 5}},      // 0-1 kept as 0-1-2 or 5-0-1
		{"80", "8", []int{0}},         // 0-2 needs 0-1-2 exactly
		{"80", "9", nil},              // no straight in three edges side by side
		{"81", "7", nil},              // 0-2-4 has no two edges side by side
		{"81", "8", []int{0, 2, 4}},   // 0-2 is in every turn of 0-2-4
		{"82", "9", []int{0, 3}},      // 0-1-3 and 3-4-0 hold the straight
		{"83", "9", []int{0, 3}},      // 0-5-3 and 3-2-0
		{"82", "7", []int{0}},         // 0-1 is 0-1-3's only pair side by side
		{"545", "80", []int{0, 5}},    // 0-1-2 inside 0-1-2-3 or 5-0-1-2
		{"544", "80", nil},            // 0-1-3-4 has no three side by side
		{"546", "81", []int{0, 2, 4}}, // 0-2-4 inside 0-2-3-4, 2-4-5-0 and 4-0-1-2
		{"544", "81", nil},            // no three edges apart by two
		{"544", "82", []int{0, 3}},    // 0-1-3 inside 0-1-3-4 or 3-4-0-1
		{"544", "83", []int{2, 5}},    // 0-3-5 inside 2-3-5-0 or 5-0-2-3
		{"546", "19", []int{0}},       // 0-3 and 2-4 kept only as 0-2-3-4
		{"544", "20", []int{0, 3}},    // 0-3 and 1-4 kept
		{"545", "19", nil},            // 0-1-2-3 lacks 4
		{"80", "80", nil},             // green over green
		{"544", "7", nil},             // yellow to brown skips green
		{"63", "80", nil},             // a city is not track
		{"19", "9", []int{0, 3}},      // the plain crossings still work
		{"83", "7", []int{1}},         // 0-1 as 83's 0-1 pair, turned once
		{"82", "8", []int{5}},         // 0-2 as 82's 1-3 pair turned back
		{"83", "8", []int{3}},         // 0-2 as 83's 3-5 pair turned round
		{"546", "80", []int{4}},       // 0-1-2 as 546's 2-3-4 turned
		{"545", "82", []int{0}},       // 0-1-3 inside 0-1-2-3
		{"546", "82", []int{3}},       // 0-1-3 inside 3-5-0-1
		{"545", "83", []int{3}},       // 0-3-5 inside 3-4-5-0
		{"546", "83", []int{3}},       // 0-3-5 inside 3-5-0-1
	} {
		got := tiles[tc.tile].Upgrades(tiles[tc.old], 0)
		if !slices.Equal(got, tc.want) {
			t.Errorf("#%s over #%s: rotations %v, want %v", tc.tile, tc.old, got, tc.want)
		}
	}
}

func TestParseManifest(t *testing.T) {
	designs, err := StandardTiles()
	if err != nil {
		t.Fatal(err)
	}
	own, err := ParseTiles("M1 yellow c30 e1-c0 e4-c0 label=M")
	if err != nil {
		t.Fatal(err)
	}
	designs["M1"] = own["M1"]
	tiles, copies, err := ParseManifest("# a title's manifest\n\n7 3\nM1 1\n80 2\n", designs)
	if err != nil {
		t.Fatal(err)
	}
	if len(tiles) != 3 || tiles["M1"] != own["M1"] || tiles["80"] != designs["80"] || copies["7"] != 3 || copies["M1"] != 1 || copies["80"] != 2 {
		t.Errorf("tiles %v copies %v", tiles, copies)
	}
	for _, tc := range []struct{ text, want string }{
		{"7 3\n8", "line 2: want a tile and its copies"},
		{"7 3 1", "line 1: want a tile and its copies"},
		{"7 0", "line 1: copies \"0\""},
		{"7 x", "line 1: copies \"x\""},
		{"\n# c\n999 1", "line 3: no tile 999"},
		{"7 1\n8 1\n7 2", "line 3: tile 7 twice"},
	} {
		if _, _, err := ParseManifest(tc.text, designs); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error saying %q", tc.text, err, tc.want)
		}
	}
}
