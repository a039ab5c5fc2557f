package reports

import (
	"codeberg.org/go-pdf/fpdf"
	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/g1870"
	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/reports/hexmap"
)

// corpRGB1870 are the companies' colours, as their charters print them
// (../shared/reference/1870-map.md section 8).
var corpRGB1870 = map[string]hexmap.RGB{
	"ATSF": hexmap.Colour(0x7090c9), "SSW": hexmap.Colour(0x111199), "SP": hexmap.Colour(0xf48221), "SLSF": hexmap.Colour(0xd02020),
	"MP": hexmap.Colour(0x5b4545), "MKT": hexmap.Colour(0x018471), "IC": hexmap.Colour(0xb0b030), "GMO": hexmap.Colour(0xff4080),
	"FW": hexmap.Colour(0x56ad9a), "TP": hexmap.Colour(0x37383a),
}

// phaseRGB1870 are 1870's off-board value colours: yellow, brown, blue.
var phaseRGB1870 = []hexmap.RGB{hexmap.Colour(0xfade50), hexmap.Colour(0xc49260), hexmap.Colour(0x5a8cdc)}

// Board1870 is the 1870 board as it stands: the printed map, every tile
// with its track, stations, reserved homes, destinations, the Cattle and
// port tokens, and the last run's routes, each train in its colour. It
// is the shared renderer's board of 1870's view, with destination
// tokens ringed.
func Board1870(g *g1870.Game) *hexmap.Scene { return eighteenBoard1870(g, g.View()).Scene() }

func eighteenBoard1870(g *g1870.Game, v eighteen.View) EighteenBoard {
	return boardOf(v, boardStyle{Title: "1870: the board", Colours: corpRGB1870, PhaseColours: phaseRGB1870,
		MarkFills: map[string]hexmap.RGB{"cattle": hexmap.Colour(0xe6c896), "port": hexmap.Colour(0xbee1fa)},
		Key:       "D:XX marks a company's destination; a ringed token is a destination token; a hollow ring is a home station still to be placed.",
		Ringed: func(sym string, h hexgrid.Hex) bool {
			c := g.Corp(sym)
			return c != nil && c.DestToken && c.Dest == h && c.Home != h
		}})
}

// Board1870PNG is the board as a picture for a mail.
func Board1870PNG(g *g1870.Game) ([]byte, error) { return eighteenBoard1870(g, g.View()).PNG() }

// Board1870Page adds a page to a report with the board filling it, for
// a report to call between its own pages.
func Board1870Page(pdf *fpdf.Fpdf, g *g1870.Game) error {
	return eighteenBoard1870(g, g.View()).Page(pdf)
}
