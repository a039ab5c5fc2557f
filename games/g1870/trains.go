package g1870

import (
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
	if held := g.Players[seat].Units(c.Sym); held > 6 && !g.unlimited(c) {
		allowance = held - 6
	}
	return g.ForcedSaleError(g.buying(), seat, c, n, allowance)
}

// shop is how 1870 writes a purchase: BUYTRAIN 3 DEPOT, BUYTRAIN 3 POOL,
// BUYTRAIN 3 MP 100 (10.4, 10.5).
var shop = eighteen.Shop{Bank: "DEPOT", Example: "MP"}

// phasing is what comes with a phase (4.2): obsolete trains scrapped
// (10.3), privates closed (12.4), the Cattle and port tokens removed
// (4.2.5), and a company over the new limit asked which train it
// discards (10.2.1).
func (g *Game) phasing() *eighteen.Phasing[Corp] {
	return &eighteen.Phasing[Corp]{Notes: eighteen.PhaseNotes{Begins: "phase %[1]d begins", Rusted: "the %s-trains are scrapped (10.3)",
		Closed: "the private companies close (12.4)"},
		Limit: func(*Corp) int { return g.Current().Limit },
		Events: func(ev string) {
			if ev == portsGone && (g.Cattle != nil || g.Port != nil) {
				g.Cattle, g.Port = nil, nil
				g.Note("the Cattle and port tokens come off the map (4.2.5)")
			}
		},
		Discard: func(c *Corp) {
			g.r.Pending = append(g.r.Pending, pending{Kind: pendDiscard, Seat: c.President, Corp: c.Sym})
		}}
}

// newPhase begins phase p.
func (g *Game) newPhase(p int) { g.BeginPhase(g.phasing(), p) }

// discarding is the question to a company over its limit (10.2.1).
func (g *Game) discarding() *eighteen.Discarding[Corp] {
	return &eighteen.Discarding[Corp]{Rule: "10.2.1", Limit: func(*Corp) int { return g.Current().Limit },
		Note: "%s discards a %s-train to the open market (10.2.1)",
		Due: func() *Corp {
			if !g.asked(pendDiscard) {
				return nil
			}
			return g.Corp(g.r.Pending[0].Corp)
		},
		Done: func() { g.r.Pending = g.r.Pending[1:] }}
}
