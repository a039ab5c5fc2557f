package g18ez

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/railpost/railpost/games/eighteen/enginetest"
	"github.com/railpost/railpost/games/move"
)

var long = flag.Bool("long", false, "play the long runs: 500 random games, 200 computer games")

// randomMove picks one legal move, leaning towards doing something and
// towards trains and dividends so that games reach their end; every move
// it makes is one the list offers.
func randomMove(rng *rand.Rand, g *Game) (move.Action, bool) {
	acting := g.Acting()
	if len(acting) == 0 {
		return move.Action{}, false
	}
	opts := g.Legal(acting[0])
	if len(opts) == 0 {
		return move.Action{}, false
	}
	// deals between players are drawn one time in twenty, or random
	// players trade privates back and forth for ever
	return enginetest.RandomPolicy{
		Deal:  func(o move.Option) bool { return o.Verb == "BUYPRIVATE" && g.r.Kind == stockRound },
		Idle:  []string{"PASS", "DONE", "SKIP", "DECLINE", "RETAIN"},
		Eager: []string{"BUYTRAIN", "PAY", "PAR", "BUY"},
	}.Pick(opts, rng), true
}

// invariants are what must hold after every move: money conserved,
// shares summing to 100%, holdings and trains within limits, every tile
// from the manifest, and the last run legal.
func invariants(g *Game, manifest map[string]int, lastRun *Run) error {
	if m := g.Money(); m != spec.Bank {
		return fmt.Errorf("money: %d in the game, want %d", m, spec.Bank)
	}
	for _, c := range g.Corps {
		if !c.Public() {
			continue
		}
		n := c.IPO.Units() + c.Reserved.Units() + g.PoolUnits(c.Sym)
		for _, p := range g.Players {
			n += p.Units(c.Sym)
			// the Black Line's forming may put a player over 60% (rulings EZ13)
			if p.Units(c.Sym) > 6 && c.Sym != BL {
				return fmt.Errorf("%s holds %d %s", p.Name, p.Units(c.Sym), c.Sym)
			}
		}
		if n != 10 {
			return fmt.Errorf("%s: shares sum to %d0%%", c.Sym, n)
		}
		if g.PoolUnits(c.Sym) > 5 {
			return fmt.Errorf("%s: %d0%% in the open market", c.Sym, g.PoolUnits(c.Sym))
		}
		if h := g.Players[max(c.President, 0)].Shares[c.Sym]; c.Started && c.President >= 0 && (h.Units() < 2 || h.President() == nil) {
			return fmt.Errorf("%s: its president holds %d%%, the president's certificate %v", c.Sym, h.Percent(), h.President() != nil)
		}
	}
	for _, c := range g.Corps {
		if c.Cash < 0 {
			return fmt.Errorf("%s has $%d", c.Sym, c.Cash)
		}
		if !c.Closed && len(c.Trains) > g.Current().LimitFor(c.Kind) {
			return fmt.Errorf("%s has %d trains, limit %d", c.Sym, len(c.Trains), g.Current().LimitFor(c.Kind))
		}
	}
	for s, p := range g.Players {
		if p.Cash < 0 {
			return fmt.Errorf("%s has $%d", p.Name, p.Cash)
		}
		if g.Certs(s) > g.Limit()+2 {
			return fmt.Errorf("%s holds %d certificates, limit %d", p.Name, g.Certs(s), g.Limit())
		}
	}
	laid := map[string]int{}
	for _, p := range g.Layout.Tiles {
		laid[p.Tile.ID]++
	}
	for id, n := range laid {
		if _, ok := manifest[id]; ok && n+g.Left[id] != manifest[id] {
			return fmt.Errorf("tile %s: %d laid and %d left of %d", id, n, g.Left[id], manifest[id])
		}
	}
	if r := g.LastRun; r != nil && r != lastRun && len(r.Routes) > 0 {
		if err := r.Map.CheckRun(r.Corp, r.Routes, r.Trains, r.Phase); err != nil {
			return fmt.Errorf("last run of %s: %w", r.Corp, err)
		}
	}
	return nil
}

// playRandom plays a seeded game of random legal moves to its end or the
// cap, checking the invariants after every move.
func playRandom(t *testing.T, seed uint64, players, cap int) (*Game, int) {
	t.Helper()
	names := []string{"Ann", "Ben", "Cy", "Dee", "Eve", "Fay"}[:players]
	g, err := New(Setup{Players: names, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	_, manifest, _ := Tiles()
	rng := rand.New(rand.NewPCG(seed, 18))
	moves := 0
	for ; moves < cap && !g.Over(); moves++ {
		lastRun := g.LastRun
		a, ok := randomMove(rng, g)
		if !ok {
			t.Fatalf("seed %d move %d: the game waits for no one: %s", seed, moves, g.Now())
		}
		if err := g.Apply(a); err != nil {
			t.Fatalf("seed %d move %d: a listed move %q by %s was refused: %v", seed, moves, a, g.Players[a.Seat].Name, err)
		}
		if err := invariants(g, manifest, lastRun); err != nil {
			t.Fatalf("seed %d after move %d (%s by %s): %v\n%s", seed, moves, a, g.Players[a.Seat].Name, err, g.Now())
		}
	}
	return g, moves
}

// TestRandomGames plays seeded random games to their end by the rules:
// 10 by default, 500 with -long.
func TestRandomGames(t *testing.T) {
	n := 10
	if *long {
		n = 500
	}
	if testing.Short() {
		n = 4
	}
	ends := map[string]int{}
	for seed := range uint64(n) {
		g, moves := playRandom(t, seed, 2+int(seed%5), 6000)
		if !g.Over() {
			t.Fatalf("seed %d: not over after %d moves: %s", seed, moves, g.Now())
		}
		ends[endedBy(g)]++
	}
	t.Logf("%d random games: %v", n, ends)
}

func endedBy(g *Game) string {
	if g.Bankrupt >= 0 {
		return "bankruptcy"
	}
	return "bank"
}
