package eighteen

import (
	"fmt"
	"strings"
)

// now is the one line that says what the game waits for: the end, an
// offer put to a second player, what the title's own steps wait for, a
// company's operating turn, or a turn round the table.
func (b *Base[T, P]) now(s ViewSpec, t ViewTurn) string {
	if b.Ended {
		return fmt.Sprintf("The game is over (%s): %s", s.Words.EndRule, b.Standings())
	}
	if t.Offer != "" {
		return fmt.Sprintf("%s is asked to ACCEPT or DECLINE: %s.", t.Who, t.Offer)
	}
	if s.Special != nil {
		if out := s.Special(t.Who); out != "" {
			return out
		}
	}
	r := b.hooks.State
	switch name := s.Words.Rounds[r.Kind]; {
	case t.Corp != "":
		return fmt.Sprintf("Operating round %d of %d: %s operates (%s), %s deciding.", t.OR, t.Set, t.Corp, t.Step, t.Who)
	case name != "" && r.Kind != b.hooks.Operating:
		return fmt.Sprintf("%s: %s's turn.", name, t.Who)
	}
	return t.Who + " to act."
}

// Text is the view as a seat reads it in a move mail: the phase and the
// bank, the auction while one is on, the companies, the players (the
// reader's row marked), the trains, the last run and what the game waits
// for. seat < 0 marks no row (the game master's copy).
func (v View) Text(seat int) string {
	var w strings.Builder
	w.WriteString(v.PhaseLine())
	w.WriteString("\n")
	if v.Ending != "" {
		fmt.Fprintf(&w, "The end is coming: %s.\n", v.Ending)
	}
	if len(v.Lots) > 0 {
		fmt.Fprintf(&w, "\n%-11s  Price  Bids\n", v.Words.Lots)
		for _, l := range v.Lots {
			fmt.Fprintf(&w, "%-11s  %5s  %s\n", l.Sym, Dollars(l.Price), l.BidText())
		}
	}
	const row = "%-8s %5s %5s  %-8s %-8s %4s %4s  %s\n"
	fmt.Fprintf(&w, "\n"+row, v.Words.Company, v.Words.Price, "Cash", "Trains", v.Words.Tokens, "IPO", "Pool", "President")
	for _, c := range v.Corps {
		switch {
		case c.Closed:
			fmt.Fprintf(&w, "%-8s closed\n", c.Sym)
		case !c.Started && c.Pending != "":
			fmt.Fprintf(&w, "%-8s %s\n", c.Sym, c.Pending)
		case !c.Started:
			fmt.Fprintf(&w, "%-8s not started (home %s)\n", c.Sym, c.Home)
		default:
			price, ipo, pool := "-", "-", "-"
			if c.Shares {
				price, ipo, pool = Dollars(c.Price), Percent(c.IPO), Percent(c.Pool)
			}
			fmt.Fprintf(&w, row, c.Sym, price, Dollars(c.Cash), TrainText(c.Trains), c.TokenText(), ipo, pool, c.PresidentName)
		}
	}
	w.WriteString("\nPlayer        Cash  Certs  Holdings\n")
	for _, p := range v.Players {
		mark := ""
		if p.Seat == seat {
			mark = " (you)"
		}
		fmt.Fprintf(&w, "%-12s %5s  %2d/%-2d  %s%s\n", p.Name, Dollars(p.Cash), p.Certs, v.CertLimit, strings.Join(p.HoldingText(), ", "), mark)
	}
	if len(v.Trains.Pool) > 0 {
		fmt.Fprintf(&w, "\nTrains in the open market: %s.", TrainText(v.Trains.Pool))
	}
	if v.Trains.Next != "" {
		fmt.Fprintf(&w, "\nNext train from the bank: %s.\n", v.Trains.Next)
	}
	if r := v.Run; r != nil {
		fmt.Fprintf(&w, "\nLast run: %s earned $%d: %s.\n", r.Corp, r.Total, r.RouteText())
	}
	fmt.Fprintf(&w, "\n%s\n", v.Turn.Now)
	return w.String()
}

// PhaseLine is the phase, the bank and the certificate limit in one
// sentence.
func (v View) PhaseLine() string {
	ph := v.Phase
	return fmt.Sprintf("Phase %d: %s tiles; %s pay their %s value; train limit %s. Bank $%d. Certificate limit %d.",
		ph.Number, strings.Join(ph.Tiles, ", "), v.Words.OffBoards, ph.OffBoard, ph.LimitText(), v.Bank, v.CertLimit)
}

// LimitText is the train limit, and beside it each kind's the title
// names: "3 (minors 2)".
func (ph ViewPhase) LimitText() string {
	out := fmt.Sprint(ph.TrainLimit)
	var kinds []string
	for _, k := range ph.KindLimits {
		kinds = append(kinds, fmt.Sprintf("%s %d", k.Kind, k.Limit))
	}
	if len(kinds) > 0 {
		out += " (" + strings.Join(kinds, ", ") + ")"
	}
	return out
}

// Percent writes a percentage.
func Percent(n int) string { return fmt.Sprintf("%d%%", n) }

// TrainText names trains for a table: "-" for none.
func TrainText(names []string) string {
	if len(names) == 0 {
		return "-"
	}
	return strings.Join(names, ",")
}

// TokenText is a company's stations placed, and of how many where its
// charter has its own: "2/3", "4".
func (c ViewCorp) TokenText() string {
	if c.Charter == 0 {
		return fmt.Sprint(c.Tokens)
	}
	return fmt.Sprintf("%d/%d", c.Tokens, c.Charter)
}

// HoldingText are a seat's holdings as the tables list them: a
// company's shares as a percentage, " P" for its president; a company
// held whole and a private by symbol.
func (p ViewPlayer) HoldingText() []string {
	var out []string
	for _, h := range p.Holdings {
		s := h.Corp
		if !h.Whole {
			s += " " + Percent(h.Percent)
			if h.President {
				s += " P"
			}
		}
		out = append(out, s)
	}
	return append(out, p.Privates...)
}

// BidText are a lot's bids, "-" for none.
func (l ViewLot) BidText() string {
	var parts []string
	for _, b := range l.Bids {
		parts = append(parts, fmt.Sprintf("%s $%d", b.Name, b.Amount))
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ", ")
}

// RouteText is a run's routes, each its train, stops and revenue.
func (r ViewRun) RouteText() string {
	var parts []string
	for _, rt := range r.Routes {
		s := fmt.Sprintf("%s $%d", rt.Stops, rt.Revenue)
		if rt.Train != "" {
			s = rt.Train + "-train " + s
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

// Status is the open position as a seat reads it in a mail, the title's
// view as text: everything in an 18xx is public, so only the "(you)"
// mark differs between seats.
func (b *Base[T, P]) Status(seat int) string { return b.hooks.View().Text(seat) }

// Now says in one line what the game waits for.
func (b *Base[T, P]) Now() string { return b.hooks.View().Turn.Now }
