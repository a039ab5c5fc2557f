package reports

import (
	"fmt"
	"strings"
	"time"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/g18ez"
)

// Report18EZ is the PDF report of a game of 18EZ: where the game stands
// (phase, bank, the Startpacket while it lasts), the railroads, the
// players' holdings and worth, the trains, the last run, the board, and
// the Share Price Index with every company's token. Everything in 18EZ
// is public, so every reader gets the same pages but for the line that
// names them.
type Report18EZ struct {
	Game     *g18ez.Game
	GameName string
	Reader   int // seat, or -1 for the game master
	Made     time.Time
}

// PDF renders the report.
func (r Report18EZ) PDF() ([]byte, error) {
	g := r.Game
	d := report18("18EZ", r.GameName, g.Milestone(), g.Over(), r.Made, r.Reader, g.Players)
	d.section("Where the game stands")
	d.para(r.standing())
	r.packet(d)
	r.railroads(d)
	r.players(d)
	d.section("Trains and phase")
	d.para(r.trains())
	if run := g.LastRun; run != nil {
		lastRun(d, &g.Trains, run.Corp, run.Trains, run.Total)
	}
	if err := Board18EZPage(d.pdf, g); err != nil {
		return nil, err
	}
	r.market(d)
	return d.bytes()
}

// standing is the phase, the bank, the end if it is coming, and what
// the game waits for.
func (r Report18EZ) standing() string {
	g := r.Game
	ph := g.Current()
	out := fmt.Sprintf("Phase %d. Bank $%d. Certificate limit %d.", ph.Train, g.Bank, g.Limit())
	if g.Ending != nil && !g.Over() {
		out += fmt.Sprintf(" The end is coming: %s.", g.Ending.Why)
	}
	return out + " " + g.Now()
}

// packet lists the Startpacket's unsold items with their bids (1.2), while
// it lasts.
func (r Report18EZ) packet(d *doc) {
	g := r.Game
	if g.Packet.SoldOut() {
		return
	}
	d.section("The Startpacket")
	var rows [][]string
	for _, it := range g.Packet.Items {
		if it.Sold {
			continue
		}
		var bids []string
		for _, b := range it.Bids {
			bids = append(bids, fmt.Sprintf("%s $%d", g.Players[b.Seat].Name, b.Amount))
		}
		rows = append(rows, []string{it.Sym, r.itemName(it.Sym), fmt.Sprintf("$%d", it.Price), strings.Join(bids, ", ")})
	}
	d.table([]string{"Item", "Name", "Price", "Bids"}, []float64{14, 70, 16, 86}, rows)
}

func (r Report18EZ) itemName(sym string) string {
	if p := r.Game.Private(sym); p != nil {
		return p.Name
	}
	if c := r.Game.Corp(sym); c != nil {
		return c.Name
	}
	return ""
}

func (r Report18EZ) railroads(d *doc) {
	g := r.Game
	d.section("Railroads")
	var rows [][]string
	for _, c := range g.Corps {
		state := ""
		switch {
		case c.Closed:
			state = "closed"
		case !c.Started:
			state = "not started"
		case c.Public() && !c.Floated:
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
		value, par, ipo, pool := "-", "-", "-", "-"
		if c.Public() {
			value, par, ipo, pool = fmt.Sprintf("$%d", g.Price(c)), fmt.Sprintf("$%d", c.Par), fmt.Sprint(c.IPO.Units()), fmt.Sprint(g.PoolUnits(c.Sym))
		}
		rows = append(rows, []string{c.Sym, c.Name, value, par, fmt.Sprintf("$%d", c.Cash), trainNames(&g.Trains, c.Trains),
			c.StationText(), ipo, pool, strings.TrimSpace(pres + " " + state)})
	}
	d.table([]string{"Co.", "Name", "Value", "Par", "Cash", "Trains", "Stations", "IPO", "Pool", "President"},
		[]float64{12, 50, 12, 12, 14, 20, 14, 9, 9, 34}, rows)
}

// stations are a company's stations on the map out of its charter's;
// the Black Line has no charter of its own, only the minors' stations.
func (r Report18EZ) players(d *doc) {
	g := r.Game
	d.section("Players")
	var rows [][]string
	for s, p := range g.Players {
		var hold []string
		for _, c := range g.Corps {
			switch {
			case c.Minor() && !c.Closed && c.President == s:
				hold = append(hold, c.Sym)
			case c.Public() && p.Units(c.Sym) > 0:
				cell := fmt.Sprintf("%s %d%%", c.Sym, p.Shares[c.Sym].Percent())
				if p.Shares[c.Sym].President() != nil {
					cell += "P"
				}
				hold = append(hold, cell)
			}
		}
		for _, pr := range g.Privates {
			if pr.Owner == s && pr.Corp == "" && !pr.Closed {
				hold = append(hold, pr.Sym)
			}
		}
		rows = append(rows, []string{p.Name, fmt.Sprintf("$%d", p.Cash), fmt.Sprintf("%d/%d", g.Certs(s), g.Limit()), fmt.Sprintf("$%d", g.Score(s)), strings.Join(hold, ", ")})
	}
	d.table([]string{"Player", "Cash", "Certs", "Worth", "Holdings (P: president; privates and minors by name)"}, []float64{28, 16, 12, 16, 114}, rows)
}

func (r Report18EZ) trains() string {
	g := r.Game
	ph := g.Current()
	bank, pool := forSale(&g.Trains)
	return fmt.Sprintf("Phase %d: %d tile colours open; train limit %d (minors %d). The bank sells, in order: %s. In the open market: %s.",
		ph.Train, ph.Colours, ph.Limit, ph.LimitFor("minor"), bank, pool)
}

// market draws the Share Price Index on its own page, each public
// company's token in its colour, the top of a pile first (1.14).
func (r Report18EZ) market(d *doc) {
	g := r.Game
	on := func(c *eighteen.Corporation) bool { return g.Corp(c.Sym).Public() && c.Floated && !c.Closed }
	marketPage(d, "The Share Price Index", g.StockMarket(), piles(eighteen.Cores(g.Corps), on), corpRGB18EZ,
		"Blue-grey boxes are the par values (1.5). A floated company's token sits in its box, the top of a pile first (1.14); a company not yet floated is valued at its par.")
}
