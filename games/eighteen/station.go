package eighteen

import (
	"fmt"
	"slices"

	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
)

// FreeCity is the first city on a hex's tile with room for a station, or
// -1: where the next station there goes.
func (l *Layout) FreeCity(h hexgrid.Hex) int {
	p, ok := l.Tiles[h]
	if !ok {
		return -1
	}
	for i, st := range p.Tile.Stops {
		if st.City && len(l.Tokens[h][i]) < max(1, st.Slots) {
			return i
		}
	}
	return -1
}

// Place puts a company's station in a city of a hex.
func (l *Layout) Place(h hexgrid.Hex, stop int, corp string) {
	if l.Tokens[h] == nil {
		l.Tokens[h] = map[int][]string{}
	}
	l.Tokens[h][stop] = append(l.Tokens[h][stop], corp)
}

// StationError judges a company's station on a hex, the rules every
// title shares (1870 7.3): a city tile there with room, none of its own
// stations on the tile already, a route to the city from what it reaches,
// and the room left that the companies based there, yet to place their
// home station (waiting), need. It returns the city the station goes in.
// What a station costs, and who may place one, are the title's.
func (l *Layout) StationError(corp string, reach map[Node]bool, h hexgrid.Hex, waiting int) (int, error) {
	stop, err := l.station(corp, reach, h, waiting)
	return stop, l.Cite.Recite(err)
}

func (l *Layout) station(corp string, reach map[Node]bool, h hexgrid.Hex, waiting int) (int, error) {
	p, ok := l.Tiles[h]
	if !ok || p.Tile.Cities() == 0 {
		return -1, fmt.Errorf("%s has no city tile to hold a station (7.3)", h)
	}
	for _, syms := range l.Tokens[h] {
		if slices.Contains(syms, corp) {
			return -1, fmt.Errorf("%s has a station on %s already (7.3)", corp, h)
		}
	}
	if slices.Contains(l.Extra[h], corp) {
		return -1, fmt.Errorf("%s has a station on %s already (7.3)", corp, h)
	}
	stop := l.FreeCity(h)
	if stop < 0 {
		return -1, fmt.Errorf("%s has no room for another station (7.3)", h)
	}
	if !reach[Node{Hex: h, Stop: stop}] {
		return -1, fmt.Errorf("%s cannot trace a route to %s (7.3)", corp, h)
	}
	free := 0
	for i, st := range p.Tile.Stops {
		if st.City {
			free += max(1, st.Slots) - len(l.Tokens[h][i])
		}
	}
	if free <= waiting {
		return -1, fmt.Errorf("the last room on %s is kept for the company based there, which has yet to place its home station (7.3)", h)
	}
	return stop, nil
}

// StationOptions are TOKEN on each hex of the board's order the query
// allows where judge accepts a station.
func (l *Layout) StationOptions(seat int, q move.Query, judge func(hexgrid.Hex) bool) []move.Option {
	var out []move.Option
	for _, h := range l.Board.Order {
		if q.Wants("TOKEN", h.String()) && judge(h) {
			out = append(out, move.Opt(seat, "TOKEN", h.String()))
		}
	}
	return out
}

// Waiting counts the companies other than by based on a hex that have
// yet to place their home station there: the room a station on the hex
// must leave them.
func Waiting(corps []*Corporation, by *Corporation, h hexgrid.Hex) int {
	n := 0
	for _, c := range corps {
		if c != by && !c.Closed && !c.Operating && c.Home == h {
			n++
		}
	}
	return n
}
