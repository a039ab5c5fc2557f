package g1870

import (
	"math/rand/v2"
	"testing"

	"github.com/railpost/railpost/games/eighteen/enginetest"
	"github.com/railpost/railpost/games/move"
)

// FuzzApply sends any line, from any seat, to games part-way through:
// nothing panics, and a refused move changes nothing at all.
func FuzzApply(f *testing.F) {
	for _, line := range []string{
		"BUY GRSC", "BID GSC 85", "PASS", "DONE", "SELL MP 2", "BUY MP PAR 100", "BUY MP POOL 3",
		"LAY H17 57 1", "TOKEN J5", "BUYTRAIN 2 DEPOT", "BUYTRAIN 3 MP 1", "PAY", "HALF", "DEST MAP",
		"BUYPRIVATE MRBC 40", "PORT M20 CLOSED", "CATTLE B9", "REDEEM MP SELF", "PAR SLSF 68",
		"LAY H17 57 -1", "BID GSC 99999999999999999999", "SELL MP -2", "", "UNDO 3",
	} {
		f.Add(uint8(0), uint16(0), line)
		f.Add(uint8(1), uint16(300), line)
	}
	// Built once: replaying a whole random game for each input, as it
	// once did, made every execution cost hundreds of moves and their
	// legal-move searches, and the fuzzer ran a few dozen inputs a minute.
	games := playPositions(f, 900, 10)
	f.Fuzz(func(t *testing.T, seat uint8, moves uint16, line string) {
		g := games.At(t, int(moves%900))
		a, err := move.ParseAction(int(seat%4), line)
		if err != nil {
			return
		}
		before := fingerprint(g)
		if err := g.Apply(a); err != nil && fingerprint(g) != before {
			t.Fatalf("%q was refused (%v) but changed the game", line, err)
		}
	})
}

// playPositions plays up to n moves of one four-player game from a fixed
// seed (fewer if it ends), keeping a copy of the game every so many.
func playPositions(tb testing.TB, n, every int) *enginetest.Positions[*Game] {
	tb.Helper()
	g, err := New(Setup{Players: []string{"Ann", "Bob", "Cy", "Di"}, Seed: 11})
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(11, 12))
	return enginetest.PlayPositions(tb, g, n, every, func(g *Game) (move.Action, bool) { return randomMove(rng, g) })
}

// advanced is a four-player game after some random legal moves, played
// from the start: the long way round that positions.at must agree with.
func advanced(t *testing.T, moves int) *Game {
	g, err := New(Setup{Players: []string{"Ann", "Bob", "Cy", "Di"}, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for range moves {
		a, ok := randomMove(rng, g)
		if !ok {
			break
		}
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestPositionsAreTheGamePlayedOut: a kept position with the moves after
// it is the very game played from the start to that move, at a kept one,
// between two, near the end, and asked for twice (the first copy's moves
// must not reach what is kept). The games are compared by their saved
// state (fingerprint prints the tiles' addresses, which differ between two
// games however alike).
func TestPositionsAreTheGamePlayedOut(t *testing.T) {
	games := playPositions(t, 900, 10)
	state := func(g *Game) string {
		b, err := g.State()
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for _, n := range []int{0, 1, 9, 10, 11, 64, 255, 499, 890, 899} {
		want := state(advanced(t, n))
		for try := 1; try <= 2; try++ {
			g := games.At(t, n)
			if state(g) != want {
				t.Errorf("after %d moves (asked %d times) the kept game differs from the game played out", n, try)
			}
			if a, ok := randomMove(rand.New(rand.NewPCG(1, 2)), g); ok {
				g.Apply(a) // a move on the copy, which the next copy must not see
			}
		}
	}
}

// TestACloneWritesTheSameState: a copy's saved state is byte for byte the
// original's, at the start, in the first rounds and late in a game, so
// that a game tried on a copy and saved is the game it was copied from.
func TestACloneWritesTheSameState(t *testing.T) {
	playPositions(t, 900, 10).ClonesWriteTheSameState(t, 0, 1, 10, 64, 255, 499, 899)
}
