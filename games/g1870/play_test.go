package g1870

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/railpost/railpost/games/eighteen/enginetest"
	"github.com/railpost/railpost/games/move"
)

// randomMove picks one legal move. It leans towards doing something
// rather than passing, and towards buying trains and paying out, so that
// games reach their end; but every move it makes is one the list offers.
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
		Deal: func(o move.Option) bool {
			return (o.Verb == "BUYPRIVATE" && o.Ranged && g.r.Kind == stockRound) || (o.Verb == "REDEEM" && len(o.Args) == 2 && o.Args[1] != "SELF")
		},
		Idle:        []string{"PASS", "DONE", "SKIP", "DECLINE"},
		Eager:       []string{"BUYTRAIN", "PAY"},
		RangedEager: true,
	}.Pick(opts, rng), true
}

// invariants are what must hold after every move (issue: property tests).
func invariants(g *Game, manifest Manifest, last move.Action, lastRun *Run) error {
	want := spec.Bank
	if g.Broken {
		want += brokenBills
	}
	if m := g.Money(); m != want {
		return fmt.Errorf("money: %d in the game, want %d", m, want)
	}
	for _, c := range g.Corps {
		n := c.IPO.Units() + c.Treasury.Units() + c.Reserved.Units() + g.PoolUnits(c.Sym)
		for _, p := range g.Players {
			n += p.Units(c.Sym)
		}
		if c.Closed && n != 0 || !c.Closed && n != 10 {
			return fmt.Errorf("%s: shares sum to %d0%%", c.Sym, n)
		}
		if g.PoolUnits(c.Sym) > 5 {
			return fmt.Errorf("%s: %d shares in the open market (5.4.2)", c.Sym, g.PoolUnits(c.Sym))
		}
		if c.Started && !c.Closed {
			pres := g.Players[c.President].Units(c.Sym)
			if pres < 2 || g.Players[c.President].Shares[c.Sym].President() == nil {
				return fmt.Errorf("%s's president holds %d shares, the president's certificate %v (5.6)", c.Sym, pres, g.Players[c.President].Shares[c.Sym].President() != nil)
			}
			for _, p := range g.Players {
				if p.Units(c.Sym) > pres {
					return fmt.Errorf("%s holds more %s than its president (5.6)", p.Name, c.Sym)
				}
			}
		}
		if c.Cash < 0 {
			return fmt.Errorf("%s has $%d", c.Sym, c.Cash)
		}
	}
	for s, p := range g.Players {
		if p.Cash < 0 {
			return fmt.Errorf("%s has $%d", p.Name, p.Cash)
		}
		if s == last.Seat && (last.Verb == "BUY" || last.Verb == "BUYPRIVATE") && g.r.Kind == stockRound && g.Certs(s) > g.Limit() {
			return fmt.Errorf("%s bought over the certificate limit: %d of %d (5.4.1)", p.Name, g.Certs(s), g.Limit())
		}
		if s == last.Seat && last.Verb == "BUY" && len(last.Args) >= 2 {
			if c := g.Corp(last.Args[0]); c != nil && !g.unlimited(c) && p.Units(c.Sym) > 6 {
				return fmt.Errorf("%s bought over 60%% of %s (5.4.1)", p.Name, c.Sym)
			}
		}
	}
	placed := map[string]int{}
	for h, p := range g.Layout.Tiles {
		placed[p.Tile.ID]++
		if err := g.Board().Space(h).Accepts(p.Tile); err != nil {
			return fmt.Errorf("tile on %s: %w", h, err)
		}
		if int(p.Tile.Colour) > g.Current().Colours {
			return fmt.Errorf("a %s tile on %s in phase %d", p.Tile.Colour, h, g.Phase)
		}
		for _, e := range p.Tile.Exits(p.Rotation) {
			if !g.Board().Passable(h, e) {
				return fmt.Errorf("track on %s runs off the map or into a border at %s (6.3)", h, e)
			}
		}
	}
	for id, n := range manifest {
		if g.Left[id] < 0 || g.Left[id]+placed[id] != n {
			return fmt.Errorf("tile #%s: %d left and %d laid of %d", id, g.Left[id], placed[id], n)
		}
	}
	if r := g.LastRun; r != nil && r != lastRun {
		if err := g.Layout.CheckRun(r.Corp, r.Routes, r.Trains, r.Phase); err != nil {
			return fmt.Errorf("%s's run: %w", r.Corp, err)
		}
	}
	for _, c := range g.Corps {
		if len(c.Trains) > g.Current().Limit && !slices.ContainsFunc(g.r.Pending, func(p pending) bool { return p.Kind == pendDiscard && p.Corp == c.Sym }) {
			return fmt.Errorf("%s owns %d trains over the limit of %d", c.Sym, len(c.Trains), g.Current().Limit)
		}
	}
	return nil
}

// randomVariants plays some of the games with section 16's variants.
func randomVariants(seed uint64) Variants {
	return Variants{Finish400: seed%5 == 1, Historical: seed%5 == 2, Diesels: seed%5 == 3, OpenDestinations: seed%5 == 4}
}

// playRandom plays one game of random legal moves, checking the
// invariants after each, to its end or to the cap.
func playRandom(t *testing.T, seed uint64, players, cap int) *Game {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1870))
	names := []string{"Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"}[:players]
	g, err := New(Setup{Players: names, Seed: seed, Variants: randomVariants(seed)})
	if err != nil {
		t.Fatal(err)
	}
	_, manifest, err := Tiles()
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < cap && !g.Over(); i++ {
		a, ok := randomMove(rng, g)
		if !ok {
			t.Fatalf("seed %d move %d: seat %v has no legal move; last events %q", seed, i, g.Acting(), g.Events[max(0, len(g.Events)-5):])
		}
		lastRun := g.LastRun
		if err := g.Apply(a); err != nil {
			t.Fatalf("seed %d move %d: the listed move %s by seat %d failed: %v", seed, i, a, a.Seat, err)
		}
		if err := invariants(g, manifest, a, lastRun); err != nil {
			t.Fatalf("seed %d move %d (%s by %s): %v; last events %q", seed, i, a, g.Players[a.Seat].Name, err, g.Events[max(0, len(g.Events)-8):])
		}
	}
	return g
}

// TestRandomGames plays games of random legal moves with 2 to 7 players,
// to the end or 2,000 moves, checking the invariants after each: 500
// with -long (CI runs it so), 40 by default and 6 with -short, so that
// go test ./... stays quick.
var (
	testGames int
	long      bool
	late      bool
)

func TestRandomGames(t *testing.T) {
	games := 40
	switch {
	case testGames > 0:
		games = testGames
	case long:
		games = 500
	case testing.Short():
		games = 6
	}
	// Two shards, one a core; each plays every other seed.
	var ended [2]int
	t.Run("shards", func(t *testing.T) {
		for shard := range 2 {
			t.Run(fmt.Sprint(shard), func(t *testing.T) {
				t.Parallel()
				for seed := uint64(shard); seed < uint64(games); seed += 2 {
					if playRandom(t, seed, 2+int(seed%6), 2000).Over() {
						ended[shard]++
					}
				}
			})
		}
	})
	t.Logf("%d of %d games ended by the rules", ended[0]+ended[1], games)
	if ended[0]+ended[1] == 0 {
		t.Errorf("no game reached its end")
	}
}

func TestMain(m *testing.M) {
	flag.IntVar(&testGames, "games", 0, "random games TestRandomGames plays, for profiling")
	flag.BoolVar(&long, "long", false, "the long runs: 500 random games, and the route search against exhaustive search on a late-game board")
	flag.BoolVar(&late, "late", false, "the route search against exhaustive search on all twelve late-game boards")
	flag.Parse()
	os.Exit(m.Run())
}
