package chicagoexpress

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/railpost/railpost/games/hexgrid"
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
	ID    string      // "K4"
	At    hexgrid.Hex // ID on Board.Grid: column K, row 4
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

// Board is the map: its hexes, how they are numbered and an index by
// coordinate.
type Board struct {
	Hexes []*Hex
	// Grid is the printed board's: flat-topped hexes, columns lettered A
	// to S west to east and rows numbered from 0 at the top, the odd
	// columns (B, D, ...) half a hex lower.
	Grid hexgrid.Grid
	byID map[string]int
}

// Index finds a hex by coordinate, in any case.
func (b *Board) Index(id string) (int, bool) {
	i, ok := b.byID[strings.ToUpper(strings.TrimSpace(id))]
	return i, ok
}

// LoadBoard reads the embedded board.
func LoadBoard() (*Board, error) { return parseBoard(boardText) }

func parseBoard(text string) (*Board, error) {
	b := &Board{
		Grid: hexgrid.Grid{Orientation: hexgrid.Flat, Letters: hexgrid.LetteredColumns, Stagger: hexgrid.OddShifted},
		byID: map[string]int{},
	}
	at := map[hexgrid.Hex]int{}
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		h, err := parseHex(b.Grid, line)
		if err != nil {
			return nil, fmt.Errorf("board line %d: %w", n+1, err)
		}
		if _, dup := b.byID[h.ID]; dup {
			return nil, fmt.Errorf("board line %d: hex %s twice", n+1, h.ID)
		}
		b.byID[h.ID] = len(b.Hexes)
		at[h.At] = len(b.Hexes)
		b.Hexes = append(b.Hexes, h)
	}
	for _, h := range b.Hexes {
		for k := range 6 {
			if j, ok := at[b.Grid.Neighbour(h.At, north.Turn(k))]; ok {
				h.Adj = append(h.Adj, j)
			}
		}
	}
	return b, nil
}

// north is a flat hex's top edge. Adj lists the neighbours clockwise from
// it, the order the board has always had: expansion and the computer's
// players walk Adj in that order, so another would change their games.
const north hexgrid.Edge = 3

func parseHex(grid hexgrid.Grid, line string) (*Hex, error) {
	f := strings.Split(line, "|")
	if len(f) != 7 {
		return nil, fmt.Errorf("want 7 fields, have %d", len(f))
	}
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	h := &Hex{ID: f[0], Kind: Kind(f[1])}
	var err error
	if h.At, err = grid.Parse(h.ID); err != nil {
		return nil, err
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
