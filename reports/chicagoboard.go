package reports

import (
	"fmt"

	ce "github.com/railpost/railpost/games/chicagoexpress"
	"github.com/railpost/railpost/reports/hexmap"
)

// ChicagoScene is Chicago Express's board for the shared renderer: each
// hex in its kind's colour with its cost and income (an industrial
// city's track value), each company's locomotive a square in its colour
// and a house a roof, as the PDF report draws them.
func ChicagoScene(g *ce.Game) *hexmap.Scene {
	b := g.Board()
	s := &hexmap.Scene{Grid: b.Grid, Title: "Chicago Express: the board"}
	for i, hx := range b.Hexes {
		k := kindRGB[hx.Kind]
		h := hexmap.Hex{At: hx.At, Coord: hx.ID, Fill: hexmap.RGB{R: uint8(k[0]), G: uint8(k[1]), B: uint8(k[2])}, Name: hx.Name}
		switch hx.Kind {
		case ce.Industrial:
			h.Text = fmt.Sprintf("track %d", g.Track[i])
		case ce.City, ce.Mountain, ce.Chicago:
			h.Text = fmt.Sprintf("$%d +%d", hx.Red, hx.Black)
		}
		for ci, corp := range g.Corps {
			if i < len(g.Present) && ci < len(g.Present[i]) && g.Present[i][ci] {
				h.Marks = append(h.Marks, hexmap.Mark{Shape: hexmap.Square, Fill: chicagoRGB(corp.Color)})
			}
		}
		if i < len(g.Developed) && g.Developed[i] {
			h.Marks = append(h.Marks, hexmap.Mark{Shape: hexmap.Roof, Fill: hexmap.RGB{R: 160, G: 40, B: 40}})
		}
		s.Hexes = append(s.Hexes, h)
	}
	for _, c := range g.Corps {
		s.Key = append(s.Key, hexmap.Swatch{Label: c.Sym, Fill: chicagoRGB(c.Color), Text: c.Name})
	}
	s.Notes = []string{"Squares are locomotives in their company's colour; a red roof is a house. $cost +income: a locomotive's cost there and the income it gains."}
	return s
}

func chicagoRGB(colour string) hexmap.RGB {
	c := companyRGB[colour]
	return hexmap.RGB{R: uint8(c[0]), G: uint8(c[1]), B: uint8(c[2])}
}

// ChicagoBoardPNG is the board as a picture for the move mails.
func ChicagoBoardPNG(g *ce.Game) ([]byte, error) {
	b, err := hexmap.PNG(ChicagoScene(g), hexmap.PNGOptions{})
	if err != nil {
		return nil, fmt.Errorf("chicago express board: %w", err)
	}
	return b, nil
}
