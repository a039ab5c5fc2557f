package g1870

import (
	"maps"
	"slices"

	"github.com/railpost/railpost/games/eighteen"
)

// Clone is a copy of the game that shares nothing a move changes, so that
// a move can be tried, or a position searched, without replaying the log.
func (g *Game) Clone() *Game {
	c := *g
	c.Layout = g.Layout.Clone()
	c.Layout.Bonus, c.Layout.BonusBound = c.bonus, c.bonusBound
	c.Left = maps.Clone(g.Left)
	c.Pool = maps.Clone(g.Pool)
	c.Trains = g.Trains.Copy()
	c.Events = slices.Clone(g.Events)
	c.Players = eighteen.ClonePlayers(g.Players)
	c.Corps, c.bySym = eighteen.CloneCorps(g.Corps, (*Corp).Core)
	c.Privates = eighteen.ClonePrivates(g.Privates)
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
