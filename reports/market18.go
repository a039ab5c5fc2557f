package reports

import (
	"fmt"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/reports/hexmap"
)

// marketPage draws an 18xx stock market on a page of its own: each box
// with its price and zone colour, and each company's token in its colour
// in its box, the piles as given (the top of a pile first). Every 18xx
// title's report calls it with its view's market, its colours and note.
func marketPage(d *doc, name string, m eighteen.ViewMarket, colours map[string]hexmap.RGB, note string) {
	piles := map[eighteen.Pos][]string{}
	for _, p := range m.Piles {
		piles[eighteen.Pos{Row: p.Row, Col: p.Col}] = p.Corps
	}
	pdf := d.pdf
	pdf.AddPage()
	d.section(name)
	cols := 0
	for _, row := range m.Rows {
		cols = max(cols, len(row))
	}
	left, top := 12.0, pdf.GetY()+2
	w := (186.0) / float64(cols)
	h := 16.0
	for ri, row := range m.Rows {
		for ci, cell := range row {
			x, y := left+float64(ci)*w, top+float64(ri)*h
			fill := marketFill(cell)
			pdf.SetFillColor(fill[0], fill[1], fill[2])
			pdf.SetDrawColor(90, 90, 90)
			pdf.Rect(x, y, w, h, "FD")
			pdf.SetFont("Helvetica", "B", 7)
			pdf.SetTextColor(0, 0, 0)
			pdf.Text(x+1, y+3.2, fmt.Sprint(cell.Price))
			for i, sym := range piles[eighteen.Pos{Row: ri, Col: ci}] {
				rgb := colours[sym]
				pdf.SetFillColor(int(rgb.R), int(rgb.G), int(rgb.B))
				ty := y + 4.2 + float64(i)*2.9
				pdf.Rect(x+0.6, ty, w-1.2, 2.7, "F")
				pdf.SetFont("Helvetica", "B", 5)
				pdf.SetTextColor(255, 255, 255)
				if textDark(rgb) {
					pdf.SetTextColor(0, 0, 0)
				}
				pdf.Text(x+1, ty+2.1, sym)
			}
		}
	}
	pdf.SetTextColor(0, 0, 0)
	pdf.SetY(top + float64(len(m.Rows))*h + 3)
	d.para(note)
}

// textDark tells whether a colour is light enough to want black text on
// it (a gold token) rather than white.
func textDark(c hexmap.RGB) bool {
	return 299*int(c.R)+587*int(c.G)+114*int(c.B) > 165_000
}

func marketFill(c eighteen.Cell) [3]int {
	switch {
	case c.Has('c'):
		return [3]int{230, 120, 110}
	case c.Has('b'):
		return [3]int{214, 180, 140}
	case c.Has('o'):
		return [3]int{170, 214, 150}
	case c.Has('y'):
		return [3]int{250, 232, 130}
	case c.Has('p'):
		return [3]int{190, 205, 225}
	}
	return [3]int{250, 250, 250}
}
