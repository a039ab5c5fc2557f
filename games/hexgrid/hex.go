// Package hexgrid is the geometry of a board of hexes: coordinates as a
// board prints them, the edges between neighbours, and where each hex
// lies on a page. It is apart from the 18xx core because a title outside
// the 18xx family (Chicago Express) plays on hexes too and should not
// need the core's tiles, companies and rounds to find a neighbour.
package hexgrid

import (
	"fmt"
	"strconv"
)

// Hex is a board coordinate as the titles print it: a row letter (A at
// the top) and a column number (1 at the left). On a pointy-topped board
// the rows alternate between even and odd columns, and two hexes side by
// side in a row differ by 2. That is the zero Grid; a board numbered
// otherwise reads and steps through its Grid's methods.
type Hex struct {
	Row int // 0 for A
	Col int
}

// ParseHex reads "H17".
func ParseHex(s string) (Hex, error) {
	if len(s) < 2 || s[0] < 'A' || s[0] > 'Z' {
		return Hex{}, fmt.Errorf("hex %q: want a row letter and a column number, as H17", s)
	}
	col, err := strconv.Atoi(s[1:])
	if err != nil || col < 0 {
		return Hex{}, fmt.Errorf("hex %q: want a row letter and a column number, as H17", s)
	}
	return Hex{Row: int(s[0] - 'A'), Col: col}, nil
}

func (h Hex) String() string { return string(rune('A'+h.Row)) + strconv.Itoa(h.Col) }

// Edge is a side of a hex, 0 to 5, numbered clockwise. On a pointy-topped
// board 0 is the lower left (SW), then W, NW, NE, E and SE; on a
// flat-topped one 0 is the bottom (S), as Orientation.EdgeName says.
type Edge int

// Opposite is the edge the neighbour across e shares.
func (e Edge) Opposite() Edge { return (e + 3) % 6 }

// Turn is e after a tile is rotated r sixths clockwise.
func (e Edge) Turn(r int) Edge { return Edge((int(e) + r%6 + 6) % 6) }

var edgeNames = [6]string{"SW", "W", "NW", "NE", "E", "SE"}

func (e Edge) String() string {
	if e < 0 || e > 5 {
		return fmt.Sprintf("edge(%d)", int(e))
	}
	return edgeNames[e]
}

// pointy are the row and column steps to the neighbour across each edge
// of a pointy-topped hex.
var pointy = [6][2]int{{1, -1}, {0, -2}, {-1, -1}, {-1, 1}, {0, 2}, {1, 1}}

// Neighbour is the hex across an edge, on or off the board.
func (h Hex) Neighbour(e Edge) Hex {
	d := pointy[((e%6)+6)%6]
	return Hex{Row: h.Row + d[0], Col: h.Col + d[1]}
}

// EdgeTo is the edge of h that a neighbouring hex lies across.
func (h Hex) EdgeTo(n Hex) (Edge, bool) {
	for e := Edge(0); e < 6; e++ {
		if h.Neighbour(e) == n {
			return e, true
		}
	}
	return 0, false
}
