package g18ez

import (
	"strconv"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/move"
)

// saleOptions are the sales a seat may make now, as company and count.
func (g *Game) saleOptions(seat int) [][2]string {
	var out [][2]string
	for _, c := range g.Corps {
		for n := 1; n <= g.Players[seat].Units(c.Sym); n++ {
			if g.saleError(seat, c, n) == nil {
				out = append(out, [2]string{c.Sym, strconv.Itoa(n)})
			}
		}
	}
	return out
}

// saleError judges n shares of a company sold by a seat: in an SDR turn
// by the core's stock turn (1.11, 1.13), in an OR under a forced sale's
// limits (2.10).
func (g *Game) saleError(seat int, c *Corp, n int) error {
	if g.r.Kind != operatingRound {
		return g.StockSaleError(g.stockRules(), seat, c, n)
	}
	if err := g.saleRules(seat, c, n); err != nil {
		return err
	}
	return g.forcedSaleError(seat, c, n)
}

// saleRules are the rules of any sale (1.13): the core's (shares held,
// room in the open market, the president's certificate only to a player
// with 20%), and none of a company not yet on the SPI (rulings EZ9).
func (g *Game) saleRules(seat int, c *Corp, n int) error {
	if !c.Public() || !c.Floated {
		return eighteen.RuleError("1.13, rulings EZ9", "%s has no value on the SPI yet; its shares cannot be sold", c.Sym)
	}
	return shares.SaleError(&c.Corporation, g.Players, g.PoolUnits(c.Sym), seat, n)
}

// checkSell judges a president's sale for a forced train (2.10); an SDR
// turn's sales are the core's stock turn's.
func (g *Game) checkSell(a move.Action) error {
	c, n, err := g.SaleArgs(a, "1.13")
	if err != nil {
		return err
	}
	return g.saleError(a.Seat, c, n)
}

// doSell sells shares for a forced train.
func (g *Game) doSell(a move.Action) error {
	c, n, _ := g.SaleArgs(a, "1.13")
	g.soldShares(a.Seat, c, n, g.SellShares(a.Seat, c, n))
	g.Reelect(c)
	return nil
}

// soldShares follows a sale: the value falls at once (1.13, 1.14).
func (g *Game) soldShares(seat int, c *Corp, n, price int) {
	g.MoveTo(&c.Corporation, g.StockMarket().Down(c.Pos, n))
	g.Note("%s sells %d of %s at $%d ($%d); its value falls to $%d (1.13, 1.14)", g.Players[seat].Name, n, c.Sym, price, n*price, g.Price(c))
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
