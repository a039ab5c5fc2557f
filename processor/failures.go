package processor

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/railpost/railpost/processor/store"
)

// failedMail fills gm/failed-mail.
type failedMail struct {
	GameID, GameName string
	Mails            []store.OutboxMail
}

// tellFailures queues for each game's game master one notice listing the
// game's mail the outbox has given up on since the last one, so that a
// refused address is heard of at the next pass, not a day later, and each
// failure is told once, not again every day while it stays failed. It runs
// before the sending, so the notice goes in the same pass.
func (p *Processor) tellFailures(ctx context.Context) error {
	failed, err := p.Store.UntoldFailures(ctx)
	if err != nil || len(failed) == 0 {
		return err
	}
	byGame := map[string][]store.OutboxMail{}
	var order []string
	for _, m := range failed {
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

// tellFailuresOf tells one game's game master of its failed mail, and
// notes each as told in the same transaction that queues the notice. Mail
// to the game master alone is left out: the notice of it would go to the
// address that refused it, and, refused in turn, be told of at the next
// pass, and so on for ever. It stays untold, and is told if the game
// master's address changes.
func (p *Processor) tellFailuresOf(ctx context.Context, gameID string, mails []store.OutboxMail) error {
	g, err := p.Store.Game(ctx, gameID)
	if err != nil || g.GMAddress == "" {
		return err
	}
	mails = slices.DeleteFunc(mails, func(m store.OutboxMail) bool { return onlyTo(m.Recipients, g.GMAddress) })
	if len(mails) == 0 {
		return nil
	}
	subject, text, err := p.sayMail("gm/failed-mail", failedMail{GameID: g.ID, GameName: g.Name, Mails: mails})
	if err != nil {
		return err
	}
	m, err := p.gmNotice(g, subject, text)
	if err != nil || m == nil {
		return err
	}
	ids := make([]int64, len(mails))
	for i, f := range mails {
		ids[i] = f.ID
	}
	now := p.now()
	return p.Store.Update(ctx, func(tx store.Tx) error {
		fresh, err := tx.NoteFailuresTold(ctx, ids, now)
		if err != nil || fresh == 0 {
			return err
		}
		_, err = tx.QueueMail(ctx, *m, now)
		return err
	})
}

// onlyTo tells whether every recipient is the one address.
func onlyTo(recipients []string, address string) bool {
	for _, r := range recipients {
		if !strings.EqualFold(strings.TrimSpace(r), strings.TrimSpace(address)) {
			return false
		}
	}
	return len(recipients) > 0
}
