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
	c.Trains = g.Trains.Copy()
	c.Events = slices.Clone(g.Events)
	c.Players = eighteen.ClonePlayers(g.Players)
	c.Corps, c.bySym = eighteen.CloneCorps(g.Corps, (*Corp).Core)
	c.Privates = eighteen.ClonePrivates(g.Privates)
	c.Packet = g.Packet.Clone()
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
