package eighteen

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/railpost/railpost/games/hexgrid"
)

// net is one company's track reduced to its stops and the legs between
// them, built once per search and shared by every train the search runs.
// A leg is a stretch of track from one stop to the next, through sides
// only. A run is then a chain of legs that share no stop and no side,
// which is exactly the walk of AllRoutes (8.1 rules 3 and 4): the walk's
// seen set is the chain's stops and sides. The search's work grows with
// the legs rather than with every step along the track.
type net struct {
	l     *Layout
	corp  string
	phase int

	nodes    []Node // the stops, by index
	index    map[Node]int
	value    []int         // each stop's value in the phase
	cap      []int         // its value and the most the title's bonus adds for it
	blocked  []bool        // a run may end there but not pass through (8.1 rule 5)
	station  []bool        // the company's token is there
	stations []int         // the stops with its token
	legs     [][]leg       // by stop: best next stop first, each stop's together
	sideLegs [][]*leg      // by side: the legs crossing it
	sideIDs  [][]int32     // by side: the legs crossing it, by id, each once
	legEnds  [][2]int32    // by leg id: its stops
	segLegs  [][]*leg      // by stretch of track: the legs along it
	all      []*leg        // each leg one way round
	group    int           // the most legs to one stop from another
	groups   [][][2]int32  // by stop: where its legs to each other stop begin and end
	exits    [][]exit      // by stop: its legs, those that leave by one stretch of track together
	spare    []*search     // walks finished with, for reuse (newSearch)
	roots    map[int][]int // by a train's length: see search.roots
	crossing [][]int32     // by leg id: the legs, by id, that cross a side it crosses
	along    [][]int32     // by stretch of track: the legs along it, by id
	memo     memo
	walks    walkMemo  // see search.extendKnown
	byCap    []int     // stop indices, highest cap first
	hops     [][]uint8 // hops[a][b]: fewest legs from a to b, passing only open stops
	toStn    []uint8   // fewest legs from a stop to a station
	segs     []Segment // by the ids legs use
	sides    int       // how many sides the legs cross
	bounded  bool      // the bonus has a bound, so the caps are upper bounds

	// On a net of at most maxSmall stops (small), survey keeps sets of
	// stops as bits (see surveyBits).
	small    bool
	adj0     []uint64 // by stop: the stops its legs lead to, a bit a stop
	groupTo  []int16  // by pair of stops, from*stops+to: the group of from's legs to to
	touch    []uint64 // by leg id: the stops of the legs crossing its sides
	segTouch []uint64 // by stretch of track: the stops of the legs along it
}

// touchOf is the stops whose free legs change when leg id joins the run
// or leaves it (see freeOf); none on a net that is not small.
func (n *net) touchOf(id int) uint64 {
	if n.touch == nil {
		return 0
	}
	return n.touch[id]
}

// leg is one stretch of track between two stops.
type leg struct {
	id    int // the same both ways round
	from  int
	to    int
	sides []int32 // the sides it crosses, by id
	segs  []int32 // the stretches of hex track, by id, in order
}

// exit is a leg as ports reads it: the stretch of track it leaves its
// stop by, its far stop and its id, packed close.
type exit struct {
	seg, to, id int32
}

// far is a hop count meaning "not reachable".
const far = 255

// newNet builds a company's net: every stop a run of it can touch,
// found from its stations outwards, never through a stop a run may only
// end at (off-boards, others' full cities). Stops beyond such a stop are
// on no run of the company, since a run holds one of its stations.
func (l *Layout) newNet(corp string, phase int) *net {
	b := netBuilder{n: &net{l: l, corp: corp, phase: phase, index: map[Node]int{}},
		paths: map[hexgrid.Hex][][2]Node{}, segID: map[Segment]int32{}, sideID: map[Node]int32{}}
	n := b.n
	var queue []int
	for _, s := range l.Stations(corp) {
		queue = append(queue, b.stop(s))
		n.station[len(n.nodes)-1] = true
	}
	raw := map[int][]rawLeg{}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if _, done := raw[s]; done {
			continue
		}
		raw[s] = b.walk(n.nodes[s])
		if n.blocked[s] && !n.station[s] {
			continue // a run may start here, but it leads nowhere new
		}
		for _, r := range raw[s] {
			if _, known := n.index[r.to]; !known {
				b.stop(r.to)
			}
			queue = append(queue, n.index[r.to])
		}
	}
	n.legs = make([][]leg, len(n.nodes))
	for s := range n.nodes {
		if _, done := raw[s]; !done {
			raw[s] = b.walk(n.nodes[s]) // a blocked stop at the edge of the net
		}
		for _, r := range raw[s] {
			if t, ok := n.index[r.to]; ok {
				n.legs[s] = append(n.legs[s], leg{to: t, sides: r.sides, segs: r.segs})
			}
		}
	}
	n.sides = len(b.sideID)
	n.finish()
	return n
}

// finish works out what the search's bounds need: the caps, the stops in
// order of cap, and the hop counts.
func (n *net) finish() {
	l := n.l
	n.bounded = l.Bonus == nil || l.BonusBound != nil
	for i, s := range n.nodes {
		n.value[i] = l.Value(s, n.phase)
		n.cap[i] = n.value[i]
		if l.Bonus != nil && l.BonusBound != nil {
			n.cap[i] += max(0, l.BonusBound(n.corp, s, n.phase))
		}
	}
	n.byCap = make([]int, len(n.nodes))
	for i := range n.byCap {
		n.byCap[i] = i
	}
	slices.SortStableFunc(n.byCap, func(a, b int) int { return n.cap[b] - n.cap[a] })
	for s := range n.legs {
		slices.SortStableFunc(n.legs[s], func(a, b leg) int {
			return cmp.Or(n.cap[b.to]-n.cap[a.to], a.to-b.to, len(a.sides)-len(b.sides))
		})
	}
	n.sideLegs, n.segLegs = make([][]*leg, n.sides), make([][]*leg, len(n.segs))
	ids := map[string]int{} // a leg and its way back share an id
	for s := range n.legs {
		for i := range n.legs[s] {
			lg := &n.legs[s][i]
			lg.from = s
			key := fmt.Sprint(slices.Sorted(slices.Values(lg.segs)))
			id, ok := ids[key]
			if !ok {
				id = len(n.all)
				ids[key] = id
				n.all = append(n.all, lg)
			}
			lg.id = id
			for _, d := range lg.sides {
				n.sideLegs[d] = append(n.sideLegs[d], lg)
			}
			for _, g := range lg.segs {
				n.segLegs[g] = append(n.segLegs[g], lg)
			}
		}
	}
	n.conflicts()
	n.adjacency()
	n.hops = make([][]uint8, len(n.nodes))
	for s := range n.nodes {
		n.hops[s] = n.hopsFrom(s)
	}
	for s := range n.nodes {
		if n.station[s] {
			n.stations = append(n.stations, s)
		}
	}
	n.toStn = make([]uint8, len(n.nodes))
	for s := range n.nodes {
		n.toStn[s] = far
		for t, h := range n.hops[s] {
			if n.station[t] {
				n.toStn[s] = min(n.toStn[s], h)
			}
		}
	}
}

// conflicts works out, by leg id, the legs that cross a side of each
// (crossing) and the legs along each stretch of track (along), which the
// search counts what keeps a leg off a run by; and each stop's legs to
// each other stop (groups), the most of them (group), which the dominance
// test makes room for; and each stop's legs in order of the track they
// leave it by (exits), so that ports counts the ways out of a stop
// without reading every leg.
func (n *net) conflicts() {
	n.groups = make([][][2]int32, len(n.legs))
	for s, ls := range n.legs {
		for i := range ls {
			if i == 0 || ls[i-1].to != ls[i].to {
				n.groups[s] = append(n.groups[s], [2]int32{int32(i), int32(i)})
			}
			g := &n.groups[s][len(n.groups[s])-1]
			g[1]++
			n.group = max(n.group, int(g[1]-g[0]))
		}
	}
	n.exits = make([][]exit, len(n.legs))
	for s, ls := range n.legs {
		for _, lg := range ls {
			n.exits[s] = append(n.exits[s], exit{lg.segs[0], int32(lg.to), int32(lg.id)})
		}
		slices.SortStableFunc(n.exits[s], func(a, b exit) int { return cmp.Compare(a.seg, b.seg) })
	}
	n.along = make([][]int32, len(n.segs))
	for g, ls := range n.segLegs {
		for _, lg := range ls {
			if !slices.Contains(n.along[g], int32(lg.id)) {
				n.along[g] = append(n.along[g], int32(lg.id))
			}
		}
	}
	n.sideIDs = make([][]int32, n.sides)
	for d, ls := range n.sideLegs {
		for _, lg := range ls {
			if !slices.Contains(n.sideIDs[d], int32(lg.id)) {
				n.sideIDs[d] = append(n.sideIDs[d], int32(lg.id))
			}
		}
	}
	n.legEnds = make([][2]int32, len(n.all))
	for id, lg := range n.all {
		n.legEnds[id] = [2]int32{int32(lg.from), int32(lg.to)}
	}
	n.crossing = make([][]int32, len(n.all))
	for id, lg := range n.all {
		for _, d := range lg.sides {
			for _, o := range n.sideLegs[d] {
				if !slices.Contains(n.crossing[id], int32(o.id)) {
					n.crossing[id] = append(n.crossing[id], int32(o.id))
				}
			}
		}
	}
}

// hopsFrom counts the fewest legs from a stop to each other, passing
// through no stop a run must end at. A run's i-th stop after this one is
// at most i hops away, which is what bounds what it can still earn.
func (n *net) hopsFrom(s int) []uint8 {
	d := make([]uint8, len(n.nodes))
	for i := range d {
		d[i] = far
	}
	d[s] = 0
	queue := []int{s}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if x != s && n.blocked[x] {
			continue
		}
		for _, lg := range n.legs[x] {
			if d[lg.to] == far && d[x] < far-1 {
				d[lg.to] = d[x] + 1
				queue = append(queue, lg.to)
			}
		}
	}
	return d
}

// netBuilder numbers the stops, sides and stretches of track as it finds
// them, and keeps each hex's paths.
type netBuilder struct {
	n      *net
	paths  map[hexgrid.Hex][][2]Node
	segID  map[Segment]int32
	sideID map[Node]int32
}

// rawLeg is a leg before its far stop is numbered.
type rawLeg struct {
	to    Node
	sides []int32
	segs  []int32
}

func (b *netBuilder) stop(s Node) int {
	n := b.n
	i := len(n.nodes)
	n.index[s] = i
	n.nodes = append(n.nodes, s)
	n.value = append(n.value, 0)
	n.cap = append(n.cap, 0)
	n.blocked = append(n.blocked, n.l.Blocked(s, n.corp))
	n.station = append(n.station, false)
	return i
}

func (b *netBuilder) hexPaths(h hexgrid.Hex) [][2]Node {
	p, ok := b.paths[h]
	if !ok {
		p = b.n.l.paths(h)
		b.paths[h] = p
	}
	return p
}

func (b *netBuilder) seg(s Segment) int32 {
	id, ok := b.segID[s]
	if !ok {
		id = int32(len(b.n.segs))
		b.segID[s] = id
		b.n.segs = append(b.n.segs, s)
	}
	return id
}

func (b *netBuilder) side(s Node) int32 {
	id, ok := b.sideID[s]
	if !ok {
		id = int32(len(b.sideID))
		b.sideID[s] = id
	}
	return id
}

// walk follows the track from a stop through sides to every next stop,
// never crossing a side twice nor turning back at a tile's edge (8.1
// rules 4 and 6, as in AllRoutes), and lists each way as a leg.
func (b *netBuilder) walk(from Node) []rawLeg {
	var out []rawLeg
	var sides, segs []int32
	seen := map[Node]bool{}
	var on func(at Node, hex hexgrid.Hex, fromSide bool)
	on = func(at Node, hex hexgrid.Hex, fromSide bool) {
		for _, st := range stepsOn(b.hexPaths, at, hex, fromSide) {
			seg := b.seg(st.seg)
			if st.to.Stop >= 0 {
				if st.to != from {
					out = append(out, rawLeg{to: st.to, sides: slices.Clone(sides), segs: append(slices.Clone(segs), seg)})
				}
				continue
			}
			if seen[st.to] {
				continue
			}
			seen[st.to] = true
			sides, segs = append(sides, b.side(st.to)), append(segs, seg)
			on(st.to, st.seg.Hex, true)
			sides, segs = sides[:len(sides)-1], segs[:len(segs)-1]
			delete(seen, st.to)
		}
	}
	on(from, hexgrid.Hex{}, false)
	return out
}
