package g1870

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/hexgrid"
	"github.com/railpost/railpost/games/move"
)

// lateGame plays a seeded game of listed moves only, chosen by lateMove,
// until it reaches the phase with at least that many tiles laid: a
// late-game board for the route search to be tested and timed on. It is
// nil when the game ends first. Random play alone ends in bankruptcy or
// a broken bank long before the last phases, with thin, scattered track;
// so the player leans towards building and buying trains.
func lateGame(tb testing.TB, seed uint64, phase, tiles int) *Game {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 8))
	names := []string{"Ann", "Bob", "Cy", "Di", "Ed", "Flo"}[:3+seed%4]
	g, err := New(Setup{Players: names, Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	all, _, err := Tiles()
	if err != nil {
		tb.Fatal(err)
	}
	for i := 0; i < 20000 && !g.Over(); i++ {
		if g.Phase >= phase && len(g.Layout.Tiles) >= tiles {
			return g
		}
		acting := g.Acting()
		if len(acting) == 0 {
			return nil
		}
		opts := g.Legal(acting[0])
		if len(opts) == 0 {
			tb.Fatalf("seed %d move %d: seat %d has no legal move", seed, i, acting[0])
		}
		a := lateMove(rng, all, g, opts)
		if err := g.Apply(a); err != nil {
			tb.Fatalf("seed %d move %d: the listed move %s failed: %v", seed, i, a, err)
		}
	}
	return nil
}

// lateMove picks one of the listed moves: mostly a lay that joins track
// (joiningLay); else, by turns, a train from the bank or the pool, a
// token, a dividend, a company started or a share bought, or moving on;
// else any move listed.
func lateMove(rng *rand.Rand, tiles map[string]*eighteen.Tile, g *Game, opts []move.Option) move.Action {
	by := map[string][]move.Option{}
	for _, o := range opts {
		v := o.Verb
		if v == "BUYTRAIN" && len(o.Args) > 1 && o.Args[1] != "DEPOT" && o.Args[1] != "POOL" {
			v = "TRADE" // a train from another company: left to chance
		}
		by[v] = append(by[v], o)
	}
	if lays := by["LAY"]; len(lays) > 0 && rng.IntN(100) < 85 {
		return joiningLay(rng, tiles, g, lays).Action(0)
	}
	for _, p := range []struct {
		verb string
		pct  int
	}{{"BUYTRAIN", 95}, {"LAY", 45}, {"TOKEN", 40}, {"PAY", 70}, {"WITHHOLD", 100}, {"PAR", 100},
		{"DEST", 100}, {"BUY", 90}, {"DONE", 100}, {"PASS", 100}} {
		if os := by[p.verb]; len(os) > 0 && rng.IntN(100) < p.pct {
			return anyOf(rng, os)
		}
	}
	return anyOf(rng, opts)
}

func anyOf(rng *rand.Rand, opts []move.Option) move.Action {
	o := opts[rng.IntN(len(opts))]
	n := o.Min
	if o.Ranged {
		n = o.Min + rng.IntN(min(o.Max-o.Min, 40)+1)
	}
	return o.Action(n)
}

// joiningLay is the listed lay whose tile joins the most of its exits to
// the track of the hexes beside it, upgrades first (they add track), ties
// broken at random: players build networks, not scattered tiles.
func joiningLay(rng *rand.Rand, tiles map[string]*eighteen.Tile, g *Game, lays []move.Option) move.Option {
	best, bestScore := lays[0], -1
	for _, o := range lays {
		h, err1 := hexgrid.ParseHex(o.Args[0])
		rot, err2 := strconv.Atoi(o.Args[2])
		t := tiles[o.Args[1]]
		if err1 != nil || err2 != nil || t == nil {
			continue
		}
		score := 0
		for _, e := range t.Exits(rot) {
			if p, ok := g.Layout.Tiles[h.Neighbour(e)]; ok && slices.Contains(p.Tile.Exits(p.Rotation), e.Opposite()) {
				score += 2
			}
		}
		if _, up := g.Layout.Tiles[h]; up {
			score += 3 + len(t.Paths)
		}
		if score = score*8 + rng.IntN(8); score > bestScore {
			best, bestScore = o, score
		}
	}
	return best
}
