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
