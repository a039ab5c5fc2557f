package g1870

import (
	"maps"
	"slices"
)

// Clone is a copy of the game that shares nothing a move changes, so that
// a move can be tried, or a position searched, without replaying the log.
func (g *Game) Clone() *Game {
	c := *g
	c.Layout = g.Layout.Clone()
	c.Layout.Bonus, c.Layout.BonusBound = c.bonus, c.bonusBound
	c.Left = maps.Clone(g.Left)
	c.Pool = maps.Clone(g.Pool)
	c.PoolTrains = slices.Clone(g.PoolTrains)
	c.Depot = slices.Clone(g.Depot)
	c.Events = slices.Clone(g.Events)
	c.Players = make([]*Player, len(g.Players))
	for i, p := range g.Players {
		q := *p
		q.Shares, q.Sold = maps.Clone(p.Shares), maps.Clone(p.Sold)
		c.Players[i] = &q
	}
	c.Corps = make([]*Corp, len(g.Corps))
	c.bySym = make(map[string]*Corp, len(g.Corps))
	for i, x := range g.Corps {
		y := *x
		y.TokenCosts, y.Trains = slices.Clone(x.TokenCosts), slices.Clone(x.Trains)
		c.Corps[i], c.bySym[y.Sym] = &y, &y
	}
	c.Privates = make([]*Private, len(g.Privates))
	for i, p := range g.Privates {
		q := *p
		q.Bids = maps.Clone(p.Bids)
		c.Privates[i] = &q
	}
	if g.Ending != nil {
		e := *g.Ending
		c.Ending = &e
	}
	for _, t := range []**Token{&c.Cattle, &c.Port} {
		if *t != nil {
			x := **t
			*t = &x
		}
	}
	c.r = g.r.clone(&c)
	c.rounds = c.buildRounds()
	return &c
}

// clone copies the round's state for another game, pointing at its copy
// of the operating company.
func (r round) clone(g *Game) round {
	r.Sales = slices.Clone(r.Sales)
	r.Pending = slices.Clone(r.Pending)
	if r.Auction != nil {
		a := *r.Auction
		a.Bidders = slices.Clone(a.Bidders)
		r.Auction = &a
	}
	if r.Corp != nil {
		r.Corp = g.Corp(r.Corp.Sym)
	}
	if r.Offer != nil {
		o := *r.Offer
		o.Move.Args = slices.Clone(o.Move.Args)
		r.Offer = &o
	}
	return r
}
