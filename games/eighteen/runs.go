package eighteen

import (
	"slices"
)

// BestRun is the company's best run of all its trains: the same answer
// as BestRunExhaustive, found by branch and bound on the company's net.
func (l *Layout) BestRun(corp string, trains []int, phase int) ([]Route, int) {
	runs, total, _ := l.BestRunStats(corp, trains, phase)
	return runs, total
}

// BestRunStats is BestRun with the work the search did.
func (l *Layout) BestRunStats(corp string, trains []int, phase int) ([]Route, int, SearchStats) {
	n := l.newNet(corp, phase)
	st := n.stats()
	runs, total, _ := n.bestRun(trains, make([]bool, len(n.segs)), 1, noCeiling, &st)
	return routesOf(runs), total, st
}

// HasRoute tells whether a train of that length has any legal run, as
// AllRoutes would list one, stopping at the first it finds.
func (l *Layout) HasRoute(corp string, length, phase int) bool {
	n := l.newNet(corp, phase)
	st := n.stats()
	found := false
	s := n.newSearch(length, nil, &st, func(*search) bool {
		found = true
		return false
	})
	s.floor, s.merge = -1<<30, true
	for _, start := range n.byCap {
		if n.station[start] && !found {
			s.from(start) // every run holds a station, and can start there
		}
	}
	return found
}

// HasRouteBetween tells whether a train of that length has a legal run
// from stop a to stop b, as 1870's connection needs (11.1), stopping at
// the first it finds.
func (l *Layout) HasRouteBetween(corp string, length, phase int, a, b Node) bool {
	n := l.newNet(corp, phase)
	from, okA := n.index[a]
	to, okB := n.index[b]
	if !okA || !okB || from == to {
		return false
	}
	st := n.stats()
	found := false
	s := n.newSearch(length, nil, &st, func(*search) bool {
		found = true
		return false
	})
	s.floor, s.target, s.merge = -1<<30, to, true
	s.from(from)
	return found
}

// BestRunThrough is the company's best run in which one train runs a
// route must accepts, as 1870's connection run needs one train between
// home and destination (11.4.2); ok is false when no train can. must is
// opaque, so the search meets every run until one passes; where the run's
// ends are known, BestRunBetween searches far less.
func (l *Layout) BestRunThrough(corp string, trains []int, phase int, must func(Route) bool) (runs []Route, total int, ok bool) {
	n := l.newNet(corp, phase)
	st := n.stats()
	return n.through(trains, -1, -1, must, &st)
}

// BestRunBetween is the company's best run in which one train runs from
// stop a to stop b, either way: 1870's connection run (11.4.2). ok is
// false when no train can.
func (l *Layout) BestRunBetween(corp string, trains []int, phase int, a, b Node) (runs []Route, total int, ok bool) {
	n := l.newNet(corp, phase)
	from, okA := n.index[a]
	to, okB := n.index[b]
	if !okA || !okB || from == to {
		return nil, 0, false
	}
	st := n.stats()
	return n.through(trains, from, to, nil, &st)
}

func (n *net) stats() SearchStats {
	st := SearchStats{Stops: len(n.nodes)}
	for _, ls := range n.legs {
		st.Legs += len(ls)
	}
	return st
}

// cand is a run with the ids of its track.
type cand struct {
	Route
	ids []int32
}

func routesOf(cs []cand) []Route {
	var out []Route
	for _, c := range cs {
		out = append(out, c.Route)
	}
	return out
}

func claim(used []bool, ids []int32) bool {
	if slices.ContainsFunc(ids, func(g int32) bool { return used[g] }) {
		return false
	}
	for _, g := range ids {
		used[g] = true
	}
	return true
}

func release(used []bool, ids []int32) {
	for _, g := range ids {
		used[g] = false
	}
}

// noCeiling is the ceiling of a search with none known.
const noCeiling = 1 << 30

// best is a train's best run worth floor or more (and something) on the
// track used leaves, and whether there is one. The bound cuts every
// partial run that cannot beat the best found so far. No run earns more
// than ceil, so one that earns that much ends the search.
func (n *net) best(length int, used []bool, floor, ceil int, st *SearchStats) (cand, bool) {
	c, found, _ := n.bestWhy(length, used, floor, ceil, st, nil)
	return c, found
}

// bestWhy is best, noting in why, if not nil, the legs it found closed by
// the track used (see freeTrack). When it finds no run worth floor (or
// 1), most is a ceiling: no run there earns more (0 if there is none).
// It may be more than the best run, as the bounds that cut it are.
func (n *net) bestWhy(length int, used []bool, floor, ceil int, st *SearchStats, why []uint64) (c cand, found bool, most int) {
	var top cand
	s := n.newSearch(length, used, st, func(s *search) bool {
		rev := s.revenue()
		if rev >= s.floor {
			top, found = cand{s.route(rev), s.segIDs()}, true
			s.floor = rev + 1
		} else {
			s.prove(rev)
		}
		return rev < ceil
	})
	s.floor, s.merge, s.why = max(floor, 1), true, why
	s.all()
	most = max(s.proved, 0)
	n.release(s)
	return top, found, most
}

// anyRun is a run of the trains worth need or more on the track used
// leaves, the first found, and whether there is one (bestRun with need
// for its floor and ceiling); where there is none, v is a ceiling on what
// they earn there, need-1 or less. With one train, why is the legs closed
// to it that its answer depends on (see freeTrack): where at least those
// are closed, it holds as well. With more, the first train's runs close
// legs too, so why is all the legs closed.
func (n *net) anyRun(trains []int, used []bool, need int, closed []uint64, st *SearchStats) (runs []cand, v int, ok bool, why []uint64) {
	if len(trains) != 1 || trains[0] < 2 {
		runs, v, ok := n.bestRun(trains, used, need, need, st)
		if !ok {
			v = need - 1
		}
		return runs, v, ok, closed
	}
	why = make([]uint64, len(closed))
	c, found, most := n.bestWhy(trains[0], used, need, need, st, why)
	switch {
	case found:
		return []cand{c}, c.Revenue, true, why
	case need <= 0:
		return nil, 0, true, why // no run, and none asked for
	}
	return nil, min(most, need-1), false, why
}

// atLeast lists every run of a train worth floor or more on the track
// used leaves, each once, best first.
func (n *net) atLeast(length int, used []bool, floor int, st *SearchStats) []cand {
	var out []cand
	s := n.newSearch(length, used, st, func(s *search) bool {
		if r := s.route(s.revenue()); r.Revenue >= floor {
			out = append(out, cand{r, s.segIDs()})
		}
		return true
	})
	s.floor = floor
	s.all()
	slices.SortStableFunc(out, func(a, b cand) int { return b.Revenue - a.Revenue })
	return out
}

// longestFirst are the trains that can run (two stops or more), longest
// first.
func longestFirst(trains []int) []int {
	order := slices.DeleteFunc(slices.Clone(trains), func(t int) bool { return t < 2 })
	slices.SortFunc(order, func(a, b int) int { return b - a })
	return order
}

// bestRun is the best run of all the trains worth floor or more on the
// track used leaves, and whether there is one (no run is worth 0). The
// longest train's routes are searched with the others' best run on the
// track each partial route leaves as part of the bound (a witness,
// worked out again only when the route takes some of its track), so a
// branch is cut when it and the others together cannot beat the best.
// The greedy run (the longest train's best alone, the others on what it
// leaves) and the others' run alone are the runs to beat at the start.
func (n *net) bestRun(trains []int, used []bool, floor, ceil int, st *SearchStats) ([]cand, int, bool) {
	order := longestFirst(trains)
	if len(order) == 0 {
		return nil, 0, floor <= 0
	}
	first, rest := order[0], order[1:]
	if len(rest) == 0 {
		if c, found := n.best(first, used, floor, ceil, st); found {
			return []cand{c}, c.Revenue, true
		}
		return nil, 0, floor <= 0
	}
	alone, found := n.best(first, used, 1, noCeiling, st)
	var top []cand
	topTotal := floor - 1
	if found {
		claim(used, alone.ids)
		if runs, v, ok := n.bestRun(rest, used, topTotal+1-alone.Revenue, noCeiling, st); ok {
			top, topTotal = append([]cand{alone}, runs...), alone.Revenue+v
		}
		release(used, alone.ids)
	}
	if topTotal >= ceil {
		return top, topTotal, topTotal >= floor
	}
	runs, v, ok := n.bestRun(rest, used, topTotal+1-alone.Revenue, noCeiling, st)
	if !ok {
		return top, topTotal, topTotal >= floor // the others cannot help beat it
	}
	if v > topTotal {
		top, topTotal = runs, v // the longest train runs nowhere better
	}
	s := n.newSearch(first, used, st, func(s *search) bool {
		rev := s.revenue()
		for s.beside(rev) {
			top = append([]cand{{s.route(rev), s.segIDs()}}, s.rest.runs...)
			topTotal = rev + s.rest.got
			s.floor = topTotal + 1
		}
		return topTotal < ceil
	})
	s.rest = n.witness(rest, runs, v)
	s.floor, s.merge = topTotal+1, true
	s.twin = len(rest) == 1 && rest[0] == first
	s.all()
	return top, topTotal, topTotal >= floor
}

// witness is what is known of the other trains' run on the track a
// partial route leaves: a run of theirs there (runs, earning got) and the
// most they can earn there (value). Taking more track can only lower
// what they earn, so it holds while the route takes none of the run's
// track; when it does, the run goes (stale) and value is a bound still.
type witness struct {
	trains []int
	runs   []cand
	got    int
	value  int
	track  []uint64 // the runs' track: a bit a stretch, by id
	stale  bool     // the route took some of it: find another
}

// witness is the trains' best run: it earns the most they can.
func (n *net) witness(trains []int, runs []cand, value int) *witness {
	w := &witness{trains: trains, runs: runs, got: value, value: value, track: make([]uint64, (len(n.segs)+63)/64)}
	for _, c := range runs {
		for _, g := range c.ids {
			w.track[g/64] |= 1 << (g % 64)
		}
	}
	return w
}

// through is the best run in which one train's route passes must (nil
// passes all) and, with from and to set, runs between those stops. Each
// length of train in turn takes such a route, with the others' best run
// on the track it leaves as a witness (see bestRun).
func (n *net) through(trains []int, from, to int, must func(Route) bool, st *SearchStats) (runs []Route, total int, ok bool) {
	order := longestFirst(trains)
	used := make([]bool, len(n.segs))
	total = -1
	for i, t := range order {
		if i > 0 && order[i-1] == t {
			continue // the same length again: the same runs
		}
		rest := slices.Delete(slices.Clone(order), i, i+1)
		others, v, _ := n.bestRun(rest, used, 0, noCeiling, st)
		s := n.newSearch(t, used, st, func(s *search) bool {
			r := s.route(s.revenue())
			if must != nil && !must(r) {
				return true
			}
			for s.beside(r.Revenue) {
				runs, total = append([]Route{r}, routesOf(s.rest.runs)...), r.Revenue+s.rest.got
				s.floor = total + 1
			}
			return true
		})
		s.rest = n.witness(rest, others, v)
		s.floor, s.target = total+1, to
		s.merge = must == nil // must may judge the track too
		if from >= 0 {
			s.from(from)
		} else {
			s.all()
		}
	}
	return runs, max(total, 0), total >= 0
}

// RoutesWorth lists every legal run of a train of that length worth
// floor or more, each once and as AllRoutes lists it, best first. With
// no floor (0 or less) it is the same set as AllRoutes, found on the net.
func (l *Layout) RoutesWorth(corp string, length, phase, floor int) []Route {
	n := l.newNet(corp, phase)
	st := n.stats()
	return routesOf(n.atLeast(length, nil, floor, &st))
}
