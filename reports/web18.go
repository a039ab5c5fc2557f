package reports

import (
	"fmt"
	"strings"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/g1870"
	"github.com/railpost/railpost/games/g18ez"
	"github.com/railpost/railpost/reports/hexmap"
	"github.com/railpost/railpost/reports/page"
)

// Page18 is an 18xx title's public web page of its view: the board (the
// PNG's drawing, as SVG), whose move it is, the market, the companies,
// the players, the trains and phase and the last run. Every 18xx title's
// page is this, given its board and colours, as its PDF is Report18.
func Page18(v eighteen.View, b EighteenBoard) (page.Page, error) {
	svg, err := hexmap.SVG(b.Scene(), hexmap.PNGOptions{})
	if err != nil {
		return page.Page{}, err
	}
	p := page.Page{Status: standing(v), Board: svg}
	if len(v.Lots) > 0 {
		p.Sections = append(p.Sections, lotsSection(v))
	}
	p.Sections = append(p.Sections,
		page.Section{Heading: v.Words.Market, Grid: marketGrid(v.Market, b.Colours), Text: []string{v.Words.MarketNote}},
		companiesSection(v), playersSection(v),
		page.Section{Heading: "Trains and phase", Text: []string{trainsAndPhase(v)}})
	if v.Run != nil {
		p.Sections = append(p.Sections, runSection(*v.Run))
	}
	return p, nil
}

func lotsSection(v eighteen.View) page.Section {
	t := page.Table{Head: []string{"Item", "Name", "Price", "Bids"}}
	for _, l := range v.Lots {
		bids := ""
		if len(l.Bids) > 0 {
			bids = l.BidText()
		}
		t.Rows = append(t.Rows, []string{l.Sym, l.Name, fmt.Sprintf("$%d", l.Price), bids})
	}
	return page.Section{Heading: "The " + v.Words.Lots, Tables: []page.Table{t}}
}

// marketGrid is the market as coloured boxes with each company's token
// in its box, the top of a pile first, as the PDF's market page draws it.
func marketGrid(m eighteen.ViewMarket, colours map[string]hexmap.RGB) *page.Grid {
	piles := map[eighteen.Pos][]string{}
	for _, p := range m.Piles {
		piles[eighteen.Pos{Row: p.Row, Col: p.Col}] = p.Corps
	}
	g := &page.Grid{}
	for ri, row := range m.Rows {
		var cells []page.Cell
		for ci, c := range row {
			f := marketFill(c)
			cell := page.Cell{Text: fmt.Sprint(c.Price), Fill: fmt.Sprintf("#%02x%02x%02x", f[0], f[1], f[2])}
			if c.Price == 0 {
				cell = page.Cell{}
			}
			for _, sym := range piles[eighteen.Pos{Row: ri, Col: ci}] {
				rgb := colours[sym]
				cell.Marks = append(cell.Marks, page.Mark{Label: sym, Fill: fmt.Sprintf("#%02x%02x%02x", rgb.R, rgb.G, rgb.B), Dark: textDark(rgb)})
			}
			cells = append(cells, cell)
		}
		g.Rows = append(g.Rows, cells)
	}
	return g
}

func companiesSection(v eighteen.View) page.Section {
	t := page.Table{Head: companyHead(v)}
	certs := page.Table{Caption: "Who holds each certificate", Head: []string{"Co.", "Certificates"}}
	for _, c := range v.Corps {
		t.Rows = append(t.Rows, companyRow(c))
		if !c.Started || c.Closed {
			continue
		}
		if held := certificates(v, c.Sym); held != "" {
			certs.Rows = append(certs.Rows, []string{c.Sym, held})
		}
	}
	// the certificates have a table of their own: a company's ids are a
	// long line, which a column beside the figures would wrap into a tall
	// row on a phone
	return page.Section{Heading: v.Words.Companies, Tables: []page.Table{t, certs}}
}

// certificates are who holds a company's certificates, by id where the
// view names them, else as a percentage.
func certificates(v eighteen.View, sym string) string {
	var out []string
	for _, p := range v.Players {
		for _, h := range p.Holdings {
			if h.Corp != sym {
				continue
			}
			var ids []string
			for _, c := range h.Certs {
				if c.ID != "" {
					ids = append(ids, c.ID)
				}
			}
			held := eighteen.Percent(h.Percent)
			if len(ids) > 0 {
				held = strings.Join(ids, " ")
			}
			out = append(out, p.Name+": "+held)
		}
	}
	return strings.Join(out, "; ")
}

func playersSection(v eighteen.View) page.Section {
	t := page.Table{Head: []string{"Player", "Cash", "Certs", "Worth", "Holdings (P: president)"}}
	for _, p := range v.Players {
		t.Rows = append(t.Rows, []string{p.Name, fmt.Sprintf("$%d", p.Cash), fmt.Sprintf("%d/%d", p.Certs, v.CertLimit),
			fmt.Sprintf("$%d", p.Worth), strings.Join(p.HoldingText(), ", ")})
	}
	return page.Section{Heading: "Players", Tables: []page.Table{t}}
}

func runSection(r eighteen.ViewRun) page.Section {
	t := page.Table{Head: []string{"Train", "Stops", "Revenue"}}
	for _, rt := range r.Routes {
		t.Rows = append(t.Rows, []string{rt.Train, rt.Stops, fmt.Sprintf("$%d", rt.Revenue)})
	}
	return page.Section{Heading: fmt.Sprintf("The last run: %s, $%d", r.Corp, r.Total), Tables: []page.Table{t}}
}

// Page1870 is an 1870 game's public page.
func Page1870(g *g1870.Game) (page.Page, error) {
	v := g.View()
	return Page18(v, eighteenBoard1870(g, v))
}

// Page18EZ is an 18EZ game's public page.
func Page18EZ(g *g18ez.Game) (page.Page, error) {
	v := g.View()
	return Page18(v, eighteenBoard18EZ(v))
}
