package g1870

import (
	"slices"
	"strings"

	"github.com/railpost/railpost/games/eighteen"
)

// depotTrain is the train the bank sells now, by trainTable index, or -1
// when it has none (10.4.1).
func (g *Game) depotTrain() int {
	for i, n := range g.Depot {
		if n > 0 {
			return i
		}
	}
	return -1
}

func trainCost(size int) int {
	for _, t := range trainTable {
		if t.size == size {
			return t.cost
		}
	}
	return 0
}

// cheapest is the lowest price of a train from the bank or the open
// market, and whether there is one (10.6, 10.8).
func (g *Game) cheapest() (int, bool) {
	best, ok := 0, false
	if i := g.depotTrain(); i >= 0 {
		best, ok = trainTable[i].cost, true
	}
	for _, s := range g.PoolTrains {
		if c := trainCost(s); !ok || c < best {
			best, ok = c, true
		}
	}
	return best, ok
}

// mustBuy tells whether a company must buy a train: it has none, it has
// a legal run, and a train is to be had (10.1, 10.8).
func (g *Game) mustBuy(c *Corp) bool {
	if len(c.Trains) > 0 {
		return false
	}
	if _, ok := g.cheapest(); !ok {
		return false
	}
	return g.Layout.HasRoute(c.Sym, 2, g.phase().offboard)
}

// shortfall is what the president must find for a forced train.
func (g *Game) shortfall(c *Corp) int {
	if !g.mustBuy(c) {
		return 0
	}
	price, _ := g.cheapest()
	return max(0, price-c.Cash-g.Players[c.President].Cash)
}

// checkForcedSale judges a president's sale to pay for a forced train
// (10.6.2): only while money is short, no more shares than the need
// unless he holds over 60%, and never losing the company that buys.
func (g *Game) checkForcedSale(seat int, c *Corp, n int) error {
	buyer := g.r.Corp
	if buyer == nil || buyer.President != seat || g.shortfall(buyer) == 0 {
		return errRule("10.6.2", "shares are sold in an operating round only when the president must find money for a forced train")
	}
	price := g.price(c)
	need := (g.shortfall(buyer) + price - 1) / price
	held := g.Players[seat].Shares[c.Sym]
	if held > 6 && !g.unlimited(c) {
		need = max(need, held-6) // exception one
	}
	if n > need {
		return errRule("10.6.2", "you may sell only what the train needs: %d %s at most", need, c.Sym)
	}
	if c == buyer {
		for s, p := range g.Players {
			if s != seat && p.Shares[c.Sym] > held-n {
				return errRule("10.6.2", "the sale would hand %s, which is buying the train, to %s", c.Sym, p.Name)
			}
		}
		if held-n < 2 {
			return errRule("10.6.2", "the sale would cost you the presidency of %s, which is buying the train", c.Sym)
		}
	}
	return nil
}

// bankrupt tells whether the president cannot raise a forced train's
// price by any sale left to him (10.6.2, 13.1).
func (g *Game) bankrupt(c *Corp) bool {
	return g.shortfall(c) > 0 && len(g.saleOptions(c.President)) == 0
}

func (g *Game) bankruptcy(c *Corp) {
	g.Bankrupt = c.President
	g.end(g.Players[c.President].Name + " cannot raise the money for " + c.Sym + "'s train and is bankrupt (13.1)")
}

func (g *Game) doBuyTrain(a eighteen.Action, commit bool) error {
	c, err := g.operating(a, "BUYTRAIN")
	if err != nil {
		return err
	}
	if g.r.Step != stepTrains {
		return errRule("4.1", "trains are bought after the dividend")
	}
	if len(a.Args) < 2 {
		return errRule("10.4", "write BUYTRAIN, the size and DEPOT, POOL or a company with a price, as BUYTRAIN 3 DEPOT")
	}
	size, ok := atoi(a.Args[0])
	if !ok || trainCost(size) == 0 {
		return errRule("2.4", "%s is not a train", a.Args[0])
	}
	if len(c.Trains) >= g.phase().limit {
		return errRule("10.2", "%s owns %d trains, the limit in phase %d", c.Sym, len(c.Trains), g.Phase)
	}
	price := trainCost(size)
	var seller *Corp
	switch from := strings.ToUpper(a.Args[1]); from {
	case "DEPOT":
		i := g.depotTrain()
		if i < 0 || trainTable[i].size != size {
			return errRule("10.4.1", "the bank sells its trains in order; it has no %d-train for sale now", size)
		}
	case "POOL":
		if !slices.Contains(g.PoolTrains, size) {
			return errRule("10.4", "the open market has no %d-train", size)
		}
	default:
		seller = g.Corp(from)
		if seller == nil || seller == c || seller.Closed || !slices.Contains(seller.Trains, size) {
			return errRule("10.4", "%s has no %d-train to sell", from, size)
		}
		if seller.President != c.President {
			return errRule("10.5", "trains pass between companies of one president; others settle their deal by a sale with the game master")
		}
		if g.r.Contributing || c.Cash < 1 {
			return errRule("10.6", "once the president pays towards a train it comes from the bank or the open market")
		}
		p, ok := 0, len(a.Args) == 3
		if ok {
			p, ok = atoi(a.Args[2])
		}
		if !ok || p < 1 || p > c.Cash {
			return errRule("10.5", "write BUYTRAIN %d %s and a price from $1 to $%d", size, seller.Sym, c.Cash)
		}
		price = p
	}
	if seller == nil && len(a.Args) != 2 {
		return errRule("10.5", "a train from the bank or the open market is bought at its printed price")
	}
	contribution := 0
	if price > c.Cash {
		cheapest, _ := g.cheapest()
		switch {
		case !g.mustBuy(c):
			return errRule("10.6.1", "%s has $%d; the president pays towards a train only when the company must buy one", c.Sym, c.Cash)
		case price != cheapest:
			return errRule("10.6", "with the president's money it must be the cheapest train, at $%d", cheapest)
		case price-c.Cash > g.Players[c.President].Cash:
			return errRule("10.6.2", "you must sell shares first: the train costs $%d, %s has $%d and you $%d", price, c.Sym, c.Cash, g.Players[c.President].Cash)
		}
		contribution = price - c.Cash
	}
	if !commit {
		return nil
	}
	pl := g.Players[c.President]
	pl.Cash -= contribution
	c.Cash += contribution
	c.Cash -= price
	if seller != nil {
		seller.Cash += price
		i := slices.Index(seller.Trains, size)
		seller.Trains = slices.Delete(seller.Trains, i, i+1)
	} else {
		g.Bank += price
		if strings.EqualFold(a.Args[1], "POOL") {
			i := slices.Index(g.PoolTrains, size)
			g.PoolTrains = slices.Delete(g.PoolTrains, i, i+1)
		} else {
			g.Depot[g.depotTrain()]--
		}
	}
	c.Trains = append(c.Trains, size)
	g.note("%s buys a %d-train for $%d%s", c.Sym, size, price, map[bool]string{true: " with its president's help", false: ""}[contribution > 0])
	if seller == nil && !strings.EqualFold(a.Args[1], "POOL") {
		g.newPhase(size)
	}
	return nil
}

// newPhase starts the phase a train's first purchase begins, with what
// comes with it (4.2): obsolete trains scrapped, privates closed, Cattle
// and port tokens removed, and trains over the new limit discarded.
func (g *Game) newPhase(size int) {
	for p := g.Phase + 1; p < len(phaseTable); p++ {
		if phaseTable[p].train != size {
			continue
		}
		g.Phase = p
		f := phaseTable[p]
		g.note("phase %d begins", p)
		if f.obsolete > 0 {
			for _, c := range g.Corps {
				c.Trains = slices.DeleteFunc(c.Trains, func(t int) bool { return t == f.obsolete })
			}
			g.PoolTrains = slices.DeleteFunc(g.PoolTrains, func(t int) bool { return t == f.obsolete })
			g.note("the %d-trains are scrapped (10.3)", f.obsolete)
		}
		if !f.privates {
			for _, pr := range g.Privates {
				if !pr.Closed {
					pr.Closed = true
				}
			}
			g.note("the private companies close (12.4)")
		}
		if f.portsGone && (g.Cattle != nil || g.Port != nil) {
			g.Cattle, g.Port = nil, nil
			g.note("the Cattle and port tokens come off the map (4.2.5)")
		}
		for _, c := range g.ordered(func(c *Corp) bool { return len(c.Trains) > f.limit }) {
			g.r.Pending = append(g.r.Pending, pending{Kind: pendDiscard, Seat: c.President, Corp: c.Sym})
		}
	}
}

func (g *Game) doDiscard(a eighteen.Action, commit bool) error {
	if len(g.r.Pending) == 0 || g.r.Pending[0].Kind != pendDiscard {
		return errRule("10.2.1", "DISCARD is for a company over its train limit")
	}
	c := g.Corp(g.r.Pending[0].Corp)
	size := 0
	if len(a.Args) == 1 {
		size, _ = atoi(a.Args[0])
	}
	if !slices.Contains(c.Trains, size) {
		return errRule("10.2.1", "write DISCARD and the size of one of %s's trains %v", c.Sym, c.Trains)
	}
	if commit {
		i := slices.Index(c.Trains, size)
		c.Trains = slices.Delete(c.Trains, i, i+1)
		g.PoolTrains = append(g.PoolTrains, size)
		g.note("%s discards a %d-train to the open market (10.2.1)", c.Sym, size)
		if len(c.Trains) <= g.phase().limit {
			g.r.Pending = g.r.Pending[1:]
		}
	}
	return nil
}
