package reports

import (
	"codeberg.org/go-pdf/fpdf"
	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/g18ez"
	"github.com/railpost/railpost/reports/hexmap"
)

// corpRGB18EZ are the companies' colours, as their names say: the majors
// purple, blue, brown, gold, red and green, each darker than the tile of
// its colour so that a token stands out on it; the minors muted greys,
// none the grey of a tile; the Black Line black.
var corpRGB18EZ = map[string]hexmap.RGB{
	"PSW": hexmap.Colour(0x7b3fa0), "BCRR": hexmap.Colour(0x2a64c8), "BRN": hexmap.Colour(0x7a4a1e),
	"MYR": hexmap.Colour(0xe6b422), "MR": hexmap.Colour(0xd02828), "GVP": hexmap.Colour(0x13783a),
	"M1": hexmap.Colour(0x5f6f80), "M2": hexmap.Colour(0x85788f), "M3": hexmap.Colour(0x737f62), "M4": hexmap.Colour(0x8f6f62),
	"BL": hexmap.Colour(0x141414),
}

// hotelRGB is the Harriot Milton Hotel's bonus token: a cream badge.
var hotelRGB = hexmap.Colour(0xf3e2b3)

// phaseRGB18EZ are the red areas' values by tile colour (2.6): yellow,
// green, brown, gray.
var phaseRGB18EZ = []hexmap.RGB{tileRGB[eighteen.Yellow], tileRGB[eighteen.Green], tileRGB[eighteen.Brown], tileRGB[eighteen.Gray]}

// Board18EZ is the 18EZ board as it stands: the shared renderer's board
// of 18EZ's view, whose only mark is the Hotel's bonus token (the
// printed Metropolis and grey hexes are tiles laid from the start).
func Board18EZ(g *g18ez.Game) *hexmap.Scene { return eighteenBoard18EZ(g.View()).Scene() }

func eighteenBoard18EZ(v eighteen.View) EighteenBoard {
	return boardOf(v, boardStyle{Title: "18EZ: the board", Colours: corpRGB18EZ, PhaseColours: phaseRGB18EZ,
		MarkFills: map[string]hexmap.RGB{"hotel": hotelRGB}, Key: "A hollow ring is a home station still to be placed."})
}

// Board18EZPNG is the board as a picture for a mail.
func Board18EZPNG(g *g18ez.Game) ([]byte, error) { return eighteenBoard18EZ(g.View()).PNG() }

// Board18EZPage adds a page to a report with the board filling it.
func Board18EZPage(pdf *fpdf.Fpdf, g *g18ez.Game) error { return eighteenBoard18EZ(g.View()).Page(pdf) }
