package chicagoexpress

import (
	"fmt"
	"strings"

	"github.com/railpost/railpost/games/move"
)

// Milestone is how many general dividend phases have been paid: a report
// follows each.
func (g *Game) Milestone() int { return g.Rounds }

// Status is the open position as a player reads it in a mail: money is
// public in this game (section 7), so every seat reads the same.
func (g *Game) Status(seat int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Dividend phases paid: %d. Dials: AUCTION %d/%d, EXPAND %d/%d, DEVELOP %d/%d. Houses left: %d. Detroit: %d.\n",
		g.Rounds, g.Dials[0], DialSpaces[0], g.Dials[1], DialSpaces[1], g.Dials[2], DialSpaces[2], g.Houses, g.Track[g.detroit()])
	if g.Ending && !g.Over() {
		fmt.Fprintf(&b, "The end is triggered (%s): the game ends after the next dividend phase.\n", strings.Join(g.EndReasons, "; "))
	}
	b.WriteString("\nCompany  Income  Treasury  Shares sold  Locos left  Dividend\n")
	for _, c := range g.Corps {
		if !c.Open {
			fmt.Fprintf(&b, "%-7s  (opens when a company first reaches Chicago)\n", c.Sym)
			continue
		}
		fmt.Fprintf(&b, "%-7s  %6d  %8s  %6d of %d  %10d  %8s\n", c.Sym, c.Income, fmt.Sprintf("$%d", c.Treasury), c.Sold, c.Shares, c.Charter, fmt.Sprintf("$%d", c.Dividend()))
	}
	b.WriteString("\nPlayer        Cash  Shares\n")
	for s, name := range g.Names {
		var held []string
		for ci, c := range g.Corps {
			if n := g.Holding[s][ci]; n > 0 {
				held = append(held, fmt.Sprintf("%s %d", c.Sym, n))
			}
		}
		mark := ""
		if s == seat {
			mark = " (you)"
		}
		fmt.Fprintf(&b, "%-12s %5s  %s%s\n", name, fmt.Sprintf("$%d", g.Cash[s]), strings.Join(held, ", "), mark)
	}
	switch g.Phase {
	case PhaseInitial, PhaseAuction:
		a := g.Auction
		fmt.Fprintf(&b, "\nAuction of a %s share (minimum $%d): ", g.Corps[a.Corp].Sym, a.Min)
		if a.Leader >= 0 {
			fmt.Fprintf(&b, "high bid $%d by %s; ", a.High, g.Names[a.Leader])
		} else {
			b.WriteString("no bid yet; ")
		}
		fmt.Fprintf(&b, "%s to bid or pass.\n", g.Names[a.Next])
	case PhaseTurn:
		fmt.Fprintf(&b, "\n%s's turn.\n", g.Names[g.Current])
	case PhaseOver:
		fmt.Fprintf(&b, "\nThe game is over: only cash counts (section 6). %s\n", g.standings())
	}
	return b.String()
}

// Menu is a seat's legal moves as lines to send back. Expansions are many,
// so a company with more than a few is summed up by the hexes it can enter
// first and what each costs.
func (g *Game) Menu(seat int) []string {
	opts := g.Legal(seat)
	var out []string
	byCorp := map[string][]move.Option{}
	var order []string
	for _, o := range opts {
		if o.Verb != "EXPAND" {
			continue
		}
		if _, seen := byCorp[o.Args[0]]; !seen {
			order = append(order, o.Args[0])
		}
		byCorp[o.Args[0]] = append(byCorp[o.Args[0]], o)
	}
	expandDone := false
	for _, o := range opts {
		switch o.Verb {
		case "EXPAND":
			if expandDone {
				continue
			}
			expandDone = true
			for _, sym := range order {
				list := byCorp[sym]
				if len(list) <= 6 {
					for _, e := range list {
						out = append(out, e.String())
					}
					continue
				}
				ci, _ := companyIndex(sym)
				c := g.Corps[ci]
				var first []string
				for _, e := range list {
					if len(e.Args) == 2 {
						h, _ := g.board.Index(e.Args[1])
						first = append(first, fmt.Sprintf("%s $%d", e.Args[1], g.board.Hexes[h].Red*(g.Locos[h]+1)))
					}
				}
				out = append(out, fmt.Sprintf("EXPAND %s <1 to %d connected hexes, e.g. %s>  (%d choices; %s has $%d and %d locomotives; next to its network: %s)",
					sym, min(MaxExpand, c.Charter), strings.Join(list[len(list)-1].Args[1:], " "), len(list), sym, c.Treasury, c.Charter, strings.Join(first, ", ")))
			}
		case "DEVELOP":
			h, _ := g.board.Index(o.Args[0])
			out = append(out, fmt.Sprintf("%-28s (%s)", o.String(), g.developNote(h)))
		default:
			out = append(out, o.String())
		}
	}
	return out
}

func (g *Game) developNote(h int) string {
	hx := g.board.Hexes[h]
	var who []string
	for ci, c := range g.Corps {
		if g.Present[h][ci] {
			who = append(who, c.Sym)
		}
	}
	switch hx.Kind {
	case Forest:
		return fmt.Sprintf("%s: $%d to %s", hx.Label(), ForestBonus, strings.Join(who, ", "))
	case Industrial:
		return fmt.Sprintf("%s: +%d for %s", hx.Label(), min(hx.Step, hx.Cap-g.Track[h]), strings.Join(who, ", "))
	}
	return fmt.Sprintf("%s: +%d for %s", hx.Label(), hx.House, strings.Join(who, ", "))
}
