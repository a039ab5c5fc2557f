package eighteen

import (
	"bufio"
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

//go:embed tiles.txt
var standardTiles string

// StandardTiles are the tile designs the titles draw their manifests from.
func StandardTiles() (map[string]*Tile, error) { return ParseTiles(standardTiles) }

// Kind is what is printed on a hex.
type Kind int

// The kinds of hex.
const (
	Plain    Kind = iota // no stop
	Town                 // one town
	Towns                // two separate towns
	City                 // one city
	OffBoard             // red: pre-printed track, no tiles, routes end there
)

var kindNames = []string{"plain", "town", "towns", "city", "offboard"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", int(k))
}

// Space is one hex of a board as printed.
type Space struct {
	Hex     Hex
	Kind    Kind
	Name    string
	Terrain string // water, river, lake, mountain, or ""
	Cost    int    // of the first tile laid
	// River splits the edges in two where a river (the Mississippi in
	// 1870) runs through; StopSide is the group a stop's track must use
	// while crossing is forbidden. Both are empty elsewhere.
	River    [][]Edge
	StopSide []Edge
	Borders  []Edge // impassable sides
	Port     bool
	Homes    []string          // corporations based here
	Dests    []string          // corporations whose destination this is
	Upgrades map[Colour]string // a label or tile id an upgrade of that colour must bear
	// Off-boards: revenue by phase colour (yellow, brown, blue), the
	// edges their track leaves by, and station slots.
	Revenue []int
	Exits   []Edge
	Slots   int
}

// Board is a title's map.
type Board struct {
	Spaces map[Hex]*Space
	Order  []Hex // as listed, for stable iteration
}

// Space is the printed hex at h, or nil off the board.
func (b *Board) Space(h Hex) *Space { return b.Spaces[h] }

// Passable tells whether track may cross from h over edge e: both sides
// are on the board and neither marks the side impassable.
func (b *Board) Passable(h Hex, e Edge) bool {
	s, n := b.Spaces[h], b.Spaces[h.Neighbour(e)]
	return s != nil && n != nil && !slices.Contains(s.Borders, e) && !slices.Contains(n.Borders, e.Opposite())
}

// ParseBoard reads a board, a hex a line:
//
//	hex | kind | name | terrain | river | borders | tags
//
// with "-" for an empty field; terrain is "type cost"; river is the two
// edge groups as digits, "012/345", then "stop 012" where a stop must keep
// to one side; borders are edges; tags are home=, dest=, port, brown=,
// gray=, rev=Y/B/D, exits= and slots=. Errors name the line.
func ParseBoard(text string) (*Board, error) {
	b := &Board{Spaces: map[Hex]*Space{}}
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		s, err := parseSpace(strings.Split(line, "|"))
		if err != nil {
			return nil, fmt.Errorf("board line %d: %w", n, err)
		}
		if b.Spaces[s.Hex] != nil {
			return nil, fmt.Errorf("board line %d: hex %s twice", n, s.Hex)
		}
		b.Spaces[s.Hex] = s
		b.Order = append(b.Order, s.Hex)
	}
	return b, sc.Err()
}

func parseSpace(f []string) (*Space, error) {
	if len(f) != 7 {
		return nil, fmt.Errorf("want 7 fields separated by |, got %d", len(f))
	}
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	h, err := ParseHex(f[0])
	if err != nil {
		return nil, err
	}
	s := &Space{Hex: h, Upgrades: map[Colour]string{}}
	k := slices.Index(kindNames, f[1])
	if k < 0 {
		return nil, fmt.Errorf("%s: kind %q: want one of %s", h, f[1], strings.Join(kindNames, ", "))
	}
	s.Kind = Kind(k)
	if f[2] != "-" {
		s.Name = f[2]
	}
	if f[3] != "-" {
		terrain, cost, ok := strings.Cut(f[3], " ")
		if s.Cost, err = strconv.Atoi(cost); !ok || err != nil {
			return nil, fmt.Errorf("%s: terrain %q: want its type and cost, as river 40", h, f[3])
		}
		s.Terrain = terrain
	}
	if f[4] != "-" {
		groups, stop, _ := strings.Cut(f[4], " stop ")
		a, b, ok := strings.Cut(groups, "/")
		ea, erra := parseEdges(a)
		eb, errb := parseEdges(b)
		if !ok || erra != nil || errb != nil || len(ea)+len(eb) != 6 {
			return nil, fmt.Errorf("%s: river %q: want two groups of the six edges, as 012/345", h, f[4])
		}
		s.River = [][]Edge{ea, eb}
		if stop != "" {
			if s.StopSide, err = parseEdges(stop); err != nil || (!slices.Equal(s.StopSide, ea) && !slices.Equal(s.StopSide, eb)) {
				return nil, fmt.Errorf("%s: river stop side %q is not one of its groups", h, stop)
			}
		}
	}
	if f[5] != "-" {
		if s.Borders, err = parseEdges(strings.ReplaceAll(f[5], ",", "")); err != nil {
			return nil, fmt.Errorf("%s: borders: %w", h, err)
		}
	}
	if f[6] != "-" {
		for _, tag := range strings.Fields(f[6]) {
			if err := s.tag(tag); err != nil {
				return nil, fmt.Errorf("%s: %w", h, err)
			}
		}
	}
	if s.Kind == OffBoard && (len(s.Revenue) == 0 || len(s.Exits) == 0) {
		return nil, fmt.Errorf("%s: an off-board needs rev= and exits=", h)
	}
	return s, nil
}

func (s *Space) tag(tag string) error {
	key, val, _ := strings.Cut(tag, "=")
	var err error
	switch key {
	case "port":
		s.Port = true
	case "home":
		s.Homes = append(s.Homes, val)
	case "dest":
		s.Dests = append(s.Dests, val)
	case "brown":
		s.Upgrades[Brown] = val
	case "gray":
		s.Upgrades[Gray] = val
	case "rev":
		for _, v := range strings.Split(val, "/") {
			n, err := strconv.Atoi(v)
			if err != nil {
				return fmt.Errorf("rev=%s: want revenues as 30/40/50", val)
			}
			s.Revenue = append(s.Revenue, n)
		}
	case "exits":
		s.Exits, err = parseEdges(strings.ReplaceAll(val, ",", ""))
	case "slots":
		s.Slots, err = strconv.Atoi(val)
	default:
		return fmt.Errorf("tag %q is not known", tag)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", tag, err)
	}
	return nil
}

// parseEdges reads edges written as digits, "012".
func parseEdges(s string) ([]Edge, error) {
	var out []Edge
	for _, r := range s {
		if r < '0' || r > '5' || slices.Contains(out, Edge(r-'0')) {
			return nil, fmt.Errorf("edges %q: want distinct digits 0 to 5", s)
		}
		out = append(out, Edge(r-'0'))
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no edges")
	}
	return out, nil
}

// Steps are how many hexes each space is from h, crossing only passable
// sides: what a computer player reads as the distance track must cover.
func (b *Board) Steps(h Hex) map[Hex]int {
	dist := map[Hex]int{h: 0}
	queue := []Hex{h}
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
		for e := range Edge(6) {
			n := at.Neighbour(e)
			if _, seen := dist[n]; !seen && b.Passable(at, e) {
				dist[n] = dist[at] + 1
				queue = append(queue, n)
			}
		}
	}
	return dist
}
