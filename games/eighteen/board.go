package eighteen

import (
	"bufio"
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/railpost/railpost/games/hexgrid"
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
	Hex     hexgrid.Hex
	Kind    Kind
	Name    string
	Terrain string // water, river, lake, mountain, or ""
	Cost    int    // of the first tile laid
	// River splits the edges in two where a river (the Mississippi in
	// 1870) runs through; StopSide is the group a stop's track must use
	// while crossing is forbidden. Both are empty elsewhere.
	River    [][]hexgrid.Edge
	StopSide []hexgrid.Edge
	Borders  []hexgrid.Edge // impassable sides
	Port     bool
	Homes    []string          // corporations based here
	Dests    []string          // corporations whose destination this is
	Upgrades map[Colour]string // a label or tile id a tile of that colour must bear
	// Off-boards: revenue by the title's phase colours (1870: yellow,
	// brown, blue; 18EZ: yellow, green, brown, gray), the edges their
	// track leaves by, and station slots.
	Revenue []int
	Exits   []hexgrid.Edge
	Slots   int
	// Printed is the tile printed on the hex from the start (18EZ's
	// yellow Metropolis and its grey hexes), Tile nil where there is none.
	// NewLayout lays it, so that it is upgraded like any laid tile.
	Printed Placed
	// Fixed marks a printed tile that may never be upgraded (18EZ 2.4).
	Fixed bool
}

// Board is a title's map.
type Board struct {
	Spaces map[hexgrid.Hex]*Space
	Order  []hexgrid.Hex // as listed, for stable iteration
}

// Space is the printed hex at h, or nil off the board.
func (b *Board) Space(h hexgrid.Hex) *Space { return b.Spaces[h] }

// Passable tells whether track may cross from h over edge e: both sides
// are on the board and neither marks the side impassable.
func (b *Board) Passable(h hexgrid.Hex, e hexgrid.Edge) bool {
	s, n := b.Spaces[h], b.Spaces[h.Neighbour(e)]
	return s != nil && n != nil && !slices.Contains(s.Borders, e) && !slices.Contains(n.Borders, e.Opposite())
}

// ParseBoard reads a board, a hex a line:
//
//	hex | kind | name | terrain | river | borders | tags
//
// with "-" for an empty field; terrain is "type cost"; river is the two
// edge groups as digits, "012/345", then "stop 012" where a stop must keep
// to one side; borders are edges; tags are home=, dest=, port, yellow=,
// green=, brown=, gray= (the label or tile a tile of that colour must
// bear), rev=Y/B/D, exits=, slots=, tile=ID/ROT (a printed tile) and
// fixed (the printed tile is never upgraded). A board with printed tiles
// is read with ParseBoardWith. Errors name the line.
func ParseBoard(text string) (*Board, error) { return ParseBoardWith(text, nil) }

// ParseBoardWith is ParseBoard for a board with printed tiles: their
// designs are looked up in designs, which is why a board's text alone
// cannot be read. Each printed tile must suit its hex as a laid one would
// (the hex's stops and labels, Space.Accepts) and its track must meet a
// hex or an off-board's track on every side it leaves by; then NewLayout
// lays it.
func ParseBoardWith(text string, designs map[string]*Tile) (*Board, error) {
	b := &Board{Spaces: map[hexgrid.Hex]*Space{}}
	lines := map[hexgrid.Hex]int{} // of the hexes with printed tiles
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		s, err := parseSpace(strings.Split(line, "|"), designs)
		if err != nil {
			return nil, fmt.Errorf("board line %d: %w", n, err)
		}
		if b.Spaces[s.Hex] != nil {
			return nil, fmt.Errorf("board line %d: hex %s twice", n, s.Hex)
		}
		b.Spaces[s.Hex] = s
		b.Order = append(b.Order, s.Hex)
		if s.Printed.Tile != nil {
			lines[s.Hex] = n
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	for _, h := range b.Order {
		p := b.Spaces[h].Printed
		if p.Tile == nil {
			continue
		}
		for _, e := range p.Tile.Exits(p.Rotation) {
			if err := b.exitAllowed(h, e); err != nil {
				return nil, fmt.Errorf("board line %d: printed tile #%s: %w", lines[h], p.Tile.ID, err)
			}
		}
	}
	return b, nil
}

// exitAllowed: track may end only where a tile can meet it (1870 6.3).
func (b *Board) exitAllowed(h hexgrid.Hex, e hexgrid.Edge) error {
	if !b.Passable(h, e) {
		return fmt.Errorf("track on %s would end against the %s side, where no tile can meet it (6.3)", h, e)
	}
	n := b.Space(h.Neighbour(e))
	if n.Kind == OffBoard && !slices.Contains(n.Exits, e.Opposite()) {
		return fmt.Errorf("track on %s would run into %s's side without track (6.3)", h, n.Hex)
	}
	return nil
}

func parseSpace(f []string, designs map[string]*Tile) (*Space, error) {
	if len(f) != 7 {
		return nil, fmt.Errorf("want 7 fields separated by |, got %d", len(f))
	}
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	h, err := hexgrid.ParseHex(f[0])
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
		s.River = [][]hexgrid.Edge{ea, eb}
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
			if err := s.tag(tag, designs); err != nil {
				return nil, fmt.Errorf("%s: %w", h, err)
			}
		}
	}
	if s.Kind == OffBoard && (len(s.Revenue) == 0 || len(s.Exits) == 0) {
		return nil, fmt.Errorf("%s: an off-board needs rev= and exits=", h)
	}
	if s.Fixed && s.Printed.Tile == nil {
		return nil, fmt.Errorf("%s: fixed needs tile=: only a printed tile can be fixed", h)
	}
	if s.Printed.Tile != nil {
		if s.Printed.Tile.Colour == White {
			return nil, fmt.Errorf("%s: printed tile #%s is white, which is the bare board", h, s.Printed.Tile.ID)
		}
		if err := s.Accepts(s.Printed.Tile); err != nil {
			return nil, fmt.Errorf("%s: printed tile: %w", h, err)
		}
	}
	return s, nil
}

func (s *Space) tag(tag string, designs map[string]*Tile) error {
	key, val, _ := strings.Cut(tag, "=")
	var err error
	switch key {
	case "port":
		s.Port = true
	case "fixed":
		s.Fixed = true
	case "home":
		s.Homes = append(s.Homes, val)
	case "dest":
		s.Dests = append(s.Dests, val)
	case "yellow", "green", "brown", "gray":
		c, _ := ParseColour(key)
		if val == "" {
			return fmt.Errorf("%s: want the label or tile, as %s=M", tag, key)
		}
		s.Upgrades[c] = val
	case "tile":
		return s.printed(val, designs)
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

// printed reads tile=ID/ROT: a design and its rotation, 0 to 5.
func (s *Space) printed(val string, designs map[string]*Tile) error {
	id, rot, ok := strings.Cut(val, "/")
	r, err := strconv.Atoi(rot)
	if !ok || id == "" || err != nil || r < 0 || r > 5 {
		return fmt.Errorf("tile=%s: want a tile and its rotation 0 to 5, as tile=57/2", val)
	}
	if designs == nil {
		return fmt.Errorf("tile=%s: a board with printed tiles is read with ParseBoardWith and the tile designs", val)
	}
	t := designs[id]
	if t == nil {
		return fmt.Errorf("tile=%s: no tile design %s", val, id)
	}
	s.Printed = Placed{Tile: t, Rotation: r}
	return nil
}

// parseEdges reads edges written as digits, "012".
func parseEdges(s string) ([]hexgrid.Edge, error) {
	var out []hexgrid.Edge
	for _, r := range s {
		if r < '0' || r > '5' || slices.Contains(out, hexgrid.Edge(r-'0')) {
			return nil, fmt.Errorf("edges %q: want distinct digits 0 to 5", s)
		}
		out = append(out, hexgrid.Edge(r-'0'))
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no edges")
	}
	return out, nil
}

// Steps are how many hexes each space is from h, crossing only passable
// sides: what a computer player reads as the distance track must cover.
func (b *Board) Steps(h hexgrid.Hex) map[hexgrid.Hex]int {
	dist := map[hexgrid.Hex]int{h: 0}
	queue := []hexgrid.Hex{h}
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
		for e := range hexgrid.Edge(6) {
			n := at.Neighbour(e)
			if _, seen := dist[n]; !seen && b.Passable(at, e) {
				dist[n] = dist[at] + 1
				queue = append(queue, n)
			}
		}
	}
	return dist
}
