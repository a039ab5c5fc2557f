package contrails

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestTechSetJSON: a railroad's technologies are written as their letters,
// and a position stored when they were a count of B.. owned in order
// reads as that many from B (ruling CR25).
func TestTechSetJSON(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want TechSet
		out  string
	}{
		{`0`, 0, `""`},
		{`3`, upTo(4), `"BCD"`},
		{`"BDF"`, TechSet(0).With(1).With(3).With(5), `"BDF"`},
		{`""`, 0, `""`},
	} {
		var ts TechSet
		if err := json.Unmarshal([]byte(tc.in), &ts); err != nil || ts != tc.want {
			t.Errorf("%s read as %q (%v), want %q", tc.in, ts, err, tc.want)
		}
		if b, _ := json.Marshal(ts); string(b) != tc.out {
			t.Errorf("%s written as %s, want %s", tc.in, b, tc.out)
		}
	}
	for _, bad := range []string{`"A"`, `"BX"`, `true`} {
		var ts TechSet
		if err := json.Unmarshal([]byte(bad), &ts); err == nil {
			t.Errorf("%s read without error", bad)
		}
	}
}

// TestGrandStationOnOffer: the Grand Station is on offer to a railroad
// whose line reaches a size 4 or 5 town, once technology has come and
// until it has one (4.18).
func TestGrandStationOnOffer(t *testing.T) {
	m, err := LoadMap()
	if err != nil {
		t.Fatal(err)
	}
	// A route for each size of its larger end.
	bySize := map[int]string{}
	for _, r := range m.Routes {
		a, _ := m.Town(r.A)
		b, _ := m.Town(r.B)
		if size := max(a.Size, b.Size); bySize[size] == "" {
			bySize[size] = r.Code
		}
	}
	for _, tc := range []struct {
		size, techs int
		grand, want bool
	}{
		{3, 1, false, false},
		{4, 1, false, true},
		{5, 1, false, true},
		{5, 0, false, false},
		{5, 1, true, false},
	} {
		if bySize[tc.size] == "" {
			t.Fatalf("no route with a size %d town at its larger end", tc.size)
		}
		s := &State{Techs: tc.techs}
		rr := &Railroad{Lines: []string{bySize[tc.size]}, Grand: tc.grand}
		if got := slices.Contains(techsOnOffer(m, s, rr), 0); got != tc.want {
			t.Errorf("a size %d town, %d technologies come, Grand Station %v: on offer %v, want %v", tc.size, tc.techs, tc.grand, got, tc.want)
		}
	}
}
