package eighteen

// lives keeps, at one step of the walk, what dominated works out of the
// legs to one stop, each at most once however many legs it is compared
// with: the sides a later leg could still cross (live), as bits, and
// beside other trains the stretches they could still want (restLive).
type lives struct {
	done  []bool
	sides [][]uint64
	track [][]uint64
}

// newLives is room for the legs of the net's largest group, to one stop.
func (n *net) newLives() *lives {
	ws, wt := (n.sides+63)/64, (len(n.segs)+63)/64
	sides, track := make([]uint64, n.group*ws), make([]uint64, n.group*wt)
	l := &lives{done: make([]bool, n.group)}
	for i := range n.group {
		l.sides = append(l.sides, sides[i*ws:(i+1)*ws:(i+1)*ws])
		l.track = append(l.track, track[i*wt:(i+1)*wt:(i+1)*wt])
	}
	return l
}

// reset forgets the group before: the walk is at another stop's legs.
func (l *lives) reset() {
	clear(l.done)
}

// dominated tells whether one of the earlier legs to the last leg's stop
// (group: those legs, the last leg last), walked already, left the run at
// least as free a way on as the last leg does: the sides of the last leg
// that a later leg could still cross (live) include that leg's. The stops
// are the same either way, so every run on from the last leg is a run on
// from that leg, earning the same (8.1 rules 3 and 4 are the only ties
// between legs).
//
// Beside other trains (joint), the legs must also share track, so that
// no other train could run on the one while this one runs the other, and
// the stretches of the earlier leg that the others could still run on
// must be the later one's too: then any run of them all with the last
// leg is one with that leg instead, the others' runs unchanged.
func (s *search) dominated(group []leg, l *lives) bool {
	last := len(group) - 1
	lg := &group[last]
	joint := s.rest != nil && len(s.rest.trains) > 0
	for i := range group[:last] {
		b := &group[i]
		if !s.free(b) || joint && !shareTrack(b, lg) { // the cheap tests first
			continue
		}
		if !isSubsetOf(s.liveOf(group, i, l, joint).sides[i], s.liveOf(group, last, l, joint).sides[last]) {
			continue
		}
		if !joint || isSubsetOf(l.track[i], l.track[last]) {
			return true
		}
	}
	return false
}

// liveOf works out the group's i-th leg's live sides and, when joint, the
// track the other trains could still want, once per group.
func (s *search) liveOf(group []leg, i int, l *lives, joint bool) *lives {
	if l.done[i] {
		return l
	}
	l.done[i] = true
	lg := &group[i]
	clear(l.sides[i])
	for _, d := range lg.sides {
		if s.anyUsable(s.n.sideIDs[d]) {
			l.sides[i][d/64] |= 1 << (d % 64)
		}
	}
	if joint {
		clear(l.track[i])
		for _, g := range lg.segs {
			for _, o := range s.n.segLegs[g] {
				if o.id != lg.id && s.freeTrack(o) {
					l.track[i][g/64] |= 1 << (g % 64)
					break
				}
			}
		}
	}
	return l
}

// anyUsable tells whether the run could still take one of the legs, by
// id (usable). Only when it could not are the legs it found closed to it
// by the other trains noted (freeTrack): the answer turns on those alone.
func (s *search) anyUsable(ids []int32) bool {
	open := func(id int32) bool {
		e := s.n.legEnds[id]
		return !s.onStop[e[0]] && !s.onStop[e[1]] && s.shut[id] == 0
	}
	for _, id := range ids {
		if open(id) && s.taken[id] == 0 {
			return true
		}
	}
	for _, id := range ids {
		if open(id) {
			s.freeID(id)
		}
	}
	return false
}

// shareTrack tells whether two legs run along some stretch in common.
func shareTrack(a, b *leg) bool {
	for _, g := range a.segs {
		for _, h := range b.segs {
			if g == h {
				return true
			}
		}
	}
	return false
}
