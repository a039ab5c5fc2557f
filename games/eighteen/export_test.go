package eighteen

// Ceiling is, for the tests outside the package, what anyRun answers for
// one train asked for need on the track the runs taken leave: whether a
// run earns it and, where none does, the most one can (most). best is the
// best run there as the net's listing finds it, to check most against.
func (l *Layout) Ceiling(corp string, length, phase, need int, taken []Route) (ok bool, most, best int) {
	n := l.newNet(corp, phase)
	used := make([]bool, len(n.segs))
	for _, r := range taken {
		for _, sg := range r.Segments {
			for g, s := range n.segs {
				if s == sg {
					used[g] = true
				}
			}
		}
	}
	st := n.stats()
	closed := make([]uint64, (len(n.all)+63)/64)
	_, most, ok, _ = n.anyRun([]int{length}, used, need, closed, &st)
	if runs := n.atLeast(length, used, 1, &st); len(runs) > 0 {
		best = runs[0].Revenue
	}
	return ok, most, best
}
