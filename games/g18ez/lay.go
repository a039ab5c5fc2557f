package g18ez

import (
	"slices"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
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

// layError judges a lay by a company, beyond the core's rules: one a
// turn, home first, a tile left in the supply (2.3).
func (g *Game) layError(c *Corp, reach map[eighteen.Node]bool, lay eighteen.Lay) error {
	if g.Left[lay.Tile.ID] <= 0 {
		return errRule("appendix", "no tile #%s is left", lay.Tile.ID)
	}
	if g.homeFirst(c) && lay.Hex != c.Home {
		return errRule("2.3", "%s's first tile must go on its home city %s", c.Sym, c.Home)
	}
	_, err := g.Layout.CheckFrom(reach, lay, g.TileColours())
	return err
}

// layOptions are the company's legal lays, narrowed by the query's hex
// and tile.
func (g *Game) layOptions(seat int, c *Corp, q move.Query) []move.Option {
	if c == nil || g.r.Laid {
		return nil
	}
	reach := g.reachFor(c)
	return g.Layout.Lays(seat, g.Left, g.Tiles(), q,
		func(h hexgrid.Hex) bool { return (!g.homeFirst(c) || h == c.Home) && eighteen.ReachesHex(reach, h) },
		g.mayFit,
		func(h hexgrid.Hex, id string, rot int) bool {
			return g.layError(c, reach, eighteen.Lay{Corp: c.Sym, Hex: h, Tile: g.Tiles()[id], Rotation: rot}) == nil
		})
}

// layTerms reads LAY hex tile rotation.
func (g *Game) layTerms(a move.Action, c *Corp) (eighteen.Lay, error) {
	if len(a.Args) != 3 {
		return eighteen.Lay{}, errRule("2.3", "write LAY, the hex, the tile and its rotation 0 to 5, as LAY E9 57 1")
	}
	h, err := hexgrid.ParseHex(a.Args[0])
	if err != nil {
		return eighteen.Lay{}, err
	}
	t := g.Tiles()[a.Args[1]]
	r, ok := atoi(a.Args[2])
	if t == nil || !ok || r < 0 || r > 5 {
		return eighteen.Lay{}, errRule("2.3", "write LAY, the hex, a tile of the manifest and a rotation 0 to 5")
	}
	return eighteen.Lay{Corp: c.Sym, Hex: h, Tile: t, Rotation: r}, nil
}

func (g *Game) checkLay(a move.Action) error {
	c := g.Operating()
	if g.r.Laid {
		return errRule("2.3", "a railroad lays or upgrades one tile an OR")
	}
	lay, err := g.layTerms(a, c)
	if err != nil {
		return err
	}
	return g.layError(c, g.reachFor(c), lay)
}

func (g *Game) doLay(a move.Action) error {
	c := g.Operating()
	lay, _ := g.layTerms(a, c)
	g.place(lay)
	g.Note("%s lays tile #%s on %s (2.3)", c.Sym, lay.Tile.ID, lay.Hex)
	g.r.Laid = true
	g.placeHome(c)
	g.r.Step = eighteen.StepToken
	return nil
}

// place puts a tile down, the old one back in the supply; stations stay
// in their cities (2.4).
func (g *Game) place(lay eighteen.Lay) {
	if old, ok := g.Layout.Tiles[lay.Hex]; ok {
		if _, counted := g.Left[old.Tile.ID]; counted {
			g.Left[old.Tile.ID]++
		}
	}
	g.Left[lay.Tile.ID]--
	g.Layout.Tiles[lay.Hex] = eighteen.Placed{Tile: lay.Tile, Rotation: lay.Rotation}
}

// mayFit is a quick look before the rules' full check, which explains
// each refusal and so costs more: the tile is of the colour after the
// hex's (yellow on a bare hex), one the phase allows, with the stops the
// hex has. It never refuses a lay the full check allows.
func (g *Game) mayFit(h hexgrid.Hex, t *eighteen.Tile) bool {
	want := eighteen.Yellow
	cities, towns := 0, 0
	if old, ok := g.Layout.Tiles[h]; ok {
		want = old.Tile.Colour + 1
		cities, towns = old.Tile.Cities(), old.Tile.Towns()
	} else {
		switch g.Board().Space(h).Kind {
		case eighteen.City:
			cities = 1
		case eighteen.Town:
			towns = 1
		case eighteen.Towns:
			towns = 2
		}
	}
	return t.Colour == want && slices.Contains(g.TileColours(), want) && t.Cities() == cities && t.Towns() == towns
}
