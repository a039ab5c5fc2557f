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
func createMoveGame(ctx context.Context, st Updater, mt title.MoveTitle, g store.Game, positions []store.Position, variants []string, now time.Time) error {
	setup := gamelog.MoveSetup{Seed: uint64(g.Seed), Variants: variants}
	for _, pos := range positions {
		setup.Players = append(setup.Players, seatName(pos))
	}
	if err := title.CheckVariants(mt, variants); err != nil {
		return fmt.Errorf("create game %s: %w", g.ID, err)
	}
	if _, err := mt.New(setup); err != nil {
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

// nameSeat gives a seat of a game played by mail the name its player was
// seated under, while the game has not begun: the seat names are part of
// the setup, which every later position is rebuilt from, so once a move
// is logged they stay as they were (ruling P18).
func (p *Processor) nameSeat(ctx context.Context, g store.Game, pos store.Position) error {
	if !byMove(p.Titles, g) || pos.Name == "" || g.Turn > 1 {
		return nil // g.Turn is the action the game waits for: past 1, a move is logged
	}
	snap, err := p.Store.SnapshotAt(ctx, g.ID, 0)
	if err != nil {
		return err
	}
	var setup gamelog.MoveSetup
	if err := json.Unmarshal(snap.State, &setup); err != nil {
		return fmt.Errorf("game %s setup: %w", g.ID, err)
	}
	if pos.Number < 1 || pos.Number > len(setup.Players) || setup.Players[pos.Number-1] == pos.Name {
		return nil
	}
	setup.Players[pos.Number-1] = pos.Name
	state, err := json.Marshal(setup)
	if err != nil {
		return err
	}
	return p.Store.Update(ctx, func(tx store.Tx) error { return tx.ReplaceSetup(ctx, g.ID, state) })
}
