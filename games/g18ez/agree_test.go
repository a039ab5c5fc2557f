package g18ez

import (
	"math/rand/v2"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/eighteen/enginetest"
	"github.com/railpost/railpost/games/move"
)

// agreeSpec is 18EZ for the core's agreement check: its verbs, the words
// its moves are written with, and how to copy and print a game.
func agreeSpec(g *Game) enginetest.Spec[*Game] {
	words := []string{"IPO", "POOL", "FROM", "TOKEN", "LAY", "0", "1", "2", "3", "5", "6", "40", "50", "75", "100", "160",
		"D5", "D9", "B17", "F17", "D1-D5", "D5-D9", "Z99", "57", "#9", "716", "14", "-1", "$90", "x"}
	for _, c := range g.Corps {
		words = append(words, c.Sym)
	}
	for _, p := range g.Privates {
		words = append(words, p.Sym)
	}
	return enginetest.Spec[*Game]{
		Verbs: []string{"BUY", "BID", "PASS", "DONE", "SELL", "PAR", "DECLINE", "ACCEPT", "BUYPRIVATE", "LAY", "TOKEN",
			"SKIP", "PAY", "HALF", "RETAIN", "BUYTRAIN", "HOTEL", "MRTA", "RUN", "BANKRUPT"},
		Words:       words,
		Clone:       (*Game).Clone,
		Fingerprint: func(g *Game) string { return mustState(g) },
		Canonical:   func(a move.Action) move.Action { return eighteen.CanonicalMove(a, true) },
		Asked: func(g *Game, seat int, a move.Action) []move.Option {
			return g.Round().Options(seat, move.Query{Verb: a.Verb, Args: g.Canonical(a).Args})
		},
		AskedVerbs: []string{"RUN"},
	}
}

// TestApplyAgreesWithMenu plays random games and, at every tenth
// position, puts to Apply every move the menu lists and random moves near
// and far from the list (enginetest.Agreement): Apply makes exactly the
// listed ones, and a refused move changes nothing.
func TestApplyAgreesWithMenu(t *testing.T) {
	games := 4
	if testing.Short() {
		games = 2
	}
	tried, refused := 0, 0
	for seed := uint64(0); seed < uint64(games); seed++ {
		rng := rand.New(rand.NewPCG(seed, 17))
		g, err := New(Setup{Players: []string{"Ann", "Bob", "Cy", "Di"}[:2+int(seed%3)], Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		spec := agreeSpec(g)
		for i := 0; i < 1500 && !g.Over(); i++ {
			if i%10 == 0 {
				n, r := enginetest.Agreement(t, rng, g, spec)
				tried, refused = tried+n, refused+r
			}
			a, ok := randomMove(rng, g)
			if !ok {
				t.Fatalf("seed %d move %d: no legal move", seed, i)
			}
			if err := g.Apply(a); err != nil {
				t.Fatalf("seed %d move %d: listed %s refused: %v", seed, i, a, err)
			}
		}
	}
	t.Logf("%d moves put to Apply, %d refused", tried, refused)
	if refused == 0 || refused == tried {
		t.Errorf("%d of %d moves refused: the test is not telling legal from illegal", refused, tried)
	}
}

// mustState is the game's stored position, or the error's text.
func mustState(g *Game) string {
	s, err := g.State()
	if err != nil {
		return err.Error()
	}
	return string(s)
}
