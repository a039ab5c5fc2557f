package processor

import (
	"context"
	"errors"
	"fmt"

	"github.com/railpost/railpost/processor/store"
)

// turnReminder fills turns/reminder.
type turnReminder struct {
	GameID, GameName string
	Turn             int
	Due              string // the deadline as the game shows it
	Position         int
	StandPat         bool // a missed turn stands pat, else the computer plays it
}

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
			mails, err := p.sayNotices(g, []store.Position{pos}, "turns/reminder", turnReminder{GameID: g.ID, GameName: g.Name,
				Turn: g.Turn, Due: ShowTime(g, g.Deadline), Position: pos.Number, StandPat: g.Missed == "standpat"})
			if err != nil {
				return err
			}
			first := false
			err = p.Store.Update(ctx, func(tx store.Tx) error {
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
