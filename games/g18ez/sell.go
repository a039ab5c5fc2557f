package g18ez

import (
	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/move"
)

// saleOptions are the sales a seat may make now, as company and count.
func (g *Game) saleOptions(seat int) [][2]string {
	var out [][2]string
	for _, c := range g.Corps {
		for n := 1; n <= g.Players[seat].Units(c.Sym); n++ {
			if g.saleError(seat, c, n) == nil {
				out = append(out, [2]string{c.Sym, itoa(n)})
			}
		}
	}
	return out
}

// saleError judges n shares of a company sold by a seat, under the rules
// of every sale (1.13) and those of the moment: an SDR turn's order
// (1.11), or a forced sale's limits (2.10).
func (g *Game) saleError(seat int, c *Corp, n int) error {
	if err := g.saleRules(seat, c, n); err != nil {
		return err
	}
	if g.r.Kind == operatingRound {
		return g.forcedSaleError(seat, c, n)
	}
	switch {
	case g.r.Initial:
		return errRule("1.5", "the initial SDR is for buying; shares are sold from the next SDR on")
	case g.r.BoughtSR[seat][c.Sym]:
		return errRule("1.13", "you bought %s this SDR and may not sell it in the same SDR", c.Sym)
	case g.r.Bought != "" && g.r.SoldFirst:
		return errRule("1.11", "you sold, then bought: a turn may not sell again after that")
	}
	return nil
}

// saleRules are the rules of any sale (1.13): the core's (shares held,
// room in the open market, the president's certificate only to a player
// with 20%), and none of a company not yet on the SPI (rulings EZ9).
func (g *Game) saleRules(seat int, c *Corp, n int) error {
	if !c.Public() || !c.Floated {
		return errRule("1.13, rulings EZ9", "%s has no value on the SPI yet; its shares cannot be sold", c.Sym)
	}
	return shares.SaleError(&c.Corporation, g.Players, g.PoolUnits(c.Sym), seat, n)
}

func (g *Game) checkSell(a move.Action) error {
	if len(a.Args) != 2 {
		return errRule("1.13", "write SELL, the company and how many shares, as SELL PSW 2")
	}
	c := g.Corp(a.Args[0])
	n, ok := atoi(a.Args[1])
	if c == nil || !ok {
		return errRule("1.13", "write SELL, the company and how many shares, as SELL PSW 2")
	}
	if g.r.Kind == stockRound && g.Packet.Top() != nil {
		return errRule("1.2", "nothing is sold while the Startpacket lasts")
	}
	return g.saleError(a.Seat, c, n)
}

func (g *Game) doSell(a move.Action) error {
	c := g.Corp(a.Args[0])
	n, _ := atoi(a.Args[1])
	pl := g.Players[a.Seat]
	price := g.Price(c)
	g.Transfer(&c.Corporation, eighteen.Hand(a.Seat), eighteen.InPool, n)
	g.Pay(n*price, &pl.Cash)
	pl.Sold[c.Sym] = true
	g.move(c, g.StockMarket().Down(c.Pos, n))
	g.Note("%s sells %d of %s at $%d ($%d); its value falls to $%d (1.13, 1.14)", pl.Name, n, c.Sym, price, n*price, g.Price(c))
	g.Reelect(c)
	if g.r.Kind == stockRound {
		if g.r.Bought == "" {
			g.r.SoldFirst = true
		}
		g.r.Sold = true
	}
	return nil
}

// forcedSaleError judges a sale to pay for a forced train (2.10): the
// core's, no more than the president needs.
func (g *Game) forcedSaleError(seat int, c *Corp, n int) error {
	return g.ForcedSaleError(g.buying(), seat, c, n, 0)
}

// raisable is the most a president can raise by forced sales (2.10, 2.11).
func (g *Game) raisable(seat int, op *Corp) int {
	total := 0
	for _, c := range g.Corps {
		held := g.Players[seat].Units(c.Sym)
		for n := held; n >= 1; n-- {
			if g.saleRules(seat, c, n) != nil {
				continue
			}
			if c == op && !eighteen.KeepsPresidency(&c.Corporation, g.Players, seat, n, shares.PresidentUnits) {
				continue
			}
			total += n * g.Price(c)
			break
		}
	}
	return total
}
