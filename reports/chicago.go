package reports

import (
	"fmt"
	"math"
	"strings"
	"time"

	ce "github.com/railpost/railpost/games/chicagoexpress"
	"github.com/railpost/railpost/reports/hexmap"
	"github.com/railpost/railpost/reports/page"
)

// ChicagoExpress is the PDF report of a Chicago Express game: the board
// with every company's locomotives in its colour and the houses, the
// income track, the charters, and each player's shares and cash. All of it
// is public in this game (section 7), so every reader gets the same pages
// but for the line that names them.
type ChicagoExpress struct {
	Game     *ce.Game
	GameName string
	Reader   int // seat, or -1 for the game master
	Made     time.Time
}

// companyRGB are the charters' colours (section 2).
var companyRGB = map[string][3]int{
	"red": {200, 30, 30}, "blue": {30, 80, 200}, "yellow": {230, 180, 0}, "green": {20, 140, 60}, "black": {20, 20, 20},
}

var kindRGB = map[ce.Kind][3]int{
	ce.Plain: {236, 232, 210}, ce.Forest: {170, 205, 150}, ce.Mountain: {190, 170, 150},
	ce.City: {250, 250, 250}, ce.Industrial: {200, 200, 215}, ce.Chicago: {250, 220, 220}, ce.Start: {230, 230, 230},
}

// PDF renders the report.
func (r ChicagoExpress) PDF() ([]byte, error) {
	g := r.Game
	title := fmt.Sprintf("%s - Chicago Express report after dividend phase %d", r.GameName, g.Rounds)
	if g.Over() {
		title = fmt.Sprintf("%s - Chicago Express final report", r.GameName)
	}
	d := newDoc(title, r.Made)
	if r.Reader >= 0 && r.Reader < g.Players() {
		d.para(fmt.Sprintf("For %s (position %d).", g.Names[r.Reader], r.Reader+1))
	}
	d.section("The board")
	if err := r.board(d); err != nil {
		return nil, err
	}
	d.section("Income track")
	r.incomeTrack(d)
	d.section("Companies")
	cos := chicagoCompanies(g)
	d.table(cos.Head, []float64{14, 44, 16, 14, 18, 16, 18, 16, 30}, cos.Rows)
	d.section("Players: shares and cash")
	ps := chicagoPlayers(g)
	widths := []float64{40, 18}
	for range g.Corps {
		widths = append(widths, 14)
	}
	d.table(ps.Head, widths, ps.Rows)
	d.section("Where the game stands")
	d.para(g.Status(r.Reader))
	return d.bytes()
}

// board draws the board with the renderer every 18xx title's board
// uses (hexmap): the hexes, each company's locomotives in its colour, the
// houses, the costs and incomes, with its key below.
func (r ChicagoExpress) board(d *doc) error {
	pdf := d.pdf
	l, _, rm, _ := pdf.GetMargins()
	w, _ := pdf.GetPageSize()
	y := pdf.GetY() + 2
	used, err := hexmap.PDF(pdf, ChicagoScene(r.Game), l, y, w-l-rm, 150, 2.6)
	if err != nil {
		return fmt.Errorf("chicago express board: %w", err)
	}
	pdf.SetY(y + used + 2)
	return nil
}

// incomeTrack draws each company's income as a bar on a 0-60 scale.
func (r ChicagoExpress) incomeTrack(d *doc) {
	pdf := d.pdf
	x0, y := 30.0, pdf.GetY()+1
	const scale = 2.5 // mm per income point
	pdf.SetFont("Helvetica", "", 6)
	for i := 0; i <= 60; i += 10 {
		pdf.Text(x0+float64(i)*scale-1, y, fmt.Sprint(i))
	}
	y += 1.5
	for _, c := range r.Game.Corps {
		rgb := companyRGB[c.Color]
		pdf.SetFillColor(rgb[0], rgb[1], rgb[2])
		pdf.Text(14, y+2.5, c.Sym)
		pdf.Rect(x0, y, math.Min(float64(c.Income), 60)*scale+0.3, 3, "F")
		pdf.Text(x0+math.Min(float64(c.Income), 60)*scale+1.5, y+2.5, fmt.Sprint(c.Income))
		y += 4
	}
	pdf.SetY(y + 1)
}

// chicagoCompanies is the companies' table, the same in the PDF and on
// the web page.
func chicagoCompanies(g *ce.Game) page.Table {
	t := page.Table{Head: []string{"Co.", "Name", "Colour", "Income", "Treasury", "Sold", "Locos left", "Dividend", ""}}
	for _, c := range g.Corps {
		state := "open"
		if !c.Open {
			state = "opens at Chicago"
		}
		t.Rows = append(t.Rows, []string{c.Sym, c.Name, c.Color, fmt.Sprint(c.Income), fmt.Sprintf("$%d", c.Treasury),
			fmt.Sprintf("%d of %d", c.Sold, c.Shares), fmt.Sprint(c.Charter), fmt.Sprintf("$%d", c.Dividend()), state})
	}
	return t
}

// chicagoPlayers is each player's cash and shares of each company.
func chicagoPlayers(g *ce.Game) page.Table {
	t := page.Table{Head: []string{"Player", "Cash"}}
	for _, c := range g.Corps {
		t.Head = append(t.Head, c.Sym)
	}
	for s, name := range g.Names {
		row := []string{name, fmt.Sprintf("$%d", g.Cash[s])}
		for ci := range g.Corps {
			row = append(row, fmt.Sprint(g.Holding[s][ci]))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// ChicagoPage is a Chicago Express game's public web page: the board as
// the mails draw it, the companies and the players' shares and cash.
func ChicagoPage(g *ce.Game) (page.Page, error) {
	svg, err := hexmap.SVG(ChicagoScene(g), hexmap.PNGOptions{})
	if err != nil {
		return page.Page{}, fmt.Errorf("chicago express board: %w", err)
	}
	return page.Page{Status: statusLines(g.Status(-1)), Board: svg, Sections: []page.Section{
		{Heading: "Companies", Tables: []page.Table{chicagoCompanies(g)}},
		{Heading: "Players: shares and cash", Tables: []page.Table{chicagoPlayers(g)}},
	}}, nil
}

// statusLines is the mail's status without its column tables, which the
// page's own tables show: the paragraphs of one line each, run together.
func statusLines(status string) string {
	var keep []string
	for _, para := range strings.Split(status, "\n\n") {
		if para = strings.TrimSpace(para); para != "" && !strings.Contains(para, "\n") {
			keep = append(keep, para)
		}
	}
	return strings.Join(keep, " ")
}
