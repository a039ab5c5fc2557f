package g1870

import (
	"fmt"
	"strings"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
)

// menu writes 1870's options: pars grouped a line per set of prices,
// lays a line per hex for up to eight hexes, beyond that OPTIONS <hex>;
// each line with what it costs or pays.
func (g *Game) menu() eighteen.Menu {
	return eighteen.Menu{MaxHexes: 8, Note: g.optionNote, Pars: true, Title: "1870", Example: "H17"}
}

// Menu is a seat's legal moves as lines to send back, read from the open
// steps' options (the one list there is), with what each costs or pays.
func (g *Game) Menu(seat int) []string { return g.menu().All(g.Legal(seat)) }

// MenuAt is the menu's lines for one hex: every lay there as a line to
// send, with its cost. It answers OPTIONS <hex>.
func (g *Game) MenuAt(seat int, hex string) ([]string, error) {
	return g.menu().At(g.Round(), g.Board(), seat, hex)
}

// optionNote is what an option costs or pays, where that helps the
// choice.
func (g *Game) optionNote(o move.Option) string {
	a := o.Action(o.Min)
	switch o.Verb {
	case "BUY":
		if c := g.Corp(o.Args[0]); c != nil && len(o.Args) >= 2 {
			if _, price, err := g.shareTerms(a, c); err == nil {
				return eighteen.Dollars(price) + " a share"
			}
		}
	case "SELL":
		if c := g.Corp(o.Args[0]); c != nil {
			return eighteen.Dollars(g.Price(c)) + " a share"
		}
	case "TOKEN":
		if c := g.Operating(); c != nil {
			h, _ := hexgrid.ParseHex(o.Args[0])
			if cost, ok := tokens.Next(&c.Corporation, c.Extra, h); ok {
				return eighteen.Dollars(cost)
			}
		}
	case "BUYTRAIN":
		if !o.Ranged {
			if pu, err := g.PurchaseOf(g.buying(), a); err == nil {
				return eighteen.Dollars(pu.Price)
			}
		}
	case "PAY", "HALF", "WITHHOLD":
		return g.dividendNote(a)
	case "RUN":
		if r := g.LastRun; r != nil {
			return fmt.Sprintf("the run as it stands, $%d; to run other routes send RUN and each train's stops by hex, joined by dashes", r.Total)
		}
	case "LAY":
		if _, cost, _, err := g.layTerms(a); err == nil && cost > 0 {
			return eighteen.Dollars(cost)
		}
	}
	return ""
}

// dividendNote is what a dividend choice pays each holder, and where the
// price goes (9.1, 5.8).
func (g *Game) dividendNote(a move.Action) string {
	c, rev := g.incomeDue()
	if c == nil {
		return ""
	}
	per, kept, move := 0, rev, "price left"
	switch a.Verb {
	case "PAY":
		per, kept, move = eighteen.RoundDown.PerShare(rev, c.Shares()), 0, "price right"
	case "HALF":
		per, kept = eighteen.RoundUp.Half(rev, c.Shares())
		move = "price stays"
	}
	if per == 0 {
		return fmt.Sprintf("%s keeps $%d; %s", c.Sym, kept, move)
	}
	var paid []string
	for _, p := range g.Players {
		if u := p.Units(c.Sym); u > 0 {
			paid = append(paid, fmt.Sprintf("%s $%d", p.Name, u*per))
		}
	}
	if u := c.IPO.Units() + c.Treasury.Units(); u > 0 {
		kept += u * per
	}
	return fmt.Sprintf("$%d a share: %s; %s keeps $%d; %s", per, strings.Join(paid, ", "), c.Sym, kept, move)
}
