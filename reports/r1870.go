package reports

import (
	"fmt"
	"strings"
	"time"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/g1870"
)

// Report1870 is the PDF report of a game of 1870: where the game stands,
// the companies (price, treasury, trains, tokens, the initial offering
// and the open market), the players' holdings, the last run's revenues,
// the board, and the market with every company's token. Everything in
// 1870 is public, so every reader gets the same pages but for the line
// that names them.
type Report1870 struct {
	Game     *g1870.Game
	GameName string
	Reader   int // seat, or -1 for the game master
	Made     time.Time
}

// PDF renders the report.
func (r Report1870) PDF() ([]byte, error) {
	g := r.Game
	d := report18("1870", r.GameName, g.Milestone(), g.Over(), r.Made, r.Reader, g.Players)
	d.section("Where the game stands")
	d.para(g.Now())
	r.companies(d)
	r.players(d)
	d.section("Trains and phase")
	d.para(r.trains())
	if run := g.LastRun; run != nil {
		lastRun(d, &g.Trains, run.Corp, run.Trains, run.Total)
	}
	if err := Board1870Page(d.pdf, g); err != nil {
		return nil, err
	}
	r.market(d)
	return d.bytes()
}

func (r Report1870) companies(d *doc) {
	g := r.Game
	d.section("Companies")
	var rows [][]string
	for _, c := range g.Corps {
		state := ""
		switch {
		case c.Closed:
			state = "closed"
		case !c.Started:
			state = "not started"
		case !c.Floated:
			state = "not floated"
		}
		if !c.Started || c.Closed {
			rows = append(rows, []string{c.Sym, c.Name, "", "", "", "", "", "", "", state})
			continue
		}
		pres := "-"
		if c.President >= 0 {
			pres = g.Players[c.President].Name
		}
		rows = append(rows, []string{c.Sym, c.Name, fmt.Sprintf("$%d", g.Price(c)), fmt.Sprintf("$%d", c.Par), fmt.Sprintf("$%d", c.Cash),
			trainNames(&g.Trains, c.Trains), fmt.Sprintf("%d/%d", c.Stations, len(c.TokenCosts)), fmt.Sprint(c.IPO.Units()), fmt.Sprint(g.PoolUnits(c.Sym)), pres + " " + state})
	}
	d.table([]string{"Co.", "Name", "Price", "Par", "Cash", "Trains", "Tokens", "IPO", "Pool", "President"},
		[]float64{12, 52, 12, 12, 14, 22, 12, 9, 9, 32}, rows)
}

func (r Report1870) players(d *doc) {
	g := r.Game
	d.section("Players")
	head := []string{"Player", "Cash", "Certs", "Worth"}
	widths := []float64{28, 16, 12, 16}
	for _, c := range g.Corps {
		head = append(head, c.Sym)
		widths = append(widths, 10)
	}
	head, widths = append(head, "Privates"), append(widths, 22)
	var rows [][]string
	for s, p := range g.Players {
		row := []string{p.Name, fmt.Sprintf("$%d", p.Cash), fmt.Sprintf("%d/%d", g.Certs(s), g.Limit()), fmt.Sprintf("$%d", g.Score(s))}
		for _, c := range g.Corps {
			cell := ""
			if h := p.Shares[c.Sym]; h.Units() > 0 {
				cell = fmt.Sprintf("%d%%", h.Percent())
				if h.President() != nil {
					cell += "P"
				}
			}
			row = append(row, cell)
		}
		var privs []string
		for _, pr := range g.Privates {
			if pr.Owner == s && pr.Corp == "" && !pr.Closed {
				privs = append(privs, pr.Sym)
			}
		}
		rows = append(rows, append(row, strings.Join(privs, " ")))
	}
	d.table(head, widths, rows)
}

func (r Report1870) trains() string {
	g := r.Game
	ph := g.Current()
	bank, pool := forSale(&g.Trains)
	return fmt.Sprintf("Phase %d: train limit %d, %d operating rounds a set. The bank sells, in order: %s. In the open market: %s.",
		g.Phase, ph.Limit, ph.ORs, bank, pool)
}

// market draws the stock market on its own page, each company's token
// in its colour in its box, the pile top first.
func (r Report1870) market(d *doc) {
	g := r.Game
	on := func(c *eighteen.Corporation) bool { return c.Started && !c.Closed }
	marketPage(d, "The stock market", g.StockMarket(), piles(eighteen.Cores(g.Corps), on), corpRGB1870,
		"Box colours: white plain; blue-grey par; yellow, green and brown the zones of 5.1.1; red the closing zone. A company's token sits in its box, the top of a pile first (5.8.4).")
}
