package processor

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/gamelog"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// parseAdjustment reads ADJUST's arguments: the target, the field, a
// signed change ("+50", "-$1,000") and the reason, which is required.
func parseAdjustment(c GMCommand) (title.Adjustment, error) {
	usage := gmVerbs["ADJUST"].usage
	a := title.Adjustment{Target: c.Args[0], Field: c.Args[1], Reason: afterWords(c.Rest, 3)}
	amount := c.Args[2]
	sign := int64(1)
	switch {
	case strings.HasPrefix(amount, "+"):
		amount = amount[1:]
	case strings.HasPrefix(amount, "-"):
		sign, amount = -1, amount[1:]
	}
	v, err := orders.Money(amount)
	if err != nil || v == 0 {
		return a, fmt.Errorf("ADJUST: %q is not a change; write it signed, as +50 or -$1,000: %s", c.Args[2], usage)
	}
	a.Delta = sign * v
	if a.Reason == "" {
		return a, fmt.Errorf("ADJUST needs a reason, which the players will read: %s", usage)
	}
	return a, nil
}

// afterWords is what follows the first n words of s, as written.
func afterWords(s string, n int) string {
	s = strings.TrimSpace(s)
	for range n {
		i := strings.IndexAny(s, " \t")
		if i < 0 {
			return ""
		}
		s = strings.TrimSpace(s[i:])
	}
	return s
}

// gmAdjust corrects the state the open turn will resolve from. The result
// is kept as another snapshot of the last turn, with the adjustment as its
// input, so that replay applies it in its place.
func (p *Processor) gmAdjust(ctx context.Context, g store.Game, c GMCommand, act *store.GMAction) (func(*store.Tx, int64) error, error) {
	tt, err := turnTitle(p.Titles, g)
	if err != nil {
		return nil, err
	}
	adj, ok := tt.(title.Adjuster)
	if !ok {
		return nil, fmt.Errorf("%s games cannot be adjusted", g.Title)
	}
	a, err := parseAdjustment(c)
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
	return func(tx *store.Tx, _ int64) error {
		return tx.SaveSnapshot(ctx, store.Snapshot{GameID: g.ID, Turn: snap.Turn, State: state, Seed: snap.Seed, Inputs: inputs}, act.At)
	}, nil
}
