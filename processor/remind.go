package processor

import (
	"context"
	"errors"
	"fmt"

	"github.com/railpost/railpost/processor/store"
)

// remind mails each human position that has sent no orders, once a turn,
// when the deadline is nearer than the game's reminder time.
func (p *Processor) remind(ctx context.Context, sum *Summary) error {
	games, err := p.Store.Games(ctx)
	if err != nil {
		return err
	}
	now := p.now()
	var errs []error
	for _, g := range games {
		if byMove(p.Titles, g) {
			continue // tendMoves reminds
		}
		if g.Status != "active" || g.Remind <= 0 || g.Deadline.IsZero() || now.Before(g.Deadline.Add(-g.Remind)) || !now.Before(g.Deadline) {
			continue
		}
		positions, err := p.Store.Positions(ctx, g.ID)
		if err != nil {
			return err
		}
		standing, err := p.Store.CurrentOrders(ctx, g.ID, g.Turn)
		if err != nil {
			return err
		}
		for _, pos := range humans(positions) {
			if _, in := standing[pos.Number]; in || pos.Address == "" {
				continue
			}
			text := fmt.Sprintf("Turn %d of %s (%s) is due %s, and we have no orders from position %d yet.\n\n"+
				"Reply to your turnsheet with your orders before then. If you have lost it, send a mail with the lines\n"+
				"  GAME: %s\n  POSITION: %d\n  PASSWORD: <your password>\n  RESEND\nand it comes again. "+
				"If no orders arrive, %s.",
				g.Turn, g.Name, g.ID, ShowTime(g, g.Deadline), pos.Number, g.ID, pos.Number, missedPolicy(g))
			mails, err := p.notices(g, []store.Position{pos}, fmt.Sprintf("[%s] Reminder: turn %d orders due %s", g.ID, g.Turn, ShowTime(g, g.Deadline)), text)
			if err != nil {
				return err
			}
			first := false
			err = p.Store.Update(ctx, func(tx *store.Tx) error {
				if first, err = tx.NoteReminder(ctx, g.ID, g.Turn, pos.Number, now); err != nil || !first {
					return err
				}
				for _, m := range mails {
					if _, err := tx.QueueMail(ctx, m, now); err != nil {
						return err
					}
				}
				return nil
			})
			switch {
			case err != nil:
				errs = append(errs, fmt.Errorf("remind %s position %d: %w", g.ID, pos.Number, err))
			case first:
				sum.Reminded++
			}
		}
	}
	return errors.Join(errs...)
}

func missedPolicy(g store.Game) string {
	if g.Missed == "standpat" {
		return "your position stands pat this turn"
	}
	return "the computer plays your position this turn"
}
