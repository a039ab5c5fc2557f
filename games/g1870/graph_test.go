package g1870

import (
	"testing"

	"github.com/railpost/railpost/games/eighteen"
)

// line lays Little Rock (H13) - H15 - Memphis (H17) - H19 - H21 as one
// east-west line: #57 in the cities, #9 between, #4 in the town at H21.
func line(t *testing.T) *eighteen.Layout {
	t.Helper()
	b, tiles, _ := fixtures(t)
	l := eighteen.NewLayout(b)
	for hex, id := range map[string]string{"H13": "57", "H15": "9", "H17": "57", "H19": "9", "H21": "4"} {
		h := mustHex(t, hex)
		if err := b.Space(h).Accepts(tiles[id]); err != nil {
			t.Fatal(err)
		}
		l.Tiles[h] = eighteen.Placed{Tile: tiles[id], Rotation: 1} // west to east
	}
	l.Tokens[mustHex(t, "H17")] = map[int][]string{0: {"SSW"}}
	l.Tokens[mustHex(t, "H13")] = map[int][]string{0: {"TP"}}
	return l
}

func TestReachStopsAtFullCities(t *testing.T) {
	l := line(t)
	for _, tc := range []struct {
		corp string
		hex  string
		want bool
	}{
		{"SSW", "H19", true},
		{"SSW", "H21", true},  // the town at the end of the line
		{"SSW", "H23", false}, // off the board
		{"SSW", "H13", true},  // Little Rock, full of TP: run to it
		{"SSW", "H11", false}, // but not through it
		{"SSW", "G18", false}, // no track that way
		{"TP", "H15", true},
		{"TP", "H17", true},  // Memphis, full of SSW
		{"TP", "H19", false}, // not through it
		{"TP", "H11", true},  // its own station's far side
		{"IC", "H17", false}, // no station at all
	} {
		if got := eighteen.ReachesHex(l.Reach(tc.corp), mustHex(t, tc.hex)); got != tc.want {
			t.Errorf("%s reaches %s: %v, want %v", tc.corp, tc.hex, got, tc.want)
		}
	}
	// A second slot opens Memphis to TP: green #15 has two.
	_, tiles, _ := fixtures(t)
	memphis := mustHex(t, "H17")
	old := l.Tiles[memphis]
	rots := tiles["15"].Upgrades(old.Tile, old.Rotation)
	if len(rots) == 0 {
		t.Fatal("#15 cannot replace #57 at Memphis")
	}
	l.Tiles[memphis] = eighteen.Placed{Tile: tiles["15"], Rotation: rots[0]}
	if !eighteen.ReachesHex(l.Reach("TP"), mustHex(t, "H19")) {
		t.Error("TP does not run through Memphis with a slot free")
	}
}
