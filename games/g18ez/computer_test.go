package g18ez

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// computerGame plays a seeded game with the computer in every seat,
// checking the invariants after every move and that each move it makes
// is legal.
func computerGame(t *testing.T, seed uint64, players, cap int) (*Game, int) {
	t.Helper()
	names := []string{"Ann", "Ben", "Cy", "Dee", "Eve", "Fay"}[:players]
	g, err := New(Setup{Players: names, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	_, manifest, _ := Tiles()
	rng := rand.New(rand.NewPCG(seed, 1818))
	moves := 0
	for ; moves < cap && !g.Over(); moves++ {
		lastRun := g.LastRun
		seat := g.Acting()[0]
		a := g.Suggest(seat, rng)
		if err := g.Apply(a); err != nil {
			t.Fatalf("seed %d move %d: the computer's %q for %s was refused: %v\n%s", seed, moves, a, g.Players[seat].Name, err, g.Now())
		}
		if err := invariants(g, manifest, lastRun); err != nil {
			t.Fatalf("seed %d after move %d (%s): %v", seed, moves, a, err)
		}
	}
	return g, moves
}

// TestComputerGames plays all-computer games to their end by the rules:
// 6 by default, 200 with -long; most must end by the bank, not by a
// bankruptcy.
func TestComputerGames(t *testing.T) {
	n := 6
	if *long {
		n = 200
	}
	if testing.Short() {
		n = 2
	}
	ends := map[string]int{}
	formed, total := 0, 0
	for seed := range uint64(n) {
		g, moves := computerGame(t, seed, 2+int(seed%5), 5000)
		if !g.Over() {
			t.Fatalf("seed %d: not over after %d moves: %s", seed, moves, g.Now())
		}
		ends[endedBy(g)]++
		if g.Corp(BL).Floated {
			formed++
		}
		total += moves
		t.Logf("seed %d: %d players, %d moves, %d ORs, ended by %s", seed, len(g.Players), moves, g.ORsDone, endedBy(g))
	}
	t.Logf("%d computer games: %v; the Black Line formed in %d; %d moves on average", n, ends, formed, total/n)
	if ends["bank"]*2 < n {
		t.Errorf("only %d of %d games ended by the bank", ends["bank"], n)
	}
}

// TestTwoORsBetweenSDRs: rounds run SDR, OR 1, OR 2, SDR, ... (2).
func TestTwoORsBetweenSDRs(t *testing.T) {
	g, err := New(Setup{Players: []string{"Ann", "Ben", "Cy"}, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(4, 4))
	seq := []string{"SDR"}
	for moves := 0; moves < 3000 && !g.Over() && len(seq) < 10; moves++ {
		if err := g.Apply(g.Suggest(g.Acting()[0], rng)); err != nil {
			t.Fatal(err)
		}
		now := "SDR"
		if g.r.Kind == operatingRound {
			now = "OR" + strconv.Itoa(g.r.OR)
		}
		if now != seq[len(seq)-1] {
			seq = append(seq, now)
		}
	}
	want := []string{"SDR", "OR1", "OR2", "SDR", "OR1", "OR2", "SDR", "OR1", "OR2", "SDR"}
	for i := range seq {
		if seq[i] != want[i] {
			t.Fatalf("rounds %v, want %v", seq, want)
		}
	}
}
