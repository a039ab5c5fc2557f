package g1870

import (
	"slices"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/move"
)

// mustBuy tells whether a company must buy a train: it has none, it has
// a legal run, and a train is to be had (10.1, 10.8).
func (g *Game) mustBuy(c *Corp) bool {
	if len(c.Trains) > 0 {
		return false
	}
	if _, ok := g.Cheapest(); !ok {
		return false
	}
	return g.Layout.HasRoute(c.Sym, 2, g.Current().OffBoard)
}

// shortfall is what the president must find for a forced train.
func (g *Game) shortfall(c *Corp) int {
	if !g.mustBuy(c) {
		return 0
	}
	price, _ := g.Cheapest()
	return eighteen.Forced{Price: price, Company: c.Cash, President: g.Players[c.President].Cash}.Shortfall()
}

// checkForcedSale judges a president's sale to pay for a forced train
// (10.6.2): only while money is short, no more shares than the need
// unless he holds over 60%, and never losing the company that buys.
func (g *Game) checkForcedSale(seat int, c *Corp, n int) error {
	buyer := g.Operating()
	if buyer == nil || buyer.President != seat || g.shortfall(buyer) == 0 {
		return errRule("10.6.2", "shares are sold in an operating round only when the president must find money for a forced train")
	}
	cheapest, _ := g.Cheapest()
	need := eighteen.Forced{Price: cheapest, Company: buyer.Cash, President: g.Players[seat].Cash}.SharesNeeded(g.Price(c))
	held := g.Players[seat].Units(c.Sym)
	if held > 6 && !g.unlimited(c) {
		need = max(need, held-6) // exception one
	}
	if n > need {
		return errRule("10.6.2", "you may sell only what the train needs: %d %s at most", need, c.Sym)
	}
	if c == buyer && !eighteen.KeepsPresidency(&c.Corporation, g.Players, seat, n, shares.PresidentUnits) {
		return errRule("10.6.2", "the sale would cost you the presidency of %s, which is buying the train", c.Sym)
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
	g.Ending = bankruptcy.Declare(g.Ending, c.Sym, c.President, g.Players[c.President].Name+" cannot raise the money for "+c.Sym+"'s train and is bankrupt (13.1)")
	if g.Ending.Due(eighteen.EndNow) {
		g.End(g.Ending.Why)
	}
}

// checkBuyTrain judges a train purchase: its source, the limit, the
// price, and the president's help for a forced one (10).
func (g *Game) checkBuyTrain(a move.Action) error {
	_, err := g.trainTerms(a)
	return err
}

// shop is how 1870 writes a purchase: BUYTRAIN 3 DEPOT, BUYTRAIN 3 POOL,
// BUYTRAIN 3 MP 100 (10.4, 10.5).
var shop = eighteen.Shop{Bank: "DEPOT", Example: "MP"}

// purchase is a train purchase as judged: the core's reading, and what
// the president adds towards it.
type purchase struct {
	eighteen.Purchase
	contribution int
}

// trainTerms reads and judges a train purchase (10.2, 10.4 to 10.6).
func (g *Game) trainTerms(a move.Action) (purchase, error) {
	c, err := g.operating(a, "BUYTRAIN")
	if err != nil {
		return purchase{}, err
	}
	if g.r.Step != eighteen.StepTrains {
		return purchase{}, errRule("4.1", "trains are bought after the dividend")
	}
	bu, err := shop.Read(&g.Trains, a.Args, c.Trains, eighteen.Sellers(eighteen.Cores(g.Corps), &c.Corporation), c.Cash)
	if err != nil {
		return purchase{}, err
	}
	pu := purchase{Purchase: bu}
	if pu.Seller != "" && g.r.Contributing {
		return purchase{}, errRule("10.6", "once the president pays towards a train it comes from the bank or the open market")
	}
	if pu.Trade == 0 && len(c.Trains) >= g.Current().Limit {
		return purchase{}, errRule("10.2", "%s owns %d trains, the limit in phase %d", c.Sym, len(c.Trains), g.Phase)
	}
	if pu.Price > c.Cash {
		cheapest, _ := g.Cheapest()
		switch {
		case !g.mustBuy(c):
			return purchase{}, errRule("10.6.1", "%s has $%d; the president pays towards a train only when the company must buy one", c.Sym, c.Cash)
		case pu.Price != cheapest:
			return purchase{}, errRule("10.6", "with the president's money it must be the cheapest train, at $%d", cheapest)
		case pu.Price-c.Cash > g.Players[c.President].Cash:
			return purchase{}, errRule("10.6.2", "you must sell shares first: the train costs $%d, %s has $%d and you $%d", pu.Price, c.Sym, c.Cash, g.Players[c.President].Cash)
		}
		pu.contribution = pu.Price - c.Cash
	}
	return pu, nil
}

// doBuyTrain buys the train trainTerms allowed; the first from the bank
// of a size begins its phase. A train from another president's company
// is offered to him first (10.5).
func (g *Game) doBuyTrain(a move.Action) error {
	pu, err := g.trainTerms(a)
	if err != nil {
		return err
	}
	c, seller := g.Operating(), g.Corp(pu.Seller)
	name := g.Name(pu.Size)
	if seller != nil && seller.President != c.President && !g.Agreed() {
		return g.offer(a, seller.President, "%s offers %s $%d for a %s-train (10.5)", c.Sym, seller.Sym, pu.Price, name)
	}
	pl := g.Players[c.President]
	pl.Cash -= pu.contribution
	c.Cash += pu.contribution - pu.Price
	var from *eighteen.Corporation
	if seller != nil {
		from = &seller.Corporation
	}
	began := g.Deliver(pu.Size, pu.Kind, pu.Pool, from, pu.Price, &g.Bank)
	if pu.Trade > 0 {
		i := slices.Index(c.Trains, pu.Trade)
		c.Trains = slices.Delete(c.Trains, i, i+1)
		g.Note("%s hands in a %s-train", c.Sym, g.Name(pu.Trade))
	}
	c.Trains = append(c.Trains, pu.Size)
	g.Note("%s buys a %s-train for $%d%s", c.Sym, name, pu.Price, map[bool]string{true: " with its president's help", false: ""}[pu.contribution > 0])
	for _, p := range began {
		g.newPhase(p)
	}
	return nil
}

// newPhase is what comes with a phase (4.2): obsolete trains scrapped,
// privates closed, Cattle and port tokens removed, and trains over the
// new limit discarded.
func (g *Game) newPhase(p int) {
	f := g.Phases[p]
	g.Note("phase %d begins", p)
	if f.Rusts > 0 {
		g.RustAll(f.Rusts)
		g.Note("the %s-trains are scrapped (10.3)", g.Name(f.Rusts))
	}
	if !f.Privates {
		for _, pr := range g.Privates {
			pr.Closed = true
		}
		g.Note("the private companies close (12.4)")
	}
	if slices.Contains(f.Events, portsGone) && (g.Cattle != nil || g.Port != nil) {
		g.Cattle, g.Port = nil, nil
		g.Note("the Cattle and port tokens come off the map (4.2.5)")
	}
	for _, c := range g.Ordered(func(c *Corp) bool { return len(c.Trains) > f.Limit }) {
		g.r.Pending = append(g.r.Pending, pending{Kind: pendDiscard, Seat: c.President, Corp: c.Sym})
	}
}

// checkDiscard judges which train a company over its limit gives up
// (10.2.1).
func (g *Game) checkDiscard(a move.Action) error {
	if len(g.r.Pending) == 0 || g.r.Pending[0].Kind != pendDiscard {
		return errRule("10.2.1", "DISCARD is for a company over its train limit")
	}
	c := g.Corp(g.r.Pending[0].Corp)
	size := 0
	if len(a.Args) == 1 {
		size, _ = g.SizeOf(a.Args[0])
	}
	if !slices.Contains(c.Trains, size) {
		return errRule("10.2.1", "write DISCARD and the size of one of %s's trains %v", c.Sym, c.Trains)
	}
	return nil
}

// doDiscard puts the train in the open market.
func (g *Game) doDiscard(a move.Action) error {
	c := g.Corp(g.r.Pending[0].Corp)
	size, _ := g.SizeOf(a.Args[0])
	i := slices.Index(c.Trains, size)
	c.Trains = slices.Delete(c.Trains, i, i+1)
	g.PoolTrains = append(g.PoolTrains, size)
	g.Note("%s discards a %s-train to the open market (10.2.1)", c.Sym, g.Name(size))
	if len(c.Trains) <= g.Current().Limit {
		g.r.Pending = g.r.Pending[1:]
	}
	return nil
}
