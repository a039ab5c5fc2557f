package contrails

import (
	"cmp"
	"math/bits"
	"slices"
)

// The questions every phase asks of a railroad's network — which towns it
// serves, which regions it reaches, whether a route touches it — are asked
// thousands of times a turn. The map answers them from an index built once
// when it is loaded: towns by their rank in name order, so that a set of
// towns is a small bit set that lists them already sorted, and each route
// by the ranks of its ends and the regions its starred ends count for.

// maxTowns is the most towns a map may have: a set of towns is a bit set
// of this size, which lives on the stack.
const maxTowns = 512

// townSet is a set of towns by rank in name order.
type townSet [maxTowns / 64]uint64

func (ts *townSet) add(rank int)      { ts[rank>>6] |= 1 << (rank & 63) }
func (ts *townSet) has(rank int) bool { return ts[rank>>6]&(1<<(rank&63)) != 0 }

// intersects reports whether two sets share a town.
func (ts *townSet) intersects(o *townSet) bool {
	for k := range ts {
		if ts[k]&o[k] != 0 {
			return true
		}
	}
	return false
}

// each calls f with every rank in the set, in ascending order.
func (ts *townSet) each(f func(rank int)) {
	for k, w := range ts {
		for w != 0 {
			b := bits.TrailingZeros64(w)
			f(k<<6 | b)
			w &= w - 1
		}
	}
}

func (ts *townSet) len() int {
	n := 0
	for _, w := range ts {
		n += bits.OnesCount64(w)
	}
	return n
}

// regionMask is a set of regions, bit k standing for Regions[k].
type regionMask uint16

func (rm regionMask) count() int { return bits.OnesCount16(uint16(rm)) }

// regionBit is a region's bit, or 0 for an unknown region.
func regionBit(r Region) regionMask {
	if k := slices.Index(Regions, r); k >= 0 {
		return 1 << k
	}
	return 0
}

// list gives the regions in the order of Regions; nil if none.
func (rm regionMask) list() []Region {
	var out []Region
	for k, r := range Regions {
		if rm&(1<<k) != 0 {
			out = append(out, r)
		}
	}
	return out
}

// mapIndex is the lookup tables of a loaded map, in town ranks and route
// indices.
type mapIndex struct {
	byRank  []int // rank -> index in Towns
	rankOf  map[string]int
	region  []regionMask // by rank: the town's region
	star    []regionMask // by rank: its region if starred (2.7B), else 0
	gate    []bool       // by rank: a gateway (4.8, rule 2)
	ends    [][2]int     // by route index: the ranks of A and B
	reaches []regionMask // by route index: the regions its ends count for
	partner []int        // by route index: the other route of a double route, or -1
	at      [][]int      // by rank: the routes touching the town, by code
	atCodes [][]string   // the same as codes, for RoutesAt
}

// index builds the lookup tables; the map is already validated.
func (m *Map) index() {
	ix := &m.ix
	ix.byRank = make([]int, len(m.Towns))
	for i := range ix.byRank {
		ix.byRank[i] = i
	}
	slices.SortFunc(ix.byRank, func(a, b int) int { return cmp.Compare(m.Towns[a].Name, m.Towns[b].Name) })
	ix.rankOf = make(map[string]int, len(m.Towns))
	ix.region = make([]regionMask, len(m.Towns))
	ix.star = make([]regionMask, len(m.Towns))
	ix.gate = make([]bool, len(m.Towns))
	for rank, i := range ix.byRank {
		t := m.Towns[i]
		ix.rankOf[t.Name] = rank
		ix.region[rank] = regionBit(t.Region)
		if t.Star {
			ix.star[rank] = ix.region[rank]
		}
		ix.gate[rank] = m.gate[t.Name]
	}
	ix.ends = make([][2]int, len(m.Routes))
	ix.reaches = make([]regionMask, len(m.Routes))
	ix.partner = make([]int, len(m.Routes))
	ix.at = make([][]int, len(m.Towns))
	for i, r := range m.Routes {
		a, b := ix.rankOf[r.A], ix.rankOf[r.B]
		ix.ends[i] = [2]int{a, b}
		ix.reaches[i] = ix.star[a] | ix.star[b]
		ix.partner[i] = -1
		for _, j := range m.pair[pairKey(r.A, r.B)] {
			if j != i {
				ix.partner[i] = j
			}
		}
		ix.at[a] = append(ix.at[a], i)
		ix.at[b] = append(ix.at[b], i)
	}
	ix.atCodes = make([][]string, len(m.Towns))
	for rank, rs := range ix.at {
		slices.SortFunc(rs, func(a, b int) int { return cmp.Compare(m.Routes[a].Code, m.Routes[b].Code) })
		for _, i := range rs {
			ix.atCodes[rank] = append(ix.atCodes[rank], m.Routes[i].Code)
		}
	}
}

// townsOf is the set of towns a set of lines touches; unknown codes add
// nothing.
func (m *Map) townsOf(lines []string) townSet {
	var ts townSet
	for _, c := range lines {
		if i, ok := m.route[c]; ok {
			e := m.ix.ends[i]
			ts.add(e[0])
			ts.add(e[1])
		}
	}
	return ts
}

// regionsOf is the set of regions a set of lines connects to (2.7B).
func (m *Map) regionsOf(lines []string) regionMask {
	var rm regionMask
	for _, c := range lines {
		if i, ok := m.route[c]; ok {
			rm |= m.ix.reaches[i]
		}
	}
	return rm
}

// reach is what a set of lines adds up to: its miles, the value of the
// distinct towns it serves and the regions it connects to (2.6, 2.7B).
func (m *Map) reach(lines []string) (miles, values int, regions regionMask) {
	var ts townSet
	for _, c := range lines {
		if i, ok := m.route[c]; ok {
			e := m.ix.ends[i]
			ts.add(e[0])
			ts.add(e[1])
			miles += m.Routes[i].Miles
			regions |= m.ix.reaches[i]
		}
	}
	ts.each(func(rank int) { values += m.Towns[m.ix.byRank[rank]].Value() })
	return miles, values, regions
}

// ends are a route's miles and its two towns; zeros for an unknown code.
func (m *Map) ends(code string) (miles int, a, b Town) {
	i, ok := m.route[code]
	if !ok {
		return 0, Town{}, Town{}
	}
	e := m.ix.ends[i]
	return m.Routes[i].Miles, m.Towns[m.ix.byRank[e[0]]], m.Towns[m.ix.byRank[e[1]]]
}

// TownsOf lists the distinct towns a set of lines touches, sorted.
func (m *Map) TownsOf(lines []string) []string {
	ts := m.townsOf(lines)
	n := ts.len()
	if n == 0 {
		return nil
	}
	out := make([]string, 0, n)
	ts.each(func(rank int) { out = append(out, m.Towns[m.ix.byRank[rank]].Name) })
	return out
}

// RegionsOf lists the regions a set of lines connects to: those with a
// starred town on a line (2.7B), in the order of Regions.
func (m *Map) RegionsOf(lines []string) []Region { return m.regionsOf(lines).list() }

// Touches reports whether a route shares a town with any of the lines.
func (m *Map) Touches(lines []string, code string) bool {
	i, ok := m.route[code]
	if !ok {
		return false
	}
	e := m.ix.ends[i]
	for _, c := range lines {
		if j, ok := m.route[c]; ok {
			if l := m.ix.ends[j]; l[0] == e[0] || l[0] == e[1] || l[1] == e[0] || l[1] == e[1] {
				return true
			}
		}
	}
	return false
}

// Prohibited says why a railroad holding lines may not add a route, or ""
// if it may (4.8): it may not hold both routes of a double route, nor more
// than one route into a gateway city.
func (m *Map) Prohibited(lines []string, code string) string {
	i, ok := m.route[code]
	if !ok {
		return "no such route"
	}
	if j := m.ix.partner[i]; j >= 0 && contains(lines, m.Routes[j].Code) {
		return "it would hold both routes of the double route " + code + "/" + m.Routes[j].Code + " (4.8, rule 1)"
	}
	for _, tw := range m.ix.ends[i] {
		if !m.ix.gate[tw] {
			continue
		}
		for _, c := range lines {
			if c == code {
				continue
			}
			if j, ok := m.route[c]; ok && (m.ix.ends[j][0] == tw || m.ix.ends[j][1] == tw) {
				return "it would have a second route into " + m.Towns[m.ix.byRank[tw]].Name + " (4.8, rule 2)"
			}
		}
	}
	return ""
}

// Connected reports whether lines form one network (2.5, 4.1).
func (m *Map) Connected(lines []string) bool {
	if len(lines) <= 1 {
		return true
	}
	reached := map[string]bool{lines[0]: true}
	for grew := true; grew; {
		grew = false
		for _, c := range lines {
			if reached[c] {
				continue
			}
			var done []string
			for k := range reached {
				done = append(done, k)
			}
			if m.Touches(done, c) {
				reached[c] = true
				grew = true
			}
		}
	}
	return len(reached) == len(lines)
}

// ConnectedTo reports whether two railroads share a town (4.13A1).
func (m *Map) ConnectedTo(a, b []string) bool {
	ta, tb := m.townsOf(a), m.townsOf(b)
	return ta.intersects(&tb)
}
