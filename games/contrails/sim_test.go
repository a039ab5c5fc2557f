package contrails

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
)

// playGame plays a whole computer game from a seed; check is called after
// every turn.
func playGame(t testing.TB, m *Map, seed uint64, maxTurns int, check func(s *State, events []Event)) *State {
	t.Helper()
	s, err := NewGame(m, Setup{}, rand.New(rand.NewPCG(seed, 0)))
	if err != nil {
		t.Fatal(err)
	}
	if check != nil {
		check(s, nil)
	}
	for !s.Over && s.Turn <= maxTurns {
		next, events, err := Resolve(m, s, nil, rand.New(rand.NewPCG(seed, uint64(s.Turn))))
		if err != nil {
			t.Fatalf("seed %d turn %d: %v", seed, s.Turn, err)
		}
		s = next
		if check != nil {
			check(s, events)
		}
	}
	return s
}

// invariants lists every broken invariant of a state.
func invariants(m *Map, s *State) []string {
	var bad []string
	if ms := s.MoneySupply(); ms != 0 {
		bad = append(bad, fmt.Sprintf("money not conserved: accounts sum to %d", ms))
	}
	owner := map[string]string{}
	for _, rr := range s.Railroads {
		if rr.Public < 0 || rr.Treasury < 0 {
			bad = append(bad, fmt.Sprintf("%s: public %d, treasury %d", rr.Abbr, rr.Public, rr.Treasury))
		}
		if !m.Connected(rr.Lines) {
			bad = append(bad, fmt.Sprintf("%s: lines %v are not connected", rr.Abbr, rr.Lines))
		}
		for _, c := range append(append([]string(nil), rr.Lines...), rr.RoW) {
			if c == "" {
				continue
			}
			if prev, dup := owner[c]; dup {
				bad = append(bad, fmt.Sprintf("%s is held by %s and %s", c, prev, rr.Abbr))
			}
			owner[c] = rr.Abbr
		}
		for _, c := range rr.holdings() {
			rest := remove(append([]string(nil), rr.holdings()...), c)
			if why := m.Prohibited(rest, c); why != "" {
				bad = append(bad, fmt.Sprintf("%s holds %s: %s", rr.Abbr, c, why))
			}
		}
		for k, c := range rr.Doubled {
			if !contains(rr.Lines, c) || contains(rr.Doubled[k+1:], c) {
				bad = append(bad, fmt.Sprintf("%s: double track %v is not a set of its lines %v (4.15)", rr.Abbr, rr.Doubled, rr.Lines))
			}
		}
		if contains(rr.Lines, rr.RoW) {
			bad = append(bad, fmt.Sprintf("%s: its RoW %s is already a line", rr.Abbr, rr.RoW))
		}
		issued := s.Issued(&rr)
		if issued+rr.Treasury != rr.Authorized {
			bad = append(bad, fmt.Sprintf("%s: %d issued + %d treasury != %d authorized", rr.Abbr, issued, rr.Treasury, rr.Authorized))
		}
		for _, d := range rr.Directors {
			if !isDirector(s.Players[d-1].Shares[rr.Abbr], issued) {
				bad = append(bad, fmt.Sprintf("%s: director %d holds %d of %d", rr.Abbr, d, s.Players[d-1].Shares[rr.Abbr], issued))
			}
		}
		if rr.President != 0 && !contains(intsToStrings(rr.Directors), fmt.Sprint(rr.President)) {
			bad = append(bad, fmt.Sprintf("%s: president %d is not a director", rr.Abbr, rr.President))
		}
	}
	holder := map[string]int{}
	for _, p := range s.Players {
		for _, pc := range p.PCs {
			if owner[pc.Code] != "" {
				bad = append(bad, fmt.Sprintf("player %d holds %s, a line of %s", p.Number, pc.Code, owner[pc.Code]))
			}
			holder[pc.Code] = p.Number
		}
	}
	for _, o := range s.Offers {
		if owner[o.Code] != "" {
			bad = append(bad, fmt.Sprintf("%s is on offer but is a line of %s", o.Code, owner[o.Code]))
		}
		if h := holder[o.Code]; h != o.Seller {
			bad = append(bad, fmt.Sprintf("%s is offered by %d but held by %d", o.Code, o.Seller, h))
		}
	}
	for _, p := range s.Players {
		for abbr, n := range p.Shares {
			if n < 0 {
				bad = append(bad, fmt.Sprintf("player %d holds %d %s", p.Number, n, abbr))
			}
			if n > 0 && s.Railroad(abbr) == nil {
				bad = append(bad, fmt.Sprintf("player %d holds %d of a railroad that is gone, %s", p.Number, n, abbr))
			}
		}
		if len(p.PCs) > 2 {
			bad = append(bad, fmt.Sprintf("player %d holds %d PCs", p.Number, len(p.PCs)))
		}
		if p.Loan < 0 {
			bad = append(bad, fmt.Sprintf("player %d has a negative loan", p.Number))
		}
	}
	return bad
}

func intsToStrings(ns []int) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = fmt.Sprint(n)
	}
	return out
}

func TestSmokeOneGame(t *testing.T) {
	m, _ := LoadMap()
	s := playGame(t, m, 1, 40, func(s *State, ev []Event) {
		if bad := invariants(m, s); len(bad) > 0 {
			t.Fatalf("turn %d: %v", s.Turn, bad)
		}
	})
	b, _ := json.Marshal(s)
	t.Logf("ended at turn %d over=%v, %d railroads, climate %s, %d bytes", s.Turn, s.Over, len(s.Railroads), s.Climate, len(b))
}

func TestSameSeedSameGame(t *testing.T) {
	m, _ := LoadMap()
	var runs [2][]byte
	for i := range runs {
		s := playGame(t, m, 77, 30, nil)
		runs[i], _ = json.Marshal(s)
	}
	if string(runs[0]) != string(runs[1]) {
		t.Fatal("the same seed and orders gave different states")
	}
	other, _ := json.Marshal(playGame(t, m, 78, 30, nil))
	if string(other) == string(runs[0]) {
		t.Fatal("a different seed gave the same game")
	}
}

// TestResolveDoesNotChangeItsInput: snapshots in the store are the inputs
// of later turns, so Resolve must leave them alone.
func TestResolveDoesNotChangeItsInput(t *testing.T) {
	m, _ := LoadMap()
	s, _ := NewGame(m, Setup{}, rand.New(rand.NewPCG(5, 0)))
	before, _ := json.Marshal(s)
	if _, _, err := Resolve(m, s, nil, rand.New(rand.NewPCG(5, 1))); err != nil {
		t.Fatal(err)
	}
	after, _ := json.Marshal(s)
	if string(before) != string(after) {
		t.Fatal("Resolve changed the state it was given")
	}
}
