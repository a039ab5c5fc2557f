package g1870

import (
	"strings"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
)

func TestTileLays(t *testing.T) {
	_, tiles, _ := fixtures(t)
	yellow := []eighteen.Colour{eighteen.Yellow}
	green := []eighteen.Colour{eighteen.Yellow, eighteen.Green}
	l := line(t)
	delete(l.Tiles, mustHex(t, "H21"))
	// IC's home token stands in Jackson before any tile is there (7.1).
	l.Tokens[mustHex(t, "K16")] = map[int][]string{0: {"IC"}}
	for _, tc := range []struct {
		name     string
		corp     string
		hex      string
		tile     string
		rotation int
		colours  []eighteen.Colour
		cost     int
		want     string // part of the refusal; "" when legal
	}{
		{"the first tile in a home city", "IC", "K16", "57", 1, yellow, 0, ""},
		{"a green tile first", "IC", "K16", "15", 0, green, 0, "must be yellow"},
		{"an upgrade its company reaches", "SSW", "H17", "15", 1, green, 0, ""},
		{"green before its phase", "SSW", "H17", "15", 1, yellow, 0, "may not be laid in this phase"},
		{"an upgrade that drops track", "SSW", "H17", "15", 3, green, 0, "does not keep"},
		{"beyond Little Rock, full of TP", "SSW", "H11", "9", 1, yellow, 0, "cannot reach"},
		{"TP beyond its own station", "TP", "H11", "9", 1, yellow, 0, ""},
		{"a straight town at H21 runs off the map", "SSW", "H21", "4", 1, yellow, 0, "would end against the E side"},
		{"a curve there stays on it", "SSW", "H21", "3", 1, yellow, 0, ""},
		{"no track to reach from", "SSW", "G16", "8", 0, yellow, 0, "cannot reach"},
		{"a city tile on a plain hex", "TP", "H11", "57", 1, yellow, 0, "printed with plain"},
		{"an off-board", "SP", "N1", "7", 0, yellow, 0, "off the board"},
	} {
		cost, err := l.Check(eighteen.Lay{Corp: tc.corp, Hex: mustHex(t, tc.hex), Tile: tiles[tc.tile], Rotation: tc.rotation}, tc.colours)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want a refusal saying %q", tc.name, err, tc.want)
		case err == nil && cost != tc.cost:
			t.Errorf("%s: cost $%d, want $%d", tc.name, cost, tc.cost)
		}
	}
	// Terrain is paid on the first tile: Jackson west to the river town
	// K14 ($80).
	l.Tiles[mustHex(t, "K16")] = eighteen.Placed{Tile: tiles["57"], Rotation: 1}
	cost, err := l.Check(eighteen.Lay{Corp: "IC", Hex: mustHex(t, "K14"), Tile: tiles["4"], Rotation: 1}, yellow)
	if err != nil || cost != 80 {
		t.Errorf("the town at K14: $%d, %v; want $80", cost, err)
	}
}
