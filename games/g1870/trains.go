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

// buying is 1870's buying of trains (10): from the bank in order, the
// open market or another company at an agreed price within its cash
// (10.4, 10.5); up to the phase's limit (10.2); the president paying
// what the company lacks for the cheapest train only when it must buy
// one (10.6, 10.6.1), selling shares first if he must (10.6.2), and
// bankrupt when no sale is left (13.1).
func (g *Game) buying() *eighteen.Buying[Corp] {
	return &eighteen.Buying[Corp]{Shop: shop, Bankruptcy: bankruptcy,
		Rules: eighteen.BuyRules{Order: "4.1", Limit: "10.2", Price: "10.6.1", Cheapest: "10.6", MustSell: "10.6.2", Sale: "10.6.2", Done: "10.1", Bankrupt: "13.1"},
		Notes: eighteen.BuyNotes{Bought: "%[1]s buys a %[2]s-train for $%[3]d", HelpedSuffix: " with its president's help"},
		Limit: func(*Corp) int { return g.Current().Limit }, MustBuy: g.mustBuy,
		Check: func(a move.Action) error { _, err := g.operating(a, a.Verb); return err },
		Sell:  eighteen.Pair(g.checkSellMove, g.doSell),
		Offer: func(a move.Action, to int, pu eighteen.Purchase) error {
			return g.offer(a, to, "%s offers %s $%d for a %s-train (10.5)", g.r.Corp, pu.Seller, pu.Price, g.Name(pu.Size))
		},
		Phase: g.newPhase, Finish: g.finishTurn}
}

// checkForcedSale judges a president's sale to pay for a forced train
// (10.6.2): no more shares than the need unless he holds over 60%, when
// he may come down to it (exception one).
func (g *Game) checkForcedSale(seat int, c *Corp, n int) error {
	allowance := 0
	if held := g.Players[seat].Shares[c.Sym]; held > 6 && !g.unlimited(c) {
		allowance = held - 6
	}
	return g.ForcedSaleError(g.buying(), seat, c, n, allowance)
}

// shop is how 1870 writes a purchase: BUYTRAIN 3 DEPOT, BUYTRAIN 3 POOL,
// BUYTRAIN 3 MP 100 (10.4, 10.5).
var shop = eighteen.Shop{Bank: "DEPOT", Example: "MP"}

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
