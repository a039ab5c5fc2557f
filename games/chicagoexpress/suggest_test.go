package chicagoexpress

import (
	"math/rand/v2"
	"testing"
)

// TestComputerGames: games the computer plays for every seat end by the
// rules, every move it makes is legal, and it does build railways.
func TestComputerGames(t *testing.T) {
	for seed := range uint64(20) {
		g := newGame(t, 2+int(seed)%5, seed)
		rng := rand.New(rand.NewPCG(seed, 1))
		moves := 0
		for ; !g.Over(); moves++ {
			if moves > 3000 {
				t.Fatalf("seed %d: not over after 3000 moves", seed)
			}
			a := g.Suggest(g.Acting()[0], rng)
			if err := g.Apply(a); err != nil {
				t.Fatalf("seed %d move %d: the computer's %q: %v", seed, moves, a, err)
			}
			if err := invariants(g); err != nil {
				t.Fatalf("seed %d move %d: %v", seed, moves, err)
			}
		}
		placed := 0
		for _, c := range g.Corps {
			placed += c.Locos - c.Charter
		}
		if placed <= 4 {
			t.Errorf("seed %d: the computer built nothing in %d moves", seed, moves)
		}
		if seed < 3 {
			t.Logf("seed %d: %d moves, %d locomotives out, %d dividend phases, cash %v", seed, moves, placed, g.Rounds, g.Cash)
		}
	}
}
