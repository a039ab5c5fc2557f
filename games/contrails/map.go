// Package contrails is the rules engine of Continental Rails II. It is pure:
// a state, every position's orders and a seeded generator go in; a new
// state and the turn's events come out. Resolve follows Appendix A, the
// revised sequence of play, step by step.
package contrails

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
)

// Region is one of the 13 regions of rule 2.7.
type Region string

// The regions of rule 2.7, east to west.
const (
	Atlantic    Region = "atlantic"
	Ohio        Region = "ohio"
	GreatLakes  Region = "great_lakes"
	DeepSouth   Region = "deep_south"
	Central     Region = "central"
	Mississippi Region = "mississippi"
	Gulf        Region = "gulf"
	Midwest     Region = "midwest"
	Southwest   Region = "southwest"
	Mountain    Region = "mountain"
	Pacific     Region = "pacific"
	Canada      Region = "canada"
	Mexico      Region = "mexico"
)

// Regions lists every region in report order.
var Regions = []Region{Atlantic, Ohio, GreatLakes, DeepSouth, Central, Mississippi, Gulf, Midwest, Southwest, Mountain, Pacific, Canada, Mexico}

// MainCities are the starred towns of rule 2.7A, by region.
var MainCities = map[Region][]string{
	Atlantic:    {"Boston", "New York", "Philadelphia", "Baltimore", "Washington", "Norfolk", "Wilmington", "Charleston", "Savannah"},
	Ohio:        {"Pittsburgh", "Cincinnati", "Louisville"},
	GreatLakes:  {"Buffalo", "Cleveland", "Detroit"},
	DeepSouth:   {"Atlanta", "Birmingham"},
	Central:     {"Chicago"},
	Mississippi: {"St. Louis", "Memphis", "Vicksburg"},
	Gulf:        {"Mobile", "New Orleans"},
	Midwest:     {"Duluth", "St. Paul", "Omaha", "Kansas City"},
	Southwest:   {"Fort Worth", "Houston"},
	Mountain:    {"Spokane", "Butte", "Salt Lake City", "Denver", "Santa Fe", "Phoenix"},
	Pacific:     {"Seattle", "Portland", "Sacramento", "San Francisco", "Los Angeles"},
	Canada:      {"Quebec", "Montreal", "London", "Sault Ste. Marie", "Winnipeg", "Calgary", "Vancouver"},
	Mexico:      {"Monterey", "Juarez", "Mexicali"},
}

// Town is a city or town on the map (2.6).
type Town struct {
	Name   string  `json:"name"`
	State  string  `json:"state"` // two letters; C for Canada, M for Mexico
	Lat    float64 `json:"lat"`
	Lon    float64 `json:"lon"`
	Size   int     `json:"size"` // 1 to 5
	Region Region  `json:"region"`
	Star   bool    `json:"star,omitempty"` // counts for region connections (2.7B)
}

// Value is the town's value for most game purposes: its size squared (2.6).
func (t Town) Value() int { return t.Size * t.Size }

// RouteKind tells a Private Company from a Right-of-Way (2.2).
type RouteKind string

// Route kinds.
const (
	PC  RouteKind = "pc"
	RoW RouteKind = "row"
)

// Route connects two towns (2.2).
type Route struct {
	Code   string    `json:"code"`
	Kind   RouteKind `json:"kind"`
	Name   string    `json:"name,omitempty"` // a PC's historical name
	A      string    `json:"a"`              // the eastern end
	B      string    `json:"b"`
	Turn   int       `json:"turn,omitempty"`   // PCs: 0 = a railroad in 1841; n = eligible to appear from turn n
	Detour float64   `json:"detour,omitempty"` // overrides the map's detour factor
	Miles  int       `json:"-"`                // computed by the loader
}

// Map is the loaded, validated map.
type Map struct {
	Detour   float64  `json:"detour"`
	Gateways []string `json:"gateways"`
	Towns    []Town   `json:"towns"`
	Routes   []Route  `json:"routes"`

	town  map[string]int
	route map[string]int
	pair  map[[2]string][]int
	gate  map[string]bool
	ix    mapIndex // network.go
}

//go:embed map.json
var mapJSON []byte

var (
	rowCodeRE = regexp.MustCompile(`^([A-Z]{2}|[CM])[0-9]+$`)
	pcCodeRE  = regexp.MustCompile(`^[A-Za-z&]{1,4}$`)
)

// LoadMap parses and validates the embedded map.
func LoadMap() (*Map, error) { return ParseMap(mapJSON) }

// ParseMap parses and validates a map document.
func ParseMap(b []byte) (*Map, error) {
	var m Map
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("map: %w", err)
	}
	if m.Detour < 1 {
		return nil, fmt.Errorf("map: detour factor %.2f is below 1", m.Detour)
	}
	if len(m.Towns) > maxTowns {
		return nil, fmt.Errorf("map: %d towns, at most %d", len(m.Towns), maxTowns)
	}
	m.town = map[string]int{}
	regionOK := map[Region]bool{}
	for _, r := range Regions {
		regionOK[r] = true
	}
	for i, t := range m.Towns {
		if _, dup := m.town[t.Name]; dup {
			return nil, fmt.Errorf("map: town %q twice", t.Name)
		}
		if t.Size < 1 || t.Size > 5 {
			return nil, fmt.Errorf("map: town %q has size %d, want 1 to 5", t.Name, t.Size)
		}
		if !regionOK[t.Region] {
			return nil, fmt.Errorf("map: town %q in unknown region %q", t.Name, t.Region)
		}
		if t.Lat < 15 || t.Lat > 60 || t.Lon < -130 || t.Lon > -60 {
			return nil, fmt.Errorf("map: town %q at %.2f,%.2f is off the map", t.Name, t.Lat, t.Lon)
		}
		m.town[t.Name] = i
	}
	for region, cities := range MainCities {
		for _, c := range cities {
			i, ok := m.town[c]
			if !ok {
				return nil, fmt.Errorf("map: main city %s of %s is missing", c, region)
			}
			if t := m.Towns[i]; !t.Star || t.Region != region {
				return nil, fmt.Errorf("map: main city %s must be starred and in %s", c, region)
			}
		}
	}
	for _, t := range m.Towns {
		if t.Star && !contains(MainCities[t.Region], t.Name) {
			return nil, fmt.Errorf("map: %s is starred but is not a main city of 2.7", t.Name)
		}
	}
	m.gate = map[string]bool{}
	for _, g := range m.Gateways {
		if _, ok := m.town[g]; !ok {
			return nil, fmt.Errorf("map: gateway %q is not a town", g)
		}
		m.gate[g] = true
	}
	m.route = map[string]int{}
	m.pair = map[[2]string][]int{}
	for i := range m.Routes {
		r := &m.Routes[i]
		if _, dup := m.route[r.Code]; dup {
			return nil, fmt.Errorf("map: route code %q twice", r.Code)
		}
		switch r.Kind {
		case RoW:
			if !rowCodeRE.MatchString(r.Code) {
				return nil, fmt.Errorf("map: RoW code %q is not a state and a number (2.3A)", r.Code)
			}
		case PC:
			if !pcCodeRE.MatchString(r.Code) {
				return nil, fmt.Errorf("map: PC code %q must be up to 4 characters with no digit (2.2, 2.4B)", r.Code)
			}
		default:
			return nil, fmt.Errorf("map: route %q has kind %q", r.Code, r.Kind)
		}
		a, okA := m.town[r.A]
		b, okB := m.town[r.B]
		if !okA || !okB || r.A == r.B {
			return nil, fmt.Errorf("map: route %s joins %q and %q", r.Code, r.A, r.B)
		}
		f := m.Detour
		if r.Detour != 0 {
			f = r.Detour
		}
		r.Miles = int(math.Round(GreatCircleMiles(m.Towns[a], m.Towns[b]) * f))
		if r.Miles < 1 {
			return nil, fmt.Errorf("map: route %s has no length", r.Code)
		}
		m.route[r.Code] = i
		k := pairKey(r.A, r.B)
		m.pair[k] = append(m.pair[k], i)
		if len(m.pair[k]) > 2 {
			return nil, fmt.Errorf("map: more than two routes join %s and %s", r.A, r.B)
		}
	}
	m.index()
	return &m, nil
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func pairKey(a, b string) [2]string {
	if a > b {
		a, b = b, a
	}
	return [2]string{a, b}
}

// GreatCircleMiles is the distance between two towns over the earth's surface.
func GreatCircleMiles(a, b Town) float64 {
	const earthMiles = 3958.8
	rad := math.Pi / 180
	la1, la2 := a.Lat*rad, b.Lat*rad
	dla, dlo := la2-la1, (b.Lon-a.Lon)*rad
	h := math.Sin(dla/2)*math.Sin(dla/2) + math.Cos(la1)*math.Cos(la2)*math.Sin(dlo/2)*math.Sin(dlo/2)
	return 2 * earthMiles * math.Asin(math.Sqrt(h))
}

// Town looks a town up by name.
func (m *Map) Town(name string) (Town, bool) {
	i, ok := m.town[name]
	if !ok {
		return Town{}, false
	}
	return m.Towns[i], true
}

// Route looks a route up by code.
func (m *Map) Route(code string) (Route, bool) {
	i, ok := m.route[code]
	if !ok {
		return Route{}, false
	}
	return m.Routes[i], true
}

// RoutesAt lists the codes of the routes touching a town, sorted.
func (m *Map) RoutesAt(town string) []string {
	rank, ok := m.ix.rankOf[town]
	if !ok {
		return nil
	}
	return slices.Clone(m.ix.atCodes[rank])
}

// DoublePartner is the other route of a double route connection (2.2), if any.
func (m *Map) DoublePartner(code string) (string, bool) {
	r, ok := m.Route(code)
	if !ok {
		return "", false
	}
	for _, i := range m.pair[pairKey(r.A, r.B)] {
		if m.Routes[i].Code != code {
			return m.Routes[i].Code, true
		}
	}
	return "", false
}

// IsGateway reports whether a railroad may hold only one route into the
// town (4.8, rule 2).
func (m *Map) IsGateway(town string) bool { return m.gate[town] }
