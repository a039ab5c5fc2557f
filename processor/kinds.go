package processor

import (
	"fmt"

	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// The two ways a title is played are told apart here and nowhere else:
// the rest of the processor asks for the kind it needs.

// turnTitle is the title of a game played in simultaneous turns.
func turnTitle(ts title.Set, g store.Game) (title.TurnTitle, error) {
	t, err := ts.Get(g.Title)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", g.ID, err)
	}
	tt, ok := t.(title.TurnTitle)
	if !ok {
		return nil, fmt.Errorf("game %s is played one action per mail, not in turns", g.ID)
	}
	return tt, nil
}

// moveTitle is the title of a game played one action per mail.
func moveTitle(ts title.Set, g store.Game) (title.MoveTitle, error) {
	t, err := ts.Get(g.Title)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", g.ID, err)
	}
	mt, ok := t.(title.MoveTitle)
	if !ok {
		return nil, fmt.Errorf("game %s is played in turns, not one action per mail", g.ID)
	}
	return mt, nil
}

// byMove tells whether a game is played one action per mail.
func byMove(ts title.Set, g store.Game) bool {
	return PlayedByMove(ts[g.Title])
}

// PlayedByMove tells whether a title is played one action per mail.
func PlayedByMove(t title.Title) bool {
	_, ok := t.(title.MoveTitle)
	return ok
}
