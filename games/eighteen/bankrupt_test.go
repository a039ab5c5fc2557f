package eighteen

import (
	"slices"
	"testing"
)

// threeSeats is a Base of three players and the test companies A, B and
// C, Ann presiding A and B and holding C.
func threeSeats(t *testing.T) *Base[tcorp, *tcorp] {
	t.Helper()
	m, err := ParseMarket("100p 110y 120o\n90 100b")
	if err != nil {
		t.Fatal(err)
	}
	b := NewBase[tcorp](Equipment{Board: &Board{}, Market: m, Bank: 1000, Players: []string{"Ann", "Bob", "Cy"}, Capital: 600})
	for sym, at := range map[string]Pos{"A": {0, 2}, "B": {1, 0}, "C": {0, 1}} {
		b.AddCorp(&tcorp{Corporation: Corporation{Sym: sym, Started: true, Floated: true, Pos: at, President: 0}})
	}
	b.Corp("C").President = 1
	give(&b, 0, map[string]int{"A": 2, "B": 2, "C": 1})
	give(&b, 1, map[string]int{"A": 2, "B": 1, "C": 2})
	give(&b, 2, map[string]int{"A": 2, "C": 1})
	b.Priority = 2
	b.Wire(Hooks{PresidentNote: "%s presides %s", EndNote: "over: %s", Worth: Worth{Valued: func(*Corporation) bool { return true }}})
	return &b
}

// TestBankruptcyEndsTheGame: where a bankruptcy ends the game (1870 13.1,
// 18EZ 2.11) it ends at once, giving the title's reason, and the seat is
// the bankrupt one.
func TestBankruptcyEndsTheGame(t *testing.T) {
	b := threeSeats(t)
	b.Ending = Trigger(nil, "bank", EndAfterSet)
	b.GoBankrupt(Bankruptcy{Ends: EndNow, Why: "%s cannot pay for %s", Note: "%s is broke, %s trainless"}, "A", 0)
	if !b.Over() || b.Bankrupt != 0 || b.Ending.Why != "Ann cannot pay for A" || len(b.Out) != 0 {
		t.Errorf("over %v, bankrupt %d, why %q, out %v", b.Over(), b.Bankrupt, b.Ending.Why, b.Out)
	}
	if !slices.Equal(b.Events, []string{"Ann is broke, A trainless", "over: Ann cannot pay for A"}) {
		t.Errorf("notes %q", b.Events)
	}
}

// TestBankruptPlayerLeaves: where the player leaves and the game goes on
// (18MW), his cash goes to the bank and his shares to the open market;
// his companies go in share price order to the player holding the most,
// at least two, ties to the one nearest the priority, or to receivership;
// play passes him by, and his worth is nothing.
func TestBankruptPlayerLeaves(t *testing.T) {
	b := threeSeats(t)
	var received []string
	bk := Bankruptcy{Leaves: true, Takeover: 2, Why: "%[1]s is out", Receivership: func(corp string) { received = append(received, corp) }}
	money := b.Money()
	b.GoBankrupt(bk, "A", 0)
	switch {
	case b.Over():
		t.Fatal("the game ended; it goes on without the bankrupt player")
	case b.Players[0].Cash != 0 || len(b.Players[0].Shares) != 0 || b.Money() != money:
		t.Errorf("Ann $%d, shares %v; money $%d, want $%d", b.Players[0].Cash, b.Players[0].Shares, b.Money(), money)
	case b.PoolUnits("A") != 2 || b.PoolUnits("B") != 2 || b.PoolUnits("C") != 1:
		t.Errorf("open market %v, want A 2, B 2, C 1", b.Pool)
	case b.Corp("A").President != 2:
		t.Errorf("A's president is seat %d; Bob and Cy hold two each and Cy has the priority", b.Corp("A").President)
	case b.Corp("B").President != -1 || !slices.Equal(received, []string{"B"}):
		t.Errorf("B's president %d, in receivership %v; no one holds two of B", b.Corp("B").President, received)
	case b.Corp("C").President != 1:
		t.Error("C, not Ann's, changed hands")
	case b.NextSeat(2) != 1 || b.NextSeat(1) != 2 || !slices.Equal(b.Out, []int{0}):
		t.Errorf("after Cy comes seat %d, after Bob %d; out %v", b.NextSeat(2), b.NextSeat(1), b.Out)
	case b.Score(0) != 0:
		t.Errorf("Ann is worth $%d", b.Score(0))
	}
	if !slices.Contains(b.Events, "Cy presides A") {
		t.Errorf("notes %q", b.Events)
	}
	b.GoBankrupt(bk, "C", 1)
	if !b.Over() || b.Ending.Why != "Bob is out" {
		t.Errorf("one player left: over %v, %+v", b.Over(), b.Ending)
	}
}
