// Package hexmap draws hex boards: every 18xx title's and Chicago
// Express's. A title's adapter turns its game into a Scene, which says
// what is on each hex and nothing about how it is drawn; the painter here
// lays the scene out once (track curves, where stops, labels and tokens
// go) and draws it through a small canvas that two backends implement: an
// fpdf page for the PDF reports and a raster for the PNG a mail carries.
// So the board in a report and the board in a mail are the same picture.
package hexmap

import (
	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/hexgrid"
)

// RGB is a colour.
type RGB struct{ R, G, B uint8 }

// Scene is a board to draw: its grid and its hexes, with a key and notes
// for the space below the board.
type Scene struct {
	Grid  hexgrid.Grid
	Title string
	Hexes []Hex
	Key   []Swatch // the companies' and the runs' colours
	Notes []string // lines under the key
}

// Swatch is one entry of the key: a coloured disc with a short label on
// it, and a longer text beside it.
type Swatch struct {
	Label string
	Fill  RGB
	Text  string
	// Line draws the swatch as a stretch of highlighted track instead of
	// a disc: a run's colour.
	Line bool
}

// Terrain picks the badge a hex's cost is printed in.
type Terrain int

// The badges.
const (
	NoTerrain Terrain = iota
	Mountain          // a triangle
	Water             // a wave-blue box
)

// Hex is one space as it stands: printed features under the tile laid
// there, if any.
type Hex struct {
	At    hexgrid.Hex
	Coord string // as printed, "H17"
	Fill  RGB
	Name  string
	Cost  string // "$60"; empty when nothing is owed
	Badge Terrain
	// River is the two groups of edges a river divides the hex into; the
	// river is drawn between them. Empty when none runs through.
	River   [][]hexgrid.Edge
	Borders []hexgrid.Edge // impassable sides, drawn thick
	Label   string         // an upgrade label or a tile's, "P"
	Stops   []Stop
	Track   []Track
	// Values are an off-board's revenues by phase, the current one marked.
	Values []Value
	Marks  []Mark
	// Text is a line of small print under the hex's middle (Chicago
	// Express's costs and incomes).
	Text string
}

// Stop is a city or a town, in the order the hex's Track ends name them.
type Stop struct {
	City    bool
	Revenue int // printed beside it; 0 prints nothing
	// Slots are a city's station circles; a town has none. More tokens
	// than slots (a destination token in an extra slot) add circles.
	Slots []Slot
}

// Slot is one station circle: empty, holding a token, or reserved for a
// company's home token (drawn as a ring in its colour).
type Slot struct {
	Token    *Token
	Reserved *Token
}

// Token is a company's station token: its colour and symbol.
type Token struct {
	Label string
	Fill  RGB
	// Ring marks a token that is more than a station, as 1870's
	// destination token.
	Ring bool
}

// Track is one stretch of track on the hex, between two ends in board
// edges (a tile's path already rotated). Run colours it as part of the
// last run shown.
type Track struct {
	A, B  eighteen.End
	OnRun bool
	Run   RGB
}

// Value is one of an off-board's revenues.
type Value struct {
	Amount  int
	Fill    RGB
	Current bool
}

// Shape is how a mark is drawn.
type Shape int

// The shapes of marks.
const (
	Badge  Shape = iota // a rounded label: destinations, Cattle, ports
	Square              // a small square: Chicago Express's locomotives
	Roof                // a house
)

// Mark is something a title puts on a hex besides track and stations.
type Mark struct {
	Shape Shape
	Label string
	Fill  RGB
}

// Colour is the RGB of a web colour written 0xRRGGBB, as titles' charts
// give them.
func Colour(v uint32) RGB { return RGB{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v)} }

// colours are the scene's own colours, each once: the ones a picture
// must show exactly.
func (s *Scene) colours() []RGB {
	seen := map[RGB]bool{}
	var out []RGB
	add := func(c RGB) {
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	for _, c := range []RGB{black, white, grey, blue} {
		add(c)
	}
	for _, k := range s.Key {
		add(k.Fill)
	}
	for i := range s.Hexes {
		h := &s.Hexes[i]
		add(h.Fill)
		for _, t := range h.Track {
			if t.OnRun {
				add(t.Run)
			}
		}
		for _, st := range h.Stops {
			for _, sl := range st.Slots {
				for _, t := range []*Token{sl.Token, sl.Reserved} {
					if t != nil {
						add(t.Fill)
					}
				}
			}
		}
		for _, m := range h.Marks {
			add(m.Fill)
		}
		for _, v := range h.Values {
			add(v.Fill)
		}
	}
	return out
}
