package g1870

import (
	"testing"

	"github.com/railpost/railpost/games/eighteen"
)

// TestMarketMoves plays the movements of 5.8.1 and 5.8.3 on 1870's grid.
func TestMarketMoves(t *testing.T) {
	m, err := Market()
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Rows) != 11 || len(m.Rows[0]) != 21 || len(m.Rows[10]) != 7 {
		t.Fatalf("the grid is %d rows, the top %d boxes wide", len(m.Rows), len(m.Rows[0]))
	}
	at := func(r, c int) eighteen.Pos { return eighteen.Pos{Row: r, Col: c} }
	for _, tc := range []struct {
		name string
		move func(eighteen.Pos) eighteen.Pos
		from eighteen.Pos
		to   eighteen.Pos
	}{
		{"up", m.Up, at(3, 6), at(2, 6)},
		{"up at the top: right one, down one, the same price", m.Up, at(0, 5), at(1, 6)},
		{"up at $400 stays", m.Up, at(0, 20), at(0, 20)},
		{"right", m.Right, at(0, 6), at(0, 7)},
		{"right at the row's end goes up", m.Right, at(4, 15), at(3, 15)},
		{"right against the upper ledge goes up", m.Right, at(3, 12), at(2, 12)},
		{"right within the lower area", m.Right, at(3, 13), at(3, 14)},
		{"left", m.Left, at(0, 6), at(0, 5)},
		{"left at the edge goes down", m.Left, at(3, 0), at(4, 0)},
		{"left into the closing area", m.Left, at(9, 2), at(9, 1)},
		{"down 3", func(p eighteen.Pos) eighteen.Pos { return m.Down(p, 3) }, at(0, 6), at(3, 6)},
		{"one share on the upper ledge: stays", func(p eighteen.Pos) eighteen.Pos { return m.Down(p, 1) }, at(2, 15), at(2, 15)},
		{"two shares push through the ledge", func(p eighteen.Pos) eighteen.Pos { return m.Down(p, 2) }, at(2, 15), at(4, 15)},
		{"one above the ledge, two sold: stops on the ledge", func(p eighteen.Pos) eighteen.Pos { return m.Down(p, 2) }, at(1, 15), at(2, 15)},
		{"one above the ledge, three sold: two below it", func(p eighteen.Pos) eighteen.Pos { return m.Down(p, 3) }, at(1, 15), at(4, 15)},
		{"the lower ledge holds", func(p eighteen.Pos) eighteen.Pos { return m.Down(p, 2) }, at(4, 15), at(4, 15)},
		{"within the lower area, one box a share", func(p eighteen.Pos) eighteen.Pos { return m.Down(p, 1) }, at(2, 16), at(3, 16)},
	} {
		if got := tc.move(tc.from); got != tc.to {
			t.Errorf("%s: from %v to %v, want %v", tc.name, tc.from, got, tc.to)
		}
	}
	if !m.Closed(eighteen.Pos{Row: 9, Col: 1}) || m.Closed(eighteen.Pos{Row: 9, Col: 2}) {
		t.Error("the closing area is wrong")
	}
	for _, price := range []int{68, 72, 76, 82, 90, 100} {
		p, err := m.Par(price)
		if err != nil || m.Price(p) != price || p.Col != 6 {
			t.Errorf("par $%d at %v (%v)", price, p, err)
		}
	}
	if _, err := m.Par(110); err == nil {
		t.Error("$110 taken as a starting par")
	}
}

// TestLedgeEveryColumn sells through the upper ledge of every column of
// 1870's market that has one (5.8.1): one share leaves a token on the
// ledge, two push it through to the lower area, even where the lower
// area is a single box; from a box above the ledge, a sale that would
// end one box below it stops on the ledge.
func TestLedgeEveryColumn(t *testing.T) {
	m, err := Market()
	if err != nil {
		t.Fatal(err)
	}
	columns := 0
	for col := range m.Rows[0] {
		ledge, bottom := -1, -1
		for r := range m.Rows {
			c, ok := m.Cell(eighteen.Pos{Row: r, Col: col})
			if !ok {
				break
			}
			bottom = r
			if next, ok := m.Cell(eighteen.Pos{Row: r + 1, Col: col}); ok && next.Has('i') && !c.Has('i') {
				ledge = r
			}
		}
		if ledge < 0 {
			continue
		}
		columns++
		at := func(r int) eighteen.Pos { return eighteen.Pos{Row: r, Col: col} }
		through := at(min(ledge+2, bottom)) // two below, or the lower ledge
		for _, tc := range []struct {
			from, shares int
			want         eighteen.Pos
		}{
			{ledge, 1, at(ledge)},
			{ledge, 2, through},
			{ledge, 9, at(bottom)},
			{ledge - 1, 2, at(ledge)},
			{ledge - 1, 3, at(min(ledge+2, bottom))},
			{ledge + 1, 1, at(min(ledge+2, bottom))},
		} {
			if tc.from < 0 {
				continue
			}
			if got := m.Down(at(tc.from), tc.shares); got != tc.want {
				t.Errorf("column %d (ledge row %d, bottom row %d): %d sold from row %d ends at row %d, want %d",
					col, ledge, bottom, tc.shares, tc.from, got.Row, tc.want.Row)
			}
		}
	}
	if columns != 14 {
		t.Errorf("%d columns have an upper ledge, want 14 (columns 7 to 20)", columns)
	}
}
