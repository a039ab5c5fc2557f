package chicagoexpress

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// computerStats is what a batch of all-computer games did.
type computerStats struct {
	games, chicago, wabashSold, newYork, moves int
}

// playComputer plays one all-computer game to its end, checking every
// move is legal and the invariants hold after it.
func playComputer(t *testing.T, seed uint64, st *computerStats) {
	t.Helper()
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
	st.games++
	st.moves += moves
	if g.Reached {
		st.chicago++
	}
	if g.Corps[wabash].Sold > 0 {
		st.wabashSold++
	}
	for h, hx := range g.board.Hexes {
		if hx.WabashOnly && g.Present[h][wabash] {
			st.newYork++
			break
		}
	}
}

// TestComputerGames: games the computer plays for every seat end by the
// rules, every move it makes is legal, it builds railways, and it races
// for Chicago: most games see a company reach Chicago and the Wabash
// auctioned. 40 games by default, 200 with -long, 10 with -short.
func TestComputerGames(t *testing.T) {
	n := 40
	switch {
	case *long:
		n = 200
	case testing.Short():
		n = 10
	}
	var st computerStats
	for seed := range uint64(n) {
		playComputer(t, seed, &st)
	}
	report := fmt.Sprintf("%d all-computer games: Chicago reached in %d, a Wabash share sold in %d, New York entered in %d; %d moves a game on average",
		st.games, st.chicago, st.wabashSold, st.newYork, st.moves/max(st.games, 1))
	t.Log(report)
	if st.chicago*3 < st.games*2 || st.wabashSold*2 < st.games {
		t.Errorf("the computer does not race for Chicago: %s", report)
	}
}
