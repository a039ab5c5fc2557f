package contrails

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

func TestMapIsValidAndBigEnough(t *testing.T) {
	m, err := LoadMap()
	if err != nil {
		t.Fatal(err)
	}
	var pcs, rows, start, firstTurn, doubles int
	for _, r := range m.Routes {
		switch r.Kind {
		case PC:
			pcs++
			if r.Turn == 0 {
				start++
			}
			if r.Turn == 1 {
				firstTurn++
			}
		case RoW:
			rows++
		}
		if _, ok := m.DoublePartner(r.Code); ok {
			doubles++
		}
	}
	stars := 0
	for _, tw := range m.Towns {
		if tw.Star {
			stars++
		}
	}
	for _, c := range []struct {
		what      string
		got, want int
	}{
		{"towns", len(m.Towns), 150}, {"routes", len(m.Routes), 400}, {"PCs", pcs, 100}, {"RoWs", rows, 300},
		{"starred towns", stars, 50}, {"double-route members", doubles, 20},
	} {
		if c.got < c.want {
			t.Errorf("%d %s, want at least %d", c.got, c.what, c.want)
		}
	}
	if start < 5 || start > 7 || firstTurn < 18 || firstTurn > 24 {
		t.Errorf("1841 has %d railroads and %d PCs on offer; Appendix C says about 6 and about 20", start, firstTurn)
	}
	for _, g := range []string{"Chicago", "St. Louis", "Memphis", "Vicksburg", "New Orleans"} {
		if !m.IsGateway(g) {
			t.Errorf("%s is not a gateway (4.8)", g)
		}
	}
}

func TestMapIsConnected(t *testing.T) {
	m, err := LoadMap()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{m.Towns[0].Name: true}
	queue := []string{m.Towns[0].Name}
	for len(queue) > 0 {
		town := queue[0]
		queue = queue[1:]
		for _, code := range m.RoutesAt(town) {
			r, _ := m.Route(code)
			for _, next := range []string{r.A, r.B} {
				if !seen[next] {
					seen[next] = true
					queue = append(queue, next)
				}
			}
		}
	}
	if len(seen) != len(m.Towns) {
		t.Errorf("only %d of %d towns can be reached by rail", len(seen), len(m.Towns))
	}
}

func TestMileageIsGreatCircleTimesDetour(t *testing.T) {
	m, _ := LoadMap()
	// The distance function against well-known great-circle distances.
	for _, tc := range []struct {
		a, b     string
		min, max float64
	}{
		{"New York", "Los Angeles", 2430, 2460},
		{"Chicago", "St. Louis", 255, 265},
		{"Boston", "Philadelphia", 265, 275},
	} {
		a, _ := m.Town(tc.a)
		b, _ := m.Town(tc.b)
		if d := GreatCircleMiles(a, b); d < tc.min || d > tc.max {
			t.Errorf("%s–%s is %.0f miles, want %.0f to %.0f", tc.a, tc.b, d, tc.min, tc.max)
		}
	}
	// Every route's mileage is that distance times its detour factor.
	for _, r := range m.Routes {
		a, _ := m.Town(r.A)
		b, _ := m.Town(r.B)
		f := m.Detour
		if r.Detour != 0 {
			f = r.Detour
		}
		if want := int(math.Round(GreatCircleMiles(a, b) * f)); r.Miles != want {
			t.Errorf("%s is %d miles, want %d", r.Code, r.Miles, want)
		}
	}
}

func TestParseMapRejectsBadData(t *testing.T) {
	tests := []struct{ name, doc, want string }{
		{"a map without the main cities", `{"detour":1.2,"towns":[],"routes":[]}`, "main city"},
		{"bad JSON", `{`, "map:"},
		{"detour below one", `{"detour":0.5}`, "detour"},
	}
	for _, tc := range tests {
		_, err := ParseMap([]byte(tc.doc))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error about %q", tc.name, err, tc.want)
		}
	}
}

// TestParseMapLimitsInclusive: the map's limits hold at their edges: a
// detour factor of exactly 1, as many towns as a town set holds, towns on
// the map's edges of latitude 15 and 60 and longitude -130 and -60; a step
// past each is refused.
func TestParseMapLimitsInclusive(t *testing.T) {
	real, err := LoadMap()
	if err != nil {
		t.Fatal(err)
	}
	town := func(i int, lat, lon float64) Town {
		return Town{Name: fmt.Sprintf("Test %d", i), State: "TX", Lat: lat, Lon: lon, Size: 1, Region: Southwest}
	}
	pad := func(n int) func(m *Map) {
		return func(m *Map) {
			for i := len(m.Towns); i < n; i++ {
				m.Towns = append(m.Towns, town(i, 30, -100))
			}
		}
	}
	at := func(lat, lon float64) func(m *Map) {
		return func(m *Map) { m.Towns = append(m.Towns, town(0, lat, lon)) }
	}
	// A route between two new towns dlat degrees of latitude apart.
	route := func(dlat float64) func(m *Map) {
		return func(m *Map) {
			m.Towns = append(m.Towns, town(0, 30, -100), town(1, 30+dlat, -100))
			m.Routes = append(m.Routes, Route{Code: "TX99", Kind: RoW, A: "Test 0", B: "Test 1", Detour: 1})
		}
	}
	for _, tc := range []struct {
		name   string
		change func(m *Map)
		want   string // in the error; "" for none
	}{
		{"detour 1", func(m *Map) { m.Detour = 1 }, ""},
		{"detour under 1", func(m *Map) { m.Detour = 0.99 }, "detour"},
		{"the most towns", pad(maxTowns), ""},
		{"a town too many", pad(maxTowns + 1), "towns, at most"},
		{"latitude 15", at(15, -100), ""},
		{"latitude 60", at(60, -100), ""},
		{"longitude -130", at(30, -130), ""},
		{"longitude -60", at(30, -60), ""},
		{"south of 15", at(14.99, -100), "off the map"},
		{"north of 60", at(60.01, -100), "off the map"},
		{"west of -130", at(30, -130.01), "off the map"},
		{"east of -60", at(30, -59.99), "off the map"},
		{"a route of a mile", route(1 / 69.09), ""},
		{"a route of no length", route(0), "no length"},
	} {
		m := Map{Detour: real.Detour, Gateways: real.Gateways, Towns: slices.Clone(real.Towns), Routes: slices.Clone(real.Routes)}
		tc.change(&m)
		doc, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		_, err = ParseMap(doc)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: %v, want an error about %q", tc.name, err, tc.want)
		}
	}
}
