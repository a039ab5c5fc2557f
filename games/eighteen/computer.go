package eighteen

import (
	"math/rand/v2"

	"github.com/railpost/railpost/games/move"
)

// Decide is a title's computer player's view of a position: the seat's
// legal options by verb, and the move it chooses, or false for none.
type Decide func(seat int, by map[string][]move.Option, rng *rand.Rand) (move.Action, bool)

// Suggest is a computer player's move, always one of the options listed:
// the title's choice where it has one; else it declines a deal, ends its
// turn, passes or skips; else any option at random.
func Suggest(seat int, opts []move.Option, decide Decide, rng *rand.Rand) move.Action {
	if len(opts) == 0 {
		return move.Action{Seat: seat, Verb: "PASS"}
	}
	by := map[string][]move.Option{}
	for _, o := range opts {
		by[o.Verb] = append(by[o.Verb], o)
	}
	if a, ok := decide(seat, by, rng); ok {
		return a
	}
	for _, v := range []string{Decline, "DONE", "PASS", "SKIP"} {
		if len(by[v]) > 0 {
			return by[v][0].Action(0)
		}
	}
	o := opts[rng.IntN(len(opts))]
	return o.Action(o.Min)
}
