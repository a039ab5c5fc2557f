package g1870

import (
	"slices"
	"strings"

	"github.com/railpost/railpost/games/eighteen"
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
	return g.Layout.HasRoute(c.Sym, 2, g.phase().OffBoard)
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
	buyer := g.r.Corp
	if buyer == nil || buyer.President != seat || g.shortfall(buyer) == 0 {
		return errRule("10.6.2", "shares are sold in an operating round only when the president must find money for a forced train")
	}
	cheapest, _ := g.Cheapest()
	need := eighteen.Forced{Price: cheapest, Company: buyer.Cash, President: g.Players[seat].Cash}.SharesNeeded(g.price(c))
	held := g.Players[seat].Shares[c.Sym]
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
		g.end(g.Ending.Why)
	}
}

// checkBuyTrain judges a train purchase: its source, the limit, the
// price, and the president's help for a forced one (10).
func (g *Game) checkBuyTrain(a eighteen.Action) error {
	_, err := g.trainTerms(a)
	return err
}

// purchase is a train purchase as judged: from the bank (kind >= 0), the
// open market, or another company (seller); what it costs, what the
// president adds, and the train handed in towards it, if any.
type purchase struct {
	size, kind   int
	seller       *Corp
	pool         bool
	price, trade int
	contribution int
}

// trainTerms reads and judges a train purchase (10.2, 10.4 to 10.6).
func (g *Game) trainTerms(a eighteen.Action) (purchase, error) {
	c, err := g.operating(a, "BUYTRAIN")
	if err != nil {
		return purchase{}, err
	}
	if g.r.Step != stepTrains {
		return purchase{}, errRule("4.1", "trains are bought after the dividend")
	}
	if len(a.Args) < 2 {
		return purchase{}, errRule("10.4", "write BUYTRAIN, the train and DEPOT, POOL or a company with a price, as BUYTRAIN 3 DEPOT")
	}
	size, ok := g.SizeOf(a.Args[0])
	if !ok {
		return purchase{}, errRule("2.4", "%s is not a train", a.Args[0])
	}
	pu := purchase{size: size, kind: -1, price: g.Cost(size)}
	switch from := strings.ToUpper(a.Args[1]); from {
	case "DEPOT":
		err = g.depotTerms(a, c, &pu)
	case "POOL":
		pu.pool = true
		if !slices.Contains(g.PoolTrains, size) {
			err = errRule("10.4", "the open market has no %s-train", g.Name(size))
		} else if len(a.Args) != 2 {
			err = errRule("10.5", "a train from the open market is bought at its printed price")
		}
	default:
		err = g.sellerTerms(a, c, &pu)
	}
	if err != nil {
		return purchase{}, err
	}
	if pu.trade == 0 && len(c.Trains) >= g.phase().Limit {
		return purchase{}, errRule("10.2", "%s owns %d trains, the limit in phase %d", c.Sym, len(c.Trains), g.Phase)
	}
	if pu.price > c.Cash {
		cheapest, _ := g.Cheapest()
		switch {
		case !g.mustBuy(c):
			return purchase{}, errRule("10.6.1", "%s has $%d; the president pays towards a train only when the company must buy one", c.Sym, c.Cash)
		case pu.price != cheapest:
			return purchase{}, errRule("10.6", "with the president's money it must be the cheapest train, at $%d", cheapest)
		case pu.price-c.Cash > g.Players[c.President].Cash:
			return purchase{}, errRule("10.6.2", "you must sell shares first: the train costs $%d, %s has $%d and you $%d", pu.price, c.Sym, c.Cash, g.Players[c.President].Cash)
		}
		pu.contribution = pu.price - c.Cash
	}
	return pu, nil
}

// depotTerms judges a train from the bank: a kind it sells now, at its
// price, or less a train handed in (10.4.1; 16.2's diesels).
func (g *Game) depotTerms(a eighteen.Action, c *Corp, pu *purchase) error {
	for _, i := range g.Available() {
		if g.Kinds[i].Size == pu.size {
			pu.kind = i
		}
	}
	if pu.kind < 0 {
		return errRule("10.4.1", "the bank sells its trains in order; it has no %s-train for sale now", g.Name(pu.size))
	}
	switch k := g.Kinds[pu.kind]; {
	case len(a.Args) == 2:
		return nil
	case len(a.Args) == 4 && strings.EqualFold(a.Args[2], "TRADE") && len(k.TradeIn) > 0:
		t, ok := g.SizeOf(a.Args[3])
		if !ok || !slices.Contains(k.TradeIn, t) || !slices.Contains(c.Trains, t) {
			return errRule("16.2", "a %s-train takes one of %s's trains of sizes %v in trade", g.Name(pu.size), c.Sym, k.TradeIn)
		}
		pu.trade, pu.price = t, k.Cost-k.Allowance
		return nil
	}
	return errRule("10.5", "a train from the bank is bought at its printed price: write BUYTRAIN %s DEPOT", g.Name(pu.size))
}

// sellerTerms judges a train from another company: at any price of $1 or
// more, never while the president pays towards it (10.5, 10.6).
func (g *Game) sellerTerms(a eighteen.Action, c *Corp, pu *purchase) error {
	seller := g.Corp(a.Args[1])
	if seller == nil || seller == c || seller.Closed || !slices.Contains(seller.Trains, pu.size) {
		return errRule("10.4", "%s has no %s-train to sell", a.Args[1], g.Name(pu.size))
	}
	if g.r.Contributing || c.Cash < 1 {
		return errRule("10.6", "once the president pays towards a train it comes from the bank or the open market")
	}
	p, ok := 0, len(a.Args) == 3
	if ok {
		p, ok = atoi(a.Args[2])
	}
	if !ok || p < 1 || p > c.Cash {
		return errRule("10.5", "write BUYTRAIN %s %s and a price from $1 to $%d", g.Name(pu.size), seller.Sym, c.Cash)
	}
	pu.seller, pu.price = seller, p
	return nil
}

// doBuyTrain buys the train trainTerms allowed; the first from the bank
// of a size begins its phase. A train from another president's company
// is offered to him first (10.5).
func (g *Game) doBuyTrain(a eighteen.Action) error {
	pu, err := g.trainTerms(a)
	if err != nil {
		return err
	}
	c := g.r.Corp
	name := g.Name(pu.size)
	if pu.seller != nil && pu.seller.President != c.President && !g.agreed {
		return g.offer(a, pu.seller.President, "%s offers %s $%d for a %s-train (10.5)", c.Sym, pu.seller.Sym, pu.price, name)
	}
	pl := g.Players[c.President]
	pl.Cash -= pu.contribution
	c.Cash += pu.contribution - pu.price
	var seller *eighteen.Corporation
	if pu.seller != nil {
		seller = &pu.seller.Corporation
	}
	began := g.Deliver(pu.size, pu.kind, pu.pool, seller, pu.price, &g.Bank)
	if pu.trade > 0 {
		i := slices.Index(c.Trains, pu.trade)
		c.Trains = slices.Delete(c.Trains, i, i+1)
		g.note("%s hands in a %s-train", c.Sym, g.Name(pu.trade))
	}
	c.Trains = append(c.Trains, pu.size)
	g.note("%s buys a %s-train for $%d%s", c.Sym, name, pu.price, map[bool]string{true: " with its president's help", false: ""}[pu.contribution > 0])
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
	g.note("phase %d begins", p)
	if f.Rusts > 0 {
		owned := make([]*[]int, len(g.Corps))
		for i, c := range g.Corps {
			owned[i] = &c.Trains
		}
		g.Rust(f.Rusts, owned...)
		g.note("the %s-trains are scrapped (10.3)", g.Name(f.Rusts))
	}
	if !f.Privates {
		for _, pr := range g.Privates {
			pr.Closed = true
		}
		g.note("the private companies close (12.4)")
	}
	if slices.Contains(f.Events, portsGone) && (g.Cattle != nil || g.Port != nil) {
		g.Cattle, g.Port = nil, nil
		g.note("the Cattle and port tokens come off the map (4.2.5)")
	}
	for _, c := range g.ordered(func(c *Corp) bool { return len(c.Trains) > f.Limit }) {
		g.r.Pending = append(g.r.Pending, pending{Kind: pendDiscard, Seat: c.President, Corp: c.Sym})
	}
}

// checkDiscard judges which train a company over its limit gives up
// (10.2.1).
func (g *Game) checkDiscard(a eighteen.Action) error {
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
func (g *Game) doDiscard(a eighteen.Action) error {
	c := g.Corp(g.r.Pending[0].Corp)
	size, _ := g.SizeOf(a.Args[0])
	i := slices.Index(c.Trains, size)
	c.Trains = slices.Delete(c.Trains, i, i+1)
	g.PoolTrains = append(g.PoolTrains, size)
	g.note("%s discards a %s-train to the open market (10.2.1)", c.Sym, g.Name(size))
	if len(c.Trains) <= g.phase().Limit {
		g.r.Pending = g.r.Pending[1:]
	}
	return nil
}
