package g1870

import (
	"fmt"
	"slices"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
)

// lateSeeds are seeds whose lateGame reaches phase 7 or 8 with 85 tiles
// or more; the quickest to play come first.
var lateSeeds = []uint64{2, 3, 17, 21, 27, 33, 38, 45, 46, 49, 50, 55}

// latePositions are the late-game boards the route search is checked
// on: all twelve with -late (many minutes), one with -long (about a
// minute; CI runs it), none by default: each board's exhaustive
// comparison takes a minute or more.
func latePositions(t *testing.T) []*Game {
	n := 0
	switch {
	case late:
		n = len(lateSeeds)
	case long:
		n = 1
	default:
		t.Skip("the late-game boards take a minute each to play and search exhaustively: run with -long (one) or -late (twelve)")
	}
	var out []*Game
	for _, seed := range lateSeeds[:n] {
		g := lateGame(t, seed, 7, 85)
		if g == nil {
			t.Fatalf("seed %d: the game ended before its late phase", seed)
		}
		out = append(out, g)
	}
	return out
}

// TestLateRunsAreExact checks the route search against exhaustive search
// on late-game boards, as played and again with every bonus 1870 has in
// play (each company's destination token, the Cattle and port tokens on
// its best stops): the net lists exactly AllRoutes' runs; BestRun, the
// connection run and the existence checks agree with the full lists; and
// bonusBound bounds bonus on every run.
func TestLateRunsAreExact(t *testing.T) {
	for i, g := range latePositions(t) {
		ph := g.Current().OffBoard
		for _, bonuses := range []bool{false, true} {
			for _, c := range g.Corps {
				if len(g.Layout.Stations(c.Sym)) == 0 {
					continue
				}
				if bonuses {
					giveBonuses(g, c, ph)
				}
				name := fmt.Sprintf("position %d (%d tiles), %s, bonuses %v", i, len(g.Layout.Tiles), c.Sym, bonuses)
				checkLateCorp(t, g, c, ph, name)
			}
		}
	}
}

// giveBonuses puts every bonus in play for a company: its destination
// token, and the Cattle and port tokens on the stops of its best run.
func giveBonuses(g *Game, c *Corp, phase int) {
	c.DestToken = true
	runs, _ := g.Layout.BestRun(c.Sym, []int{12}, phase)
	if len(runs) == 0 {
		return
	}
	stops := runs[0].Stops
	g.Cattle = &Token{Hex: stops[0].Hex, Corp: c.Sym}
	g.Port = &Token{Hex: stops[len(stops)-1].Hex, Corp: c.Sym}
}

func checkLateCorp(t *testing.T, g *Game, c *Corp, phase int, name string) {
	t.Helper()
	l := g.Layout
	lists := map[int][]eighteen.Route{}
	for _, n := range []int{2, 5, 8, 12} {
		all := l.AllRoutes(c.Sym, n, phase)
		lists[n] = all
		if got, want := routeSet(l.RoutesWorth(c.Sym, n, phase, 0)), routeSet(all); !slices.Equal(got, want) {
			t.Fatalf("%s, a %d-train: the net lists %d runs, AllRoutes %d", name, n, len(got), len(want))
		}
		if l.HasRoute(c.Sym, n, phase) != (len(all) > 0) {
			t.Errorf("%s, a %d-train: HasRoute says %v of %d runs", name, n, !(len(all) > 0), len(all))
		}
		for _, r := range all {
			if b, most := g.bonus(c.Sym, r.Stops, phase), boundOf(g, c.Sym, r.Stops, phase); b > most {
				t.Fatalf("%s: bonus $%d over its bound $%d on %v", name, b, most, r.Stops)
			}
		}
		checkRun(t, g, c, []int{n}, phase, name, lists)
	}
	if len(c.Trains) > 0 {
		for _, n := range c.Trains {
			if _, ok := lists[n]; !ok {
				lists[n] = l.AllRoutes(c.Sym, n, phase)
			}
		}
		checkRun(t, g, c, c.Trains, phase, name, lists)
	}
	checkRun(t, g, c, []int{12, 8}, phase, name, lists)
}

// checkRun compares BestRun and the connection run with the full lists,
// where the exhaustive combination of them is affordable.
func checkRun(t *testing.T, g *Game, c *Corp, trains []int, phase int, name string, lists map[int][]eighteen.Route) {
	t.Helper()
	l := g.Layout
	runs, got := l.BestRun(c.Sym, trains, phase)
	budget := 30_000_000 // combinations tried, beyond which the lists are too long to combine
	if want := exhaustiveRun(lists, trains, nil, &budget); budget < 0 {
		t.Logf("%s with %v: too many combinations; BestRun's run checked by the rules only", name, trains)
	} else if got != want {
		t.Fatalf("%s with %v: BestRun $%d, exhaustive $%d", name, trains, got, want)
	}
	if err := l.CheckRun(c.Sym, runs, trains, phase); err != nil {
		t.Fatalf("%s with %v: %v", name, trains, err)
	}
	home, dest := ends(c)
	joins := func(r eighteen.Route) bool {
		a, b := r.Stops[0], r.Stops[len(r.Stops)-1]
		return a == home && b == dest || a == dest && b == home
	}
	runs, got, ok := l.BestRunBetween(c.Sym, trains, phase, home, dest)
	budget = 30_000_000
	want, wantOK := exhaustiveThrough(lists, trains, joins, &budget)
	if budget >= 0 && (got != want || ok != wantOK) {
		t.Fatalf("%s with %v: connection run $%d (%v), exhaustive $%d (%v)", name, trains, got, ok, want, wantOK)
	}
	if ok && (!joins(runs[0]) || l.CheckRun(c.Sym, runs, trains, phase) != nil) {
		t.Fatalf("%s with %v: the connection run %v does not join %s and %s", name, trains, runs, home, dest)
	}
	if has := l.HasRouteBetween(c.Sym, slices.Max(trains), phase, home, dest); budget >= 0 && has != wantOK {
		t.Fatalf("%s with %v: HasRouteBetween %v, exhaustive %v", name, trains, has, wantOK)
	}
}

func boundOf(g *Game, corp string, stops []eighteen.Node, phase int) int {
	total := 0
	for _, n := range stops {
		total += g.bonusBound(corp, n, phase)
	}
	return total
}

func routeSet(rs []eighteen.Route) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = fmt.Sprint(r.Stops, r.Segments, r.Revenue)
	}
	slices.Sort(out)
	return out
}

// exhaustiveRun is the best total of one route a train from the full
// lists, no two sharing track, with used taken already: every list best
// first, a branch cut when it and the best each remaining train could
// add alone cannot beat the best found (BestRun before the net). Each
// combination tried spends one of budget; below zero, it gives up.
func exhaustiveRun(lists map[int][]eighteen.Route, trains []int, used map[eighteen.Segment]bool, budget *int) int {
	if used == nil {
		used = map[eighteen.Segment]bool{}
	}
	options := make([][]eighteen.Route, len(trains))
	for i, n := range trains {
		options[i] = slices.Clone(lists[n])
		slices.SortStableFunc(options[i], func(a, b eighteen.Route) int { return b.Revenue - a.Revenue })
	}
	bound := make([]int, len(options)+1)
	for i := len(options) - 1; i >= 0; i-- {
		bound[i] = bound[i+1]
		if len(options[i]) > 0 {
			bound[i] += options[i][0].Revenue
		}
	}
	best := 0
	var try func(i, total int)
	try = func(i, total int) {
		best = max(best, total)
		if *budget--; *budget < 0 || i == len(options) || total+bound[i] <= best {
			return
		}
		for _, r := range options[i] {
			if total+r.Revenue+bound[i+1] <= best {
				break
			}
			if slices.ContainsFunc(r.Segments, func(s eighteen.Segment) bool { return used[s] }) {
				continue
			}
			for _, s := range r.Segments {
				used[s] = true
			}
			try(i+1, total+r.Revenue)
			for _, s := range r.Segments {
				delete(used, s)
			}
		}
		try(i+1, total)
	}
	try(0, 0)
	return best
}

// exhaustiveThrough is the best total in which one train runs a route
// must accepts, from the full lists, and whether there is one.
func exhaustiveThrough(lists map[int][]eighteen.Route, trains []int, must func(eighteen.Route) bool, budget *int) (int, bool) {
	best := -1
	for i, n := range trains {
		rest := slices.Delete(slices.Clone(trains), i, i+1)
		for _, r := range lists[n] {
			if !must(r) {
				continue
			}
			used := map[eighteen.Segment]bool{}
			for _, s := range r.Segments {
				used[s] = true
			}
			best = max(best, r.Revenue+exhaustiveRun(lists, rest, used, budget))
		}
	}
	return max(best, 0), best >= 0
}
