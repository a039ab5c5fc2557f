package g1870

import (
	"slices"
)

// Clone is a copy of the game that shares nothing a move changes, so that
// a move can be tried, or a position searched, without replaying the log.
func (g *Game) Clone() *Game {
	c := *g
	c.Base = g.CloneBase()
	for _, t := range []**Token{&c.Cattle, &c.Port} {
		if *t != nil {
			x := **t
			*t = &x
		}
	}
	c.r = g.r.clone()
	c.wire()
	return &c
}

// clone copies the round's state for another game.
func (r round) clone() round {
	r.Sales = slices.Clone(r.Sales)
	r.Pending = slices.Clone(r.Pending)
	r.Auction = r.Auction.Clone()
	r.Offer = r.Offer.Clone()
	return r
}
