package eighteen

import (
	"testing"

	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
)

// TestRunWithLay: a lay tried on the map counts in the run it returns,
// and the map is left as it was, both where the hex was empty and where
// a tile lay.
func TestRunWithLay(t *testing.T) {
	b := testBase(t)
	l, tiles := small(t)
	b.Layout, b.tiles = l, tiles
	a2, a4 := hexgrid.Hex{Row: 0, Col: 2}, hexgrid.Hex{Row: 0, Col: 4}
	l.Tiles[a4] = Placed{Tile: tiles["J"]}
	if _, v := l.BestRun("X", []int{2}, 0); v != 0 {
		t.Fatalf("before the lay the run is $%d, want $0", v)
	}
	if got := b.RunWithLay(move.Opt(0, "LAY", "A2", "W", "0"), "X", []int{2}, 0); got != 30 {
		t.Errorf("with W on A2 the run is $%d, want $30", got)
	}
	if _, there := l.Tiles[a2]; there {
		t.Errorf("the tried tile stays on A2")
	}
	if b.RunWithLay(move.Opt(0, "LAY", "A4", "7", "0"), "X", []int{2}, 0); l.Tiles[a4].Tile != tiles["J"] {
		t.Errorf("A4 holds %v after a try, want J back", l.Tiles[a4].Tile)
	}
}
