package g1870

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/eighteen"
)

// listed tells whether any option allows the move.
func listed(opts []eighteen.Option, a eighteen.Action) bool {
	return slices.ContainsFunc(opts, func(o eighteen.Option) bool { return o.Allows(a) })
}

// garble makes a move that may or may not be legal: a verb of the game
// with arguments drawn from what moves are written with.
func garble(rng *rand.Rand, g *Game, seat int, opts []eighteen.Option) eighteen.Action {
	verbs := []string{"BUY", "BID", "PASS", "DONE", "SELL", "PAR", "PROTECT", "DECLINE", "REDEEM", "REISSUE",
		"BUYPRIVATE", "LAY", "TOKEN", "SKIP", "PAY", "HALF", "WITHHOLD", "BUYTRAIN", "DISCARD", "DEST",
		"CATTLE", "PORT", "CLOSEPORT", "WAVE", "RUN"}
	words := []string{"IPO", "POOL", "PAR", "SELF", "MAP", "CHARTER", "DEPOT", "CLOSED", "0", "1", "2", "3", "5", "6", "40",
		"68", "100", "H17", "J5", "B11-B13", "H17-J17-K16", "C18-B11", "C18", "K16", "B9", "Z99", "57", "#9", "14", "-1", "$90", "x"}
	for _, c := range g.Corps {
		words = append(words, c.Sym)
	}
	for _, p := range g.Privates {
		words = append(words, p.Sym)
	}
	if len(opts) > 0 && rng.IntN(2) == 0 {
		// a listed move with one word changed, dropped or added
		a := opts[rng.IntN(len(opts))].Action(0)
		switch k := rng.IntN(3); {
		case k == 0 && len(a.Args) > 0:
			a.Args[rng.IntN(len(a.Args))] = words[rng.IntN(len(words))]
		case k == 1 && len(a.Args) > 0:
			a.Args = a.Args[:len(a.Args)-1]
		default:
			a.Args = append(a.Args, words[rng.IntN(len(words))])
		}
		return a
	}
	a := eighteen.Action{Seat: seat, Verb: verbs[rng.IntN(len(verbs))]}
	for range rng.IntN(4) {
		a.Args = append(a.Args, words[rng.IntN(len(words))])
	}
	return a
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
				n, r := checkAgreement(t, rng, g)
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

// checkAgreement tries every option and some garbled moves on copies of
// the game, and returns how many it tried and how many were refused.
func checkAgreement(t *testing.T, rng *rand.Rand, g *Game) (tried, refused int) {
	t.Helper()
	seat := g.Acting()[0]
	opts := g.Legal(seat)
	var moves []eighteen.Action
	for _, o := range opts {
		moves = append(moves, o.Action(o.Min))
		if o.Ranged {
			moves = append(moves, o.Action(o.Max), o.Action(o.Min-1), o.Action(o.Max+1))
		}
	}
	for range 20 {
		moves = append(moves, garble(rng, g, seat, opts))
	}
	for _, a := range moves {
		c := g.Clone()
		before := fingerprint(c)
		err := c.Apply(a)
		tried++
		want := listed(opts, canonical(a))
		if strings.EqualFold(a.Verb, "RUN") {
			// a run is named by its stops, too many to list: the menu lists
			// the run as it stands, and a RUN written otherwise is the
			// option the step computes for it when asked (TestPresidentRuns
			// holds the rule itself)
			want = listed(g.round().Options(seat, eighteen.Query{Verb: a.Verb, Args: a.Args}), a)
		}
		switch {
		case want && err != nil:
			t.Fatalf("the menu lists %s but Apply refuses it: %v", a, err)
		case !want && err == nil:
			t.Fatalf("the menu does not list %s but Apply makes it", a)
		case err != nil:
			refused++
			if after := fingerprint(c); after != before {
				t.Fatalf("%s was refused (%v) but changed the game", a, err)
			}
		}
	}
	if d, e := fingerprint(g), fingerprint(g.Clone()); d != e {
		dl, el := strings.Split(d, "\n"), strings.Split(e, "\n")
		for i := range dl {
			if i < len(el) && dl[i] != el[i] {
				t.Fatalf("a clone differs from its game:\n%s\n%s", dl[i], el[i])
			}
		}
	}
	return tried, refused
}
