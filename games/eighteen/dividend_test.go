package eighteen

import (
	"testing"
)

// testDividend is a title's dividend as the tests use it: rounded down in
// full, up in half, the token right when paid, to the bottom of its pile
// when halved, left when kept, and staying in the brown zone when paid.
func testDividend(b *Base[tcorp, *tcorp]) *Dividend[tcorp] {
	return &Dividend[tcorp]{Title: "dividend", Keep: "WITHHOLD", Shares: 10, Full: RoundDown, Half: RoundUp,
		Moves:  Moves{Pay: Right, Half: Bottom, Keep: Left, Nothing: Left},
		ByZone: map[byte]Moves{'b': {Pay: Stay, Half: Stay, Keep: Left, Nothing: Left}},
		Notes: DividendNotes{Pay: "%[1]s pays $%[2]d, to $%[5]d", Half: "%[1]s pays $%[2]d, keeps $%[3]d", Keep: "%[1]s keeps $%[4]d, to $%[5]d",
			Nothing: "%[1]s earns nothing", Split: "%s splits $%d: $%d to %s, $%d kept"},
		Move: func(c *tcorp, to Pos) { c.Pos = to }}
}

// TestDivide: each outcome pays the shares and the treasury as the
// title's rounding says, notes it in the title's words and moves the
// token as the title's moves for its zone say (1870 9.1, 18EZ 2.7).
func TestDivide(t *testing.T) {
	for _, tc := range []struct {
		name            string
		out             Outcome
		revenue         int
		at              Pos
		ann, bob, treas int
		to              Pos
		restacked       bool
		note            string
	}{
		{"paid in full, rounded down", PayAll, 105, Pos{1, 0}, 60, 20, 20, Pos{1, 1}, false, "B pays $10, to $100"},
		{"paid in full in a zone where it stays", PayAll, 100, Pos{1, 1}, 60, 20, 20, Pos{1, 1}, false, "B pays $10, to $100"},
		{"half, rounded in the holders' favour", PayHalf, 105, Pos{1, 0}, 36, 12, 45 + 12, Pos{1, 0}, true, "B pays $6, keeps $45"},
		{"kept", Keep, 105, Pos{0, 1}, 0, 0, 105, Pos{0, 0}, false, "B keeps $105, to $100"},
		{"nothing", Nothing, 0, Pos{0, 1}, 0, 0, 0, Pos{0, 0}, false, "B earns nothing"},
		{"a minor's split, the odd dollar kept", Split, 91, Pos{1, 0}, 45, 0, 46, Pos{1, 0}, false, "B splits $91: $45 to Ann, $46 kept"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := testBase(t)
			c := b.Corp("B")
			c.Pos, c.President, c.IPO = tc.at, 0, 2
			b.Players[0].Shares = map[string]int{"B": 6}
			b.Players[1].Shares = map[string]int{"B": 2}
			ann, bob, money, tick := b.Players[0].Cash, b.Players[1].Cash, b.Money(), c.Tick
			b.Divide(testDividend(b), c, tc.out, tc.revenue)
			if got := [3]int{b.Players[0].Cash - ann, b.Players[1].Cash - bob, c.Cash}; got != [3]int{tc.ann, tc.bob, tc.treas} {
				t.Errorf("Ann, Bob and B gained %v, want %v", got, [3]int{tc.ann, tc.bob, tc.treas})
			}
			if b.Money() != money {
				t.Errorf("money $%d, want $%d", b.Money(), money)
			}
			if c.Pos != tc.to || (c.Tick != tick) != tc.restacked {
				t.Errorf("at %v, restacked %v; want %v, %v", c.Pos, c.Tick != tick, tc.to, tc.restacked)
			}
			if len(b.Events) != 1 || b.Events[0] != tc.note {
				t.Errorf("notes %q, want %q", b.Events, tc.note)
			}
		})
	}
}
