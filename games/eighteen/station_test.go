package eighteen

import (
	"strings"
	"testing"

	"github.com/railpost/railpost/games/hexgrid"
)

// TestStationRules: a station needs a city tile with room, none of the
// company's own there, a route to the city, and room left for the
// companies based there that have yet to place their home.
func TestStationRules(t *testing.T) {
	tiles, err := ParseTiles("D green c30x2 e0-c0 e3-c0\nT yellow t10 e0-t0\n")
	if err != nil {
		t.Fatal(err)
	}
	a, b := hexgrid.Hex{Row: 0, Col: 6}, hexgrid.Hex{Row: 0, Col: 4}
	fresh := func() *Layout {
		l, _ := small(t)
		l.Tiles[a] = Placed{Tile: tiles["D"]}
		l.Tokens[a] = map[int][]string{0: {"X"}}
		l.Tiles[b] = Placed{Tile: tiles["T"]}
		return l
	}
	reach := map[Node]bool{{Hex: a, Stop: 0}: true, {Hex: b, Stop: 0}: true}
	for _, tc := range []struct {
		name    string
		corp    string
		h       hexgrid.Hex
		reach   map[Node]bool
		waiting int
		extra   bool
		cite    Cite
		want    string // the rule cited, "" for allowed
	}{
		{"room", "Y", a, reach, 0, false, nil, ""},
		{"its own", "X", a, reach, 0, false, nil, "(7.3)"},
		{"its own beside the city", "Y", a, reach, 0, true, nil, "(7.3)"},
		{"kept for a home", "Y", a, reach, 1, false, nil, "(7.3)"},
		{"kept, in the title's numbers", "Y", a, reach, 1, false, Cite{"7.3": "2.5"}, "(2.5)"},
		{"no route", "Y", a, map[Node]bool{}, 0, false, nil, "(7.3)"},
		{"a town", "Y", b, reach, 0, false, nil, "(7.3)"},
		{"no tile", "Y", hexgrid.Hex{Row: 0, Col: 2}, reach, 0, false, nil, "(7.3)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := fresh()
			l.Cite = tc.cite
			if tc.extra {
				l.Extra = map[hexgrid.Hex][]string{a: {"Y"}}
			}
			stop, err := l.StationError(tc.corp, tc.reach, tc.h, tc.waiting)
			switch {
			case tc.want == "" && (err != nil || stop != 0):
				t.Fatalf("refused: %v (city %d)", err, stop)
			case tc.want != "" && (err == nil || !strings.HasSuffix(err.Error(), tc.want)):
				t.Fatalf("%v, want an error citing %s", err, tc.want)
			}
		})
	}
	l := fresh()
	l.Place(a, l.FreeCity(a), "Y")
	if l.FreeCity(a) != -1 || strings.Join(l.Tokens[a][0], " ") != "X Y" {
		t.Fatalf("after a second station the city holds %v, room at %d", l.Tokens[a], l.FreeCity(a))
	}
	corps := []*Corporation{{Sym: "P", Home: a}, {Sym: "Q", Home: a, Operating: true}, {Sym: "R", Home: a, Closed: true}, {Sym: "S", Home: b}}
	if n := Waiting(corps, corps[3], a); n != 1 {
		t.Fatalf("%d companies wait for their home on %s, want P alone", n, a)
	}
}
