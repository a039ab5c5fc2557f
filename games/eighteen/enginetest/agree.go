// Package enginetest checks any 18xx title's engine against the one rule
// of the core: Apply makes exactly the moves the open steps list. Every
// title's tests run it, so a new title gets the check by naming its verbs.
package enginetest

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/railpost/railpost/games/move"
)

// Spec is what the check needs of a title's game.
type Spec[G move.Engine] struct {
	// Verbs and Words are what garbled moves are made of: the title's
	// verbs, and the words its moves are written with (its companies,
	// hexes, tiles and numbers, right and wrong).
	Verbs, Words []string
	// Clone is a copy of a game that shares nothing it could change.
	Clone func(G) G
	// Fingerprint is a game's whole position, to tell whether a refused
	// move changed it.
	Fingerprint func(G) string
	// Canonical is a move as the options write it (upper-cased, a tile's #
	// dropped): what the menu is compared with.
	Canonical func(move.Action) move.Action
	// Asked are the options the step computes for a move written as
	// given, for verbs whose moves are too many to list (a RUN named by
	// its stops); nil when the title has none.
	Asked func(g G, seat int, a move.Action) []move.Option
	// AskedVerbs are those verbs.
	AskedVerbs []string
}

// Listed tells whether any option allows the move.
func Listed(opts []move.Option, a move.Action) bool {
	return slices.ContainsFunc(opts, func(o move.Option) bool { return o.Allows(a) })
}

// Garble makes a move that may or may not be legal: half the time a listed
// move with a word changed, dropped or added, else a verb of the game
// with words drawn from those moves are written with.
func Garble(rng *rand.Rand, seat int, opts []move.Option, verbs, words []string) move.Action {
	if len(opts) > 0 && rng.IntN(2) == 0 {
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
	a := move.Action{Seat: seat, Verb: verbs[rng.IntN(len(verbs))]}
	for range rng.IntN(4) {
		a.Args = append(a.Args, words[rng.IntN(len(words))])
	}
	return a
}

// Agreement puts to Apply, each on a copy of the game, every move the
// seat to act has listed (a ranged one at both ends and just outside them)
// and twenty garbled ones: Apply must make exactly the listed ones, and a
// refused move must change nothing. A clone must print as its game. It
// returns how many moves it tried and how many were refused.
func Agreement[G move.Engine](t testing.TB, rng *rand.Rand, g G, spec Spec[G]) (tried, refused int) {
	t.Helper()
	seat := g.Acting()[0]
	opts := g.Legal(seat)
	var moves []move.Action
	for _, o := range opts {
		moves = append(moves, o.Action(o.Min))
		if o.Ranged {
			moves = append(moves, o.Action(o.Max), o.Action(o.Min-1), o.Action(o.Max+1))
		}
	}
	for range 20 {
		moves = append(moves, Garble(rng, seat, opts, spec.Verbs, spec.Words))
	}
	for _, a := range moves {
		c := spec.Clone(g)
		before := spec.Fingerprint(c)
		err := c.Apply(a)
		tried++
		want := Listed(opts, spec.Canonical(a))
		if slices.ContainsFunc(spec.AskedVerbs, func(v string) bool { return strings.EqualFold(v, a.Verb) }) {
			// too many to list: the menu lists the one as it stands, and a
			// move written otherwise is the option the step computes for it
			want = Listed(spec.Asked(g, seat, a), spec.Canonical(a))
		}
		switch {
		case want && err != nil:
			t.Fatalf("the menu lists %s but Apply refuses it: %v", a, err)
		case !want && err == nil:
			t.Fatalf("the menu does not list %s but Apply makes it", a)
		case err != nil:
			refused++
			if after := spec.Fingerprint(c); after != before {
				t.Fatalf("%s was refused (%v) but changed the game", a, err)
			}
		}
	}
	if d, e := spec.Fingerprint(g), spec.Fingerprint(spec.Clone(g)); d != e {
		dl, el := strings.Split(d, "\n"), strings.Split(e, "\n")
		for i := range dl {
			if i < len(el) && dl[i] != el[i] {
				t.Fatalf("a clone differs from its game:\n%s\n%s", dl[i], el[i])
			}
		}
		t.Fatal("a clone differs from its game")
	}
	return tried, refused
}
