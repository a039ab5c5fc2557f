package chicagoexpress

import (
	"math/rand/v2"
	"testing"

	"github.com/railpost/railpost/games/move"
)

// FuzzApply sends any line from any seat to a game at a random point: the
// engine must not panic, and a refused line must change nothing.
func FuzzApply(f *testing.F) {
	for _, s := range []string{"BID 7", "PASS", "PASS AUCTION", "AUCTION PRR 4", "EXPAND PRR R4 R3 Q4", "DEVELOP K4", "EXPAND B&O", "BID -3", "AUCTION WAB 99999999999999999999", "DEVELOP zz"} {
		f.Add(uint64(1), uint8(10), uint8(0), s)
	}
	f.Fuzz(func(t *testing.T, seed uint64, steps, seat uint8, line string) {
		g := newGame(t, 2+int(seed%5), seed)
		rng := rand.New(rand.NewPCG(seed, 3))
		for range int(steps) {
			if g.Over() {
				break
			}
			if err := g.Apply(randomMove(rng, g)); err != nil {
				t.Fatal(err)
			}
		}
		a, err := move.ParseAction(int(seat)%g.Players(), line)
		if err != nil {
			return
		}
		before := fingerprint(t, g)
		if err := g.Apply(a); err != nil {
			if fingerprint(t, g) != before {
				t.Fatalf("%q refused (%v) but changed the game", line, err)
			}
			return
		}
		if err := invariants(g); err != nil {
			t.Fatalf("after %q: %v", line, err)
		}
	})
}
