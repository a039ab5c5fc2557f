package eighteen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/railpost/railpost/games/hexgrid"
)

// Segment is one stretch of track a route uses: a path of a hex, by its
// index in the hex's track.
type Segment struct {
	Hex  hexgrid.Hex
	Path int
}

// Route is one train's run: its stops in order and the track it uses.
type Route struct {
	Stops    []Node
	Segments []Segment
	Revenue  int
}

// Value is what a stop is worth to a train: a tile's printed value, or
// an off-board's for the phase's colour (0 yellow, 1 brown, 2 blue).
func (l *Layout) Value(n Node, phase int) int {
	if s := l.Board.Space(n.Hex); s != nil && s.Kind == OffBoard {
		return s.Revenue[min(phase, len(s.Revenue)-1)]
	}
	p, ok := l.Tiles[n.Hex]
	if !ok || n.Stop >= len(p.Tile.Stops) {
		return 0
	}
	return p.Tile.Stops[n.Stop].Revenue
}

// Revenue is what a run through these stops earns a company: the stops'
// values and any title bonus.
func (l *Layout) Revenue(corp string, stops []Node, phase int) int {
	total := 0
	for _, s := range stops {
		total += l.Value(s, phase)
	}
	if l.Bonus != nil {
		total += l.Bonus(corp, stops, phase)
	}
	return total
}

// AllRoutes lists every legal run of a train that counts at most length
// stops (8.1, 8.2): from stop to stop, two stops at least and one of them
// the company's station; no track used twice, no stop visited twice, no
// running through a full city of others or an off-board. Each run is
// listed once, in one direction. It is the exhaustive search the optimal
// one is tested against.
func (l *Layout) AllRoutes(corp string, length, phase int) []Route {
	if length < 2 {
		return nil // a run counts two stops at least (8.1 rule 1)
	}
	reach := l.Reach(corp)
	stations := map[Node]bool{}
	for _, s := range l.Stations(corp) {
		stations[s] = true
	}
	var starts []Node
	for n := range reach {
		if n.Stop >= 0 {
			starts = append(starts, n)
		}
	}
	slices.SortFunc(starts, nodeOrder)
	var out []Route
	for _, s := range starts {
		w := walk{l: l, corp: corp, length: length, phase: phase, stations: stations, seen: map[Node]bool{s: true}}
		w.stops = []Node{s}
		w.extend(s, hexgrid.Hex{}, false, func(r Route) {
			if nodeOrder(r.Stops[0], r.Stops[len(r.Stops)-1]) < 0 {
				out = append(out, r)
			}
		})
	}
	return out
}

func nodeOrder(a, b Node) int {
	switch {
	case a.Hex.Row != b.Hex.Row:
		return a.Hex.Row - b.Hex.Row
	case a.Hex.Col != b.Hex.Col:
		return a.Hex.Col - b.Hex.Col
	case a.Stop != b.Stop:
		return a.Stop - b.Stop
	}
	return int(a.Side) - int(b.Side)
}

type walk struct {
	l        *Layout
	corp     string
	length   int
	phase    int
	stations map[Node]bool
	// seen holds the stops and sides visited. No stop twice (8.1 rule 3),
	// no side twice (rule 4: track meeting at an edge is common track);
	// and so no segment twice, which would mean coming back to its end.
	seen  map[Node]bool
	stops []Node
	segs  []Segment
	// want, when set, is the hexes the run's stops must lie in, in order:
	// the walk follows only track that meets them so.
	want []hexgrid.Hex
}

func (w *walk) extend(n Node, from hexgrid.Hex, fromSide bool, emit func(Route)) {
	if n.Stop >= 0 && len(w.stops) >= 2 {
		if slices.ContainsFunc(w.stops, func(s Node) bool { return w.stations[s] }) {
			r := Route{Stops: slices.Clone(w.stops), Segments: slices.Clone(w.segs)}
			r.Revenue = w.l.Revenue(w.corp, r.Stops, w.phase)
			emit(r)
		}
		if w.l.Blocked(n, w.corp) || len(w.stops) == w.length {
			return
		}
	}
	// A run may begin at a full city or an off-board, its other end: the
	// checks above apply from the second stop on.
	for _, st := range w.l.steps(n, from, fromSide) {
		if w.seen[st.to] || !w.wanted(st.to) {
			continue
		}
		w.seen[st.to] = true
		w.segs = append(w.segs, st.seg)
		if st.to.Stop >= 0 {
			w.stops = append(w.stops, st.to)
		}
		w.extend(st.to, st.seg.Hex, st.to.Stop < 0, emit)
		if st.to.Stop >= 0 {
			w.stops = w.stops[:len(w.stops)-1]
		}
		w.segs = w.segs[:len(w.segs)-1]
		delete(w.seen, st.to)
	}
}

// wanted tells whether the walk may come to a node: any node on a free
// walk; on a walk along given hexes, track freely, and a stop only where
// the next hex wanted lies.
func (w *walk) wanted(n Node) bool {
	if w.want == nil || n.Stop < 0 {
		return true
	}
	return len(w.stops) < len(w.want) && n.Hex == w.want[len(w.stops)]
}

// RoutesAlong lists the legal runs of a company (8.1) whose stops lie in
// these hexes in this order, one for each way the track joins them: a
// player names a run by its stops, and in a hex of two cities, or where
// two tracks join the same stops, more than one run may fit.
func (l *Layout) RoutesAlong(corp string, hexes []hexgrid.Hex, phase int) []Route {
	if len(hexes) < 2 {
		return nil
	}
	stations := map[Node]bool{}
	for _, s := range l.Stations(corp) {
		stations[s] = true
	}
	var out []Route
	for n := range l.Reach(corp) {
		if n.Stop < 0 || n.Hex != hexes[0] {
			continue
		}
		w := walk{l: l, corp: corp, length: len(hexes), phase: phase, stations: stations,
			seen: map[Node]bool{n: true}, stops: []Node{n}, want: hexes}
		w.extend(n, hexgrid.Hex{}, false, func(r Route) {
			if len(r.Stops) == len(hexes) {
				out = append(out, r)
			}
		})
	}
	slices.SortFunc(out, func(a, b Route) int { return slices.CompareFunc(a.Stops, b.Stops, nodeOrder) })
	return out
}

// RunAlong is a company's run of the routes a player names, each by the
// hexes of its stops: for each, a route along them, no two sharing track
// (8.1), each with a train long enough (8.2). Its error says which route
// has no way along the track, or that they cannot all run at once.
func (l *Layout) RunAlong(corp string, named [][]hexgrid.Hex, trains []int, phase int) ([]Route, int, error) {
	if len(named) > len(trains) {
		return nil, 0, fmt.Errorf("%d routes for %d trains: one route a train (8.1)", len(named), len(trains))
	}
	choices := make([][]Route, len(named))
	for i, hexes := range named {
		if len(hexes) < 2 {
			return nil, 0, fmt.Errorf("route %d names %d stop: a run counts two stops at least (8.1 rule 1)", i+1, len(hexes))
		}
		choices[i] = l.RoutesAlong(corp, hexes, phase)
		if len(choices[i]) == 0 {
			return nil, 0, fmt.Errorf("route %d: no run of %s follows the track through exactly those stops in that order and reaches one of its stations; name every city, town and off-board the train passes (8.1)", i+1, corp)
		}
	}
	runs := make([]Route, len(named))
	used := track{}
	var pick func(i int) bool
	pick = func(i int) bool {
		if i == len(named) {
			return l.CheckRun(corp, runs, trains, phase) == nil
		}
		for _, r := range choices[i] {
			if used.claim(r) {
				runs[i] = r
				if pick(i + 1) {
					return true
				}
				used.release(r)
			}
		}
		return false
	}
	if !pick(0) {
		return nil, 0, fmt.Errorf("the routes cannot all run at once: two would share track (8.1), or one has no train long enough (8.2)")
	}
	total := 0
	for _, r := range runs {
		total += r.Revenue
	}
	return runs, total, nil
}

// track is the segments the trains chosen so far run on: no two trains of
// a company share any (8.1).
type track map[Segment]bool

// claim takes a route's track if none of it is taken.
func (t track) claim(r Route) bool {
	if slices.ContainsFunc(r.Segments, func(s Segment) bool { return t[s] }) {
		return false
	}
	for _, s := range r.Segments {
		t[s] = true
	}
	return true
}

func (t track) release(r Route) {
	for _, s := range r.Segments {
		delete(t, s)
	}
}

// BestRunExhaustive tries every combination of one route per train, no
// two sharing track (8.1), and returns the best total. It is exponential:
// the baseline for tests and benchmarks.
func (l *Layout) BestRunExhaustive(corp string, trains []int, phase int) ([]Route, int) {
	options := make([][]Route, len(trains))
	for i, t := range trains {
		options[i] = l.AllRoutes(corp, t, phase)
	}
	var best []Route
	bestTotal := 0
	used := track{}
	var chosen []Route
	var try func(i, total int)
	try = func(i, total int) {
		if i == len(trains) {
			if total > bestTotal {
				bestTotal, best = total, slices.Clone(chosen)
			}
			return
		}
		try(i+1, total) // this train does not run
		for _, r := range options[i] {
			if !used.claim(r) {
				continue
			}
			chosen = append(chosen, r)
			try(i+1, total+r.Revenue)
			chosen = chosen[:len(chosen)-1]
			used.release(r)
		}
	}
	try(0, 0)
	return best, bestTotal
}

// CheckRun judges a company's chosen runs by the rules alone (8.1, 8.2),
// apart from the search that found them: each follows laid track from
// stop to stop without turning back, visits no node twice, passes through
// no blocked city or off-board, counts two stops or more and one of the
// company's stations, and earns what it claims; no two share track; and
// each has a train long enough, no train running twice.
func (l *Layout) CheckRun(corp string, runs []Route, trains []int, phase int) error {
	stations := map[Node]bool{}
	for _, s := range l.Stations(corp) {
		stations[s] = true
	}
	used := track{}
	lengths := make([]int, 0, len(runs))
	for i, r := range runs {
		if err := l.checkRoute(corp, r, stations); err != nil {
			return fmt.Errorf("run %d: %w", i+1, err)
		}
		if want := l.Revenue(corp, r.Stops, phase); r.Revenue != want {
			return fmt.Errorf("run %d claims $%d; its stops earn $%d", i+1, r.Revenue, want)
		}
		if !used.claim(r) {
			return fmt.Errorf("run %d uses track another train ran on (8.1)", i+1)
		}
		lengths = append(lengths, len(r.Stops))
	}
	if len(runs) > len(trains) {
		return fmt.Errorf("%d runs for %d trains", len(runs), len(trains))
	}
	slices.SortFunc(lengths, func(a, b int) int { return b - a })
	have := slices.Clone(trains)
	slices.SortFunc(have, func(a, b int) int { return b - a })
	for i, n := range lengths {
		if n > have[i] {
			return fmt.Errorf("a run of %d stops has no train long enough (8.2)", n)
		}
	}
	return nil
}

func (l *Layout) checkRoute(corp string, r Route, stations map[Node]bool) error {
	if len(r.Stops) < 2 {
		return fmt.Errorf("a run needs two stops (8.1 rule 1)")
	}
	if !slices.ContainsFunc(r.Stops, func(n Node) bool { return stations[n] }) {
		return fmt.Errorf("no stop holds a station of %s (8.1 rule 1)", corp)
	}
	cur, next := r.Stops[0], 1
	seen := map[Node]bool{cur: true}
	for k, seg := range r.Segments {
		paths := l.paths(seg.Hex)
		if seg.Path < 0 || seg.Path >= len(paths) {
			return fmt.Errorf("no track %d on %s", seg.Path, seg.Hex)
		}
		p := paths[seg.Path]
		var to Node
		switch cur {
		case p[0]:
			to = p[1]
		case p[1]:
			to = p[0]
		default:
			return fmt.Errorf("track %d on %s does not continue from %s", seg.Path, seg.Hex, cur)
		}
		if cur.Stop < 0 && k > 0 && r.Segments[k-1].Hex == seg.Hex {
			return fmt.Errorf("the run turns back at %s (8.1 rule 6)", cur)
		}
		if cur.Stop >= 0 && k > 0 && l.Blocked(cur, corp) {
			return fmt.Errorf("the run passes through %s, which it may only end at (8.1 rule 5)", cur)
		}
		if seen[to] {
			return fmt.Errorf("the run comes to %s twice (8.1 rules 3, 4)", to)
		}
		seen[to] = true
		if to.Stop >= 0 {
			if next >= len(r.Stops) || r.Stops[next] != to {
				return fmt.Errorf("the run reaches %s, which is not its next stop", to)
			}
			next++
		}
		cur = to
	}
	if next != len(r.Stops) {
		return fmt.Errorf("the track ends before stop %s", r.Stops[next])
	}
	return nil
}

// TrainsFor is the train each route runs with: the search and a player
// list routes in their own order, not the trains', so a route is matched
// to the smallest train that counts its stops, longest routes first (a
// matching whenever CheckRun allows the run). A route no train is left
// for gets 0.
func TrainsFor(routes []Route, trains []int) []int {
	order := make([]int, len(routes))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return len(routes[b].Stops) - len(routes[a].Stops) })
	left := slices.Sorted(slices.Values(trains))
	out := make([]int, len(routes))
	for _, i := range order {
		for j, t := range left {
			if t >= len(routes[i].Stops) {
				out[i] = t
				left = slices.Delete(left, j, j+1)
				break
			}
		}
	}
	return out
}

// RouteArgs are routes as a player writes them in RUN: each the hexes of
// its stops joined by dashes ("H17-J17-K16").
func RouteArgs(routes []Route) []string {
	out := make([]string, len(routes))
	for i, r := range routes {
		hexes := make([]string, len(r.Stops))
		for j, n := range r.Stops {
			hexes[j] = n.Hex.String()
		}
		out[i] = strings.Join(hexes, "-")
	}
	return out
}
