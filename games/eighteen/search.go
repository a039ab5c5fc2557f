package eighteen

import (
	"math/bits"
	"slices"
)

// SearchStats is the work a route search did, for benchmarks and tuning.
type SearchStats struct {
	Stops  int // stops in the company's net
	Legs   int // legs between them
	Nodes  int // partial runs extended
	Cuts   int // partial runs cut by the bound
	Routes int // complete runs whose revenue was worked out
	Redone int // times the other trains' run was searched for again
}

// search is one train's depth-first walk over a net's legs, from one
// end of a run to the other, cutting every partial run whose bound falls
// below floor. Its bound is what the run's stops can earn (each stop's
// cap) and the most the stops still open to it could add.
type search struct {
	n      *net
	length int
	floor  int      // runs and partial runs worth less are cut
	target int      // the stop runs must end at, or -1
	used   []bool   // stretches of track other trains run on, by id
	why    []uint64 // if not nil, the legs found closed by used, by id
	// merge lets the walk skip a leg to a stop when another leg to it,
	// already walked, leaves the run as free a way on (dominated). Runs
	// that differ only so earn the same, so the best survives; but their
	// track differs, so a walk listing runs must not merge, and beside
	// other trains only legs that leave them no less track merge.
	merge bool
	// rest is what is known of the other trains' run on the track the
	// route leaves (see witness), which the bound counts; nil for a train
	// searched alone.
	rest *witness
	twin bool // rest is one train of this one's length
	// emit judges each complete run the walk reaches; false ends it.
	emit  func(s *search) bool
	stats *SearchStats

	onStop  []bool
	on      uint64     // onStop as bits, on a small net
	freeAdj []uint64   // on a small net, by stop: freeOf's
	dirty   uint64     // the stops whose free legs may have changed since freeOf
	ended   []bool     // stops walked from already: no run ends there again
	term    []bool     // the bound's: stops the run could only end at
	part    []uint64   // survey's: the parts of the track each stop is in, a bit a part
	lab     []int32    // survey's: each stop's part, as first labelled
	labels  []int32    // the parts joined: each label's parent, union-find
	ends    [][2]int32 // stops the run could only end at, and a part beside each
	bits    []uint64   // parts': each label's bit
	parts   []partSum  // partBound's
	split   bool       // reach's: the bound was taken apart (partBound)
	// nextMost is, by the run's stops and then by stop, the most a run on
	// from the end to that stop next can add, as the end's parts bound
	// it (see nextBounds), or -1 where they do not.
	nextMost [][]int

	// shut counts, by leg id, what keeps a leg off the run: the run's legs
	// that cross a side of it (8.1 rule 4); taken, the other trains'
	// legs, or the run's own beside them, that share track with it.
	shut    []uint8
	taken   []uint8
	closed  []uint64 // the legs with taken track, a bit a leg
	track   []uint64 // the track used, a bit a stretch
	path    []int
	via     []*leg
	stopBuf []Node      // revenue's
	staleAt []witness   // takeTrack's, by the run's stops
	restAt  []witness   // refresh's, by the run's stops: the witness it leaves
	whyAt   [][]uint64  // extendKnown's, by the run's stops: the legs its walk notes
	walkAt  []*walkNode // extendKnown's, by the run's stops: the run's node, or nil
	capSum  int
	stns    int
	// proved is the most any run the walk has met could earn, where it
	// earns less than the floor: a run judged, or the bound that cut a
	// branch. When the walk finds no run worth the floor, no run earns
	// more than proved, which the memos keep (often well under the floor).
	proved  int
	done    bool
	ge, ge2 []int   // the bound's scratch
	dist    []uint8 // open's
	queue   []int
	livesAt []*lives // dominated's, by the run's stops
}

// newSearch is a walk for a train of that length, with the track in used
// taken by other trains (nil: none). It reuses a walk given back
// (release) when there is one of that length: the search for the other
// trains' run starts a walk for each question it asks.
func (n *net) newSearch(length int, used []bool, stats *SearchStats, emit func(*search) bool) *search {
	var s *search
	for i, sp := range n.spare {
		if sp.length == length {
			s = sp
			n.spare = slices.Delete(n.spare, i, i+1)
			break
		}
	}
	if s == nil {
		s = n.allocSearch(length)
	}
	*s = search{n: n, length: length, target: -1, used: used, emit: emit, stats: stats, parts: s.parts,
		onStop: s.onStop, ended: s.ended, nextMost: s.nextMost, term: s.term, part: s.part, lab: s.lab, labels: s.labels, ends: s.ends, bits: s.bits, ge: s.ge, ge2: s.ge2, dist: s.dist, queue: s.queue,
		shut: s.shut, taken: s.taken, closed: s.closed, track: s.track, livesAt: s.livesAt,
		path: s.path[:0], via: s.via[:0], stopBuf: s.stopBuf, staleAt: s.staleAt, restAt: s.restAt, whyAt: s.whyAt, walkAt: s.walkAt, freeAdj: s.freeAdj, dirty: ^uint64(0), proved: noRun}
	clear(s.taken)
	clear(s.closed)
	clear(s.track)
	for g, u := range used {
		if u {
			s.take(int32(g), 1)
		}
	}
	return s
}

// allocSearch makes the room a walk needs.
func (n *net) allocSearch(length int) *search {
	stops := len(n.nodes)
	s := &search{parts: make([]partSum, maxParts+1), onStop: make([]bool, stops), ended: make([]bool, stops), term: make([]bool, stops), part: make([]uint64, stops), lab: make([]int32, stops),
		ge: make([]int, length+2), ge2: make([]int, length+2), dist: make([]uint8, stops),
		shut: make([]uint8, len(n.all)), taken: make([]uint8, len(n.all)),
		closed: make([]uint64, (len(n.all)+63)/64), track: make([]uint64, (len(n.segs)+63)/64)}
	for range length + 1 {
		s.livesAt = append(s.livesAt, n.newLives())
	}
	s.staleAt, s.restAt = make([]witness, length+1), make([]witness, length+1)
	for range length + 1 {
		s.whyAt = append(s.whyAt, make([]uint64, len(s.closed)))
	}
	s.walkAt = make([]*walkNode, length+1)
	if n.small {
		s.freeAdj = make([]uint64, stops)
	}
	for range length + 1 {
		s.nextMost = append(s.nextMost, make([]int, stops))
	}
	for i := range s.parts {
		s.parts[i].all.ge, s.parts[i].beside.ge = make([]int, length+2), make([]int, length+2)
	}
	return s
}

// release gives a finished walk back for reuse, keeping a few.
func (n *net) release(s *search) {
	if len(n.spare) < maxSpare {
		s.emit, s.rest, s.used, s.why = nil, nil, nil, nil
		n.spare = append(n.spare, s)
	}
}

// maxSpare is how many finished walks a net keeps for reuse.
const maxSpare = 4

// take marks a stretch of track taken (by 1) or given back (by -1) for
// the legs along it.
func (s *search) take(g int32, by int) {
	s.track[g/64] ^= 1 << (g % 64)
	if s.freeAdj != nil {
		s.dirty |= s.n.segTouch[g]
	}
	for _, id := range s.n.along[g] {
		s.taken[id] += uint8(by)
		if s.taken[id] == 0 || by > 0 && s.taken[id] == 1 {
			s.closed[id/64] ^= 1 << (id % 64)
		}
	}
}

// from walks every run that begins at stop start.
func (s *search) from(start int) {
	s.push(start, nil)
	s.extend(start)
	s.pop(nil)
}

// all walks every run from every stop, best stops first, each run once:
// from the end walked from first. A stop walked from is then an end of
// no later run (ended), and a stop a run may only end at (blocked) is on
// none at all, so the bound no longer counts it. The richest stops are
// mostly off-boards and full cities, so the bounds of the later walks
// fall fast.
func (s *search) all() {
	roots := s.roots()
	others := 0
	if s.rest != nil {
		others = s.rest.value
	}
	for _, start := range s.n.byCap {
		if s.done {
			break
		}
		if !s.short(roots[start], others) {
			s.from(start)
		} else {
			s.prove(roots[start])
		}
		s.ended[start] = true
		s.mark(start, s.n.blocked[start])
	}
	clear(s.ended)
	clear(s.onStop)
	s.on = 0
}

// roots are, by stop, the most a run of the search's length from there
// can earn alone, as the bound at the walk's first step sees it with no
// stop walked from yet: the net works them out once a length, and all
// passes over the stops no run from which can reach the floor.
func (s *search) roots() []int {
	if r, ok := s.n.roots[s.length]; ok {
		return r
	}
	r := make([]int, len(s.n.nodes))
	for x := range r {
		s.mark(x, true)
		r[x] = s.n.cap[x] + s.bound(s.n.hops[x], s.length-1, s.n.blocked, noCeiling)
		s.mark(x, false)
	}
	if s.n.roots == nil {
		s.n.roots = map[int][]int{}
	}
	s.n.roots[s.length] = r
	return r
}

func (s *search) push(stop int, lg *leg) {
	s.mark(stop, true)
	s.path = append(s.path, stop)
	s.capSum += s.n.cap[stop]
	if s.n.station[stop] {
		s.stns++
	}
	if lg != nil {
		s.dirty |= s.n.touchOf(lg.id)
		s.via = append(s.via, lg)
		for _, id := range s.n.crossing[lg.id] {
			s.shut[id]++
		}
	}
}

func (s *search) pop(lg *leg) {
	stop := s.path[len(s.path)-1]
	s.mark(stop, false)
	s.path = s.path[:len(s.path)-1]
	s.capSum -= s.n.cap[stop]
	if s.n.station[stop] {
		s.stns--
	}
	if lg != nil {
		s.dirty |= s.n.touchOf(lg.id)
		s.via = s.via[:len(s.via)-1]
		for _, id := range s.n.crossing[lg.id] {
			s.shut[id]--
		}
	}
}

// free tells whether a leg can join the run: its stop not visited, its
// sides not crossed, its track not run on by another train.
func (s *search) free(lg *leg) bool {
	return !s.onStop[lg.to] && s.shut[lg.id] == 0 && s.freeTrack(lg)
}

// extend is the walk at the run's end e: judge the run so far, then go
// on along each free leg while the bound allows (step).
func (s *search) extend(e int) {
	if s.why != nil && s.rest == nil {
		s.extendKnown(e)
		return
	}
	s.step(e)
}

// extendKnown is extend for a search that notes why (see freeTrack): a
// walk on from here that finds no run worth the floor is remembered by
// the legs it found closed and the most a run on could earn (the net's
// walks), and not walked again where at least those are closed and the
// floor is above that most. Such a walk reads far fewer legs than the
// whole search, so what it learnt holds on much more of the track the
// other trains leave; and the deeper the run, the fewer.
func (s *search) extendKnown(e int) {
	k := len(s.path)
	node := s.walkNode(k, false)
	if node != nil {
		if why, most := s.n.walks.recall(node, s.floor, s.closed); why != nil {
			orBits(s.why, why)
			s.prove(most)
			return
		}
	}
	all, floor, proved := s.why, s.floor, s.proved
	s.why = s.whyAt[k][:len(all)]
	clear(s.why)
	s.proved = noRun
	s.step(e)
	if !s.done && s.floor == floor {
		if node = s.walkNode(k, true); node != nil {
			s.n.walks.keep(node, s.proved, s.why)
		}
	}
	orBits(all, s.why)
	s.why = all
	s.prove(proved)
}

// walkNode is the walk memo's node for the run so far, k stops long, found
// from the one before it (walkAt); with create set, made where it is not
// yet, unless the memo is full.
func (s *search) walkNode(k int, create bool) *walkNode {
	m := &s.n.walks
	create = create && m.total < walkLimit
	var n *walkNode
	switch {
	case k == 1:
		n = m.root(s.length, s.path[0], len(s.n.nodes), create)
	case s.walkAt[k-1] == nil && create:
		if p := s.walkNode(k-1, true); p != nil {
			n = m.child(p, int32(s.via[k-2].id), true)
		}
	case s.walkAt[k-1] != nil:
		n = m.child(s.walkAt[k-1], int32(s.via[k-2].id), create)
	}
	s.walkAt[k] = n
	return n
}

// noRun is proved's start: no run met yet.
const noRun = -1 << 30

// prove raises proved to v, what a run or branch the walk leaves could
// earn at most, counted from the run's start.
func (s *search) prove(v int) {
	s.proved = max(s.proved, v)
}

// step is extend's walk at the run's end e.
func (s *search) step(e int) {
	s.stats.Nodes++
	k := len(s.path)
	ends := k >= 2 && (s.n.blocked[e] || e == s.target) || k >= s.length
	left := s.length - k
	joint := s.rest != nil && len(s.rest.trains) > 0
	more := -1 // what the run can still add, once worked out
	if joint && s.rest.stale {
		need := -1 << 30 // no bound on the bonus: no need either
		if s.n.bounded {
			if more = 0; !ends {
				more = s.reach(e, left)
			}
			need = s.floor - s.capSum - more
		}
		if !s.refresh(need) {
			s.stats.Cuts++
			return
		}
	}
	others := 0
	if s.rest != nil {
		others = s.rest.value
	}
	if k >= 2 && s.stns > 0 && !s.ended[e] && (s.target < 0 || e == s.target) {
		if s.capSum+others < s.floor && s.n.bounded {
			s.prove(s.capSum)
		} else if !s.emit(s) {
			s.done = true
			return
		}
	}
	if ends || s.stns == 0 && int(s.n.toStn[e]) > left || s.target >= 0 && int(s.n.hops[e][s.target]) > left {
		return // no station, or not the stop it must end at, in reach
	}
	if b := s.bound(s.n.hops[e], left, s.n.blocked, s.enough(others)); s.short(b, others) {
		s.prove(s.capSum + b)
		s.stats.Cuts++
		return
	}
	if more < 0 {
		more = s.reach(e, left)
	}
	if s.stns == 0 && !slices.ContainsFunc(s.n.stations, func(x int) bool { return int(s.dist[x]) <= left }) ||
		s.target >= 0 && int(s.dist[s.target]) > left {
		s.stats.Cuts++
		return
	}
	if s.short(more, others) || joint && s.n.bounded && s.floor-s.capSum-more > s.rest.got && !s.refresh(s.floor-s.capSum-more) {
		s.prove(s.capSum + more)
		s.stats.Cuts++
		return
	}
	legs := s.n.legs[e]
	group := 0 // where the legs to this one's stop begin
	lives := s.livesAt[k]
	next := s.nextBounds(e, k)
	for i := range legs {
		lg := &legs[i]
		if i > 0 && legs[i-1].to != lg.to {
			group = i
		}
		if i == group {
			lives.reset()
		}
		if next != nil && next[lg.to] >= 0 && s.short(next[lg.to], others) {
			s.prove(s.capSum + next[lg.to])
			continue // the stop's part of the track cannot make up the floor
		}
		if !s.free(lg) || s.merge && s.dominated(legs[group:i+1], lives) {
			continue
		}
		s.push(lg.to, lg)
		saved := s.takeTrack(lg)
		s.extend(lg.to)
		s.dropTrack(lg, saved)
		s.pop(lg)
		if s.done {
			return
		}
	}
}

// short tells whether the run, with up to more still to come, and the
// other trains' run cannot reach the floor. Beside one train of its own
// length (twin), the run need only be tried as the better of the two:
// the pair the other way round is the other train's route tried here,
// which leaves this one to the other. So the two earn at most twice this
// one's most.
func (s *search) short(more, others int) bool {
	most := s.capSum + more
	total := most + others
	if s.twin {
		total = min(total, 2*most)
	}
	return total < s.floor
}

// enough is the least a run can still add for short to keep it, beside
// the others' run worth others: what bound need find, and no more.
func (s *search) enough(others int) int {
	need := s.floor - s.capSum - others
	if s.twin {
		need = max(need, (s.floor+1)>>1-s.capSum) // ceil(floor/2): 2*most >= floor
	}
	return need
}

// takeTrack marks a leg's track taken, for the other trains' run, and
// returns their witness run to restore after; if the witness runs on that
// track, it goes stale.
func (s *search) takeTrack(lg *leg) *witness {
	w := s.rest
	if w == nil || len(w.trains) == 0 {
		return w
	}
	for _, g := range lg.segs {
		s.used[g] = true
		s.take(g, 1)
	}
	if slices.ContainsFunc(lg.segs, func(g int32) bool { return w.track[g/64]&(1<<(g%64)) != 0 }) {
		st := &s.staleAt[len(s.path)] // the last witness at this step is done with
		*st = witness{trains: w.trains, value: w.value, got: -1 << 30, stale: true}
		s.rest = st
	}
	return w
}

func (s *search) dropTrack(lg *leg, saved *witness) {
	if saved == nil || len(saved.trains) == 0 {
		return
	}
	for _, g := range lg.segs {
		s.used[g] = false
		s.take(g, -1)
	}
	s.rest = saved
}

// refresh finds the other trains a run worth need or more on the track
// the route leaves, and tells whether there is one: if not, the branch
// is cut. It looks for any such run rather than their best: the run known
// (got) and the most they can earn (value) are all the bounds need, and a
// run known to earn enough is where most searches for one end. The best
// run beside a complete route is then found by asking for more (beside).
func (s *search) refresh(need int) bool {
	w := s.rest
	best, ceil := s.n.memo.recall(w.trains, s.closed, s.track, w.value, need)
	if need > ceil {
		s.rest = s.lowered(w, ceil)
		return false
	}
	if best != nil && best.got >= need {
		at := &s.restAt[len(s.path)]
		*at = witness{trains: w.trains, runs: best.runs, got: best.got, value: ceil, track: best.track}
		s.rest = at
		return true
	}
	s.stats.Redone++
	closed := slices.Clone(s.closed)
	runs, v, ok, why := s.n.anyRun(w.trains, s.used, need, closed, s.stats)
	if !ok {
		s.n.memo.keep(w.trains, why, nil, v)
		s.rest = s.lowered(w, v)
		return false
	}
	s.rest = s.n.witness(w.trains, runs, v)
	s.rest.value = ceil
	s.n.memo.keep(w.trains, closed, s.rest, ceil)
	return true
}

// lowered is the witness w with what the trains can earn lowered to v,
// kept in the step's own place rather than allocated: the run's later
// steps keep theirs apart, and the steps before it get theirs back as the
// walk returns (dropTrack). Only the witnesses the memo keeps need a
// place of their own.
func (s *search) lowered(w *witness, v int) *witness {
	if v >= w.value {
		return w
	}
	c := *w
	c.value = v
	at := &s.restAt[len(s.path)]
	*at = c
	return at
}

// beside tells whether a complete route earning r and the other trains'
// run can reach the floor: at once if the run known does, else if one
// that does can be found.
func (s *search) beside(r int) bool {
	if r+s.rest.got >= s.floor {
		return true
	}
	return r+s.rest.value >= s.floor && s.refresh(s.floor-r)
}

// freeTrack tells whether no other train runs on a leg's track. The
// legs it finds they do are noted in why, when the search keeps it: they
// are all its answer can depend on of the track taken. Where the search
// asks only whether any of several legs is free (anyFree, ports,
// anyUsable), it notes the closed ones only when the answer is no: a
// yes holds however many of them are closed, and the fewer legs an
// answer depends on, the more of the track it holds on (extendKnown).
func (s *search) freeTrack(lg *leg) bool {
	return s.freeID(int32(lg.id))
}

// freeID is freeTrack by the leg's id.
func (s *search) freeID(id int32) bool {
	if s.taken[id] == 0 {
		return true
	}
	if s.why != nil {
		s.why[id/64] |= 1 << (id % 64)
	}
	return false
}

// bound is the most up to left more stops can add to a run whose end is
// hops away from each stop: the stops not on it, each counted at its
// cap, best first, taking a set whose stops can be met in some order with
// the i-th at most i hops away (the i-th stop on from the end is). Those
// sets are a matroid's independent sets, so taking stops greedily by cap
// finds the best. A stop a run may only end at (last: blocked, or term,
// see survey) can only be the run's last: so the bound is the other stops'
// best alone, or the best such stop in reach with the other stops' best
// that can all come before it, one fewer and each at most left-1 hops
// away (the set of a matroid of left-1 places, beside), which is what
// keeps the off-boards and full cities, the richest stops, from all
// counting, and a far stop from counting beside one of them. It stops as soon as the stops taken are worth
// enough: then it is some number no less than enough and no more than the
// bound, which is all a caller that only asks whether a branch is short
// (with enough from s.enough) needs.
func (s *search) bound(hops []uint8, left int, last []bool, enough int) int {
	if !s.n.bounded {
		return 1 << 30
	}
	all := newPick(left, left, s.ge)       // the best set with no end stop
	beside := newPick(left-1, left, s.ge2) // the best that can come before one
	end := 0
	for _, x := range s.n.byCap {
		if c := s.n.cap[x]; c <= 0 || all.taken == left && beside.taken >= left-1 && end > 0 {
			break
		}
		if m := max(all.total, beside.total+end); m >= enough {
			return m // no more than the bound will be
		}
		h := int(hops[x])
		if s.onStop[x] || h > left {
			continue
		}
		if last[x] {
			if end == 0 {
				end = s.n.cap[x] // byCap: the first in reach is the best
			}
			continue
		}
		addBoth(&all, &beside, h, s.n.cap[x], left)
	}
	return max(all.total, beside.total+end)
}

// pick is one of bound's greedy sets: the stops taken so far, worth
// total, and, for a run with up to maxPacked stops to come, how many
// more stops t or more hops away it has room for: lane t of room, four
// bits a lane, so that a stop is tried and taken in a few instructions;
// for a longer run, how many are t or more hops away (ge[t]).
type pick struct {
	ge           []int
	room         uint64
	total, taken int
}

// maxPacked is the most stops to come that a pick counts in room.
const maxPacked = 15

// newPick is an empty set of places places, for a run with left stops
// to come: room, or ge cleared past maxPacked.
func newPick(places, left int, ge []int) pick {
	if left > maxPacked {
		ge = ge[:left+1]
		clear(ge)
		return pick{ge: ge}
	}
	var room uint64
	for t := 1; t <= places; t++ {
		room |= uint64(places-t+1) << (4 * t)
	}
	return pick{room: room}
}

// lanes is 1 in each of room's lanes 1 to h.
func lanes(h int) uint64 {
	return (^uint64(0) / 15) >> (4 * (15 - h)) &^ 1
}

// fits tells whether every lane of room that m marks (lanes) is above 0.
// A lane of 0 borrows when m's 1 is taken from it, and only then does its
// top bit come out set where room's was clear.
func fits(room, m uint64) bool {
	y := room & (m * 15)
	return (y-m)&^y&(m<<3) == 0
}

// addBoth takes a stop h hops away and worth c into the set of left
// places (all) and the one of left-1 (beside) where the set stays one a
// run can meet in order (see bound): with it, no more than n-t+1 of a set
// of n places are t or more hops away. It reads the counts of both sets
// in one pass.
func addBoth(all, beside *pick, h, c, left int) {
	if left <= maxPacked {
		m := lanes(min(h, maxPacked))
		if all.taken < left && h <= left && fits(all.room, m) {
			all.total += c
			all.taken++
			all.room -= m
		}
		if beside.taken < left-1 && h <= left-1 && fits(beside.room, m) {
			beside.total += c
			beside.taken++
			beside.room -= m
		}
		return
	}
	inAll := all.taken < left && h <= left
	inBeside := beside.taken < left-1 && h <= left-1
	for t := 1; t <= h && (inAll || inBeside); t++ {
		inAll = inAll && all.ge[t] < left-t+1
		inBeside = inBeside && beside.ge[t] < left-t
	}
	if inAll {
		all.total += c
		all.taken++
		for t := 1; t <= h; t++ {
			all.ge[t]++
		}
	}
	if inBeside {
		beside.total += c
		beside.taken++
		for t := 1; t <= h; t++ {
			beside.ge[t]++
		}
	}
}

// reach works out the stops in reach of the run's end e (survey) and
// the most they can add: the most of any one part of the track (partBound)
// when survey took it apart, else the bound on them all. The parts' is
// never more than the whole's, so where the whole's would cut the branch
// so does the parts', and it is the only one worked out.
func (s *search) reach(e, left int) int {
	s.split = false
	parts := s.survey(e, left)
	if !s.n.bounded || parts < 0 {
		return s.bound(s.dist, left, s.term, noCeiling)
	}
	s.split = true
	return s.partBound(left, s.term, parts)
}

// nextBounds is, when reach took the track apart at the run's end e (the
// run's k-th stop), the most a run can add on from e through each stop
// it could go to next: what the part of the track that stop is in can
// add (partBound's), the most of its parts' for a stop the run could
// only end at. A run goes on from e into that stop's part and never
// comes back, so the branches into parts too poor to make up the floor
// are cut at once, with no bound worked out for each. Nil when reach did
// not take the track apart.
func (s *search) nextBounds(e, k int) []int {
	if !s.split {
		return nil
	}
	s.split = false // the next step's reach sets it again
	next := s.nextMost[k]
	for _, g := range s.n.groups[e] {
		y := s.n.legs[e][g[0]].to
		next[y] = -1
		if s.onStop[y] || s.dist[y] != 1 {
			continue
		}
		for m := s.part[y]; m != 0; m &= m - 1 {
			next[y] = max(next[y], s.parts[bits.TrailingZeros64(m)].most)
		}
	}
	return next
}

// survey walks breadth first from the run's end e over the free legs,
// as far as left, and works out what the bounds need of the stops it
// meets: the fewest legs from e to each (dist); whether the run could
// only end there (term: blocked, or with fewer than two ways in and out
// left, since a stop in a run's middle is come to by one leg and left by
// another that begins along other track, 8.1 rule 4; or left legs away,
// where a run stops; but not so at one leg, where part 0 would take in
// every stop next to e), which the walk does not go through; and the parts of the track that e and those stops
// divide (part, a bit a part, part 0 the stops the run could end at one
// leg on), which it returns the number of, or -1 past maxParts. A run
// leaves e into one part and never comes back (split's bound).
func (s *search) survey(e, left int) int {
	if s.freeAdj != nil {
		return s.surveyBits(e, left)
	}
	d, term, part := s.dist, s.term, s.part
	for i := range d {
		d[i], term[i], part[i] = far, false, 0
	}
	s.labels, s.ends = s.labels[:0], s.ends[:0]
	d[e] = 0
	q := append(s.queue[:0], e)
	for i := 0; i < len(q); i++ {
		x := q[i]
		if x != e && term[x] || int(d[x]) >= left {
			continue
		}
		legs := s.n.legs[x]
		for _, g := range s.n.groups[x] {
			y := legs[g[0]].to
			switch {
			case s.onStop[y]:
			case d[y] != far:
				if x != e && (term[y] || s.label(x) != s.label(y)) && s.anyFree(x, g) {
					s.meet(x, y)
				}
			case s.anyFree(x, g):
				d[y] = d[x] + 1
				term[y] = s.n.blocked[y] || int(d[y]) == left && left > 1 || s.ports(y, e) < 2
				q = append(q, y)
				s.reached(x, y, e)
			}
		}
	}
	s.queue = q
	return s.numberParts(q[1:])
}

// reached labels stop y, first met from x: a part of its own when x is
// e, else x's part; a stop the run could only end at is beside x's part.
func (s *search) reached(x, y, e int) {
	switch {
	case s.term[y] && x == e:
		s.part[y] |= 1
	case s.term[y]:
		s.ends = append(s.ends, [2]int32{int32(y), s.lab[x]})
	case x == e:
		s.lab[y] = int32(len(s.labels))
		s.labels = append(s.labels, int32(len(s.labels)))
	default:
		s.lab[y] = s.lab[x]
	}
}

// meet joins x's part and y's, met again by a free leg.
func (s *search) meet(x, y int) {
	if s.term[y] {
		s.ends = append(s.ends, [2]int32{int32(y), s.lab[x]})
		return
	}
	a, b := s.label(x), s.label(y)
	s.labels[max(a, b)] = min(a, b)
}

// label is the part of a stop the run can pass, as joined so far.
func (s *search) label(x int) int32 {
	l := s.lab[x]
	for s.labels[l] != l {
		s.labels[l] = s.labels[s.labels[l]]
		l = s.labels[l]
	}
	return l
}

// numberParts gives each part a bit, 1 on, and marks the stops met with
// them (met, e left out).
func (s *search) numberParts(met []int) int {
	bit := s.bits[:0]
	n := 0
	for l := range s.labels {
		if s.label0(int32(l)) == int32(l) {
			n++
		}
		bit = append(bit, 0)
	}
	if n > maxParts {
		return -1
	}
	n = 0
	for l := range s.labels {
		if r := s.label0(int32(l)); r == int32(l) {
			n++
			bit[l] = 1 << n
		}
	}
	for _, x := range met {
		if !s.term[x] {
			s.part[x] = bit[s.label0(s.lab[x])]
		}
	}
	for _, en := range s.ends {
		s.part[en[0]] |= bit[s.label0(en[1])]
	}
	s.bits = bit
	return n
}

// label0 is label by a label rather than a stop.
func (s *search) label0(l int32) int32 {
	for s.labels[l] != l {
		l = s.labels[l]
	}
	return l
}

// anyFree tells whether one of stop v's legs from g[0] to g[1] (all to
// one stop) is free of the run's sides and the other trains' track,
// noting the closed ones only when none is (see freeTrack).
func (s *search) anyFree(v int, g [2]int32) bool {
	legs := s.n.legs[v][g[0]:g[1]]
	for j := range legs {
		if id := legs[j].id; s.shut[id] == 0 && s.taken[id] == 0 {
			return true
		}
	}
	for j := range legs {
		if id := legs[j].id; s.shut[id] == 0 {
			s.freeID(int32(id)) // closed, and the answer turns on it: noted
		}
	}
	return false
}

// maxParts is how many parts survey takes the track apart into at most.
const maxParts = 31

// partBound is bound on each part of the track (part, survey's) at once,
// in one pass over the stops: the most any one part can add. Part 0 is
// the stops the run could end at one leg on.
func (s *search) partBound(left int, term []bool, parts int) int {
	ps := s.parts[:parts+1]
	for c := range ps {
		ps[c] = partSum{all: newPick(left, left, ps[c].all.ge), beside: newPick(left-1, left, ps[c].beside.ge)}
	}
	for _, x := range s.n.byCap {
		cp, h := s.n.cap[x], int(s.dist[x])
		if cp <= 0 {
			break
		}
		if s.onStop[x] || h > left {
			continue
		}
		for m := s.part[x]; m != 0; m &= m - 1 {
			p := &ps[bits.TrailingZeros64(m)]
			if term[x] {
				p.end = max(p.end, cp)
				continue
			}
			addBoth(&p.all, &p.beside, h, cp, left)
		}
	}
	most := 0
	for c := range ps {
		p := &ps[c]
		p.most = max(p.all.total, p.beside.total+p.end)
		most = max(most, p.most)
	}
	return most
}

// partSum is partBound's sum for one part: as bound's.
type partSum struct {
	all, beside pick
	end, most   int
}

// ports counts, up to two, the stretches of track a leg can leave stop x
// by that lead to e or off the run, free of the run and the others; the
// legs the others close are noted only when it finds fewer than two.
func (s *search) ports(x, e int) int {
	found, first := 0, int32(-1)
	for _, o := range s.n.exits[x] {
		if o.seg == first || int(o.to) != e && s.onStop[o.to] || s.shut[o.id] > 0 || s.taken[o.id] > 0 {
			continue
		}
		if found++; found == 2 {
			return 2
		}
		first = o.seg // its other legs leave by the same track
	}
	for _, o := range s.n.exits[x] {
		if (int(o.to) == e || !s.onStop[o.to]) && s.shut[o.id] == 0 {
			s.freeID(o.id) // closed ways out the answer turns on: noted
		}
	}
	return found
}

// route is the run as AllRoutes lists it, from the end that comes first
// on the board, earning rev (revenue).
func (s *search) route(rev int) Route {
	n := s.n
	r := Route{Stops: make([]Node, len(s.path)), Revenue: rev}
	for i, x := range s.path {
		r.Stops[i] = n.nodes[x]
	}
	for _, lg := range s.via {
		for _, g := range lg.segs {
			r.Segments = append(r.Segments, n.segs[g])
		}
	}
	if nodeOrder(r.Stops[0], r.Stops[len(r.Stops)-1]) > 0 {
		slices.Reverse(r.Stops)
		slices.Reverse(r.Segments)
	}
	return r
}

// revenue is what the run earns (Layout.Revenue), its stops taken from
// the end that comes first on the board as route lists them; worked out
// apart from route, since most runs a search meets earn too little to
// keep.
func (s *search) revenue() int {
	n := s.n
	stops := s.stopBuf[:0]
	for _, x := range s.path {
		stops = append(stops, n.nodes[x])
	}
	if nodeOrder(stops[0], stops[len(stops)-1]) > 0 {
		slices.Reverse(stops)
	}
	s.stopBuf = stops
	s.stats.Routes++
	return n.l.Revenue(n.corp, stops, n.phase)
}

// segIDs are the stretches of track the run uses.
func (s *search) segIDs() []int32 {
	var out []int32
	for _, lg := range s.via {
		out = append(out, lg.segs...)
	}
	return out
}
