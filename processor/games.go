package processor

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/railpost/railpost/processor/gamelog"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// GameID is a game id as `railpost game new --id` takes it: made lower
// case, so that no two games differ only in case and a GAME line finds its
// game however a player writes it, and letters a to z, digits and hyphens
// only, so that it reads the same in a subject line, a Message-ID and a
// file name. The error says what to write instead.
func GameID(id string) (string, error) {
	norm := strings.ToLower(strings.TrimSpace(id))
	if norm == "" {
		return "", fmt.Errorf("game id %q is empty: write letters, digits and hyphens, such as cr-2", id)
	}
	for _, r := range norm {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '-' {
			return "", fmt.Errorf("game id %q: %q is not allowed: write letters a to z, digits and hyphens only, such as cr-2", id, r)
		}
	}
	return norm, nil
}

// CreateGame stores a new game of any title, its positions and its setup
// snapshot (turn 0) in one transaction, so that a game exists whole or not
// at all.
func CreateGame(ctx context.Context, st Updater, t title.Title, g store.Game, positions []store.Position, now time.Time) error {
	return CreateGameWith(ctx, st, t, g, positions, nil, now)
}

// CreateGameWith is CreateGame with the title's variants the game master
// chose; only games played by mail have them, kept in their setup.
func CreateGameWith(ctx context.Context, st Updater, t title.Title, g store.Game, positions []store.Position, variants []string, now time.Time) error {
	if t.Name() != g.Title {
		return fmt.Errorf("create game %s: title %q given for a %q game", g.ID, t.Name(), g.Title)
	}
	least, most := t.Seats()
	if len(positions) < least || len(positions) > most {
		if least == most {
			return fmt.Errorf("create game %s: %s takes %d positions, not %d", g.ID, t.Name(), least, len(positions))
		}
		return fmt.Errorf("create game %s: %s takes %d to %d players, not %d", g.ID, t.Name(), least, most, len(positions))
	}
	if mt, ok := t.(title.MoveTitle); ok {
		return createMoveGame(ctx, st, mt, g, positions, variants, now)
	}
	if err := title.CheckVariants(t, variants); err != nil {
		return fmt.Errorf("create game %s: %w", g.ID, err)
	}
	tt, ok := t.(title.TurnTitle)
	if !ok {
		return fmt.Errorf("create game %s: %s is played neither in turns nor by moves", g.ID, t.Name())
	}
	if g.Schedule != "" && g.Deadline.IsZero() {
		// The first deadline is the first on the schedule.
		if _, err := ParseSchedule(g.Schedule); err != nil {
			return fmt.Errorf("create game %s: %w", g.ID, err)
		}
		g.Deadline = NextDeadline(g, now)
	}
	state, err := tt.Setup(positions, title.Rand(g.Seed, 0))
	if err != nil {
		return fmt.Errorf("create game %s: setup: %w", g.ID, err)
	}
	var in gamelog.TurnInputs
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
func storeNewGame(ctx context.Context, st Updater, g store.Game, positions []store.Position, setup store.Snapshot, now time.Time) error {
	if g.Created.IsZero() {
		g.Created = now
	}
	return st.Update(ctx, func(tx store.Tx) error {
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
