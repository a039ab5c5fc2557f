package eighteen

// chains is the bound on the stops in reach of the run's end e (after
// open and endOnly), taken apart by the shape of the track left: a run
// on from e is a path, and a path never comes back into a block of the
// track (a biconnected piece) it has left through one of its cut stops,
// nor passes a stop it can only end at (term). So its stops lie in one
// chain of blocks, from e's down to a leaf of the block tree, with the
// term stops beside them; it earns at most what the best chain can.
// Where the track divides at e itself, each branch is a chain too.
func (s *search) chains(e, left int, term []bool) int {
	c := &s.cut
	c.reset(len(s.n.nodes))
	part := s.part
	clear(part)
	s.blockWalk(e, left, term)
	if c.chains > maxParts {
		return s.bound(s.dist, left, term)
	}
	for x := range s.n.nodes {
		if term[x] && !s.onStop[x] && int(s.dist[x]) <= left {
			part[x] = s.besideChains(x, e)
		} else if x != e {
			part[x] = c.mask[x]
		}
	}
	return s.partBound(left, term, c.chains)
}

// besideChains are the chains a term stop x could end: those of the stops
// a free leg joins it to, and, joined to e, the run of one leg more (0).
func (s *search) besideChains(x, e int) uint64 {
	var m uint64
	for i := range s.n.legs[x] {
		lg := &s.n.legs[x][i]
		y := lg.to
		if s.shut[lg.id] > 0 || !s.freeTrack(lg) {
			continue
		}
		if y == e {
			m |= 1
		} else if !s.onStop[y] {
			m |= s.cut.mask[y]
		}
	}
	return m
}

// blockCut is chains' scratch: Tarjan's walk for the blocks of the track
// in reach, and what each stop and block is part of.
type blockCut struct {
	disc, low []int
	frames    []frame
	edges     [][2]int
	mark      []int    // the last block a stop was counted in, plus one
	below     []uint64 // by stop: the chains of the blocks hanging from it
	mask      []uint64 // by stop: the chains it is on
	block     []int    // the block being gathered
	time      int
	blocks    int
	chains    int
}

// frame is a stop on Tarjan's walk: the stop it came from, and the next
// of its groups of legs (net.groups) to try.
type frame struct{ v, parent, next int }

func (c *blockCut) reset(stops int) {
	if len(c.disc) != stops {
		*c = blockCut{disc: make([]int, stops), low: make([]int, stops), mark: make([]int, stops),
			below: make([]uint64, stops), mask: make([]uint64, stops)}
	}
	clear(c.disc)
	clear(c.mark)
	clear(c.below)
	clear(c.mask)
	c.frames, c.edges, c.time, c.blocks, c.chains = c.frames[:0], c.edges[:0], 0, 0, 0
}

// pass tells whether a run could pass through stop x from e: in reach,
// off the run, and not one it can only end at.
func (s *search) pass(x, e, left int, term []bool) bool {
	return x == e || int(s.dist[x]) <= left && !s.onStop[x] && !term[x]
}

// blockWalk is Tarjan's depth-first walk from e over the stops a run can
// pass through and the free legs between them, gathering each block as
// it closes.
func (s *search) blockWalk(e, left int, term []bool) {
	c := &s.cut
	c.time++
	c.disc[e], c.low[e] = c.time, c.time
	c.frames = append(c.frames, frame{v: e, parent: -1})
	for len(c.frames) > 0 {
		f := &c.frames[len(c.frames)-1]
		v, groups := f.v, s.n.groups[f.v]
		pushed := false
		for f.next < len(groups) && !pushed {
			g := groups[f.next]
			f.next++
			w := s.n.legs[v][g[0]].to
			if w == f.parent || !s.pass(w, e, left, term) || !s.anyFree(v, g) {
				continue
			}
			switch {
			case c.disc[w] == 0:
				c.edges = append(c.edges, [2]int{v, w})
				c.time++
				c.disc[w], c.low[w] = c.time, c.time
				c.frames = append(c.frames, frame{v: w, parent: v})
				pushed = true
			case c.disc[w] < c.disc[v]:
				c.edges = append(c.edges, [2]int{v, w})
				c.low[v] = min(c.low[v], c.disc[w])
			}
		}
		if pushed {
			continue
		}
		c.frames = c.frames[:len(c.frames)-1]
		if p := f.parent; p >= 0 {
			c.low[p] = min(c.low[p], c.low[v])
			if c.low[v] >= c.disc[p] {
				s.closeBlock(p, v)
			}
		}
	}
}

// anyFree tells whether one of stop v's legs from g[0] to g[1] (to one
// stop) is free of the run's sides and the other trains' track: the two
// stops are then joined, however many such legs there are.
func (s *search) anyFree(v int, g [2]int32) bool {
	legs := s.n.legs[v]
	for j := g[0]; j < g[1]; j++ {
		if lg := &legs[j]; s.shut[lg.id] == 0 && s.freeTrack(lg) {
			return true
		}
	}
	return false
}

// closeBlock takes the block hanging from p by the tree edge p-v off the
// edge stack. Its chains are those of the blocks hanging from its other
// stops, gathered already (Tarjan closes blocks children first), or a
// chain of its own if none hang there.
func (s *search) closeBlock(p, v int) {
	c := &s.cut
	c.blocks++
	c.block = c.block[:0]
	for {
		ed := c.edges[len(c.edges)-1]
		c.edges = c.edges[:len(c.edges)-1]
		for _, x := range ed {
			if c.mark[x] != c.blocks {
				c.mark[x] = c.blocks
				c.block = append(c.block, x)
			}
		}
		if ed == [2]int{p, v} {
			break
		}
	}
	var m uint64
	for _, x := range c.block {
		if x != p {
			m |= c.below[x]
		}
	}
	if m == 0 {
		c.chains++
		m = 1 << (min(c.chains, 63))
	}
	c.below[p] |= m
	for _, x := range c.block {
		c.mask[x] |= m
	}
}
