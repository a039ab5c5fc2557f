package g18ez

import (
	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/hexgrid"
)

// homeFirst tells whether a company's first lay must go on its home
// city, still bare (2.3).
func (g *Game) homeFirst(c *Corp) bool {
	_, tiled := g.Layout.Tiles[c.Home]
	return !c.Operating && c.Kind != kindSystem && !tiled
}

// reachFor is where a company may build and place stations from: what
// it can trace from its home station (2.3, 2.5), for a first lay on its
// bare home city that city alone, and for the Black Line, which has no
// home, from any of its stations (rulings EZ17).
func (g *Game) reachFor(c *Corp) map[eighteen.Node]bool {
	if g.homeFirst(c) {
		return map[eighteen.Node]bool{{Hex: c.Home, Stop: 0}: true}
	}
	if c.Kind == kindSystem {
		return g.Layout.Reach(c.Sym)
	}
	var home []eighteen.Node
	for _, n := range g.Layout.Stations(c.Sym) {
		if n.Hex == c.Home {
			home = append(home, n)
		}
	}
	return g.Layout.ReachFrom(c.Sym, home)
}

// track is 18EZ's track step: one lay or upgrade an OR, the first on
// the company's bare home city (2.3), the tile left in the supply.
func (g *Game) track() eighteen.TrackRules[Corp] {
	return eighteen.TrackRules[Corp]{Policy: eighteen.OneLayOrUpgrade, Example: "LAY E9 57 1",
		Used:   func() eighteen.TrackUsed { return eighteen.TrackUsed{Tiles: eighteen.Bit(g.r.Laid)} },
		Record: func(u eighteen.TrackUsed) { g.r.Laid = u.Tiles > 0 },
		Reach:  g.reachFor,
		Reaches: func(c *Corp, reach map[eighteen.Node]bool, h hexgrid.Hex) bool {
			return (!g.homeFirst(c) || h == c.Home) && eighteen.ReachesHex(reach, h)
		},
		Allowed: func(c *Corp, lay eighteen.Lay) error {
			if g.homeFirst(c) && lay.Hex != c.Home {
				return eighteen.RuleError("2.3", "%s's first tile must go on its home city %s", c.Sym, c.Home)
			}
			return nil
		},
		Laid: func(c *Corp, t eighteen.LaidTile) {
			g.Note("%s lays tile #%s on %s (2.3)", c.Sym, t.Tile.ID, t.Hex)
			g.placeHome(c)
		}}
}

// layError judges a lay by a company from a reach already found.
func (g *Game) layError(c *Corp, reach map[eighteen.Node]bool, lay eighteen.Lay) error {
	return g.LayError(g.track(), c, reach, lay)
}
