package g1870

import (
	"fmt"
	"slices"
	"strings"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
)

// menu writes 1870's options: lays grouped a line per hex for up to
// eight hexes, beyond that OPTIONS <hex>; each line with what it costs or
// pays.
func (g *Game) menu() eighteen.Menu { return eighteen.Menu{MaxHexes: 8, Note: g.optionNote} }

// Menu is a seat's legal moves as lines to send back, read from the open
// steps' options (the one list there is), with what each costs or pays.
// Lays are grouped a line per hex, pars a line per set of prices, so
// that the list stays short enough for a phone.
func (g *Game) Menu(seat int) []string {
	var rest []move.Option
	pars := map[string][]string{} // prices -> companies
	var parOrder []string
	for _, o := range g.Legal(seat) {
		if o.Verb == "BUY" && len(o.Args) == 3 && o.Args[1] == "PAR" {
			c := o.Args[0]
			if len(parOrder) == 0 || parOrder[len(parOrder)-1] != c {
				parOrder = append(parOrder, c)
			}
			pars[c] = append(pars[c], o.Args[2])
			continue
		}
		rest = append(rest, o)
	}
	out, lays := g.menu().Lines(rest)
	return append(append(out, g.parLines(parOrder, pars)...), lays...)
}

// MenuAt is the menu's lines for one hex: every lay there as a line to
// send, with its cost. It answers OPTIONS <hex>.
func (g *Game) MenuAt(seat int, hex string) ([]string, error) {
	out, err := g.menu().At(g.Round(), g.Board(), seat, hex, "1870", "H17")
	if err == nil && len(out) == 0 {
		err = fmt.Errorf("no tile may be laid on %s by you now", strings.ToUpper(strings.TrimSpace(hex)))
	}
	return out, err
}

// parLines group the companies that may be started by their par prices.
func (g *Game) parLines(order []string, pars map[string][]string) []string {
	var out []string
	done := map[string]bool{}
	for _, c := range order {
		if done[c] {
			continue
		}
		same := []string{c}
		for _, d := range order {
			if d != c && !done[d] && slices.Equal(pars[d], pars[c]) {
				same = append(same, d)
			}
		}
		for _, d := range same {
			done[d] = true
		}
		out = append(out, fmt.Sprintf("BUY <company> PAR <price>: start %s at %s (as BUY %s PAR %s)",
			strings.Join(same, ", "), strings.Join(pars[c], ", "), c, pars[c][0]))
	}
	return out
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
