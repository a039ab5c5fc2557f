package g18ez

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/hexgrid"
)

func boardFixtures(t *testing.T) (*eighteen.Layout, map[string]*eighteen.Tile, map[string]int) {
	t.Helper()
	l, err := StartLayout()
	if err != nil {
		t.Fatal(err)
	}
	tiles, copies, err := Tiles()
	if err != nil {
		t.Fatal(err)
	}
	return l, tiles, copies
}

// named is the space with a name, failing the test when there is none.
func spaceNamed(t *testing.T, b *eighteen.Board, name string) *eighteen.Space {
	t.Helper()
	for _, h := range b.Order {
		if s := b.Space(h); s.Name == name {
			return s
		}
	}
	t.Fatalf("no space named %s", name)
	return nil
}

var (
	hexMetropolis = hexgrid.Hex{Row: 3, Col: 9}  // D9
	hexIronton    = hexgrid.Hex{Row: 1, Col: 17} // B17
	hexGreyTrack  = hexgrid.Hex{Row: 5, Col: 17} // F17
)

// TestBoardCounts: the hexes by kind, and no more large or small cities
// to be laid than the manifest has yellow tiles for (2.3: a first tile is
// yellow and of the hex's kind).
func TestBoardCounts(t *testing.T) {
	l, tiles, copies := boardFixtures(t)
	kinds := map[eighteen.Kind]int{}
	printed := map[eighteen.Kind]int{}
	for _, h := range l.Board.Order {
		s := l.Board.Space(h)
		kinds[s.Kind]++
		if s.Printed.Tile != nil {
			printed[s.Kind]++
		}
	}
	want := map[eighteen.Kind]int{eighteen.OffBoard: 6, eighteen.City: 14, eighteen.Town: 6, eighteen.Plain: 35}
	if !maps.Equal(kinds, want) || len(l.Board.Order) != 61 {
		t.Errorf("%d hexes, by kind %v; want 61, %v", len(l.Board.Order), kinds, want)
	}
	yellow := map[eighteen.Kind]int{}
	for id, tile := range tiles {
		if tile.Colour != eighteen.Yellow {
			continue
		}
		switch {
		case tile.Cities() == 1:
			yellow[eighteen.City] += copies[id]
		case tile.Towns() == 1:
			yellow[eighteen.Town] += copies[id]
		default:
			yellow[eighteen.Plain] += copies[id]
		}
	}
	for _, k := range []eighteen.Kind{eighteen.City, eighteen.Town} {
		if bare := kinds[k] - printed[k]; bare > yellow[k] {
			t.Errorf("%d bare %s hexes, but only %d yellow tiles for them", bare, k, yellow[k])
		}
	}
	if yellow[eighteen.City] != 13 || yellow[eighteen.Town] != 6 || yellow[eighteen.Plain] != 27 {
		t.Errorf("yellow tiles by kind %v, want 13 cities, 6 towns, 27 plain", yellow)
	}
}

// TestHomes: every company's home is a bare large city, once, where the
// company's first tile and token go (2.3); the Black Line has none.
func TestHomes(t *testing.T) {
	l, _, _ := boardFixtures(t)
	homes := map[string]string{
		"PSW": "Purple Springs", "BCRR": "Blue Canyon", "BRN": "Brownsville",
		"MYR": "Yellow River", "MR": "Redcliff", "GVP": "Green Valley",
		"M1": "Oneida", "M2": "Twopelo", "M3": "Mitsushi", "M4": "Rockfourd",
	}
	got := map[string]string{}
	for _, h := range l.Board.Order {
		s := l.Board.Space(h)
		for _, corp := range s.Homes {
			if got[corp] != "" {
				t.Errorf("%s has two homes, %s and %s", corp, got[corp], s.Name)
			}
			got[corp] = s.Name
			if s.Kind != eighteen.City || s.Printed.Tile != nil {
				t.Errorf("%s's home %s is a %s with printed tile %v; want a bare large city", corp, s.Name, s.Kind, s.Printed.Tile)
			}
		}
	}
	if !maps.Equal(got, homes) {
		t.Errorf("homes %v, want %v", got, homes)
	}
}

// TestOffBoards: six red areas, each with a value for each of the four
// tile colours, rising, and track towards the board.
func TestOffBoards(t *testing.T) {
	l, _, _ := boardFixtures(t)
	var names []string
	for _, h := range l.Board.Order {
		s := l.Board.Space(h)
		if s.Kind != eighteen.OffBoard {
			continue
		}
		names = append(names, s.Name)
		if len(s.Revenue) != 4 || !slices.IsSorted(s.Revenue) || s.Revenue[0] < 20 {
			t.Errorf("%s: revenues %v, want four rising from $20 at least", s.Name, s.Revenue)
		}
		for _, e := range s.Exits {
			n := l.Board.Space(h.Neighbour(e))
			if !l.Board.Passable(h, e) || n.Kind == eighteen.OffBoard {
				t.Errorf("%s: exit %s leads off the board or to another off-board", s.Name, e)
			}
		}
	}
	slices.Sort(names)
	if want := []string{"East", "Northeast", "Northwest", "Southeast", "Southwest", "West"}; !slices.Equal(names, want) {
		t.Errorf("off-boards %v, want %v", names, want)
	}
}

// TestMetropolis: the centre's printed yellow tile is on the board from
// the start, labelled M; the hex takes only M tiles at every colour, and
// the M tiles go nowhere else (2.3); each M tile keeps the one before.
func TestMetropolis(t *testing.T) {
	l, tiles, _ := boardFixtures(t)
	s := spaceNamed(t, l.Board, "Metropolis")
	if s.Hex != hexMetropolis || s.Kind != eighteen.City {
		t.Fatalf("Metropolis is a %s at %s, want a city at %s", s.Kind, s.Hex, hexMetropolis)
	}
	steps := l.Board.Steps(hexMetropolis)
	if w, e := steps[spaceNamed(t, l.Board, "West").Hex], steps[spaceNamed(t, l.Board, "East").Hex]; w != e {
		t.Errorf("Metropolis is %d from West and %d from East; want it in the middle", w, e)
	}
	p, laid := l.Tiles[hexMetropolis]
	if !laid || p.Tile.ID != "EZM" || p.Tile.Colour != eighteen.Yellow || p.Tile.Label != "M" || p.Tile.Stops[0].Slots != 1 {
		t.Fatalf("Metropolis starts with %v (laid %v), want the yellow M tile EZM of one slot", p.Tile, laid)
	}
	for _, c := range []eighteen.Colour{eighteen.Yellow, eighteen.Green, eighteen.Brown, eighteen.Gray} {
		if s.Upgrades[c] != "M" {
			t.Errorf("Metropolis's %s tile must bear %q, want M", c, s.Upgrades[c])
		}
	}
	chain := []*eighteen.Tile{p.Tile, tiles["716"], tiles["717"], tiles["718"]}
	for i := 1; i < len(chain); i++ {
		if err := chain[i].Replaces(chain[i-1], 0, 0); err != nil {
			t.Errorf("#%s over #%s: %v", chain[i].ID, chain[i-1].ID, err)
		}
		if chain[i].Label != "M" || chain[i].Stops[0].Revenue <= chain[i-1].Stops[0].Revenue {
			t.Errorf("#%s: label %q, revenue %d; want M and more than #%s", chain[i].ID, chain[i].Label, chain[i].Stops[0].Revenue, chain[i-1].ID)
		}
	}
	l.Tokens[hexMetropolis] = map[int][]string{0: {"PSW"}}
	reach := l.Reach("PSW")
	all := []eighteen.Colour{eighteen.Yellow, eighteen.Green, eighteen.Brown, eighteen.Gray}
	purple := spaceNamed(t, l.Board, "Purple Springs").Hex
	for _, tc := range []struct {
		lay  eighteen.Lay
		want string
	}{
		{eighteen.Lay{Corp: "PSW", Hex: hexMetropolis, Tile: tiles["716"]}, ""},
		{eighteen.Lay{Corp: "PSW", Hex: hexMetropolis, Tile: tiles["716"], Rotation: 3}, ""},
		{eighteen.Lay{Corp: "PSW", Hex: hexMetropolis, Tile: tiles["716"], Rotation: 2}, "does not keep"},
		{eighteen.Lay{Corp: "PSW", Hex: hexMetropolis, Tile: tiles["14"]}, "takes only the tile labelled M"},
		{eighteen.Lay{Corp: "PSW", Hex: hexMetropolis, Tile: tiles["717"]}, "replaces only a green one"},
		{eighteen.Lay{Corp: "PSW", Hex: purple, Tile: tiles["716"]}, "goes only on the hexes that ask for it"},
	} {
		_, err := l.CheckFrom(reach, tc.lay, all)
		if (tc.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("#%s at rotation %d on %s: %v, want %q", tc.lay.Tile.ID, tc.lay.Rotation, tc.lay.Hex, err, tc.want)
		}
	}
}

// TestGreyHexes: the two printed grey hexes are on the board from the
// start and refuse every tile (2.4), and Ironton's track reaches the
// Northeast off-board.
func TestGreyHexes(t *testing.T) {
	l, tiles, _ := boardFixtures(t)
	var fixed []hexgrid.Hex
	for _, h := range l.Board.Order {
		if l.Board.Space(h).Fixed {
			fixed = append(fixed, h)
		}
	}
	if !slices.Equal(fixed, []hexgrid.Hex{hexIronton, hexGreyTrack}) {
		t.Fatalf("fixed hexes %v, want Ironton %s and %s", fixed, hexIronton, hexGreyTrack)
	}
	for _, tc := range []struct {
		hex  hexgrid.Hex
		tile string
	}{
		{hexIronton, "455"},
		{hexIronton, "63"},
		{hexGreyTrack, "544"},
		{hexGreyTrack, "9"},
	} {
		if p := l.Tiles[tc.hex]; p.Tile == nil || p.Tile.Colour != eighteen.Gray {
			t.Errorf("%s starts with %v, want a grey tile", tc.hex, p.Tile)
		}
		l.Tokens[hexIronton] = map[int][]string{0: {"BRN"}}
		_, err := l.CheckFrom(l.Reach("BRN"), eighteen.Lay{Corp: "BRN", Hex: tc.hex, Tile: tiles[tc.tile]}, []eighteen.Colour{eighteen.Yellow, eighteen.Green, eighteen.Brown, eighteen.Gray})
		if err == nil || !strings.Contains(err.Error(), "may never be upgraded (18EZ 2.4") {
			t.Errorf("#%s on %s: %v, want the 2.4 refusal", tc.tile, tc.hex, err)
		}
	}
	l.Tokens[hexIronton] = map[int][]string{0: {"BRN"}}
	if ne := spaceNamed(t, l.Board, "Northeast").Hex; !l.Reach("BRN")[eighteen.Node{Hex: ne, Stop: 0}] {
		t.Errorf("a token in Ironton does not reach the Northeast off-board")
	}
}

// TestManifest: every tile of the rulebook's manifest, with its copies,
// and nothing else.
func TestManifest(t *testing.T) {
	_, tiles, copies := boardFixtures(t)
	want := map[string]int{
		"3": 2, "4": 2, "5": 3, "6": 7, "7": 3, "8": 10, "9": 14, "57": 3, "58": 2,
		"14": 3, "15": 2, "19": 1, "20": 1, "80": 2, "81": 2, "82": 2, "83": 2,
		"141": 1, "142": 1, "143": 1, "144": 1, "619": 7, "716": 1,
		"63": 7, "145": 1, "146": 1, "147": 1, "544": 1, "545": 1, "546": 1, "717": 1,
		"455": 2, "718": 1,
	}
	if !maps.Equal(copies, want) {
		t.Errorf("manifest %v, want %v", copies, want)
	}
	total := 0
	for id, n := range copies {
		total += n
		if tiles[id] == nil || tiles[id].ID != id {
			t.Errorf("tile %s has no design", id)
		}
	}
	if total != 90 {
		t.Errorf("%d tiles, want the rulebook's 90", total)
	}
	for id, tile := range tiles {
		if isM := tile.Label == "M"; isM != slices.Contains([]string{"716", "717", "718"}, id) {
			t.Errorf("tile %s labelled %q", id, tile.Label)
		}
	}
}

// TestDistances: every hex is reachable from Metropolis; each major's
// home is 2 to 4 hexes from Metropolis and from an off-board, and a town,
// city or off-board is at most 2 from it, so that a 2-train runs home to
// a neighbour after a lay or two in the first operating rounds.
func TestDistances(t *testing.T) {
	l, _, _ := boardFixtures(t)
	b := l.Board
	steps := b.Steps(hexMetropolis)
	for _, h := range b.Order {
		if _, ok := steps[h]; !ok {
			t.Errorf("%s is not reachable from Metropolis", h)
		}
	}
	for _, corp := range []string{"PSW", "BCRR", "BRN", "MYR", "MR", "GVP"} {
		var home hexgrid.Hex
		for _, h := range b.Order {
			if slices.Contains(b.Space(h).Homes, corp) {
				home = h
			}
		}
		from := b.Steps(home)
		offboard, stop := 99, 99
		for h, d := range from {
			s := b.Space(h)
			if s == nil || h == home {
				continue
			}
			if s.Kind == eighteen.OffBoard {
				offboard = min(offboard, d)
			}
			if s.Kind != eighteen.Plain {
				stop = min(stop, d)
			}
		}
		if d := steps[home]; d < 2 || d > 4 {
			t.Errorf("%s's home %s is %d from Metropolis, want 2 to 4", corp, home, d)
		}
		if offboard < 2 || offboard > 4 {
			t.Errorf("%s's home %s is %d from the nearest off-board, want 2 to 4", corp, home, offboard)
		}
		if stop > 2 {
			t.Errorf("%s's home %s is %d from the nearest stop, want at most 2", corp, home, stop)
		}
	}
}

// TestFirstRun: the early game as the rules describe it. Purple Springs
// lays its home city towards Metropolis (2.3), then the track between
// them, and a 2-train runs home to Metropolis, $20 and $30.
func TestFirstRun(t *testing.T) {
	l, tiles, _ := boardFixtures(t)
	home := spaceNamed(t, l.Board, "Purple Springs").Hex
	l.Tokens[home] = map[int][]string{0: {"PSW"}}
	yellow := []eighteen.Colour{eighteen.Yellow}
	for _, lay := range []eighteen.Lay{
		{Corp: "PSW", Hex: home, Tile: tiles["57"], Rotation: 1},
		{Corp: "PSW", Hex: hexgrid.Hex{Row: 3, Col: 7}, Tile: tiles["9"], Rotation: 1},
	} {
		if _, err := l.Check(lay, yellow); err != nil {
			t.Fatalf("#%s on %s: %v", lay.Tile.ID, lay.Hex, err)
		}
		l.Tiles[lay.Hex] = eighteen.Placed{Tile: lay.Tile, Rotation: lay.Rotation}
	}
	if _, got := l.BestRun("PSW", []int{2}, 0); got != 50 {
		t.Errorf("PSW's 2-train earns %d, want $50 (Purple Springs and Metropolis)", got)
	}
}
