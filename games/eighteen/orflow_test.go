package eighteen

import (
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/hexgrid"
)

// TestTheOperatingFlow: the companies' turns in the title's order, each
// round opened with the privates' pay, the set's rounds one after
// another and then the stock round; an end set off for the end of a run
// or of a round comes there; a question held stops the flow.
func TestTheOperatingFlow(t *testing.T) {
	for _, tc := range []struct {
		name   string
		ending *Ending
		held   bool
		turns  string
		ors    int
		stock  bool
	}{
		{"a set of two", nil, false, "A B | A B |", 2, true},
		{"the end after a run", &Ending{Why: "x", When: EndAfterRun}, false, "", 0, false},
		{"the end after a round", &Ending{Why: "x", When: EndAfterOR}, false, "A B |", 1, false},
		{"the end after the set", &Ending{Why: "x", When: EndAfterSet}, false, "A B | A B |", 2, false},
		{"a question held", nil, true, "", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := testBase(t)
			b.Privates = []*Private{{Sym: "P", Revenue: 5, Owner: 0}}
			r := &RoundState{Kind: 1, OR: 1}
			b.Wire(Hooks{State: r, Operating: 1})
			b.Ending = tc.ending
			var log []string
			f := ORFlow[tcorp]{Held: func() bool { return tc.held },
				Next: func() *tcorp {
					if next := b.Ordered(func(c *tcorp) bool { return c.Floated && !c.Operated }); len(next) > 0 {
						return next[0]
					}
					return nil
				},
				Turn: func(c *tcorp) { log = append(log, c.Sym) },
				Auto: func(c *tcorp) bool {
					if r.Step != StepTrack {
						t.Fatalf("%s's turn began at step %d", c.Sym, r.Step)
					}
					b.FinishTurn(c)
					return true
				},
				ORs:        func() int { return 2 },
				Begin:      func(n int) { r.OR = n; b.OpenOR() },
				Closing:    func() { log = append(log, "|") },
				StockRound: func() { r.Kind = 0 }}
			b.Flow(f)
			if got := strings.Join(log, " "); got != tc.turns || b.ORsDone != tc.ors || (r.Kind == 0) != tc.stock {
				t.Errorf("turns %q, %d rounds done, stock round %v; want %q, %d, %v", got, b.ORsDone, r.Kind == 0, tc.turns, tc.ors, tc.stock)
			}
			if b.Ended != (tc.ending != nil) {
				t.Errorf("ended %v", b.Ended)
			}
			if tc.turns == "A B | A B |" && b.Players[0].Cash != 305 {
				t.Errorf("the private paid its owner $%d in the second round, want $5", b.Players[0].Cash-300)
			}
		})
	}
}

// TestPlaceHome: a home station goes in the first city at the first
// turn, tile or none, where the title says always; otherwise only once
// the city has a tile with room; never twice.
func TestPlaceHome(t *testing.T) {
	tiles, _ := ParseTiles("C yellow c20 e1-c0\n")
	home := hexgrid.Hex{Row: 0, Col: 6}
	for _, tc := range []struct {
		name   string
		always bool
		tile   bool
		full   bool
		placed bool
	}{
		{"always, bare", true, false, false, true},
		{"once tiled, bare", false, false, false, false},
		{"once tiled, tiled", false, true, false, true},
		{"once tiled, full", false, true, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, _ := trackGame(t, 0)
			b.Layout.Tiles, b.Layout.Tokens = map[hexgrid.Hex]Placed{}, map[hexgrid.Hex]map[int][]string{}
			if tc.tile {
				b.Layout.Tiles[home] = Placed{Tile: tiles["C"]}
			}
			if tc.full {
				b.Layout.Place(home, 0, "Z")
			}
			x := b.Corp("X")
			x.Home = home
			if got := b.PlaceHome(x, tc.always); got != tc.placed || x.Operating != tc.placed {
				t.Fatalf("placed %v, operating %v; want %v", got, x.Operating, tc.placed)
			}
			if tc.placed && (x.Stations != 1 || !slices.Contains(b.Layout.Tokens[home][0], "X") || b.PlaceHome(x, tc.always)) {
				t.Errorf("stations %d, tokens %v", x.Stations, b.Layout.Tokens[home])
			}
		})
	}
}
