package eighteen

import (
	"strings"
	"testing"

	"github.com/railpost/railpost/games/hexgrid"
)

// A board with printed tiles: a yellow "M" city A2 that takes only M
// tiles, a fixed grey city A4, a plain city A6 and plain hexes below.
const printedBoard = `
A2 | city | Metro | - | - | - | tile=YM/0 yellow=M green=M brown=M gray=M
A4 | city | Grey | - | - | - | tile=G/0 fixed
A6 | city | - | - | - | - | -
B1 | plain | - | - | - | - | -
B3 | plain | - | - | - | - | -
B5 | plain | - | - | - | - | -
`

// printedTiles: YM leaves A2 east to A4 and south-east to B3; GM keeps
// both and adds the south-west side; P is GM unlabelled; MY is a yellow M
// tile for the wrong hex; G joins A4's west and south-west sides.
const printedTiles = `
YM yellow c30 e4-c0 e5-c0 label=M
GM green c40x2 e0-c0 e4-c0 e5-c0 label=M
P green c40x2 e0-c0 e4-c0 e5-c0
MY yellow c30 e1-c0 e4-c0 label=M
G gray c40x2 e0-c0 e1-c0
Q gray c50x2 e0-c0 e1-c0 e5-c0
7 yellow - e0-e1
`

func printed(t *testing.T) (*Layout, map[string]*Tile) {
	t.Helper()
	tiles, err := ParseTiles(printedTiles)
	if err != nil {
		t.Fatal(err)
	}
	b, err := ParseBoardWith(printedBoard, tiles)
	if err != nil {
		t.Fatal(err)
	}
	return NewLayout(b), tiles
}

// TestPrintedTiles: NewLayout lays the printed tiles as they are written,
// and nothing else.
func TestPrintedTiles(t *testing.T) {
	l, tiles := printed(t)
	a2, a4 := hexgrid.Hex{Row: 0, Col: 2}, hexgrid.Hex{Row: 0, Col: 4}
	for _, tc := range []struct {
		hex   hexgrid.Hex
		want  *Tile
		fixed bool
	}{
		{a2, tiles["YM"], false},
		{a4, tiles["G"], true},
		{hexgrid.Hex{Row: 0, Col: 6}, nil, false},
		{hexgrid.Hex{Row: 1, Col: 3}, nil, false},
	} {
		got, laid := l.Tiles[tc.hex]
		if got.Tile != tc.want || laid != (tc.want != nil) || got.Rotation != 0 {
			t.Errorf("%s: laid %v %v, want %v", tc.hex, laid, got, tc.want)
		}
		if l.Board.Space(tc.hex).Fixed != tc.fixed {
			t.Errorf("%s: fixed %v, want %v", tc.hex, !tc.fixed, tc.fixed)
		}
	}
	if len(l.Tiles) != 2 {
		t.Errorf("%d tiles laid, want the 2 printed", len(l.Tiles))
	}
	for c, want := range map[Colour]string{Yellow: "M", Green: "M", Brown: "M", Gray: "M"} {
		if got := l.Board.Space(a2).Upgrades[c]; got != want {
			t.Errorf("A2 %s label %q, want %q", c, got, want)
		}
	}
}

// TestPrintedLays: a fixed printed tile is never replaced (18EZ 2.4); a
// hex labelled at every colour takes only its label's tiles, which go
// nowhere else; the printed yellow is upgraded like a laid one.
func TestPrintedLays(t *testing.T) {
	l, tiles := printed(t)
	l.Tokens[hexgrid.Hex{Row: 0, Col: 2}] = map[int][]string{0: {"X"}}
	reach := l.Reach("X")
	all := []Colour{Yellow, Green, Brown, Gray}
	for _, tc := range []struct {
		lay  Lay
		want string // "" for allowed
	}{
		{Lay{Corp: "X", Hex: hexgrid.Hex{Row: 0, Col: 2}, Tile: tiles["GM"]}, ""},
		{Lay{Corp: "X", Hex: hexgrid.Hex{Row: 0, Col: 2}, Tile: tiles["GM"], Rotation: 1}, "does not keep"},
		{Lay{Corp: "X", Hex: hexgrid.Hex{Row: 0, Col: 2}, Tile: tiles["P"]}, "takes only the tile labelled M as its green tile"},
		{Lay{Corp: "X", Hex: hexgrid.Hex{Row: 0, Col: 4}, Tile: tiles["Q"]}, "may never be upgraded (18EZ 2.4"},
		{Lay{Corp: "X", Hex: hexgrid.Hex{Row: 0, Col: 4}, Tile: tiles["G"]}, "may never be upgraded (18EZ 2.4"},
		{Lay{Corp: "X", Hex: hexgrid.Hex{Row: 0, Col: 6}, Tile: tiles["MY"]}, "labelled M, goes only on the hexes that ask for it"},
		{Lay{Corp: "X", Hex: hexgrid.Hex{Row: 1, Col: 3}, Tile: tiles["7"], Rotation: 2}, ""},
	} {
		_, err := l.CheckFrom(reach, tc.lay, all)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("#%s on %s: %v", tc.lay.Tile.ID, tc.lay.Hex, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("#%s on %s: %v, want an error saying %q", tc.lay.Tile.ID, tc.lay.Hex, err, tc.want)
		}
	}
}

func TestParseBoardPrintedErrors(t *testing.T) {
	tiles, err := ParseTiles(printedTiles)
	if err != nil {
		t.Fatal(err)
	}
	const rest = "\nA4 | plain | - | - | - | - | -\nB3 | plain | - | - | - | - | -\n"
	for _, tc := range []struct {
		text    string
		designs map[string]*Tile
		want    string
	}{
		{"A2 | city | - | - | - | - | tile=YM/0", nil, "line 1: A2: tile=YM/0: a board with printed tiles is read with ParseBoardWith"},
		{"A2 | city | - | - | - | - | tile=ZZ/0", tiles, "no tile design ZZ"},
		{"A2 | city | - | - | - | - | tile=YM/6", tiles, "want a tile and its rotation 0 to 5"},
		{"A2 | city | - | - | - | - | tile=YM", tiles, "want a tile and its rotation 0 to 5"},
		{"A2 | city | - | - | - | - | fixed", tiles, "fixed needs tile="},
		{"A2 | plain | - | - | - | - | tile=YM/0 yellow=M", tiles, "printed with plain"},
		{"A2 | city | - | - | - | - | tile=YM/0", tiles, "labelled M, goes only on the hexes that ask for it"},
		{"A2 | city | - | - | - | - | tile=YM/0 yellow=", tiles, "want the label or tile, as yellow=M"},
		{"\n\nA2 | city | - | - | - | - | tile=YM/1 yellow=M" + rest, tiles, "line 3: printed tile #YM: track on A2 would end against the SW side"},
		{"B3 | offboard | Out | - | - | - | rev=10 exits=3\nA2 | city | - | - | - | - | tile=YM/0 yellow=M" + "\nA4 | plain | - | - | - | - | -", tiles, "line 2: printed tile #YM: track on A2 would run into B3's side without track"},
	} {
		if _, err := ParseBoardWith(tc.text, tc.designs); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error saying %q", tc.text, err, tc.want)
		}
	}
	if _, err := ParseBoardWith("A2 | city | - | - | - | - | tile=YM/0 yellow=M"+rest, tiles); err != nil {
		t.Errorf("a well-placed printed tile: %v", err)
	}
}
