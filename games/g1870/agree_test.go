package g1870

import (
	"math/rand/v2"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/eighteen/enginetest"
	"github.com/railpost/railpost/games/move"
)

// agreeSpec is 1870 for the core's agreement check: its verbs, the words
// its moves are written with, and how to copy and print a game.
func agreeSpec(g *Game) enginetest.Spec[*Game] {
	words := []string{"IPO", "POOL", "PAR", "SELF", "MAP", "CHARTER", "DEPOT", "CLOSED", "0", "1", "2", "3", "5", "6", "40",
		"68", "100", "H17", "J5", "B11-B13", "H17-J17-K16", "C18-B11", "C18", "K16", "B9", "Z99", "57", "#9", "14", "-1", "$90", "x"}
	for _, c := range g.Corps {
		words = append(words, c.Sym)
	}
	for _, p := range g.Privates {
		words = append(words, p.Sym)
	}
	return enginetest.Spec[*Game]{
		Verbs: []string{"BUY", "BID", "PASS", "DONE", "SELL", "PAR", "PROTECT", "DECLINE", "REDEEM", "REISSUE",
			"BUYPRIVATE", "LAY", "TOKEN", "SKIP", "PAY", "HALF", "WITHHOLD", "BUYTRAIN", "DISCARD", "DEST",
			"CATTLE", "PORT", "CLOSEPORT", "WAVE", "RUN"},
		Words:       words,
		Clone:       (*Game).Clone,
		Fingerprint: fingerprint,
		Canonical:   func(a move.Action) move.Action { return eighteen.CanonicalMove(a, false) },
		// a run is named by its stops, too many to list: the menu lists
		// the run as it stands, and a RUN written otherwise is the option
		// the step computes for it when asked (TestPresidentRuns holds
		// the rule itself)
		Asked: func(g *Game, seat int, a move.Action) []move.Option {
			return g.Round().Options(seat, move.Query{Verb: a.Verb, Args: a.Args})
		},
		AskedVerbs: []string{"RUN"},
	}
}

// TestApplyAgreesWithMenu plays random games and, at every tenth
// position, puts to Apply every move the menu lists (a ranged one at both
// ends and just outside them) and random moves near and far from the
// list: Apply makes exactly the listed ones, and a refused move changes
// nothing.
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
		for i := 0; i < 1500 && !g.Over(); i++ {
			if i%10 == 0 {
				n, r := enginetest.Agreement(t, rng, g, agreeSpec(g))
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
