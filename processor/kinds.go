package processor

import (
	"fmt"

	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// turnTitle is the title of a game played in simultaneous turns.
func turnTitle(ts title.Set, g store.Game) (title.TurnTitle, error) {
	tt, err := ts.TurnTitle(g.Title)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", g.ID, err)
	}
	return tt, nil
}

// byMove tells whether a game is played one action per mail.
func byMove(ts title.Set, g store.Game) bool { return ts.ByMove(g.Title) }
