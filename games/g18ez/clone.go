package g18ez

import "maps"

// Clone is a copy of the game that shares nothing it could change: the
// computer and the tests try moves on it.
func (g *Game) Clone() *Game {
	c := *g
	c.Base = g.CloneBase()
	c.Packet = g.Packet.Clone()
	if g.Hotel != nil {
		h := *g.Hotel
		c.Hotel = &h
	}
	c.r = g.r
	c.r.BoughtSR = make([]map[string]bool, len(g.r.BoughtSR))
	for i, m := range g.r.BoughtSR {
		c.r.BoughtSR[i] = maps.Clone(m)
	}
	c.r.Offer = g.r.Offer.Clone()
	c.wire()
	return &c
}
