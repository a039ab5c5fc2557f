package g1870

import (
	"slices"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
)

// TestFinish400: with 16.1's variant the game ends when a token reaches
// $400: the company finishes operating and no other does; reached at the
// end of a stock round, no company operates. Without it play goes on.
func TestFinish400(t *testing.T) {
	for _, variant := range []bool{false, true} {
		g := table(t)
		g.Variants.Finish400 = variant
		c := stage(t, g, "MP", 100, 0, map[int]int{0: 6})
		c.Pos = eighteen.Pos{Row: 0, Col: 19} // $375
		d := stage(t, g, "IC", 90, 0, map[int]int{1: 6})
		operate(g, c, stepDividend)
		g.r.Revenue = 100
		act(t, g, 0, "PAY")
		if g.price(c) != 400 || g.Over() {
			t.Fatalf("variant %v: MP at $%d, over %v: the company finishes its turn first", variant, g.price(c), g.Over())
		}
		act(t, g, 0, "DONE")
		if g.Over() != variant {
			t.Errorf("variant %v: over %v after MP's turn", variant, g.Over())
		}
		if variant && d.Operating {
			t.Error("IC operated after the game ended")
		}
		if !variant && !slices.Equal(g.Acting(), []int{1}) {
			t.Errorf("without the variant IC operates next; the game waits for %v", g.Acting())
		}
	}
	for _, variant := range []bool{false, true} {
		g := table(t)
		g.Variants.Finish400 = variant
		c := stage(t, g, "MP", 100, 0, map[int]int{0: 6, 1: 4})
		c.Pos = eighteen.Pos{Row: 1, Col: 20} // $375, all sold: it rises at the round's end
		stockTurn(g, 0)
		for seat := range 4 {
			act(t, g, seat, "PASS")
		}
		if g.price(c) != 400 || g.Over() != variant || (variant && g.r.Kind != stockRound) {
			t.Errorf("variant %v: MP at $%d, over %v, round %d", variant, g.price(c), g.Over(), g.r.Kind)
		}
	}
}
