package reports

import (
	"fmt"
	"strings"
	"time"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/reports/hexmap"
)

// Report18 is the PDF report of a game of any 18xx title, rendered from
// the game's view alone: where the game stands,
// the auction while one is on, the companies, the players' holdings and
// worth, the trains and phase, the last run, the board with the title's
// own rows under it, and the market
// with every company's token. Everything in these titles is public, so
// every reader gets the same pages but for the line that names them. A
// title gives its view, its board and its companies' colours.
type Report18 struct {
	Title    string // "1870", "18EZ"
	View     eighteen.View
	Board    EighteenBoard
	Colours  map[string]hexmap.RGB
	GameName string
	Reader   int // seat, or -1 for the game master
	Made     time.Time
}

// PDF renders the report.
func (r Report18) PDF() ([]byte, error) {
	v := r.View
	title := fmt.Sprintf("%s - %s report after operating round %d", r.GameName, r.Title, v.ORsDone)
	if v.Over {
		title = fmt.Sprintf("%s - %s final report", r.GameName, r.Title)
	}
	d := newDoc(title, r.Made)
	if r.Reader >= 0 && r.Reader < len(v.Players) {
		d.para(fmt.Sprintf("For %s (position %d).", v.Players[r.Reader].Name, r.Reader+1))
	}
	d.section("Where the game stands")
	d.para(standing(v))
	lots(d, v)
	companies(d, v)
	players(d, v)
	d.section("Trains and phase")
	d.para(trainsAndPhase(v))
	if run := v.Run; run != nil {
		d.section("The last run")
		var trains []string
		for _, rt := range run.Routes {
			trains = append(trains, rt.Train)
		}
		d.para(fmt.Sprintf("%s ran %s for $%d (drawn on the board in the trains' colours): %s.", run.Corp, strings.Join(trains, ", "), run.Total, run.RouteText()))
	}
	if err := r.Board.Page(d.pdf); err != nil {
		return nil, err
	}
	marketPage(d, v.Words.Market, v.Market, r.Colours, v.Words.MarketNote)
	return d.bytes()
}

// standing is the phase, the bank, the end if it is coming, and what
// the game waits for.
func standing(v eighteen.View) string {
	out := fmt.Sprintf("Phase %d. Bank $%d. Certificate limit %d.", v.Phase.Number, v.Bank, v.CertLimit)
	if v.Ending != "" {
		out += fmt.Sprintf(" The end is coming: %s.", v.Ending)
	}
	return out + " " + v.Turn.Now
}

// lots lists the items of an auction on offer with their bids, while
// one is (18EZ's Startpacket, 1.2).
func lots(d *doc, v eighteen.View) {
	if len(v.Lots) == 0 {
		return
	}
	d.section("The " + v.Words.Lots)
	var rows [][]string
	for _, l := range v.Lots {
		bids := ""
		if len(l.Bids) > 0 {
			bids = l.BidText()
		}
		rows = append(rows, []string{l.Sym, l.Name, fmt.Sprintf("$%d", l.Price), bids})
	}
	d.table([]string{"Item", "Name", "Price", "Bids"}, []float64{14, 70, 16, 86}, rows)
}

func companies(d *doc, v eighteen.View) {
	d.section(v.Words.Companies)
	var rows [][]string
	for _, c := range v.Corps {
		rows = append(rows, companyRow(c))
	}
	d.table(companyHead(v), []float64{12, 50, 12, 12, 14, 20, 14, 10, 10, 32}, rows)
}

// companyHead heads the companies' table, in the PDF and on the web page.
func companyHead(v eighteen.View) []string {
	return []string{"Co.", "Name", v.Words.Price, "Par", "Cash", "Trains", v.Words.Tokens, "IPO", "Pool", "President"}
}

// companyRow is a company's row under companyHead: a company not started
// or closed says only so; one without shares shows "-" for its value,
// par and holdings.
func companyRow(c eighteen.ViewCorp) []string {
	state := ""
	switch {
	case c.Closed:
		state = "closed"
	case !c.Started:
		state = "not started"
	case c.Shares && !c.Floated:
		state = "not floated"
	}
	if !c.Started || c.Closed {
		return []string{c.Sym, c.Name, "", "", "", "", "", "", "", state}
	}
	value, par, ipo, pool := "-", "-", "-", "-"
	if c.Shares {
		value, par, ipo, pool = fmt.Sprintf("$%d", c.Price), fmt.Sprintf("$%d", c.Par), eighteen.Percent(c.IPO), eighteen.Percent(c.Pool)
	}
	trains := "no trains"
	if len(c.Trains) > 0 {
		trains = strings.Join(c.Trains, ", ")
	}
	return []string{c.Sym, c.Name, value, par, fmt.Sprintf("$%d", c.Cash), trains, c.TokenText(), ipo, pool,
		strings.TrimSpace(c.PresidentName + " " + state)}
}

func players(d *doc, v eighteen.View) {
	d.section("Players")
	widths := []float64{28, 16, 12, 16, 114}
	var rows [][]string
	d.pdf.SetFont("Helvetica", "", 7) // the table's, to measure a row by
	for _, p := range v.Players {
		hold := strings.Join(p.HoldingText(), ", ")
		row := []string{p.Name, fmt.Sprintf("$%d", p.Cash), fmt.Sprintf("%d/%d", p.Certs, v.CertLimit), fmt.Sprintf("$%d", p.Worth), hold}
		if d.pdf.GetStringWidth(hold) <= widths[4]-0.5 {
			rows = append(rows, row)
			continue
		}
		// too long for its cell: the whole list on a line of its own
		row[4] = "below"
		rows = append(rows, row, []string{"", p.Name + ": " + hold})
	}
	d.table([]string{"Player", "Cash", "Certs", "Worth", "Holdings (P: president; privates and companies held whole by symbol)"}, widths, rows)
}

// trainsAndPhase is the phase's rules and the trains for sale, the
// bank's in order and the open market's.
func trainsAndPhase(v eighteen.View) string {
	ph := v.Phase
	var depot []string
	for _, k := range v.Trains.Depot {
		if k.Left < 0 {
			depot = append(depot, fmt.Sprintf("%s x any number at $%d", k.Name, k.Cost))
			continue
		}
		depot = append(depot, fmt.Sprintf("%s x%d at $%d", k.Name, k.Left, k.Cost))
	}
	pool := "none"
	if len(v.Trains.Pool) > 0 {
		pool = strings.Join(v.Trains.Pool, ", ")
	}
	return fmt.Sprintf("Phase %d: %s tiles; %s pay their %s value; train limit %s; %d operating rounds a set. The bank sells, in order: %s. In the open market: %s.",
		ph.Number, strings.Join(ph.Tiles, ", "), v.Words.OffBoards, ph.OffBoard, ph.LimitText(), ph.ORs, strings.Join(depot, "; "), pool)
}
