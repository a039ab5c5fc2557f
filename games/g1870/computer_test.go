package g1870

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
)

// computerGame plays one game with the computer in every seat, checking
// the invariants after each move, to its end or the cap.
func computerGame(t *testing.T, seed uint64, players, cap int) (*Game, int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 70))
	names := []string{"Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"}[:players]
	g, err := New(Setup{Players: names, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	_, manifest, err := Tiles()
	if err != nil {
		t.Fatal(err)
	}
	moves := 0
	for ; moves < cap && !g.Over(); moves++ {
		seat := g.Acting()[0]
		a := g.Suggest(seat, rng)
		lastRun := g.LastRun
		if err := g.Apply(a); err != nil {
			t.Fatalf("seed %d move %d: the computer's %s by seat %d failed: %v", seed, moves, a, seat, err)
		}
		if err := invariants(g, manifest, a, lastRun); err != nil {
			t.Fatalf("seed %d move %d (%s): %v", seed, moves, a, err)
		}
	}
	return g, moves
}

// TestComputerGames: games with the computer in every seat end by the
// rules (the bank broken, or a bankruptcy), never by the move cap. Four
// games by default, one with -short, 200 with -long, in two shards that
// run side by side.
func TestComputerGames(t *testing.T) {
	games := 4
	switch {
	case long:
		games = 200
	case testing.Short():
		games = 1
	}
	var mu sync.Mutex
	ends := map[string]int{}
	var lengths, ors []int
	const shards = 2
	t.Run("games", func(t *testing.T) {
		for shard := range shards {
			t.Run(fmt.Sprint(shard), func(t *testing.T) {
				t.Parallel()
				for seed := uint64(1 + shard); seed <= uint64(games); seed += shards {
					g, moves := computerGame(t, seed, 3+int(seed%4), 6000)
					if !g.Over() {
						t.Fatalf("seed %d: no end after %d moves; %s", seed, moves, g.Now())
					}
					mu.Lock()
					ends[endedBy(g)]++
					lengths = append(lengths, moves)
					ors = append(ors, g.ORsDone)
					mu.Unlock()
				}
			})
		}
	})
	if len(lengths) == 0 {
		return
	}
	slices.Sort(lengths)
	slices.Sort(ors)
	t.Logf("%d games: ends %v; median %d moves (shortest %d, longest %d); median %d operating rounds",
		len(lengths), ends, lengths[len(lengths)/2], lengths[0], lengths[len(lengths)-1], ors[len(ors)/2])
}

// endedBy names what ended a game: the bank, a bankruptcy, or the last
// event when it is neither.
func endedBy(g *Game) string {
	switch last := g.Events[len(g.Events)-1]; {
	case strings.Contains(last, "bank"):
		return "bank"
	case g.Bankrupt >= 0:
		return "bankruptcy"
	default:
		return last
	}
}
