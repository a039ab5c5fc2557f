package eighteen

import (
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
)

// TestLayPolicies: one lay or upgrade, and two yellow tiles or one
// upgrade, each judged against what the turn has laid.
func TestLayPolicies(t *testing.T) {
	for _, tc := range []struct {
		name    string
		p       LayPolicy
		used    TrackUsed
		upgrade bool
		want    string // the rule cited, "" for allowed
		done    bool   // the step is over once the turn has used what it has
	}{
		{"one: a first yellow", OneLayOrUpgrade, TrackUsed{}, false, "", false},
		{"one: a first upgrade", OneLayOrUpgrade, TrackUsed{}, true, "", false},
		{"one: a second tile", OneLayOrUpgrade, TrackUsed{Tiles: 1}, false, "(1.2)", true},
		{"one: after an upgrade", OneLayOrUpgrade, TrackUsed{Tiles: 1, Upgraded: true}, false, "(1.2)", true},
		{"two: a second yellow", TwoYellowOrUpgrade, TrackUsed{Tiles: 1}, false, "", false},
		{"two: a third yellow", TwoYellowOrUpgrade, TrackUsed{Tiles: 2}, false, "(1.2)", true},
		{"two: an upgrade first", TwoYellowOrUpgrade, TrackUsed{}, true, "", false},
		{"two: an upgrade after a yellow", TwoYellowOrUpgrade, TrackUsed{Tiles: 1}, true, "(6)", false},
		{"two: a yellow after an upgrade", TwoYellowOrUpgrade, TrackUsed{Tiles: 1, Upgraded: true}, false, "(6)", true},
		{"two tiles of any kind: an upgrade after a yellow", LayPolicy{Tiles: 2}, TrackUsed{Tiles: 1}, true, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.p.before("X", tc.used, tc.upgrade)
			if err == nil {
				err = tc.p.count("X", tc.used)
			}
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.HasSuffix(err.Error(), tc.want)):
				t.Errorf("%v, want a refusal citing %s", err, tc.want)
			}
			if got := tc.p.Done(tc.used); got != tc.done {
				t.Errorf("done %v, want %v", got, tc.done)
			}
		})
	}
}

// TestRiverSides: a lay pays for each river side its new track abuts,
// named from either hex, once a side; an upgrade pays only for the track
// it adds.
func TestRiverSides(t *testing.T) {
	tiles, err := ParseTiles("S yellow - e1-e4\nX green - e1-e4 e0-e3\nY yellow - e0-e2\n")
	if err != nil {
		t.Fatal(err)
	}
	h := hexgrid.Hex{Row: 2, Col: 4}
	r := RiverSides{SideOf(h, 1): 20, SideOf(h.Neighbour(4), 1): 40, SideOf(h, 0): 20}
	if SideOf(h, 4) != SideOf(h.Neighbour(4), 1) || SideOf(h, 1) == SideOf(h, 4) {
		t.Fatal("a side is not the same key from both its hexes")
	}
	for _, tc := range []struct {
		name string
		lay  Lay
		old  Placed
		want int
	}{
		{"both banks", Lay{Hex: h, Tile: tiles["S"]}, Placed{}, 60},
		{"turned off the rivers", Lay{Hex: h, Tile: tiles["Y"], Rotation: 3}, Placed{}, 0},
		{"the side named from the neighbour", Lay{Hex: h, Tile: tiles["Y"], Rotation: 2}, Placed{}, 40},
		{"one side", Lay{Hex: h, Tile: tiles["Y"]}, Placed{}, 20},
		{"an upgrade adds a crossing", Lay{Hex: h, Tile: tiles["X"]}, Placed{Tile: tiles["S"]}, 20},
		{"an upgrade keeps the track", Lay{Hex: h, Tile: tiles["X"], Rotation: 3}, Placed{Tile: tiles["S"]}, 20},
	} {
		if got := r.Cost(tc.lay, tc.old); got != tc.want {
			t.Errorf("%s: $%d, want $%d", tc.name, got, tc.want)
		}
	}
	if (RiverSides{}).Cost(Lay{Hex: h, Tile: tiles["S"]}, Placed{}) != 0 {
		t.Error("no river sides cost something")
	}
}

// trackGame is a Base on the small board with X operating from its
// station at A6, at its track step, with cash.
func trackGame(t *testing.T, cash int) (*Base[tcorp, *tcorp], *RoundState) {
	t.Helper()
	board, err := ParseBoard(smallBoard)
	if err != nil {
		t.Fatal(err)
	}
	tiles, err := ParseTiles(smallTiles)
	if err != nil {
		t.Fatal(err)
	}
	b := NewBase[tcorp](Equipment{Board: board, Tiles: tiles, Manifest: map[string]int{"J": 1, "W": 1, "C": 1},
		Trains: Trains{Phases: []Phase{{Colours: 1}}}, Bank: 1000, Players: []string{"Ann"}, Capital: 0})
	a6 := hexgrid.Hex{Row: 0, Col: 6}
	b.Layout.Tiles[a6] = Placed{Tile: tiles["C"]}
	b.Layout.Tokens[a6] = map[int][]string{0: {"X"}}
	b.AddCorp(&tcorp{Corporation: Corporation{Sym: "X", Started: true, Floated: true, Cash: cash, President: 0}})
	r := &RoundState{Kind: 1, Corp: "X", Step: StepTrack}
	b.Wire(Hooks{State: r, Operating: 1})
	return &b, r
}

// TestTheTrackStep: the step judges and makes lays by its rules: the
// terrain and river costs paid to the bank, the policy counted, the step
// over when it is spent; a free lay is not counted; the options are the
// lays the check allows.
func TestTheTrackStep(t *testing.T) {
	a4 := hexgrid.Hex{Row: 0, Col: 4}
	for _, tc := range []struct {
		name  string
		p     LayPolicy
		cash  int
		free  bool
		moves []string
		want  string // the rule the last move's refusal cites, "" for none
		step  int
		cash2 int
	}{
		{"two yellow", TwoYellowOrUpgrade, 100, false, []string{"LAY A4 J 0", "LAY A2 W 0"}, "", StepToken, 20}, // A2 abuts the river side too
		{"one lay", OneLayOrUpgrade, 100, false, []string{"LAY A4 J 0"}, "", StepToken, 40},
		{"one lay, then another", OneLayOrUpgrade, 100, false, []string{"LAY A4 J 0", "LAY A2 W 0"}, "(4.1)", StepToken, 40},
		{"a free lay", OneLayOrUpgrade, 100, true, []string{"LAY A4 J 0"}, "", StepTrack, 40},
		{"short of the cost", TwoYellowOrUpgrade, 59, false, []string{"LAY A4 J 0"}, "(6.5)", StepTrack, 59},
		{"no such tile", TwoYellowOrUpgrade, 100, false, []string{"LAY A4 Q 0"}, "(2.5)", StepTrack, 100},
		{"written wrong", TwoYellowOrUpgrade, 100, false, []string{"LAY A4 J"}, "(6)", StepTrack, 100},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, state := trackGame(t, tc.cash)
			b.Board().Space(a4).Cost = 40
			var used TrackUsed
			r := TrackRules[tcorp]{Policy: tc.p, Example: "LAY A4 J 0", Rivers: RiverSides{SideOf(a4, 1): 20},
				Used: func() TrackUsed { return used }, Record: func(u TrackUsed) { used = u },
				Reach: func(c *tcorp) map[Node]bool { return b.Layout.Reach(c.Sym) }}
			if tc.free {
				r.Free = func(*tcorp, Lay) bool { return true }
			}
			step := b.TrackStep(r)
			got := step.Options(0, move.Query{Verb: "LAY"})
			if listed := slices.ContainsFunc(got, func(o move.Option) bool { return o.String() == "LAY A4 J 0" }); listed != (tc.cash >= 60) {
				t.Fatalf("options %v list LAY A4 J 0: %v, want %v", got, listed, tc.cash >= 60)
			}
			var err error
			for _, m := range tc.moves {
				a, _ := move.ParseAction(0, m)
				if err = step.Why(a); err == nil {
					err = step.Do(a)
				}
			}
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("%v, want a refusal citing %s", err, tc.want)
			}
			if state.Step != tc.step || b.Corp("X").Cash != tc.cash2 || b.Money() != 1000+tc.cash {
				t.Errorf("step %d, cash $%d, money $%d; want step %d, $%d, $%d", state.Step, b.Corp("X").Cash, b.Money(), tc.step, tc.cash2, 1000+tc.cash)
			}
			if tc.free && used.Tiles != 0 {
				t.Errorf("a free lay was counted: %+v", used)
			}
		})
	}
}

// TestBit: true counts one, false none.
func TestBit(t *testing.T) {
	if Bit(true) != 1 || Bit(false) != 0 {
		t.Errorf("Bit(true) %d, Bit(false) %d", Bit(true), Bit(false))
	}
}
