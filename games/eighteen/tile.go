package eighteen

import (
	"bufio"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/railpost/railpost/games/hexgrid"
)

// Colour is a tile's phase colour; a tile is replaced only by one of the
// next colour.
type Colour int

// The colours in upgrade order. Blue tiles do not exist; blue only selects
// off-board values in some titles.
const (
	White Colour = iota // the printed board
	Yellow
	Green
	Brown
	Gray
)

var colourNames = []string{"white", "yellow", "green", "brown", "gray"}

func (c Colour) String() string {
	if int(c) < len(colourNames) {
		return colourNames[c]
	}
	return fmt.Sprintf("colour(%d)", int(c))
}

// ParseColour reads a colour's name.
func ParseColour(s string) (Colour, error) {
	if i := slices.Index(colourNames, s); i >= 0 {
		return Colour(i), nil
	}
	return 0, fmt.Errorf("colour %q: want one of %s", s, strings.Join(colourNames, ", "))
}

// Stop is a city or a town on a tile.
type Stop struct {
	City    bool
	Revenue int
	Slots   int // station tokens a city holds; 0 for a town
}

// End is one end of a stretch of track: an edge, or a stop (an index into
// the tile's Stops).
type End struct {
	Edge hexgrid.Edge
	Stop int // -1: the end is the edge
}

func (e End) String() string {
	if e.Stop >= 0 {
		return "s" + strconv.Itoa(e.Stop)
	}
	return "e" + strconv.Itoa(int(e.Edge))
}

// Path is a stretch of track between two ends. Track that only crosses
// other track on a tile does not join it.
type Path struct{ A, B End }

// Tile is a tile design at rotation 0.
type Tile struct {
	ID     string
	Colour Colour
	Stops  []Stop
	Paths  []Path
	Label  string
}

// Cities and Towns count a tile's stops by kind; an upgrade keeps both.
func (t *Tile) Cities() int { return t.count(true) }

// Towns counts the tile's towns.
func (t *Tile) Towns() int { return t.count(false) }

func (t *Tile) count(city bool) int {
	n := 0
	for _, s := range t.Stops {
		if s.City == city {
			n++
		}
	}
	return n
}

// Exits are the edges track leaves the tile by at a rotation.
func (t *Tile) Exits(rotation int) []hexgrid.Edge {
	var out []hexgrid.Edge
	for _, p := range t.Paths {
		for _, end := range []End{p.A, p.B} {
			if end.Stop < 0 {
				if e := end.Edge.Turn(rotation); !slices.Contains(out, e) {
					out = append(out, e)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// Rotated is the tile's track at a rotation.
func (t *Tile) Rotated(rotation int) []Path {
	out := make([]Path, len(t.Paths))
	for i, p := range t.Paths {
		out[i] = Path{A: p.A.turn(rotation), B: p.B.turn(rotation)}
	}
	return out
}

func (e End) turn(r int) End {
	if e.Stop >= 0 {
		return e
	}
	return End{Edge: e.Edge.Turn(r), Stop: -1}
}

// ParseTiles reads tile designs, a tile a line:
//
//	id  colour  stops  paths  [label=X]
//
// where stops are c<revenue>[x<slots>] and t<revenue> separated by commas
// ("-" for none), and each path joins two of e<edge>, c<n> (the n-th city)
// and t<n> (the n-th town) with a hyphen. Blank lines and # comments are
// skipped. Errors name the line.
func ParseTiles(text string) (map[string]*Tile, error) {
	out := map[string]*Tile{}
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		t, err := parseTile(strings.Fields(line))
		if err != nil {
			return nil, fmt.Errorf("tiles line %d: %w", n, err)
		}
		if out[t.ID] != nil {
			return nil, fmt.Errorf("tiles line %d: tile %s twice", n, t.ID)
		}
		out[t.ID] = t
	}
	return out, sc.Err()
}

func parseTile(f []string) (*Tile, error) {
	if len(f) < 4 {
		return nil, fmt.Errorf("want id, colour, stops and paths")
	}
	t := &Tile{ID: f[0]}
	var err error
	if t.Colour, err = ParseColour(f[1]); err != nil {
		return nil, err
	}
	var cities, towns []int // stop indexes by kind
	if f[2] != "-" {
		for _, s := range strings.Split(f[2], ",") {
			st, err := parseStop(s)
			if err != nil {
				return nil, err
			}
			if st.City {
				cities = append(cities, len(t.Stops))
			} else {
				towns = append(towns, len(t.Stops))
			}
			t.Stops = append(t.Stops, st)
		}
	}
	for _, p := range f[3:] {
		if l, ok := strings.CutPrefix(p, "label="); ok {
			t.Label = l
			continue
		}
		a, b, ok := strings.Cut(p, "-")
		if !ok {
			return nil, fmt.Errorf("path %q: want two ends joined by -, as e0-c0", p)
		}
		ea, err := parseEnd(a, cities, towns)
		if err != nil {
			return nil, err
		}
		eb, err := parseEnd(b, cities, towns)
		if err != nil {
			return nil, err
		}
		t.Paths = append(t.Paths, Path{A: ea, B: eb})
	}
	if len(t.Paths) == 0 {
		return nil, fmt.Errorf("tile %s has no track", t.ID)
	}
	return t, nil
}

func parseStop(s string) (Stop, error) {
	bad := fmt.Errorf("stop %q: want c<revenue>[x<slots>] or t<revenue>", s)
	if len(s) < 2 {
		return Stop{}, bad
	}
	switch s[0] {
	case 'c':
		rev, slots, _ := strings.Cut(s[1:], "x")
		st := Stop{City: true, Slots: 1}
		var err error
		if st.Revenue, err = strconv.Atoi(rev); err != nil {
			return st, bad
		}
		if slots != "" {
			if st.Slots, err = strconv.Atoi(slots); err != nil || st.Slots < 1 {
				return st, bad
			}
		}
		return st, nil
	case 't':
		rev, err := strconv.Atoi(s[1:])
		if err != nil {
			return Stop{}, bad
		}
		return Stop{Revenue: rev}, nil
	}
	return Stop{}, bad
}

func parseEnd(s string, cities, towns []int) (End, error) {
	bad := fmt.Errorf("end %q: want e0 to e5, or c/t and the stop's number", s)
	if len(s) < 2 {
		return End{}, bad
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil || n < 0 {
		return End{}, bad
	}
	switch s[0] {
	case 'e':
		if n > 5 {
			return End{}, bad
		}
		return End{Edge: hexgrid.Edge(n), Stop: -1}, nil
	case 'c':
		if n >= len(cities) {
			return End{}, fmt.Errorf("end %q: the tile has %d cities", s, len(cities))
		}
		return End{Stop: cities[n]}, nil
	case 't':
		if n >= len(towns) {
			return End{}, fmt.Errorf("end %q: the tile has %d towns", s, len(towns))
		}
		return End{Stop: towns[n]}, nil
	}
	return End{}, bad
}

// ParseManifest reads a title's tile manifest, a tile and its copies a
// line ("57 3"), against the designs the title draws on: StandardTiles,
// with any designs of the title's own added to the map first (18EZ's
// Metropolis tiles). It returns the designs the manifest names and the
// copies of each, which is what a title lays from and counts down. Blank
// lines and # comments are skipped; errors name the line.
func ParseManifest(text string, designs map[string]*Tile) (map[string]*Tile, map[string]int, error) {
	tiles, copies := map[string]*Tile{}, map[string]int{}
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 {
			return nil, nil, fmt.Errorf("manifest line %d: want a tile and its copies", n)
		}
		c, err := strconv.Atoi(f[1])
		if err != nil || c < 1 {
			return nil, nil, fmt.Errorf("manifest line %d: copies %q", n, f[1])
		}
		t, ok := designs[f[0]]
		if !ok {
			return nil, nil, fmt.Errorf("manifest line %d: no tile %s", n, f[0])
		}
		if copies[f[0]] > 0 {
			return nil, nil, fmt.Errorf("manifest line %d: tile %s twice", n, f[0])
		}
		tiles[f[0]], copies[f[0]] = t, c
	}
	return tiles, copies, sc.Err()
}
