package enginetest

import (
	"math/rand/v2"
	"slices"

	"github.com/railpost/railpost/games/move"
)

// RandomPolicy is how a random player leans among the legal options, so
// that games of random moves reach their end: towards doing something
// rather than passing, and towards the title's eager verbs (a train, a
// dividend); every move it makes is one the options list.
type RandomPolicy struct {
	// Deal marks the options drawn only one time in twenty, or random
	// players trade back and forth for ever.
	Deal func(move.Option) bool
	// Idle are the verbs that do nothing; Eager those drawn most.
	Idle, Eager []string
	// RangedEager counts a ranged option of an eager verb as eager too.
	RangedEager bool
}

// Pick draws one move from the options (at least one), a number in a
// range from at most its first 41 values.
func (p RandomPolicy) Pick(opts []move.Option, rng *rand.Rand) move.Action {
	if rng.IntN(20) > 0 && p.Deal != nil {
		if rest := slices.DeleteFunc(slices.Clone(opts), p.Deal); len(rest) > 0 {
			opts = rest
		}
	}
	var busy, eager []move.Option
	for _, o := range opts {
		if slices.Contains(p.Idle, o.Verb) {
			continue
		}
		if slices.Contains(p.Eager, o.Verb) && (p.RangedEager || !o.Ranged) {
			eager = append(eager, o)
		}
		busy = append(busy, o)
	}
	pick := opts
	switch r := rng.IntN(10); {
	case len(eager) > 0 && r < 6:
		pick = eager
	case len(busy) > 0 && r < 8:
		pick = busy
	}
	o := pick[rng.IntN(len(pick))]
	n := o.Min
	if o.Ranged {
		n = o.Min + rng.IntN(min(o.Max-o.Min, 40)+1)
	}
	return o.Action(n)
}
