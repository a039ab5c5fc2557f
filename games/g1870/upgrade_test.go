package g1870

import (
	"slices"
	"sort"
	"strings"
	"testing"
)

// TestUpgradeChart derives which of 1870's tiles may replace which, from
// the tiles' track (6.2) and the hexes' labels (6.4.1) alone, over every
// hex of the board where the old tile may stand, and compares it with the
// rulebook's upgrade chart (6.6). The chart names 171 and 172, which 1870
// prints as 171K and 172L; it lists no upgrade for #1, #2, #55, #56, #69
// and #63. It omits #144 from #58's line; rulings G1.
func TestUpgradeChart(t *testing.T) {
	chart := map[string]string{
		"3": "141 142 143", "4": "141 142", "5": "14 15", "6": "14 15",
		"7": "18 26 27 28 29", "8": "16 17 19 23 24 25 28 29", "9": "18 19 20 23 24 26 27",
		"57": "14 15", "58": "141 142 143 144",
		"14": "63 170", "15": "63 170", "16": "43 70", "17": "47", "18": "43", "19": "45 46",
		"20": "44 47", "23": "41 43 45 47", "24": "42 43 46 47", "25": "40 45 46", "26": "42 44 45",
		"27": "41 44 46", "28": "39 43 46 70", "29": "39 43 45 70",
		"141": "145 146 147", "142": "145 146 147", "143": "146 147", "144": "147",
		"170": "171K 172L",
		"1":   "", "2": "", "55": "", "56": "", "69": "", "63": "",
	}
	b, tiles, m := fixtures(t)
	ids := make([]string, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for old, want := range chart {
		var got []string
		for _, id := range ids {
			for _, h := range b.Order {
				sp := b.Space(h)
				if sp.Accepts(tiles[old]) == nil && sp.Accepts(tiles[id]) == nil && len(tiles[id].Upgrades(tiles[old], 0)) > 0 {
					got = append(got, id)
					break
				}
			}
		}
		slices.SortFunc(got, func(a, b string) int { return strings.Compare(pad(a), pad(b)) })
		if strings.Join(got, " ") != want {
			t.Errorf("#%s upgrades to %q, the chart says %q", old, strings.Join(got, " "), want)
		}
	}
}

func pad(id string) string { return strings.Repeat("0", 5-len(id)) + id }

func TestAccepts(t *testing.T) {
	b, tiles, _ := fixtures(t)
	for _, tc := range []struct{ hex, tile, want string }{
		{"A2", "7", "off the board"},
		{"B9", "7", "printed with city"},
		{"A4", "57", "printed with plain"},
		{"A16", "1", ""},
		{"N17", "63", "takes only the tile labelled P as its brown tile"},
		{"N17", "170", ""},
		{"M20", "170", "labelled P, goes only on the hexes"},
		{"B11", "172L", "takes only tile #171K"},
		{"B11", "171K", ""},
	} {
		err := b.Space(mustHex(t, tc.hex)).Accepts(tiles[tc.tile])
		if (tc.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("#%s on %s: %v, want %q", tc.tile, tc.hex, err, tc.want)
		}
	}
}
