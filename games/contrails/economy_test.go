package contrails

import "testing"

// TestNextClimate walks rule 5's climate with scripted rolls: a Panic may
// strike at once after Good or better, never after worse; the climate
// moves a step better or worse or stays; it quickly recovers from the
// depths; it stays between Boom and Panic; and in the Civil War (8) it is
// no worse than Normal.
func TestNextClimate(t *testing.T) {
	for _, tc := range []struct {
		name  string
		from  Climate
		turn  int
		rolls []int // what each roll(100) returns, in order
		want  Climate
	}{
		{"a panic after Good", Good, 5, []int{0}, Panic},
		{"after Boom the panic chance is higher", Boom, 5, []int{19}, Panic},
		{"but 20% at most", Boom, 5, []int{20, 60}, Boom},
		{"no panic when the roll misses", Good, 5, []int{12, 60}, Good},
		{"no panic after Improved", Improved, 5, []int{50}, Improved},
		{"a step better", Normal, 5, []int{39}, Improved},
		{"unchanged", Normal, 5, []int{40}, Normal},
		{"unchanged, to the top of the band", Normal, 5, []int{74}, Normal},
		{"a step worse", Normal, 5, []int{75}, Recession},
		{"recovery from Depression", Depression, 5, []int{80, 29}, Recession},
		{"no recovery when the roll misses", Depression, 5, []int{80, 30}, Panic},
		{"never better than Boom", Boom, 5, []int{99, 0}, Boom},
		{"never worse than Panic", Panic, 5, []int{99, 99}, Panic},
		{"the Civil War holds it at Normal", Normal, 11, []int{99}, Normal},
		{"and in its second turn", Normal, 12, []int{99}, Normal},
		{"after the war it falls again", Normal, 13, []int{99}, Recession},
	} {
		i := 0
		roll := func(n int) int {
			if i >= len(tc.rolls) {
				return n - 1 // worst case for a roll not scripted
			}
			i++
			return tc.rolls[i-1]
		}
		if got := NextClimate(tc.from, tc.turn, roll); got != tc.want {
			t.Errorf("%s: %v to %v, want %v", tc.name, tc.from, got, tc.want)
		}
	}
}

// TestClimateChartRows: each climate reads its own row of rule 5's chart,
// Boom and Panic at its ends included; a value off the chart reads as
// Normal.
func TestClimateChartRows(t *testing.T) {
	for _, tc := range []struct {
		c        Climate
		name     string
		loanRate int
	}{
		{Boom - 1, "Normal", 12},
		{Boom, "Boom", 8},
		{Normal, "Normal", 12},
		{Panic, "Panic", 16},
		{Panic + 1, "Normal", 12},
	} {
		if tc.c.String() != tc.name || tc.c.LoanRate() != tc.loanRate || tc.c.CashRateTenths() != 5*tc.loanRate {
			t.Errorf("climate %d reads as %s at %d%%, cash %d/10%%; want %s at %d%%", int(tc.c), tc.c, tc.c.LoanRate(), tc.c.CashRateTenths(), tc.name, tc.loanRate)
		}
	}
}
