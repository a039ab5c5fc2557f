package g18ez

import (
	"maps"
	"slices"

	"github.com/railpost/railpost/games/eighteen"
)

// Clone is a copy of the game that shares nothing it could change: the
// computer and the tests try moves on it.
func (g *Game) Clone() *Game {
	c := *g
	c.Layout = g.Layout.Clone()
	c.Layout.Bonus, c.Layout.BonusBound = c.hotelBonus, c.hotelBound
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
	c.Packet = clonePacket(g.Packet)
	if g.Ending != nil {
		e := *g.Ending
		c.Ending = &e
	}
	if g.Hotel != nil {
		h := *g.Hotel
		c.Hotel = &h
	}
	c.r = g.r
	c.r.BoughtSR = make([]map[string]bool, len(g.r.BoughtSR))
	for i, m := range g.r.BoughtSR {
		c.r.BoughtSR[i] = maps.Clone(m)
	}
	if g.r.Offer != nil {
		o := *g.r.Offer
		o.Move.Args = slices.Clone(o.Move.Args)
		c.r.Offer = &o
	}
	c.rounds = c.buildRounds()
	return &c
}

func clonePacket(p eighteen.Packet) eighteen.Packet {
	q := eighteen.Packet{Items: slices.Clone(p.Items)}
	for i := range q.Items {
		q.Items[i].Bids = slices.Clone(p.Items[i].Bids)
	}
	if p.Auction != nil {
		a := *p.Auction
		a.In = slices.Clone(p.Auction.In)
		q.Auction = &a
	}
	return q
}
