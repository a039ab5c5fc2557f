package g1870

import (
	"math/rand/v2"
	"slices"
	"strings"
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
// rules (the bank broken, or a bankruptcy), never by the move cap.
func TestComputerGames(t *testing.T) {
	games := 4
	switch {
	case long:
		games = 200
	case testing.Short():
		games = 1
	}
	ends := map[string]int{}
	var lengths []int
	for seed := uint64(1); seed <= uint64(games); seed++ {
		g, moves := computerGame(t, seed, 3+int(seed%4), 6000)
		if !g.Over() {
			t.Fatalf("seed %d: no end after %d moves; %s", seed, moves, g.Now())
		}
		why := "other"
		switch last := g.Events[len(g.Events)-1]; {
		case strings.Contains(last, "bank"):
			why = "bank"
		case g.Bankrupt >= 0:
			why = "bankruptcy"
		default:
			why = last
		}
		ends[why]++
		lengths = append(lengths, moves)
	}
	slices.Sort(lengths)
	t.Logf("%d games: ends %v; median %d moves", games, ends, lengths[len(lengths)/2])
}
