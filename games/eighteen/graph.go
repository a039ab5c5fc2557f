package eighteen

import (
	"fmt"
	"slices"

	"github.com/railpost/railpost/games/hexgrid"
)

// Placed is a tile as laid: its design and rotation.
type Placed struct {
	Tile     *Tile
	Rotation int
}

// Layout is the track on a board: the tiles laid and the station tokens
// in each city, by the tile's stop index.
type Layout struct {
	Board  *Board
	Tiles  map[hexgrid.Hex]Placed
	Tokens map[hexgrid.Hex]map[int][]string // hex -> stop -> corporations
	// Extra are tokens beside a city's first stop rather than in a slot
	// (1870's non-blocking destination tokens, 16.4): a station for its
	// company that fills no slot and blocks no one.
	Extra map[hexgrid.Hex][]string
	// Bonus is what a title adds to a run for its own reasons (1870's
	// destination, cattle and port tokens), given the run's stops in
	// order. Nil adds nothing.
	Bonus func(corp string, stops []Node, phase int) int
	// BonusBound is, for a title with a Bonus, the most one stop can add
	// to any run's bonus: Bonus(corp, stops, phase) is never more than the
	// sum of BonusBound over the stops. The route search counts it in its
	// bounds, which is what lets it cut runs without losing the best. A
	// Bonus without a BonusBound makes the search try every run.
	BonusBound func(corp string, n Node, phase int) int
	// Cite turns the rule numbers the core's track errors give (1870's:
	// 6.1 to 6.4.1) into the title's own; nil keeps them.
	Cite Cite
}

// NewLayout is a board with no tokens and no track but its printed tiles
// (Space.Printed), which stand as if laid so that upgrading them, running
// over them and placing tokens on them need nothing of their own.
func NewLayout(b *Board) *Layout {
	l := &Layout{Board: b, Tiles: map[hexgrid.Hex]Placed{}, Tokens: map[hexgrid.Hex]map[int][]string{}}
	for h, s := range b.Spaces {
		if s.Printed.Tile != nil {
			l.Tiles[h] = s.Printed
		}
	}
	return l
}

// Node is a point of the track graph: a stop (Stop >= 0) or a hex side,
// named from the hex whose row and column come first.
type Node struct {
	Hex  hexgrid.Hex
	Stop int // -1 for a side
	Side hexgrid.Edge
}

func (n Node) String() string {
	if n.Stop >= 0 {
		return fmt.Sprintf("%s stop %d", n.Hex, n.Stop)
	}
	return fmt.Sprintf("%s %s side", n.Hex, n.Side)
}

func sideNode(h hexgrid.Hex, e hexgrid.Edge) Node {
	n := h.Neighbour(e)
	if n.Row < h.Row || (n.Row == h.Row && n.Col < h.Col) {
		return Node{Hex: n, Stop: -1, Side: e.Opposite()}
	}
	return Node{Hex: h, Stop: -1, Side: e}
}

// paths are the stretches of track in a hex, as the graph's nodes: a laid
// tile's, or an off-board's printed track from each exit to its stop.
// Track to a side that cannot be crossed leads nowhere and is left out.
func (l *Layout) paths(h hexgrid.Hex) [][2]Node {
	var out [][2]Node
	end := func(e End) Node {
		if e.Stop >= 0 {
			return Node{Hex: h, Stop: e.Stop}
		}
		return sideNode(h, e.Edge)
	}
	ok := func(e End) bool { return e.Stop >= 0 || l.Board.Passable(h, e.Edge) }
	if s := l.Board.Space(h); s != nil && s.Kind == OffBoard {
		for _, e := range s.Exits {
			if l.Board.Passable(h, e) {
				out = append(out, [2]Node{sideNode(h, e), {Hex: h, Stop: 0}})
			}
		}
		return out
	}
	p, laid := l.Tiles[h]
	if !laid {
		return nil
	}
	for _, path := range p.Tile.Rotated(p.Rotation) {
		if ok(path.A) && ok(path.B) {
			out = append(out, [2]Node{end(path.A), end(path.B)})
		}
	}
	return out
}

// step is a way on from a node: the segment taken and the node reached.
type step struct {
	seg Segment
	to  Node
}

// steps are the ways on from n. A side joins the track of the two hexes it
// divides; reached from one of them (fromSide), it leads only into the
// other.
func (l *Layout) steps(n Node, from hexgrid.Hex, fromSide bool) []step {
	return stepsOn(l.paths, n, from, fromSide)
}

// stepsOn is steps over any table of a hex's paths, so that the route
// search can work them out once per hex rather than once per step.
func stepsOn(paths func(hexgrid.Hex) [][2]Node, n Node, from hexgrid.Hex, fromSide bool) []step {
	hexes := []hexgrid.Hex{n.Hex}
	if n.Stop < 0 {
		hexes = append(hexes, n.Hex.Neighbour(n.Side))
	}
	var out []step
	for _, h := range hexes {
		if fromSide && h == from {
			continue // no turning back at a tile's edge (8.1 rules 4, 6)
		}
		for i, p := range paths(h) {
			switch n {
			case p[0]:
				out = append(out, step{Segment{h, i}, p[1]})
			case p[1]:
				out = append(out, step{Segment{h, i}, p[0]})
			}
		}
	}
	return out
}

// Blocked tells whether a company may not run through a stop: an
// off-board ends every route, and a city whose every slot holds another
// company's token may be run to but not through (1870 8.1, rule 5).
func (l *Layout) Blocked(n Node, corp string) bool {
	if n.Stop < 0 {
		return false
	}
	s := l.Board.Space(n.Hex)
	if s != nil && s.Kind == OffBoard {
		return true
	}
	p, laid := l.Tiles[n.Hex]
	if !laid || n.Stop >= len(p.Tile.Stops) || !p.Tile.Stops[n.Stop].City {
		return false
	}
	tokens := l.Tokens[n.Hex][n.Stop]
	if n.Stop == 0 && slices.Contains(l.Extra[n.Hex], corp) {
		return false
	}
	return len(tokens) >= p.Tile.Stops[n.Stop].Slots && !slices.Contains(tokens, corp)
}

// Stations are the stops where a company has a token, in board order.
func (l *Layout) Stations(corp string) []Node {
	var out []Node
	for _, h := range l.Board.Order {
		stops := make([]int, 0, len(l.Tokens[h]))
		for stop, corps := range l.Tokens[h] {
			if slices.Contains(corps, corp) {
				stops = append(stops, stop)
			}
		}
		if slices.Contains(l.Extra[h], corp) && !slices.Contains(stops, 0) {
			stops = append(stops, 0)
		}
		slices.Sort(stops)
		for _, stop := range stops {
			out = append(out, Node{Hex: h, Stop: stop})
		}
	}
	return out
}

// Reach is every node a company's trains could get to from its stations,
// with a train of any length (1870 6.1, 6.2): through open track, into
// but not through a blocked city or an off-board, and never turning back
// at a tile's edge or going back the way it came (8.1 rules 4 and 6),
// which is why the search remembers the stretch of track it arrived by.
func (l *Layout) Reach(corp string) map[Node]bool {
	return l.ReachFrom(corp, l.Stations(corp))
}

// ReachFrom is Reach traced from some of a company's stations only: a
// title whose track and stations must be reached from the home station
// (18EZ 2.3, 2.5) passes that one.
func (l *Layout) ReachFrom(corp string, from []Node) map[Node]bool {
	type visit struct {
		n   Node
		via Segment // the stretch arrived by; none at a station
		on  bool    // whether there is one
	}
	reach := map[Node]bool{}
	seen := map[visit]bool{}
	var queue []visit
	for _, s := range from {
		reach[s] = true
		queue = append(queue, visit{n: s})
	}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		if seen[v] {
			continue
		}
		seen[v] = true
		// A company may run from its token on an off-board (11.4.1) but
		// never through one or through another's full city.
		if v.on && l.Blocked(v.n, corp) {
			continue
		}
		for _, st := range l.steps(v.n, v.via.Hex, v.on && v.n.Stop < 0) {
			if v.on && st.seg == v.via {
				continue
			}
			reach[st.to] = true
			queue = append(queue, visit{n: st.to, via: st.seg, on: true})
		}
	}
	return reach
}

// ReachesHex tells whether a company's reach touches a hex: one of its
// sides or stops. A company may lay or upgrade track only there.
func ReachesHex(reach map[Node]bool, h hexgrid.Hex) bool {
	for n := range reach {
		if n.Hex == h && n.Stop >= 0 {
			return true
		}
		if n.Stop < 0 && (n.Hex == h || n.Hex.Neighbour(n.Side) == h) {
			return true
		}
	}
	return false
}
