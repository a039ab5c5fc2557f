package processor

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/railpost/railpost/processor/gamelog"
	"github.com/railpost/railpost/processor/gmcmd"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// gmAdjust corrects the state the open turn will resolve from. The result
// is kept as another snapshot of the last turn, with the adjustment as its
// input, so that replay applies it in its place.
func (p *Processor) gmAdjust(ctx context.Context, g store.Game, c gmcmd.Command, act *store.GMAction) (func(store.Tx, int64) error, error) {
	tt, err := turnTitle(p.Titles, g)
	if err != nil {
		return nil, err
	}
	adj, ok := tt.(title.Adjuster)
	if !ok {
		return nil, fmt.Errorf("%s games cannot be adjusted", g.Title)
	}
	a, err := gmcmd.Adjustment(c)
	if err != nil {
		return nil, err
	}
	snap, err := p.Store.LatestSnapshot(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	state, headline, err := adj.Adjust(snap.State, a)
	if err != nil {
		return nil, fmt.Errorf("ADJUST: %w", err)
	}
	inputs, err := json.Marshal(gamelog.TurnInputs{Adjust: &a})
	if err != nil {
		return nil, err
	}
	act.Reason, act.Headline = a.Reason, headline
	return func(tx store.Tx, _ int64) error {
		return tx.SaveSnapshot(ctx, store.Snapshot{GameID: g.ID, Turn: snap.Turn, State: state, Seed: snap.Seed, Inputs: inputs}, act.At)
	}, nil
}
