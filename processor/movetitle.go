package processor

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/railpost/railpost/processor/gamelog"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// createMoveGame stores a new game of a move title with its positions and
// its setup, in one transaction.
func createMoveGame(ctx context.Context, st Updater, mt title.MoveTitle, g store.Game, positions []store.Position, now time.Time) error {
	setup := gamelog.MoveSetup{Seed: uint64(g.Seed)}
	for _, pos := range positions {
		setup.Players = append(setup.Players, seatName(pos))
	}
	if _, err := mt.New(setup.Players, setup.Seed); err != nil {
		return fmt.Errorf("create game %s: %w", g.ID, err)
	}
	state, err := json.Marshal(setup)
	if err != nil {
		return err
	}
	return storeNewGame(ctx, st, g, positions, store.Snapshot{GameID: g.ID, Turn: 0, State: state, Seed: g.Seed}, now)
}

func seatName(pos store.Position) string {
	if pos.Name != "" {
		return pos.Name
	}
	return fmt.Sprintf("Player %d", pos.Number)
}
