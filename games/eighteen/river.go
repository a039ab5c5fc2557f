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
