package eighteen

import (
	"math/rand/v2"

	"github.com/railpost/railpost/games/hexgrid"
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

// RunWithLay is a company's best run with a lay option's tile tried on
// the map, which is then left as it was: how a computer player weighs a
// lay. A lay whose hex or rotation does not read tries nothing.
func (b *Base[T, P]) RunWithLay(o move.Option, corp string, trains []int, phase int) int {
	h, err := hexgrid.ParseHex(o.Args[0])
	rot, ok := Atoi(o.Args[2])
	if err == nil && ok {
		old, had := b.Layout.Tiles[h]
		b.Layout.Tiles[h] = Placed{Tile: b.tiles[o.Args[1]], Rotation: rot}
		if had {
			defer func() { b.Layout.Tiles[h] = old }()
		} else {
			defer delete(b.Layout.Tiles, h)
		}
	}
	_, v := b.Layout.BestRun(corp, trains, phase)
	return v
}
