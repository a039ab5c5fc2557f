package processor

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/railpost/railpost/processor/store"
)

// CreateGame stores a new game, its positions and its setup snapshot (turn
// 0) in one transaction, so that a game exists whole or not at all.
func CreateGame(ctx context.Context, st *store.Store, title Title, g store.Game, positions []store.Position, now time.Time) error {
	if title.Name() != g.Title {
		return fmt.Errorf("create game %s: title %q given for a %q game", g.ID, title.Name(), g.Title)
	}
	state, err := title.Setup(positions, TurnRand(g.Seed, 0))
	if err != nil {
		return fmt.Errorf("create game %s: setup: %w", g.ID, err)
	}
	var in turnInputs
	for _, pos := range positions {
		if pos.Human {
			in.Humans = append(in.Humans, pos.Number)
		}
	}
	inputs, err := json.Marshal(in)
	if err != nil {
		return err
	}
	return storeNewGame(ctx, st, g, positions, store.Snapshot{GameID: g.ID, Turn: 0, State: state, Seed: g.Seed, Inputs: inputs}, now)
}

// storeNewGame writes a game, its positions and its setup snapshot in one
// transaction, so that a game exists whole or not at all.
func storeNewGame(ctx context.Context, st *store.Store, g store.Game, positions []store.Position, setup store.Snapshot, now time.Time) error {
	if g.Created.IsZero() {
		g.Created = now
	}
	return st.Update(ctx, func(tx *store.Tx) error {
		if err := tx.CreateGame(ctx, g); err != nil {
			return err
		}
		for _, pos := range positions {
			pos.GameID = g.ID
			if err := tx.AddPosition(ctx, pos); err != nil {
				return err
			}
		}
		return tx.SaveSnapshot(ctx, setup, now)
	})
}
