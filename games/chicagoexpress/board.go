package chicagoexpress

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
)

//go:embed board.txt
var boardText string

// Kind is what a hex is for placing and developing.
type Kind string

// The kinds of hex (section 5, Actions B and C).
const (
	Plain      Kind = "plain"
	Forest     Kind = "forest"
	Mountain   Kind = "mountain"
	City       Kind = "city"
	Industrial Kind = "industrial"
	Chicago    Kind = "chicago"
	Start      Kind = "start"
)

// Hex is one space of the board as printed.
type Hex struct {
	ID    string // "K4"
	Col   int    // 0 = A
	Row   int
	Kind  Kind
	Red   int // cost per locomotive there
	Black int // income for entering; an industrial city's starting track value
	// House is what developing adds to income (city, mountain); Step and
	// Cap drive an industrial city's track; Auto marks Detroit, which
	// only the dividend phase moves.
	House      int
	Step, Cap  int
	Auto       bool
	Name       string
	StartOf    string // a company's symbol when this is its start hex
	WabashOnly bool
	Adj        []int // neighbouring hexes, by index into Board.Hexes
}

// Label is the hex with its name, for mail and reports.
func (h *Hex) Label() string {
	if h.Name != "" {
		return h.ID + " (" + h.Name + ")"
	}
	return h.ID
}

// Board is the map: its hexes and an index by coordinate.
type Board struct {
	Hexes []*Hex
	byID  map[string]int
}

// Index finds a hex by coordinate, in any case.
func (b *Board) Index(id string) (int, bool) {
	i, ok := b.byID[strings.ToUpper(strings.TrimSpace(id))]
	return i, ok
}

// LoadBoard reads the embedded board.
func LoadBoard() (*Board, error) { return parseBoard(boardText) }

func parseBoard(text string) (*Board, error) {
	b := &Board{byID: map[string]int{}}
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		h, err := parseHex(line)
		if err != nil {
			return nil, fmt.Errorf("board line %d: %w", n+1, err)
		}
		if _, dup := b.byID[h.ID]; dup {
			return nil, fmt.Errorf("board line %d: hex %s twice", n+1, h.ID)
		}
		b.byID[h.ID] = len(b.Hexes)
		b.Hexes = append(b.Hexes, h)
	}
	for _, h := range b.Hexes {
		for _, d := range neighbourOffsets(h.Col) {
			if j, ok := b.byID[coord(h.Col+d[0], h.Row+d[1])]; ok {
				h.Adj = append(h.Adj, j)
			}
		}
	}
	return b, nil
}

// neighbourOffsets are the six neighbours of a flat-topped hex in a column
// layout where odd columns sit half a hex lower.
func neighbourOffsets(col int) [6][2]int {
	if col%2 == 0 {
		return [6][2]int{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 0}, {-1, -1}}
	}
	return [6][2]int{{0, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}}
}

func coord(col, row int) string {
	if col < 0 || col > 25 || row < 0 {
		return ""
	}
	return string(rune('A'+col)) + strconv.Itoa(row)
}

func parseHex(line string) (*Hex, error) {
	f := strings.Split(line, "|")
	if len(f) != 7 {
		return nil, fmt.Errorf("want 7 fields, have %d", len(f))
	}
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	h := &Hex{ID: f[0], Kind: Kind(f[1])}
	if len(h.ID) < 2 || h.ID[0] < 'A' || h.ID[0] > 'Z' {
		return nil, fmt.Errorf("bad hex %q", h.ID)
	}
	h.Col = int(h.ID[0] - 'A')
	var err error
	if h.Row, err = strconv.Atoi(h.ID[1:]); err != nil {
		return nil, fmt.Errorf("bad hex %q", h.ID)
	}
	switch h.Kind {
	case Plain, Forest, Mountain, City, Industrial, Chicago, Start:
	default:
		return nil, fmt.Errorf("%s: unknown kind %q", h.ID, h.Kind)
	}
	if h.Red, err = strconv.Atoi(f[2]); err != nil {
		return nil, fmt.Errorf("%s: red %q", h.ID, f[2])
	}
	if h.Black, err = strconv.Atoi(f[3]); err != nil {
		return nil, fmt.Errorf("%s: black %q", h.ID, f[3])
	}
	switch house := f[4]; {
	case house == "-" || house == "$2":
	case strings.HasPrefix(house, "auto/"):
		h.Auto = true
		h.Step = 1
		h.Cap, err = strconv.Atoi(strings.TrimPrefix(house, "auto/"))
	case strings.HasPrefix(house, "+"):
		step, limit, ok := strings.Cut(strings.TrimPrefix(house, "+"), "/")
		if !ok {
			return nil, fmt.Errorf("%s: house %q", h.ID, house)
		}
		if h.Step, err = strconv.Atoi(step); err == nil {
			h.Cap, err = strconv.Atoi(limit)
		}
	default:
		h.House, err = strconv.Atoi(house)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: house %q", h.ID, f[4])
	}
	if f[5] != "-" {
		h.Name = f[5]
	}
	if f[6] != "-" {
		for _, tag := range strings.Fields(f[6]) {
			switch {
			case strings.HasPrefix(tag, "start="):
				h.StartOf = strings.TrimPrefix(tag, "start=")
			case tag == "wabash-only":
				h.WabashOnly = true
			default:
				return nil, fmt.Errorf("%s: unknown tag %q", h.ID, tag)
			}
		}
	}
	return h, nil
}
