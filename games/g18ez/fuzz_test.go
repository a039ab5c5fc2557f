package g18ez

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
		"BUY SL", "BID OBS 155", "BID OBS", "PASS", "DONE", "PAR PSW 70", "PAR PSW 75", "BUY PSW IPO", "BUY BL POOL",
		"SELL PSW 2", "SELL PSW -1", "LAY D5 57 1", "LAY D9 716 0", "LAY B17 63 0", "TOKEN D9", "SKIP", "PAY", "HALF",
		"RETAIN", "BUYTRAIN 2", "BUYTRAIN 3 POOL", "BUYTRAIN 2 FROM M1 1", "BUYTRAIN 2 FROM M1 0", "BUYPRIVATE HMH 60",
		"HOTEL D9", "MRTA TOKEN", "MRTA LAY 716 0", "ACCEPT", "DECLINE", "BID OBS 99999999999999999999", "", "UNDO 3",
	} {
		f.Add(uint8(0), uint16(0), line)
		f.Add(uint8(1), uint16(60), line)
	}
	// Built once: replaying a whole game of computer moves for each
	// input, as it once did, made every execution cost hundreds of moves
	// and their searches, and the fuzzer ran a few dozen inputs a minute.
	games := playPositions(f, 600, 10)
	f.Fuzz(func(t *testing.T, seat uint8, moves uint16, line string) {
		g := games.At(t, int(moves%600))
		a, err := move.ParseAction(int(seat%4), line)
		if err != nil {
			return
		}
		before, _ := g.State()
		if err := g.Apply(a); err != nil {
			if after, _ := g.State(); string(after) != string(before) {
				t.Fatalf("%q was refused (%v) but changed the game", line, err)
			}
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
	return enginetest.PlayPositions(tb, g, n, every, func(g *Game) (move.Action, bool) {
		if g.Over() {
			return move.Action{}, false
		}
		return g.Suggest(g.Acting()[0], rng), true
	})
}

// TestPositionsAreTheGamePlayedOut: a kept position with the moves after
// it is the very game played from the start to that move, at a kept one,
// between two, near the end, and asked for twice (the first copy's moves
// must not reach what is kept). The games are compared by their saved
// state.
func TestPositionsAreTheGamePlayedOut(t *testing.T) {
	games := playPositions(t, 600, 10)
	state := func(g *Game) string {
		b, err := g.State()
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	// The game played out from the start, one move at a time, as
	// positions.at must agree with at each of these.
	played, err := New(Setup{Players: []string{"Ann", "Bob", "Cy", "Di"}, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	rng, moved := rand.New(rand.NewPCG(11, 12)), 0
	for _, n := range []int{0, 1, 9, 10, 11, 60, 255, 499, 590, 599} {
		for ; moved < n && !played.Over(); moved++ {
			if err := played.Apply(played.Suggest(played.Acting()[0], rng)); err != nil {
				t.Fatal(err)
			}
		}
		want := state(played)
		for try := 1; try <= 2; try++ {
			g := games.At(t, n)
			if state(g) != want {
				t.Errorf("after %d moves (asked %d times) the kept game differs from the game played out", n, try)
			}
			if !g.Over() {
				g.Apply(g.Suggest(g.Acting()[0], rand.New(rand.NewPCG(1, 2)))) // a move on the copy, which the next copy must not see
			}
		}
	}
}

// TestACloneWritesTheSameState: a copy's saved state is byte for byte the
// original's, at the start, in the first rounds and late in a game, so
// that a game tried on a copy and saved is the game it was copied from.
func TestACloneWritesTheSameState(t *testing.T) {
	playPositions(t, 600, 10).ClonesWriteTheSameState(t, 0, 1, 10, 60, 255, 499, 599)
}
