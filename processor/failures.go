package processor

import (
	"context"
	"errors"
	"fmt"

	"github.com/railpost/railpost/processor/store"
)

// failedMail fills gm/failed-mail.
type failedMail struct {
	GameID, GameName string
	Mails            []store.OutboxMail
}

// tellFailures queues for each game's game master, at most once a day,
// the list of the game's mail the outbox has given up on, so that a
// refused address does not go unnoticed once the pass that gave up is
// past. It runs before the sending, so the notice goes in the same pass.
func (p *Processor) tellFailures(ctx context.Context) error {
	failed, err := p.Store.FailedMail(ctx)
	if err != nil || len(failed) == 0 {
		return err
	}
	byGame := map[string][]store.OutboxMail{}
	var order []string
	for _, m := range failed {
		if m.GameID == "" {
			continue
		}
		if _, seen := byGame[m.GameID]; !seen {
			order = append(order, m.GameID)
		}
		byGame[m.GameID] = append(byGame[m.GameID], m)
	}
	var errs []error
	for _, id := range order {
		if err := p.tellFailuresOf(ctx, id, byGame[id]); err != nil {
			errs = append(errs, fmt.Errorf("game %s: the failed-mail notice: %w", id, err))
		}
	}
	return errors.Join(errs...)
}

func (p *Processor) tellFailuresOf(ctx context.Context, gameID string, mails []store.OutboxMail) error {
	g, err := p.Store.Game(ctx, gameID)
	if err != nil || g.GMAddress == "" {
		return err
	}
	subject, text, err := p.sayMail("gm/failed-mail", failedMail{GameID: g.ID, GameName: g.Name, Mails: mails})
	if err != nil {
		return err
	}
	m, err := p.gmNotice(g, subject, text)
	if err != nil || m == nil {
		return err
	}
	now := p.now()
	return p.Store.Update(ctx, func(tx *store.Tx) error {
		fresh, err := tx.NoteFailureNotice(ctx, g.ID, now)
		if err != nil || !fresh {
			return err
		}
		_, err = tx.QueueMail(ctx, *m, now)
		return err
	})
}
