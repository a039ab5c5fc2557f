package eighteen

import (
	"slices"
	"strings"
	"testing"
)

func TestStandardTiles(t *testing.T) {
	tiles, err := StandardTiles()
	if err != nil {
		t.Fatal(err)
	}
	if len(tiles) != 67 {
		t.Errorf("%d tiles, want the reference's 67", len(tiles))
	}
	for _, tc := range []struct {
		id            string
		colour        Colour
		cities, towns int
		exits         []Edge // at rotation 1
		slots         int
	}{
		{"1", Yellow, 0, 2, []Edge{1, 2, 4, 5}, 0},
		{"9", Yellow, 0, 0, []Edge{1, 4}, 0},
		{"57", Yellow, 1, 0, []Edge{1, 4}, 1},
		{"14", Green, 1, 0, []Edge{1, 2, 4, 5}, 2},
		{"63", Brown, 1, 0, []Edge{0, 1, 2, 3, 4, 5}, 2},
		{"171K", Gray, 1, 0, []Edge{0, 1, 2, 3, 4, 5}, 3},
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
		h, err := ParseHex(s)
		if err != nil || h.String() != s {
			t.Errorf("%s read back as %s (%v)", s, h, err)
		}
	}
	for _, s := range []string{"", "7", "h17", "H", "H-1", "Hx"} {
		if _, err := ParseHex(s); err == nil {
			t.Errorf("%q read as a hex", s)
		}
	}
	for e := Edge(0); e < 6; e++ {
		if e.Opposite().Opposite() != e || e.Turn(6) != e || e.Turn(-1).Turn(1) != e {
			t.Errorf("edge %d: opposite or turn is wrong", e)
		}
		h := Hex{Row: 7, Col: 17}
		if h.Neighbour(e).Neighbour(e.Opposite()) != h {
			t.Errorf("edge %d and back does not return", e)
		}
	}
}
