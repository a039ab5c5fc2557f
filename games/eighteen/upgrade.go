package eighteen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/railpost/railpost/games/hexgrid"
)

// link is one piece of a placed tile's connectivity: two edges joined by
// plain track, or an edge joined to a stop of a kind.
type link struct {
	a, b hexgrid.Edge
	stop int // 0: edge to edge; 1: edge to a city; 2: edge to a town
}

// links are what a tile at a rotation joins. Stops are told apart by kind
// only, which is exact while a tile has at most one stop of each kind: so
// it is for every tile that can be upgraded (two-town tiles cannot).
func (t *Tile) links(rotation int) []link {
	var out []link
	for _, p := range t.Rotated(rotation) {
		var l link
		switch {
		case p.A.Stop < 0 && p.B.Stop < 0:
			l = link{a: min(p.A.Edge, p.B.Edge), b: max(p.A.Edge, p.B.Edge)}
		case p.A.Stop >= 0 && p.B.Stop >= 0:
			continue // stop to stop: no edge to keep
		default:
			e, s := p.A, p.B
			if e.Stop >= 0 {
				e, s = s, e
			}
			l = link{a: e.Edge, b: e.Edge, stop: 2}
			if t.Stops[s.Stop].City {
				l.stop = 1
			}
		}
		if !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

// Replaces tells whether a tile at a rotation may replace another as laid,
// under the rules every title shares (1870 6.2): the next colour, the same
// cities and towns, and every piece of the old track kept. It does not
// judge labels or where the hex is; see Board.CanPlace.
func (t *Tile) Replaces(old *Tile, oldRot, rotation int) error {
	if t.Colour != old.Colour+1 {
		return fmt.Errorf("a %s tile replaces only a %s one (6.2)", t.Colour, t.Colour-1)
	}
	if t.Cities() != old.Cities() || t.Towns() != old.Towns() {
		return fmt.Errorf("tile #%s has %d cities and %d towns, #%s %d and %d; an upgrade keeps them (6.2, 6.4)",
			t.ID, t.Cities(), t.Towns(), old.ID, old.Cities(), old.Towns())
	}
	have := t.links(rotation)
	for _, l := range old.links(oldRot) {
		if !slices.Contains(have, l) {
			return fmt.Errorf("tile #%s at rotation %d does not keep #%s's track through %s (6.2)", t.ID, rotation, old.ID, l.a)
		}
	}
	return nil
}

// Upgrades are the rotations at which a tile may replace another.
func (t *Tile) Upgrades(old *Tile, oldRot int) []int {
	var out []int
	for r := range 6 {
		if t.Replaces(old, oldRot, r) == nil {
			out = append(out, r)
		}
	}
	return out
}

// Accepts tells whether a tile may stand on this hex at all: no tile on an
// off-board (6.1); a first tile with the hex's printed stops (6.4); and a
// labelled tile only where the hex asks for that label or tile, which it
// then must take (6.4.1). Reach, rotation and the tile before are for the
// caller.
func (s *Space) Accepts(t *Tile) error {
	if s.Kind == OffBoard {
		return fmt.Errorf("%s is off the board: no tile may be laid there (6.1)", s.Hex)
	}
	cities, towns := s.Kind.stops()
	if t.Cities() != cities || t.Towns() != towns {
		return fmt.Errorf("%s is printed with %s; tile #%s does not match it (6.4)", s.Hex, s.Kind, t.ID)
	}
	want := s.Upgrades[t.Colour]
	switch {
	case want != "" && t.Label != want && t.ID != want:
		what := "the tile labelled " + want
		if strings.ContainsAny(want, "0123456789") {
			what = "tile #" + want
		}
		return fmt.Errorf("%s takes only %s as its %s tile (6.4.1)", s.Hex, what, t.Colour)
	case want == "" && t.Label != "":
		return fmt.Errorf("tile #%s, labelled %s, goes only on the hexes that ask for it (6.4.1)", t.ID, t.Label)
	}
	return nil
}

// stops are the cities and towns a hex of this kind is printed with.
func (k Kind) stops() (cities, towns int) {
	switch k {
	case Town:
		return 0, 1
	case Towns:
		return 0, 2
	case City:
		return 1, 0
	}
	return 0, 0
}
