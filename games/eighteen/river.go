package eighteen

import (
	"slices"

	"github.com/railpost/railpost/games/hexgrid"
)

// CrossesRiver tells whether a tile at a rotation would carry track over
// the river that splits this hex: a stretch of track joining edges of
// both banks, or a stop whose track leaves by the other bank than the one
// it stands on. Track along one bank does not cross (1870 15.2, the
// Mississippi River Bridge Company). A hex with no river is never crossed.
func (s *Space) CrossesRiver(t *Tile, rotation int) bool {
	if len(s.River) != 2 {
		return false
	}
	bank := func(e hexgrid.Edge) int {
		if slices.Contains(s.River[0], e) {
			return 0
		}
		return 1
	}
	stopBank := map[int]int{} // stop -> bank of the first edge joined to it
	for _, p := range t.Rotated(rotation) {
		a, b := p.A, p.B
		switch {
		case a.Stop < 0 && b.Stop < 0:
			if bank(a.Edge) != bank(b.Edge) {
				return true
			}
		case a.Stop >= 0 && b.Stop >= 0:
		default:
			if a.Stop >= 0 {
				a, b = b, a
			}
			if len(s.StopSide) > 0 && !slices.Contains(s.StopSide, a.Edge) {
				return true
			}
			if seen, ok := stopBank[b.Stop]; ok && seen != bank(a.Edge) {
				return true
			}
			stopBank[b.Stop] = bank(a.Edge)
		}
	}
	return false
}

// Hexside is a side between two hexes. Its canonical form names it from
// the hex that comes first in row then column order, so that a side
// written from either hex is the same key.
type Hexside struct {
	Hex  hexgrid.Hex
	Edge hexgrid.Edge
}

// SideOf is the side of h across e, in its canonical form.
func SideOf(h hexgrid.Hex, e hexgrid.Edge) Hexside {
	n := h.Neighbour(e)
	if n.Row < h.Row || (n.Row == h.Row && n.Col < h.Col) {
		return Hexside{Hex: n, Edge: e.Opposite()}
	}
	return Hexside{Hex: h, Edge: e}
}

// RiverSides are what a company pays to lay track that abuts a river
// hexside, by side (18MW 6: $40 for a Mississippi side, $20 for any other
// river's; a lay pays for each side its new track abuts, and an upgrade
// for the sides the track it adds abuts, so a tile joining one already
// paid for pays again). Titles without river sides leave it empty.
type RiverSides map[Hexside]int

// Cost is what a lay pays for the river sides its new track abuts; old is
// the tile it replaces, nil tile for a first lay.
func (r RiverSides) Cost(lay Lay, old Placed) int {
	if len(r) == 0 {
		return 0
	}
	var kept []link
	if old.Tile != nil {
		kept = old.Tile.links(old.Rotation)
	}
	paid := map[Hexside]bool{}
	cost := 0
	for _, k := range lay.Tile.links(lay.Rotation) {
		if slices.Contains(kept, k) {
			continue
		}
		for _, e := range []hexgrid.Edge{k.a, k.b} {
			if s := SideOf(lay.Hex, e); !paid[s] {
				paid[s] = true
				cost += r[s]
			}
		}
	}
	return cost
}
