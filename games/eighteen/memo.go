package eighteen

import "slices"

// memo is what a search has learnt of the other trains' best run on the
// track the first train's partial routes left them, kept for the routes
// it tries later. Their best run depends only on the legs that track
// closes to them, and closing more legs can only lower it; so what was
// learnt with some legs closed bounds it wherever at least those legs
// are closed. And a run found for them on any track is still theirs to
// run where the track taken leaves it free: when it earns that bound, it
// is their best run there, with no search at all; when not, it is the run
// to beat, which cuts the search. Partial routes that go on differently
// close much the same legs, so most of the search's questions about the
// other trains have been answered, or nearly, before.
//
// It keeps the last memoCap answers, so a search's memory stays bounded.
type memo struct {
	known []known
	next  int // where the next answer goes: after the newest
	// The answers' legs closed and their runs' track, flat, so that recall
	// reads them in order: by answer, legWords and segWords words each.
	legs, segs         []uint64
	legWords, segWords int
}

// memoCap is how many answers a memo keeps. Most answers that serve come
// from the last few hundred partial routes, close in the walk, and
// looking through more costs more than it saves.
const memoCap = 512

// known is one answer: with the legs closed, the trains earn at most
// most, and w, if not nil, is a run of theirs there.
type known struct {
	trains []int
	w      *witness
	most   int
}

// keep adds an answer, in place of the oldest when the memo is full.
func (m *memo) keep(trains []int, closed []uint64, w *witness, most int) {
	if m.legs == nil {
		m.legWords, m.segWords = len(closed), 0
		if w != nil {
			m.segWords = len(w.track)
		}
		m.legs = make([]uint64, memoCap*m.legWords)
	}
	if w != nil && m.segs == nil {
		m.segWords = len(w.track)
		m.segs = make([]uint64, memoCap*m.segWords)
	}
	i := m.next
	if len(m.known) < memoCap {
		m.known = append(m.known, known{})
	}
	m.known[i] = known{trains: trains, w: w, most: most}
	copy(m.legs[i*m.legWords:(i+1)*m.legWords], closed)
	if w != nil {
		copy(m.segs[i*m.segWords:(i+1)*m.segWords], w.track)
	}
	m.next = (m.next + 1) % memoCap
}

// recall works out, from what is known, the most the trains can earn on
// some track (ceil, at most the ceil given): an answer kept with no more
// legs closed bounds it. And it finds a run known that runs on none of
// the track taken, by bit (best, nil if none): theirs to run. It looks at
// the newest answers first and stops as soon as it knows they cannot earn
// need, or have a run that does: all the search asks.
func (m *memo) recall(trains []int, closed, taken []uint64, ceil, need int) (best *witness, most int) {
	n, lw, sw := len(m.known), m.legWords, m.segWords
	i := m.next
	for range n {
		if i == 0 {
			i = n
		}
		i--
		k := &m.known[i]
		if len(k.trains) != len(trains) || &k.trains[0] != &trains[0] && !slices.Equal(k.trains, trains) {
			continue
		}
		if k.w != nil && (best == nil || k.w.got > best.got) && disjoint(m.segs[i*sw:(i+1)*sw], taken) {
			best = k.w
		}
		if k.most < ceil && isSubsetOf(m.legs[i*lw:(i+1)*lw], closed) {
			ceil = k.most
		}
		if need > ceil || best != nil && best.got >= need {
			break
		}
	}
	return best, ceil
}

func disjoint(a, b []uint64) bool {
	for i, x := range a {
		if x&b[i] != 0 {
			return false
		}
	}
	return true
}

// isSubsetOf tells whether every bit of a is set in b.
func isSubsetOf(a, b []uint64) bool {
	for i, x := range a {
		if x&^b[i] != 0 {
			return false
		}
	}
	return true
}

// walkMemo is what walks on from partial runs found: with the legs why
// closed, no run on from the partial run earns more than most. It keeps
// the partial runs as a tree, a node a run, beneath a root for each
// length of train and first stop, so that the walk finds a run's node
// from its last one's by the leg it adds, with no key to build or hash.
// It keeps walkCap answers for a partial run, and no more than walkLimit
// in all.
type walkMemo struct {
	roots map[int][]*walkNode // by train length, by first stop
	total int
	slab  []uint64   // where the answers' legs are kept, one after another
	free  []walkNode // nodes made ahead, handed out one at a time
}

// walkNode is a partial run's answers, found under its last one's by the
// leg it adds (leg): its first child (kid) and then each next sibling.
type walkNode struct {
	leg      int32
	kid, sib *walkNode
	known    []walkKnown
	next     int // the oldest answer, once known is full
}

type walkKnown struct {
	most int // no run on earns more
	why  []uint64
}

// walkCap is how many answers a walkMemo keeps for each partial run, and
// walkLimit in all: past it, it keeps answers only in place of others.
const (
	walkCap   = 128
	walkLimit = 1 << 14
)

// root is the node of the one-stop run at start for a train of length,
// made if create is set; stops is the net's number of stops.
func (m *walkMemo) root(length, start, stops int, create bool) *walkNode {
	rs := m.roots[length]
	if rs == nil {
		if !create {
			return nil
		}
		if m.roots == nil {
			m.roots = map[int][]*walkNode{}
		}
		rs = make([]*walkNode, stops)
		m.roots[length] = rs
	}
	if rs[start] == nil && create {
		rs[start] = m.node(-1)
	}
	return rs[start]
}

// child is the node of n's run with leg added, made if create is set.
func (m *walkMemo) child(n *walkNode, leg int32, create bool) *walkNode {
	for c := n.kid; c != nil; c = c.sib {
		if c.leg == leg {
			return c
		}
	}
	if !create {
		return nil
	}
	c := m.node(leg)
	c.sib, n.kid = n.kid, c
	return c
}

// node hands out a new node, made a block at a time.
func (m *walkMemo) node(leg int32) *walkNode {
	if len(m.free) == 0 {
		m.free = make([]walkNode, 256)
	}
	n := &m.free[0]
	m.free = m.free[1:]
	n.leg = leg
	return n
}

// keep remembers at n that with the legs why closed no walk on finds a
// run worth more than most, copying why.
func (m *walkMemo) keep(n *walkNode, most int, why []uint64) {
	if len(n.known) < walkCap && m.total < walkLimit {
		if len(m.slab)+len(why) > cap(m.slab) {
			m.slab = make([]uint64, 0, max(1024, 64*len(why)))
		}
		m.slab = append(m.slab, why...)
		n.known = append(n.known, walkKnown{most, m.slab[len(m.slab)-len(why) : len(m.slab) : len(m.slab)]})
		m.total++
		return
	}
	if len(n.known) == 0 {
		return
	}
	k := &n.known[n.next%len(n.known)] // the oldest, once the ring is full, in its room
	k.most = most
	copy(k.why, why)
	n.next = (n.next + 1) % len(n.known)
}

// recall is the legs of a walk on from n's partial run known to find no
// run worth floor with no more legs closed than closed, and the most a
// run on earns there; or nil.
func (m *walkMemo) recall(n *walkNode, floor int, closed []uint64) ([]uint64, int) {
	for i := range n.known {
		k := &n.known[i]
		if k.most < floor && isSubsetOf(k.why, closed) {
			return k.why, k.most
		}
	}
	return nil, 0
}

// orBits sets in a every bit of b.
func orBits(a, b []uint64) {
	for i, x := range b {
		a[i] |= x
	}
}
