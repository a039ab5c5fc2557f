package contrails

import (
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// The map's index answers network questions from bit sets; these are the
// plain answers, as the rules word them, that it must agree with.

func naiveTownsOf(m *Map, lines []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range lines {
		if r, ok := m.Route(c); ok {
			for _, tw := range []string{r.A, r.B} {
				if !seen[tw] {
					seen[tw] = true
					out = append(out, tw)
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

func naiveRegionsOf(m *Map, lines []string) []Region {
	has := map[Region]bool{}
	for _, tw := range naiveTownsOf(m, lines) {
		if t, _ := m.Town(tw); t.Star {
			has[t.Region] = true
		}
	}
	var out []Region
	for _, r := range Regions {
		if has[r] {
			out = append(out, r)
		}
	}
	return out
}

func naiveTouches(m *Map, lines []string, code string) bool {
	r, ok := m.Route(code)
	if !ok {
		return false
	}
	for _, c := range lines {
		if l, ok := m.Route(c); ok && (l.A == r.A || l.A == r.B || l.B == r.A || l.B == r.B) {
			return true
		}
	}
	return false
}

func naiveProhibited(m *Map, lines []string, code string) string {
	r, ok := m.Route(code)
	if !ok {
		return "no such route"
	}
	if partner, ok := m.DoublePartner(code); ok && contains(lines, partner) {
		return "it would hold both routes of the double route " + code + "/" + partner + " (4.8, rule 1)"
	}
	for _, tw := range []string{r.A, r.B} {
		if !m.IsGateway(tw) {
			continue
		}
		for _, c := range lines {
			if o, _ := m.Route(c); c != code && (o.A == tw || o.B == tw) {
				return "it would have a second route into " + tw + " (4.8, rule 2)"
			}
		}
	}
	return ""
}

// TestNetworkIndexAgrees draws networks of 0 to 12 routes (real ones, and
// an unknown code now and then) and asks the indexed and the plain
// versions the same questions.
func TestNetworkIndexAgrees(t *testing.T) {
	m, err := LoadMap()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	runs := 3000
	if testing.Short() {
		runs = 300
	}
	for k := 0; k < runs; k++ {
		var lines []string
		for n := rng.IntN(13); n > 0; n-- {
			lines = append(lines, m.Routes[rng.IntN(len(m.Routes))].Code)
		}
		if rng.IntN(10) == 0 {
			lines = append(lines, "ZZ99")
		}
		other := []string{m.Routes[rng.IntN(len(m.Routes))].Code}
		miles, values, regions := m.reach(lines)
		wantValues := 0
		for _, tw := range naiveTownsOf(m, lines) {
			town, _ := m.Town(tw)
			wantValues += town.Value()
		}
		if miles != m.Miles(lines) || values != wantValues || !slices.Equal(regions.list(), naiveRegionsOf(m, lines)) {
			t.Fatalf("reach(%v) = %d miles, value %d, %v; want %d, %d, %v", lines, miles, values, regions.list(), m.Miles(lines), wantValues, naiveRegionsOf(m, lines))
		}
		if got, want := m.TownsOf(lines), naiveTownsOf(m, lines); !slices.Equal(got, want) {
			t.Fatalf("TownsOf(%v) = %v, want %v", lines, got, want)
		}
		if got, want := m.RegionsOf(lines), naiveRegionsOf(m, lines); !slices.Equal(got, want) {
			t.Fatalf("RegionsOf(%v) = %v, want %v", lines, got, want)
		}
		want := len(naiveTownsOf(m, other)) > 0 && naiveTouches(m, lines, other[0])
		if got := m.ConnectedTo(lines, other); got != want {
			t.Fatalf("ConnectedTo(%v, %v) = %v, want %v", lines, other, got, want)
		}
		for _, code := range []string{other[0], "ZZ99"} {
			if got, want := m.Touches(lines, code), naiveTouches(m, lines, code); got != want {
				t.Fatalf("Touches(%v, %s) = %v, want %v", lines, code, got, want)
			}
			if got, want := m.Prohibited(lines, code), naiveProhibited(m, lines, code); got != want {
				t.Fatalf("Prohibited(%v, %s) = %q, want %q", lines, code, got, want)
			}
		}
	}
}

func TestRoutesAtIsSortedAndComplete(t *testing.T) {
	m, _ := LoadMap()
	for _, tw := range m.Towns {
		var want []string
		for _, r := range m.Routes {
			if r.A == tw.Name || r.B == tw.Name {
				want = append(want, r.Code)
			}
		}
		sort.Strings(want)
		if got := m.RoutesAt(tw.Name); !slices.Equal(got, want) {
			t.Errorf("RoutesAt(%s) = %v, want %v", tw.Name, got, want)
		}
	}
	if got := m.RoutesAt("Atlantis"); got != nil {
		t.Errorf("RoutesAt(Atlantis) = %v", got)
	}
}

// TestConnectedLines: lines form one network when each touches the rest;
// none or one line is a network (2.5, 4.1).
func TestConnectedLines(t *testing.T) {
	m, err := LoadMap()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		lines []string
		want  bool
	}{
		{nil, true},
		{[]string{"C&AM"}, true},
		{[]string{"C&AM", "NYNH"}, true},
		{[]string{"C&AM", m.RoutesAt("Chicago")[0]}, false},
	} {
		if got := m.Connected(tc.lines); got != tc.want {
			t.Errorf("Connected(%v) = %v, want %v", tc.lines, got, tc.want)
		}
	}
}
