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
	runs, total := n.bestRun(trains, make([]bool, len(n.segs)), &st)
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

// best is a train's best run on the track used leaves, and whether it
// earns anything. The bound cuts every partial run that cannot beat the
// best found so far.
func (n *net) best(length int, used []bool, st *SearchStats) (cand, bool) {
	var top cand
	found := false
	s := n.newSearch(length, used, st, func(s *search) bool {
		r := s.route()
		if r.Revenue >= s.floor {
			top, found = cand{r, s.segIDs()}, true
			s.floor = r.Revenue + 1
		}
		return true
	})
	s.floor, s.merge = 1, true
	s.all()
	return top, found
}

// atLeast lists every run of a train worth floor or more on the track
// used leaves, each once, best first.
func (n *net) atLeast(length int, used []bool, floor int, st *SearchStats) []cand {
	var out []cand
	s := n.newSearch(length, used, st, func(s *search) bool {
		if s.canonical() {
			if r := s.route(); r.Revenue >= floor {
				out = append(out, cand{r, s.segIDs()})
			}
		}
		return true
	})
	s.floor = floor
	s.all()
	slices.SortStableFunc(out, func(a, b cand) int { return b.Revenue - a.Revenue })
	return out
}

// bestRun is the best run of all the trains on the track used leaves.
// Each train's best alone bounds what it can add; the greedy run (each
// train, longest first, on the best route the others leave) is a run to
// beat. A train's route can only be in a better run if it earns more than
// the greedy total less the others' best alone, so only those routes are
// listed, and a branch and bound over the lists finds the best.
func (n *net) bestRun(trains []int, used []bool, st *SearchStats) ([]cand, int) {
	order := slices.DeleteFunc(slices.Clone(trains), func(t int) bool { return t < 2 })
	slices.SortFunc(order, func(a, b int) int { return b - a })
	alone := map[int]int{}
	upper := 0
	for _, t := range order {
		if _, ok := alone[t]; !ok {
			c, _ := n.best(t, used, st)
			alone[t] = c.Revenue
		}
		upper += alone[t]
	}
	var greedy []cand
	total := 0
	mine := slices.Clone(used)
	for _, t := range order {
		if c, ok := n.best(t, mine, st); ok {
			claim(mine, c.ids)
			greedy, total = append(greedy, c), total+c.Revenue
		}
	}
	if total == upper {
		return greedy, total
	}
	lists := map[int][]cand{}
	options := make([][]cand, len(order))
	for i, t := range order {
		if _, ok := lists[t]; !ok {
			lists[t] = n.atLeast(t, used, max(1, total-(upper-alone[t])+1), st)
		}
		options[i] = lists[t]
	}
	return combine(options, slices.Clone(used), greedy, total)
}

// combine is the branch and bound over sorted options, one list a train,
// from a run already known: a branch is cut when what it has plus the
// best each remaining train could add alone cannot beat the best found.
func combine(options [][]cand, used []bool, best []cand, bestTotal int) ([]cand, int) {
	bound := make([]int, len(options)+1)
	for i := len(options) - 1; i >= 0; i-- {
		bound[i] = bound[i+1]
		if len(options[i]) > 0 {
			bound[i] += options[i][0].Revenue
		}
	}
	var chosen []cand
	var try func(i, total int)
	try = func(i, total int) {
		if total > bestTotal {
			bestTotal, best = total, slices.Clone(chosen)
		}
		if i == len(options) || total+bound[i] <= bestTotal {
			return
		}
		for _, c := range options[i] {
			if total+c.Revenue+bound[i+1] <= bestTotal {
				break // sorted: no later route of this train does better
			}
			if !claim(used, c.ids) {
				continue
			}
			chosen = append(chosen, c)
			try(i+1, total+c.Revenue)
			chosen = chosen[:len(chosen)-1]
			release(used, c.ids)
		}
		try(i+1, total) // this train does not run
	}
	try(0, 0)
	return best, bestTotal
}

// through is the best run in which one train's route passes must (nil
// passes all) and, with from and to set, runs between those stops. Each
// length of train in turn takes such a route and the others their best
// run on the track left; a route is cut when it and the others' best
// alone cannot beat the best found.
func (n *net) through(trains []int, from, to int, must func(Route) bool, st *SearchStats) (runs []Route, total int, ok bool) {
	order := slices.DeleteFunc(slices.Clone(trains), func(t int) bool { return t < 2 })
	slices.SortFunc(order, func(a, b int) int { return b - a })
	used := make([]bool, len(n.segs))
	alone := map[int]int{}
	for _, t := range order {
		if _, ok := alone[t]; !ok {
			c, _ := n.best(t, used, st)
			alone[t] = c.Revenue
		}
	}
	total = -1
	for i, t := range order {
		if i > 0 && order[i-1] == t {
			continue // the same length again: the same runs
		}
		rest := slices.Delete(slices.Clone(order), i, i+1)
		restUpper := 0
		for _, r := range rest {
			restUpper += alone[r]
		}
		s := n.newSearch(t, used, st, func(s *search) bool {
			if from < 0 && !s.canonical() {
				return true
			}
			r := s.route()
			if r.Revenue+restUpper <= total || must != nil && !must(r) {
				return true
			}
			ids := s.segIDs()
			claim(used, ids)
			others, sum := n.bestRun(rest, used, st)
			release(used, ids)
			if r.Revenue+sum > total {
				runs, total = append([]Route{r}, routesOf(others)...), r.Revenue+sum
				s.floor = total - restUpper + 1
			}
			return true
		})
		s.floor, s.target = total-restUpper+1, to
		s.merge = len(rest) == 0 && must == nil // the others' run needs this one's track
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
