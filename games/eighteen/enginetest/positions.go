package enginetest

import (
	"testing"

	"github.com/railpost/railpost/games/move"
)

// Copyable is a title's game that makes copies of itself sharing nothing
// it could change, and writes its position as it is stored.
type Copyable[G any] interface {
	move.Engine
	Clone() G
	State() ([]byte, error)
}

// Positions is one game played out from its start, kept as a copy of
// every few positions and the moves between them, so that any position in
// it is a clone and a few moves away: a fuzz target reaches the position
// an input names without replaying the game up to it.
type Positions[G Copyable[G]] struct {
	every int
	kept  []G           // kept[i]: the game after i*every moves
	moves []move.Action // every move played, in order
}

// PlayPositions plays up to n moves from g, each chosen by next (false:
// no more), keeping a copy every so many. g is played on, not copied.
func PlayPositions[G Copyable[G]](tb testing.TB, g G, n, every int, next func(G) (move.Action, bool)) *Positions[G] {
	tb.Helper()
	p := &Positions[G]{every: every}
	for i := range n {
		if i%every == 0 {
			p.kept = append(p.kept, g.Clone())
		}
		a, ok := next(g)
		if !ok {
			break
		}
		if err := g.Apply(a); err != nil {
			tb.Fatal(err)
		}
		p.moves = append(p.moves, a)
	}
	return p
}

// At is a fresh copy of the game after n moves, or after the last if it
// ended sooner; changing it changes nothing kept.
func (p *Positions[G]) At(tb testing.TB, n int) G {
	tb.Helper()
	n = min(n, len(p.moves))
	g := p.kept[n/p.every].Clone()
	for _, a := range p.moves[n/p.every*p.every : n] {
		if err := g.Apply(a); err != nil {
			tb.Fatal(err)
		}
	}
	return g
}

// ClonesWriteTheSameState checks that a copy's saved state is byte for
// byte the original's after each of the numbers of moves given, so that a
// game tried on a copy and saved is the game it was copied from.
func (p *Positions[G]) ClonesWriteTheSameState(t *testing.T, after ...int) {
	t.Helper()
	for _, n := range after {
		g := p.At(t, n)
		want, err := g.State()
		if err != nil {
			t.Fatal(err)
		}
		got, err := g.Clone().State()
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("after %d moves a copy's state differs from the game's", n)
		}
	}
}
