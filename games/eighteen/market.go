package eighteen

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
)

// Cell is one box of a 2-D stock market.
type Cell struct {
	Price int
	Zones string // letters: p par, y yellow, o green, b brown, c closing, i below the upper ledge
}

// Has tells whether the cell is in a zone.
func (c Cell) Has(zone byte) bool { return strings.IndexByte(c.Zones, zone) >= 0 }

// Market is a stock market grid, row 0 at the top. Rows may be shorter
// than the top one; a missing cell is off the market.
type Market struct {
	Rows [][]Cell
	// TopStays makes a token in the top row stay put when it would move
	// up (18EZ 1.14: "only until it reaches the top"), where 1870 slides it
	// one right and one down to the box of the same price (5.8.1).
	TopStays bool
}

// Pos is a place on the market.
type Pos struct{ Row, Col int }

// Cell is the box at p, and whether there is one.
func (m *Market) Cell(p Pos) (Cell, bool) {
	if p.Row < 0 || p.Row >= len(m.Rows) || p.Col < 0 || p.Col >= len(m.Rows[p.Row]) {
		return Cell{}, false
	}
	return m.Rows[p.Row][p.Col], true
}

// Price is the share price at p.
func (m *Market) Price(p Pos) int { c, _ := m.Cell(p); return c.Price }

// Closed tells whether a company at p is removed from play (5.1.1).
func (m *Market) Closed(p Pos) bool { c, _ := m.Cell(p); return c.Has('c') }

// Up moves a token up (5.8.1): from the top row one right and one down,
// to the box of the same price; from the last box of the top row nowhere.
func (m *Market) Up(p Pos) Pos {
	if p.Row > 0 {
		if _, ok := m.Cell(Pos{p.Row - 1, p.Col}); ok {
			return Pos{p.Row - 1, p.Col}
		}
		return p
	}
	if m.TopStays {
		return p
	}
	if _, ok := m.Cell(Pos{p.Row + 1, p.Col + 1}); ok {
		return Pos{p.Row + 1, p.Col + 1}
	}
	return p
}

// Right moves a token right after a full dividend (5.8.1); where the
// market's edge or the upper ledge stops it, the arrow sends it up
// (5.8.3).
func (m *Market) Right(p Pos) Pos {
	here, _ := m.Cell(p)
	next, ok := m.Cell(Pos{p.Row, p.Col + 1})
	if !ok || (next.Has('i') && !here.Has('i')) {
		return m.Up(p)
	}
	return Pos{p.Row, p.Col + 1}
}

// Left moves a token left after no dividend (5.8.1); at the left edge
// the arrow sends it down.
func (m *Market) Left(p Pos) Pos {
	if p.Col > 0 {
		return Pos{p.Row, p.Col - 1}
	}
	if _, ok := m.Cell(Pos{p.Row + 1, p.Col}); ok {
		return Pos{p.Row + 1, p.Col}
	}
	return p
}

// Down moves a token down a box for each of shares sold together
// (5.8.1). At the upper ledge, the last box above the lower area, a sale
// that would take it exactly one box below the ledge leaves it on the
// ledge: two shares must push it through (rulings G2). The count is judged
// before the column's bottom (the lower ledge) stops the token, so that
// two shares push it through even where the lower area is a single box.
func (m *Market) Down(p Pos, shares int) Pos {
	here, _ := m.Cell(p)
	if !here.Has('i') {
		for r := p.Row; r < p.Row+shares; r++ {
			below, ok := m.Cell(Pos{r + 1, p.Col})
			if !ok {
				break
			}
			if below.Has('i') { // r is the upper ledge
				if p.Row+shares == r+1 {
					return Pos{r, p.Col}
				}
				break
			}
		}
	}
	to := p
	for range shares {
		if _, ok := m.Cell(Pos{to.Row + 1, to.Col}); !ok {
			break
		}
		to.Row++
	}
	return to
}

// Par is where a company starting at a par price places its token.
func (m *Market) Par(price int) (Pos, error) {
	for r, row := range m.Rows {
		for c, cell := range row {
			if cell.Price == price && cell.Has('p') {
				return Pos{r, c}, nil
			}
		}
	}
	return Pos{}, fmt.Errorf("$%d is not a par price", price)
}

// ParseMarket reads a market, a row a line, each box its price followed
// by its zone letters ("100p", "55y"). Blank lines and # comments are
// skipped.
func ParseMarket(text string) (*Market, error) {
	m := &Market{}
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var row []Cell
		for _, f := range strings.Fields(line) {
			i := strings.IndexFunc(f, func(r rune) bool { return r < '0' || r > '9' })
			if i < 0 {
				i = len(f)
			}
			price, err := strconv.Atoi(f[:i])
			if err != nil || strings.Trim(f[i:], "poybci") != "" {
				return nil, fmt.Errorf("market line %d: box %q: want a price and zone letters from p, o, y, b, c, i", n, f)
			}
			row = append(row, Cell{Price: price, Zones: f[i:]})
		}
		m.Rows = append(m.Rows, row)
	}
	return m, sc.Err()
}
