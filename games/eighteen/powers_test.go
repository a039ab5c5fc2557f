package eighteen

import (
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
)

// powerGame is the track game with X owning a private P of the powers
// given, recording their use.
func powerGame(t *testing.T, cash int, pws ...Power) (*Base[tcorp, *tcorp], PowerRules[tcorp], map[PowerKind]hexgrid.Hex) {
	t.Helper()
	b, _ := trackGame(t, cash)
	b.Privates = []*Private{{Sym: "P", Name: "Power Co", Owner: -1, Corp: "X"}, {Sym: "Q", Name: "Other Co", Owner: 0}}
	used := map[PowerKind]hexgrid.Hex{}
	r := PowerRules[tcorp]{Powers: map[string][]Power{"P": pws, "Q": {{Kind: PowerCityBonus, Verb: "QB", Amount: 5}}},
		Used: func(_ string, k PowerKind) bool { _, ok := used[k]; return ok },
		Use:  func(_ *tcorp, _ string, k PowerKind, at hexgrid.Hex) { used[k] = at }}
	return b, r, used
}

// act judges and makes a move as a round would, by its options.
func act(b *Base[tcorp, *tcorp], r PowerRules[tcorp], line string) error {
	a, _ := move.ParseAction(0, line)
	moves := b.PowerMoves(r)
	m, ok := moves[a.Verb]
	if !ok {
		return RuleError("-", "no move %s", a.Verb)
	}
	if err := m.Check(a); err != nil {
		return err
	}
	if !slices.ContainsFunc(b.PowerOptions(r, 0, move.Query{}), func(o move.Option) bool { return o.Allows(a) }) {
		return RuleError("-", "%s passes its check but is not listed", line)
	}
	return m.Do(a)
}

// TestPowersAsData: each common power declared on a private is offered
// where its rules allow, carried out, recorded, and closes the private
// where it says; a private the company does not own gives it nothing.
func TestPowersAsData(t *testing.T) {
	a4, a6 := hexgrid.Hex{Row: 0, Col: 4}, hexgrid.Hex{Row: 0, Col: 6}
	city, _ := ParseTiles("K yellow c20 e1-c0 e4-c0\n")
	for _, tc := range []struct {
		name   string
		pw     Power
		setup  func(b *Base[tcorp, *tcorp])
		moves  []string
		want   string // the refusal of the last move, "" for none
		cash   int
		closed bool
	}{
		{"a bonus on a city with track", Power{Kind: PowerCityBonus, Verb: "BONUS", Amount: 10, Closes: true}, nil,
			[]string{"BONUS A6"}, "", 100, true},
		{"no bonus where there is no track", Power{Kind: PowerCityBonus, Verb: "BONUS", Amount: 10}, nil,
			[]string{"BONUS A4"}, "city with track", 100, false},
		{"no bonus off the board", Power{Kind: PowerCityBonus, Verb: "BONUS", Amount: 10}, nil,
			[]string{"BONUS B3"}, "off-board", 100, false},
		{"a bonus on a listed hex", Power{Kind: PowerCityBonus, Verb: "BONUS", Amount: 10, Hexes: []hexgrid.Hex{a4}}, nil,
			[]string{"BONUS A4"}, "", 100, false},
		{"an extra lay without a route", Power{Kind: PowerExtraLay, Verb: "XL", Hexes: []hexgrid.Hex{a4}, Anywhere: true, Once: true, Rule: "R1"},
			func(b *Base[tcorp, *tcorp]) { b.Layout.Tokens[a6] = nil }, []string{"XL LAY J 0"}, "", 100, false},
		{"an extra lay once", Power{Kind: PowerExtraLay, Verb: "XL", Hexes: []hexgrid.Hex{a4}, Anywhere: true, Once: true, Rule: "R1"},
			func(b *Base[tcorp, *tcorp]) { b.Left["J"] = 2 }, []string{"XL LAY J 0", "XL LAY J 0"}, "(R1)", 100, false},
		{"a token anywhere", Power{Kind: PowerTokenAnywhere, Verb: "TA", Amount: 30, Closes: true},
			func(b *Base[tcorp, *tcorp]) { b.Layout.Tiles[a4] = Placed{Tile: city["K"]} }, []string{"TA TOKEN A4"}, "", 70, true},
		{"no token before the home", Power{Kind: PowerTokenAnywhere, Verb: "TA"},
			func(b *Base[tcorp, *tcorp]) {
				b.Layout.Tiles[a4] = Placed{Tile: city["K"]}
				b.Corp("X").Operating = false
			},
			[]string{"TA TOKEN A4"}, "(7.3)", 100, false},
		{"no token it cannot pay for", Power{Kind: PowerTokenAnywhere, Verb: "TA", Amount: 130},
			func(b *Base[tcorp, *tcorp]) { b.Layout.Tiles[a4] = Placed{Tile: city["K"]} }, []string{"TA TOKEN A4"}, "(6.5)", 100, false},
		{"a priced extra token", Power{Kind: PowerTokenAnywhere, Verb: "TA", Priced: true, Extra: true},
			func(b *Base[tcorp, *tcorp]) {
				b.Layout.Tiles[a4] = Placed{Tile: city["K"]}
				b.Corp("X").Stations, b.Corp("X").Home = 2, a6 // all its charter's placed
			}, []string{"TA TOKEN A4"}, "", 50, false},
		{"no token beyond the charter's", Power{Kind: PowerTokenAnywhere, Verb: "TA"},
			func(b *Base[tcorp, *tcorp]) { b.Layout.Tiles[a4] = Placed{Tile: city["K"]}; b.Corp("X").Stations = 2 },
			[]string{"TA TOKEN A4"}, "(7.2)", 100, false},
		{"another's private", Power{Kind: PowerCityBonus, Verb: "BONUS"}, nil, []string{"QB A6"}, "does not own the Other Co", 100, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, r, used := powerGame(t, 100, tc.pw)
			r.Tokens = TokenCost{Base: 40, PerHex: 10}
			x := b.Corp("X")
			x.TokenCosts, x.Stations, x.Operating = []int{0, 40}, 1, true
			if tc.setup != nil {
				tc.setup(b)
			}
			var err error
			for _, m := range tc.moves {
				err = act(b, r, m)
			}
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("%v, want a refusal naming %q", err, tc.want)
			}
			if x.Cash != tc.cash || b.Money() != 1100 || b.Private("P").Closed != tc.closed {
				t.Errorf("cash $%d, money $%d, closed %v; want $%d, $1100, %v", x.Cash, b.Money(), b.Private("P").Closed, tc.cash, tc.closed)
			}
			if _, ok := used[tc.pw.Kind]; ok != (tc.want == "" || len(tc.moves) > 1) {
				t.Errorf("used %v", used)
			}
		})
	}
}

// TestCityBonus: the token adds its amount to the owner's runs through
// its city and nothing to others'.
func TestCityBonus(t *testing.T) {
	h := hexgrid.Hex{Row: 1, Col: 3}
	pw := Power{Kind: PowerCityBonus, Amount: 10}
	through, past := []Node{{Hex: h}, {Hex: h.Neighbour(4)}}, []Node{{Hex: h.Neighbour(4)}}
	if pw.Bonus(h, "X", "X", through) != 10 || pw.Bonus(h, "X", "Y", through) != 0 || pw.Bonus(h, "X", "X", past) != 0 {
		t.Error("the bonus is not the owner's $10 through its city alone")
	}
}

// TestTerrainDiscount: the track step takes a private's terrain discount
// off a first tile's terrain cost (not the river's), once, and closes
// the private where the power says so.
func TestTerrainDiscount(t *testing.T) {
	a4 := hexgrid.Hex{Row: 0, Col: 4}
	for _, tc := range []struct {
		name    string
		pw      Power
		terrain string
		spent   bool
		cash    int
		closed  bool
	}{
		{"any terrain", Power{Kind: PowerTerrainDiscount, Amount: 30, Once: true, Closes: true}, "", false, 100 - 10 - 20, true},
		{"used once already", Power{Kind: PowerTerrainDiscount, Amount: 30, Once: true}, "", true, 100 - 40 - 20, false},
		{"more than the cost", Power{Kind: PowerTerrainDiscount, Amount: 60}, "", false, 100 - 20, false},
		{"its terrain", Power{Kind: PowerTerrainDiscount, Amount: 30, Terrain: "hill"}, "hill", false, 100 - 10 - 20, false},
		{"another terrain", Power{Kind: PowerTerrainDiscount, Amount: 30, Terrain: "hill"}, "water", false, 100 - 40 - 20, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, pr, used := powerGame(t, 100, tc.pw)
			if tc.spent {
				used[PowerTerrainDiscount] = a4
			}
			b.Board().Space(a4).Cost, b.Board().Space(a4).Terrain = 40, tc.terrain
			var u TrackUsed
			step := b.TrackStep(TrackRules[tcorp]{Policy: TwoYellowOrUpgrade, Rivers: RiverSides{SideOf(a4, 1): 20}, Powers: pr,
				Used: func() TrackUsed { return u }, Record: func(n TrackUsed) { u = n },
				Reach: func(c *tcorp) map[Node]bool { return b.Layout.Reach(c.Sym) }})
			a, _ := move.ParseAction(0, "LAY A4 J 0")
			if err := step.Why(a); err != nil {
				t.Fatal(err)
			}
			if err := step.Do(a); err != nil {
				t.Fatal(err)
			}
			if got := b.Corp("X").Cash; got != tc.cash || b.Private("P").Closed != tc.closed {
				t.Errorf("cash $%d, closed %v; want $%d, %v", got, b.Private("P").Closed, tc.cash, tc.closed)
			}
			if _, ok := used[PowerTerrainDiscount]; ok != (tc.cash > 40 || tc.spent) {
				t.Errorf("used %v", used)
			}
		})
	}
}
