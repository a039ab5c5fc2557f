package processor

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/railpost/railpost/processor/store"
)

// preview resolves the open turn on trial, as it would resolve now, and
// returns its public headlines. Nothing is stored or sent.
func (p *Processor) preview(ctx context.Context, g store.Game, positions []store.Position, now time.Time) (string, error) {
	tt, err := turnTitle(p.Titles, g)
	if err != nil {
		return "", err
	}
	standing, err := p.Store.CurrentOrders(ctx, g.ID, g.Turn)
	if err != nil {
		return "", err
	}
	unconfirmed, err := p.Store.UnconfirmedOrders(ctx, g.ID, g.Turn)
	if err != nil {
		return "", err
	}
	snap, err := p.Store.LatestSnapshot(ctx, g.ID)
	if err != nil {
		return "", err
	}
	turn, _, notes := prepareTurn(g, snap.State, positions, standing)
	out, err := tt.Resolve(turn)
	if err != nil {
		return "", fmt.Errorf("preview: %w", err)
	}
	due, why := Due(g, positions, countingIn(standing, unconfirmed), now)
	var b strings.Builder
	fmt.Fprintf(&b, "Preview of turn %d of %s (nothing is kept): %d positions have orders in; %s.\n", g.Turn, g.ID, len(standing), map[bool]string{true: "due now: " + why, false: why}[due])
	for _, e := range notes {
		fmt.Fprintf(&b, "  position %d: %s\n", e.VisibleTo, e.Text)
	}
	b.WriteString("Headlines:\n")
	for _, e := range out.Events {
		if e.VisibleTo == 0 && e.Kind != "note" {
			fmt.Fprintf(&b, "  - %s\n", e.Text)
		}
	}
	if out.Over {
		b.WriteString("The game would end with this turn.\n")
	}
	return b.String(), nil
}
