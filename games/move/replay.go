package move

import (
	"fmt"
	"strconv"
)

// Undo is the verb of a log entry that takes a game back: its one
// argument is how many moves of the game, counted after earlier undos,
// stand.
const Undo = "UNDO"

// Replay rebuilds a game from its log. An UNDO entry is itself kept in
// the log but winds the game back: the moves after the point it names are
// dropped and the game replayed from its setup. It returns the game and
// the moves that stand.
func Replay(fresh func() (Engine, error), log []Action) (Engine, []Action, error) {
	var standing []Action
	for i, a := range log {
		if a.Verb != Undo {
			standing = append(standing, a)
			continue
		}
		n, err := UndoPoint(a)
		if err != nil || n > len(standing) {
			return nil, nil, fmt.Errorf("log entry %d: %s: %d moves stand, want a point from 0 to %d", i+1, a, len(standing), len(standing))
		}
		standing = standing[:n]
	}
	g, err := fresh()
	if err != nil {
		return nil, nil, err
	}
	for i, a := range standing {
		if err := g.Apply(a); err != nil {
			return nil, nil, fmt.Errorf("replay move %d (%s by seat %d): %w", i+1, a, a.Seat, err)
		}
	}
	return g, standing, nil
}

// UndoPoint is the number of standing moves an UNDO entry returns to.
func UndoPoint(a Action) (int, error) {
	if a.Verb != Undo || len(a.Args) != 1 {
		return 0, fmt.Errorf("%s: want UNDO and a number of moves", a)
	}
	n, err := strconv.Atoi(a.Args[0])
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%s: want UNDO and a number of moves", a)
	}
	return n, nil
}
