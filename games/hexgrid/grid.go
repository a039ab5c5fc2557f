package hexgrid

import (
	"fmt"
	"strconv"
)

// Boards come printed in two orientations and several numbering habits,
// and a title's mail, reports and saved games quote hexes as printed. A
// Grid is the numbering as data, so that every title reads its own
// coordinates and finds neighbours with the same code. The zero Grid is
// 1870's board, the one Hex.Neighbour, Hex.EdgeTo and ParseHex assume.

// Orientation is which way up a board's hexes stand.
type Orientation int

const (
	// Pointy hexes have a corner at the top: rows run straight across and
	// columns zigzag. The zero value, as on 1870's board.
	Pointy Orientation = iota
	// Flat hexes have a side at the top: columns run straight down and
	// rows zigzag, as on Chicago Express's board.
	Flat
)

func (o Orientation) String() string {
	if o == Flat {
		return "flat"
	}
	if o == Pointy {
		return "pointy"
	}
	return fmt.Sprintf("orientation(%d)", int(o))
}

// edgeNamesFlat name a flat-topped hex's sides. Edge 0 is the side at the
// bottom, as it is the lower of the two bottom sides on a pointy hex, so
// a tile turned a sixth turns its edges by one on either board.
var edgeNamesFlat = [6]string{"S", "SW", "NW", "N", "NE", "SE"}

// EdgeName is the compass name of e on a hex of this orientation; Edge's
// own String is the pointy name, which 1870's mail already prints.
func (o Orientation) EdgeName(e Edge) string {
	if o != Flat || e < 0 || e > 5 {
		return e.String()
	}
	return edgeNamesFlat[e]
}

// Lettering is which coordinate the letter of a printed hex names.
type Lettering int

const (
	// LetteredRows print the row as a letter and the column as a number:
	// "H17" is row H, column 17 (1870).
	LetteredRows Lettering = iota
	// LetteredColumns print the column as a letter and the row as a
	// number: "K4" is column K, row 4 (Chicago Express).
	LetteredColumns
)

// Stagger is how the board numbers the hexes of its straight lines, the
// rows of a pointy board or the columns of a flat one, whose neighbours
// in the next line sit half a hex along.
type Stagger int

const (
	// Doubled numbers a straight line's hexes two apart, so that each
	// number is the hex's position in half hexes: 1870's row E holds
	// columns 2, 4, 6 and row F holds 1, 3, 5. No line is shifted.
	Doubled Stagger = iota
	// OddShifted numbers a straight line's hexes one apart and sets the
	// odd lines half a hex further along: right for a pointy board's
	// rows, down for a flat board's columns (Chicago Express's column B).
	OddShifted
	// EvenShifted is OddShifted with the even lines set further along.
	EvenShifted
)

// Grid is how a board lays out and numbers its hexes. A field holding
// none of its named values acts as its zero value.
type Grid struct {
	Orientation Orientation
	Letters     Lettering
	Stagger     Stagger
}

// The row and column steps across edges 0 to 5. The doubled pointy steps
// are the table Hex.Neighbour has always used (pointy, in hex.go).
var (
	flatDoubled = [6][2]int{{2, 0}, {1, -1}, {-1, -1}, {-2, 0}, {-1, 1}, {1, 1}}
	// pointyOffset[1] is a shifted row, whose neighbours above and below
	// lie half a hex to its left and right; [0] is an unshifted one.
	pointyOffset = [2][6][2]int{
		{{1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {0, 1}, {1, 0}},
		{{1, 0}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}, {1, 1}},
	}
	// flatOffset[1] is a shifted column, whose neighbours left and right
	// lie half a hex above and below it; [0] is an unshifted one.
	flatOffset = [2][6][2]int{
		{{1, 0}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}, {0, 1}},
		{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {0, 1}, {1, 1}},
	}
)

// shifted tells whether h's straight line (its row on a pointy board,
// its column on a flat one) sits half a hex further along.
func (g Grid) shifted(h Hex) bool {
	line := h.Row
	if g.Orientation == Flat {
		line = h.Col
	}
	switch g.Stagger {
	case OddShifted:
		return line&1 == 1
	case EvenShifted:
		return line&1 == 0
	}
	return false
}

// steps picks the row and column steps for h's edges.
func (g Grid) steps(h Hex) [6][2]int {
	offset := g.Stagger == OddShifted || g.Stagger == EvenShifted
	s := 0
	if g.shifted(h) {
		s = 1
	}
	switch {
	case g.Orientation == Flat && offset:
		return flatOffset[s]
	case g.Orientation == Flat:
		return flatDoubled
	case offset:
		return pointyOffset[s]
	}
	return pointy
}

// Neighbour is the hex across edge e of h, on or off the board.
func (g Grid) Neighbour(h Hex, e Edge) Hex {
	d := g.steps(h)[((e%6)+6)%6]
	return Hex{Row: h.Row + d[0], Col: h.Col + d[1]}
}

// EdgeTo is the edge of h that n lies across, if they are neighbours.
func (g Grid) EdgeTo(h, n Hex) (Edge, bool) {
	for e := Edge(0); e < 6; e++ {
		if g.Neighbour(h, e) == n {
			return e, true
		}
	}
	return 0, false
}

// Parse reads a hex as the board prints it, "H17" or "K4": a capital
// letter and a number without sign or leading zero, so that Parse and
// Format are each other's inverse and a hex has one spelling.
func (g Grid) Parse(s string) (Hex, error) {
	if len(s) < 2 || s[0] < 'A' || s[0] > 'Z' || (s[1] == '0' && len(s) > 2) {
		return Hex{}, g.badHex(s)
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return Hex{}, g.badHex(s)
		}
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil {
		return Hex{}, g.badHex(s)
	}
	if g.Letters == LetteredColumns {
		return Hex{Col: int(s[0] - 'A'), Row: n}, nil
	}
	return Hex{Row: int(s[0] - 'A'), Col: n}, nil
}

// badHex says what Parse wanted, in the board's own lettering.
func (g Grid) badHex(s string) error {
	example := "H17 (row H, column 17)"
	if g.Letters == LetteredColumns {
		example = "K4 (column K, row 4)"
	}
	return fmt.Errorf("hex %q: want a capital letter and a number, as %s", s, example)
}

// Format prints h as the board does. A hex no letter can name, off the
// board's edge, prints as hex(row, col), which Parse refuses.
func (g Grid) Format(h Hex) string {
	letter, number := h.Row, h.Col
	if g.Letters == LetteredColumns {
		letter, number = h.Col, h.Row
	}
	if letter < 0 || letter > 25 || number < 0 {
		return fmt.Sprintf("hex(%d, %d)", h.Row, h.Col)
	}
	return string(rune('A'+letter)) + strconv.Itoa(number)
}
