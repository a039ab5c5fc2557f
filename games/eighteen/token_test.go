package eighteen

import (
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
)

// TestDistance: hexes as the crow flies on the zero Grid.
func TestDistance(t *testing.T) {
	h := hexgrid.Hex{Row: 3, Col: 5}
	for _, tc := range []struct {
		to   hexgrid.Hex
		want int
	}{
		{h, 0}, {h.Neighbour(0), 1}, {h.Neighbour(4), 1}, {h.Neighbour(4).Neighbour(4), 2},
		{h.Neighbour(5).Neighbour(4), 2}, {h.Neighbour(5).Neighbour(5).Neighbour(5), 3},
		{hexgrid.Hex{Row: 0, Col: 0}, 4}, {hexgrid.Hex{Row: 3, Col: 13}, 4},
	} {
		if got := Distance(h, tc.to); got != tc.want || Distance(tc.to, h) != tc.want {
			t.Errorf("%s to %s: %d, want %d", h, tc.to, got, tc.want)
		}
	}
}

// TestTokenCosts: the charter's list by stations placed, then the extra
// tokens' price; or a base cost and a cost per hex from the nearest home
// (18MW: $40 + $10 a hex, a System the cheaper of its two bases').
func TestTokenCosts(t *testing.T) {
	home, far := hexgrid.Hex{Row: 2, Col: 2}, hexgrid.Hex{Row: 2, Col: 10}
	second := hexgrid.Hex{Row: 2, Col: 8}
	c := &Corporation{Home: home, TokenCosts: []int{0, 40, 100}}
	list := TokenCost{ExtraCost: 100}
	crow := TokenCost{Base: 40, PerHex: 10}
	system := TokenCost{Base: 40, PerHex: 10, Homes: func(*Corporation) []hexgrid.Hex { return []hexgrid.Hex{home, second} }}
	for _, tc := range []struct {
		name     string
		rule     TokenCost
		stations int
		extra    int
		to       hexgrid.Hex
		want     int
		ok       bool
	}{
		{"the list's second", list, 1, 0, far, 40, true},
		{"the list's third", list, 2, 0, far, 100, true},
		{"none left", list, 3, 0, far, 0, false},
		{"an extra token", list, 3, 1, far, 100, true},
		{"by distance", crow, 1, 0, far, 80, true},
		{"by distance, at home", crow, 1, 0, home, 40, true},
		{"by distance, none left", crow, 3, 0, far, 0, false},
		{"by distance, an extra token", crow, 3, 1, far, 80, true},
		{"from the nearer base", system, 1, 0, far, 50, true},
	} {
		c.Stations = tc.stations
		if got, ok := tc.rule.Next(c, tc.extra, tc.to); got != tc.want || ok != tc.ok {
			t.Errorf("%s: $%d %v, want $%d %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
}

// TestTheTokenStep: a station where the company reaches a city with
// room, priced by the rule and paid to the bank, ends the step; one it
// cannot pay for, or with none left, is refused; the options are the
// stations the check allows, and beside the track only where the title
// says so.
func TestTheTokenStep(t *testing.T) {
	for _, tc := range []struct {
		name      string
		cash      int
		costs     []int
		alongside bool
		step      int
		want      string // the rule the refusal cites, "" for none
		listed    bool
	}{
		{"placed", 100, []int{0, 40}, false, StepToken, "", true},
		{"too dear", 30, []int{0, 40}, false, StepToken, "(7.5)", false},
		{"none left", 100, []int{0}, false, StepToken, "(7.2)", false},
		{"beside the track", 100, []int{0, 40}, true, StepTrack, "", true},
		{"not beside the track", 100, []int{0, 40}, false, StepTrack, "", false},
		{"after the run", 100, []int{0, 40}, true, StepRun, "(4.1)", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, state := trackGame(t, tc.cash)
			tiles, _ := ParseTiles("K yellow c20 e1-c0 e4-c0\n")
			a4 := hexgrid.Hex{Row: 0, Col: 4}
			b.Layout.Tiles[a4] = Placed{Tile: tiles["K"]}
			x := b.Corp("X")
			x.TokenCosts, x.Stations, x.Operating = tc.costs, 1, true
			state.Step = tc.step
			step := b.TokenStep(TokenRules[tcorp]{Title: "token", Example: "TOKEN A4", Alongside: tc.alongside,
				Reach: func(c *tcorp) map[Node]bool { return b.Layout.Reach(c.Sym) }, Placed: func(*tcorp, hexgrid.Hex, int) {}})
			listed := slices.ContainsFunc(step.Options(0, move.Query{}), func(o move.Option) bool { return o.String() == "TOKEN A4" })
			if listed != tc.listed {
				t.Errorf("TOKEN A4 listed %v, want %v", listed, tc.listed)
			}
			if !tc.listed && tc.want == "" {
				return
			}
			a, _ := move.ParseAction(0, "TOKEN A4")
			err := step.Why(a)
			switch {
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("%v, want a refusal citing %s", err, tc.want)
			case tc.want != "":
				return
			case err != nil:
				t.Fatalf("refused: %v", err)
			}
			if err := step.Do(a); err != nil {
				t.Fatal(err)
			}
			if state.Step != StepRun || x.Cash != tc.cash-40 || x.Stations != 2 || b.Money() != 1000+tc.cash || b.Layout.Tokens[a4][0][0] != "X" {
				t.Errorf("step %d, cash $%d, stations %d, tokens %v", state.Step, x.Cash, x.Stations, b.Layout.Tokens[a4])
			}
		})
	}
}
