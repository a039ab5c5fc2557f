package eighteen

import (
	"math/bits"
	"slices"
)

// maxSmall is the most stops a net can have for survey to keep sets of
// stops as bits, a word a set (surveyBits): a late 1870 company's net has
// fewer than thirty. On a larger net survey labels the stops one by one.
const maxSmall = 64

// adjacency works out, for a net of at most maxSmall stops (small), the
// stops each stop's legs lead to and where its legs to each begin, as
// surveyBits reads them; and by leg id and by stretch of track, the stops
// whose free legs change when the leg joins the run (the legs crossing
// its sides) or the track is taken (the legs along it), which is what
// keeps the free legs of every other stop known from step to step (see
// freeOf). A leg and its way back share an id, so a free leg from x to y
// is one from y to x; a net where that does not hold is not small.
func (n *net) adjacency() {
	stops := len(n.nodes)
	if stops > maxSmall || !n.symmetric() {
		return
	}
	n.small = true
	n.adj0 = make([]uint64, stops)
	n.groupTo = make([]int16, stops*stops)
	for x, ls := range n.legs {
		for i, g := range n.groups[x] {
			n.adj0[x] |= 1 << ls[g[0]].to
			n.groupTo[x*stops+ls[g[0]].to] = int16(i)
		}
	}
	ends := func(ids []int32) uint64 {
		var m uint64
		for _, id := range ids {
			m |= 1<<n.all[id].from | 1<<n.all[id].to
		}
		return m
	}
	n.touch = make([]uint64, len(n.all))
	for id := range n.all {
		n.touch[id] = ends(n.crossing[id])
	}
	n.segTouch = make([]uint64, len(n.segs))
	for g := range n.segs {
		n.segTouch[g] = ends(n.along[g])
	}
}

// symmetric tells whether every leg has its way back, with its id.
func (n *net) symmetric() bool {
	for x, ls := range n.legs {
		for _, lg := range ls {
			if !slices.ContainsFunc(n.legs[lg.to], func(b leg) bool { return b.to == x && b.id == lg.id }) {
				return false
			}
		}
	}
	return true
}

// freeOf is the stops a free leg from stop x leads to (see anyFree), on
// the run or not, a bit a stop. It is kept from step to step, and worked
// out again only when a leg crossing the sides of one of x's legs joins
// the run or leaves it, or the track of one is taken or given back
// (dirty): most steps change the free legs of a few stops only.
func (s *search) freeOf(x int) uint64 {
	if s.dirty&(1<<x) != 0 {
		s.refree(x)
	}
	return s.freeAdj[x]
}

// refree works out freeOf's answer for a dirty stop x.
func (s *search) refree(x int) {
	s.dirty &^= 1 << x
	var out uint64
	legs := s.n.legs[x]
	for _, g := range s.n.groups[x] {
		for j := g[0]; j < g[1]; j++ {
			if id := legs[j].id; s.shut[id] == 0 && s.taken[id] == 0 {
				out |= 1 << legs[j].to
				break
			}
		}
	}
	s.freeAdj[x] = out
}

// mark puts stop x on the run or takes it off, as a flag and a bit.
func (s *search) mark(x int, on bool) {
	s.onStop[x] = on
	if on {
		s.on |= 1 << x
	} else {
		s.on &^= 1 << x
	}
}

// surveyBits is survey on a small net: a breadth-first walk a layer at a
// time, each layer the stops the free legs of the one before lead to
// (adj), bits and all; then the parts, each grown from a stop next to e,
// in the order of e's legs so that they are numbered as survey numbers
// them. It works out the same dist, term and part as survey.
func (s *search) surveyBits(e, left int) int {
	d, term, part := s.dist, s.term, s.part
	for i := range d {
		d[i], term[i], part[i] = far, false, 0
	}
	d[e] = 0
	seen, expand := s.on|1<<e, uint64(1)<<e
	var terms, inner, shallow, first uint64
	for k := 1; k <= left && expand != 0; k++ {
		var next uint64
		for m := expand; m != 0; m &= m - 1 {
			next |= s.freeOf(bits.TrailingZeros64(m))
		}
		next &^= seen
		seen |= next
		for m := next; m != 0; m &= m - 1 {
			y := bits.TrailingZeros64(m)
			d[y] = uint8(k)
			if s.n.blocked[y] || k == left && left > 1 || s.ports(y, e) < 2 {
				term[y] = true
				terms |= 1 << y
			}
		}
		if k == 1 {
			first = next
		}
		if k < left {
			shallow |= next
		}
		expand = next &^ terms
		inner |= expand
	}
	parts := s.partBits(e, inner, shallow, terms)
	for m := first & terms; m != 0; m &= m - 1 {
		part[bits.TrailingZeros64(m)] |= 1
	}
	if s.why != nil && !slices.Equal(s.why, s.closed) { // else all are noted
		s.noteSurvey(e, inner, shallow)
	}
	if parts > maxParts {
		return -1
	}
	return parts
}

// partBits takes the stops a run can pass (inner) apart into the parts
// of the track they make beside e, numbered from 1 in the order of e's
// legs, and marks each stop with its part's bit, and each stop a run can
// only end at (terms) with those of the parts beside it. The stops as far
// as the run can go are all among terms (it can only end there), so the
// parts grow by the legs of the layers before (shallow). It returns the
// number of parts; past maxParts the parts are not marked.
func (s *search) partBits(e int, inner, shallow, terms uint64) int {
	n := 0
	var claimed uint64
	for _, g := range s.n.groups[e] {
		y := s.n.legs[e][g[0]].to
		if inner&^claimed&(1<<y) == 0 || s.dist[y] != 1 {
			continue
		}
		c := s.grow(y, inner, shallow)
		claimed |= c
		if n++; n > maxParts {
			continue
		}
		var beside uint64
		for m := c; m != 0; m &= m - 1 {
			x := bits.TrailingZeros64(m)
			s.part[x] = 1 << n
			if shallow&(1<<x) != 0 {
				beside |= s.freeOf(x)
			}
		}
		for m := beside & terms; m != 0; m &= m - 1 {
			s.part[bits.TrailingZeros64(m)] |= 1 << n
		}
	}
	return n
}

// grow is the part of the track stop y is in: the stops of inner the
// free legs of the stops of shallow join it to.
func (s *search) grow(y int, inner, shallow uint64) uint64 {
	c, edge := uint64(1)<<y, uint64(1)<<y
	for edge != 0 {
		var nb uint64
		for m := edge; m != 0; m &= m - 1 {
			x := bits.TrailingZeros64(m)
			if shallow&(1<<x) != 0 {
				nb |= s.freeOf(x)
			}
		}
		edge = nb & inner &^ c
		c |= edge
	}
	return c
}

// noteSurvey notes in why the closed legs survey's answer turns on (see
// freeTrack): those from a stop it walked on from (e and the shallow
// stops of inner) to a stop off the run, unless they join two stops of
// one part at most a layer apart, which opening them would not change.
func (s *search) noteSurvey(e int, inner, shallow uint64) {
	stops := len(s.n.nodes)
	for m := inner&shallow | 1<<e; m != 0; m &= m - 1 {
		x := bits.TrailingZeros64(m)
		closed := s.n.adj0[x] &^ s.freeOf(x) &^ s.on
		for c := closed; c != 0; c &= c - 1 {
			y := bits.TrailingZeros64(c)
			if x != e && inner&(1<<y) != 0 && s.part[x] == s.part[y] && s.part[x] != 0 &&
				int(s.dist[x])-int(s.dist[y]) <= 1 && int(s.dist[y])-int(s.dist[x]) <= 1 {
				continue
			}
			g := s.n.groups[x][s.n.groupTo[x*stops+y]]
			for _, lg := range s.n.legs[x][g[0]:g[1]] {
				if s.shut[lg.id] == 0 {
					s.freeID(int32(lg.id)) // none is free: as anyFree notes them
				}
			}
		}
	}
}
