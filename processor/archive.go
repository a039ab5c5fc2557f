package processor

import (
	"context"
	"errors"
	"fmt"

	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// ArchivedReport renders again the PDF a position was sent after a turn,
// from the snapshot and events the archive keeps. The PDF is dated by the
// turn's resolution, so it is the file that was mailed.
func ArchivedReport(ctx context.Context, st *store.Store, titles title.Set, gameID string, turn, position int) ([]byte, error) {
	g, err := st.Game(ctx, gameID)
	if err != nil {
		return nil, err
	}
	tt, err := turnTitle(titles, g)
	if err != nil {
		return nil, err
	}
	if turn < 1 || turn >= g.Turn {
		return nil, fmt.Errorf("game %s has played turns 1 to %d; there is no report of turn %d", g.ID, g.Turn-1, turn)
	}
	pos, err := st.Position(ctx, g.ID, position)
	if err != nil {
		return nil, err
	}
	snap, err := st.SnapshotAt(ctx, g.ID, turn)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("game %s: the archive has no snapshot of turn %d", g.ID, turn)
	}
	if err != nil {
		return nil, err
	}
	events, err := st.Events(ctx, g.ID, turn)
	if err != nil {
		return nil, err
	}
	rep, err := tt.Report(title.ReportRequest{Game: g, Turn: turn, State: snap.State, Events: events, Position: pos, Resolved: snap.Created})
	if err != nil {
		return nil, fmt.Errorf("game %s turn %d position %d: %w", g.ID, turn, position, err)
	}
	for _, a := range rep.Attachments {
		if a.ContentType == "application/pdf" {
			return a.Data, nil
		}
	}
	return nil, fmt.Errorf("game %s: %s reports have no PDF", g.ID, g.Title)
}
