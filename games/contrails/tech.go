package contrails

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// TechnologyLetters names the technologies of 4.18 in the order they come
// available: A, the Grand Station, first.
const TechnologyLetters = "ABCDEFGHIJ"

// GrandStationCost is the Grand Station's flat price (4.18).
const GrandStationCost = 10000

// TechSet is the technologies B to J a railroad owns, a bit each by its
// index in TechnologyLetters; the Grand Station (A) is Railroad.Grand.
// A president may buy any technology that has come available, not only
// the next, so a railroad's technologies are a set, not a count (4.18).
type TechSet uint16

// Has tells whether the set holds the technology of that index.
func (ts TechSet) Has(k int) bool { return k > 0 && ts&(1<<k) != 0 }

// With is the set and the technology of that index.
func (ts TechSet) With(k int) TechSet { return ts | 1<<k }

// Count is how many technologies the set holds.
func (ts TechSet) Count() int {
	n := 0
	for k := 1; k < len(TechnologyLetters); k++ {
		if ts.Has(k) {
			n++
		}
	}
	return n
}

// upTo is every technology from B to the last of the first n available.
func upTo(n int) TechSet {
	var ts TechSet
	for k := 1; k < n && k < len(TechnologyLetters); k++ {
		ts = ts.With(k)
	}
	return ts
}

// String is the set's letters, as BCE.
func (ts TechSet) String() string {
	var b strings.Builder
	for k := 1; k < len(TechnologyLetters); k++ {
		if ts.Has(k) {
			b.WriteByte(TechnologyLetters[k])
		}
	}
	return b.String()
}

// MarshalJSON writes the set as its letters.
func (ts TechSet) MarshalJSON() ([]byte, error) { return json.Marshal(ts.String()) }

// UnmarshalJSON reads the letters, or a number as positions stored before
// technologies became a set wrote them: the count of B.. owned, in order.
func (ts *TechSet) UnmarshalJSON(b []byte) error {
	var n int
	if err := json.Unmarshal(b, &n); err == nil {
		*ts = upTo(n + 1)
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("technologies: %w", err)
	}
	var out TechSet
	for _, r := range s {
		k := strings.IndexRune(TechnologyLetters, r)
		if k < 1 {
			return fmt.Errorf("technologies: %q is not a technology B to J", r)
		}
		out = out.With(k)
	}
	*ts = out
	return nil
}

// techsOnOffer are the technologies a railroad may buy this turn, by
// index: those come available that it lacks, the Grand Station only where
// it may build one (4.18). The turnsheet and the turn both read it.
func techsOnOffer(m *Map, s *State, rr *Railroad) []int {
	var out []int
	if !rr.Grand && s.Techs >= 1 && bigTown(m, rr) {
		out = append(out, 0)
	}
	for k := 1; k < s.Techs && k < len(TechnologyLetters); k++ {
		if !rr.Techs.Has(k) {
			out = append(out, k)
		}
	}
	return out
}

// buyTechnology buys the technology the president chose, or with none
// chosen the first on offer in the rules' order that the railroad's cash
// pays for (ruling CR25): one a turn, from cash, $10 a mile or $10,000 for
// the Grand Station (4.18).
func (t *turn) buyTechnology(rr *Railroad, pres, miles int, choice string) {
	offer := techsOnOffer(t.m, t.s, rr)
	if len(offer) == 0 {
		t.note(pres, "%s: no new technology is available to buy (4.18).", rr.Abbr)
		return
	}
	cost := func(k int) int64 {
		if k == 0 {
			return GrandStationCost
		}
		return int64(10 * miles)
	}
	k := offer[len(offer)-1]
	for _, c := range offer {
		if cost(c) <= rr.Cash {
			k = c
			break
		}
	}
	if choice != "" {
		k = strings.Index(TechnologyLetters, strings.ToUpper(choice))
		if !slices.Contains(offer, k) {
			t.note(pres, "%s: technology %s is not on offer to it; it may buy %s (4.18). None bought.", rr.Abbr, choice, techLetters(offer))
			return
		}
	}
	if cost := cost(k); cost > rr.Cash {
		t.note(pres, "%s: technology %c needs $%d in cash (4.18); not bought.", rr.Abbr, TechnologyLetters[k], cost)
		return
	}
	t.s.transfer(railroadAcct(rr.Abbr), bank, cost(k), itemTechnology)
	if k == 0 {
		rr.Grand = true
		t.news("equipment", "%s builds a Grand Station.", rr.Abbr)
		return
	}
	rr.Techs = rr.Techs.With(k)
	t.news("equipment", "%s adopts technology %c.", rr.Abbr, TechnologyLetters[k])
}

// SheetTech is a technology on offer to a railroad, with its price.
type SheetTech struct {
	Letter string
	Name   string // the Grand Station's; "" for the others
	Cost   int64
}

// techOffer is the technologies on offer with their prices, for the
// turnsheet.
func techOffer(offer []int, miles int) []SheetTech {
	var out []SheetTech
	for _, k := range offer {
		st := SheetTech{Letter: TechnologyLetters[k : k+1], Cost: int64(10 * miles)}
		if k == 0 {
			st.Name, st.Cost = "Grand Station", GrandStationCost
		}
		out = append(out, st)
	}
	return out
}

// techLetters writes technologies by letter, as B, E.
func techLetters(ks []int) string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = TechnologyLetters[k : k+1]
	}
	return strings.Join(out, ", ")
}
