package processor

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/railpost/railpost/processor/store"
)

// resolve runs the turn of every game that is due. Each turn commits in one
// transaction: the new snapshot, its events, the advanced turn and deadline,
// and every report queued in the outbox.
func (p *Processor) resolve(ctx context.Context, sum *Summary) error {
	games, err := p.Store.Games(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for _, g := range games {
		if err := ctx.Err(); err != nil {
			return err
		}
		if g.Status != "active" {
			continue
		}
		done, err := p.resolveGame(ctx, g)
		if err != nil {
			errs = append(errs, fmt.Errorf("game %s turn %d: %w", g.ID, g.Turn, err))
			continue
		}
		if done {
			sum.Resolved++
			p.fault(FaultResolved)
		}
	}
	return errors.Join(errs...)
}

// Due reports whether a game's turn should resolve now, and why.
func Due(g store.Game, positions []store.Position, standing map[int][]byte, now time.Time) (bool, string) {
	if !g.Deadline.IsZero() && !now.Before(g.Deadline) {
		return true, "deadline passed"
	}
	if !g.Early {
		return false, "waiting for the deadline"
	}
	humans, in := 0, 0
	for _, pos := range positions {
		if pos.Human {
			humans++
			if _, ok := standing[pos.Number]; ok {
				in++
			}
		}
	}
	if humans > 0 && in == humans {
		return true, "every human position has sent orders"
	}
	return false, fmt.Sprintf("%d of %d human positions in", in, humans)
}

func (p *Processor) resolveGame(ctx context.Context, g store.Game) (bool, error) {
	title, ok := p.Titles[g.Title]
	if !ok {
		return false, fmt.Errorf("no title %q installed", g.Title)
	}
	positions, err := p.Store.Positions(ctx, g.ID)
	if err != nil {
		return false, err
	}
	standing, err := p.Store.CurrentOrders(ctx, g.ID, g.Turn)
	if err != nil {
		return false, err
	}
	now := p.now()
	due, why := Due(g, positions, standing, now)
	if !due {
		return false, nil
	}
	snap, err := p.Store.LatestSnapshot(ctx, g.ID)
	if err != nil {
		return false, err
	}
	humans := map[int]bool{}
	for _, pos := range positions {
		humans[pos.Number] = pos.Human
	}
	out, err := title.Resolve(Turn{GameID: g.ID, Turn: g.Turn, State: snap.State, Orders: standing, Humans: humans, Rand: TurnRand(g.Seed, g.Turn)})
	if err != nil {
		return false, fmt.Errorf("resolve: %w", err)
	}
	next := NextDeadline(g, now)
	secret, err := p.Store.Secret(ctx)
	if err != nil {
		return false, err
	}
	var readers []store.Position
	for _, pos := range positions {
		if pos.Human && pos.Address != "" {
			readers = append(readers, pos)
		}
	}
	reps, err := renderReports(readers, func(pos store.Position) (Report, error) {
		req := ReportRequest{Game: g, Turn: g.Turn, State: out.State, Events: out.Events, Position: pos,
			Token: TurnsheetToken(secret, g.ID, pos.Number, g.Turn+1), Resolved: now}
		if !next.IsZero() {
			req.Deadline = ShowTime(g, next)
		}
		return title.Report(req)
	})
	if err != nil {
		return false, err
	}
	var mails []store.OutboxMail
	for i, pos := range readers {
		rep := reps[i]
		m, err := p.compose(composeArgs{kind: "report", to: []string{pos.Address}, subject: rep.Subject, text: rep.Text,
			attachments: rep.Attachments, gameID: g.ID, position: pos.Number, autoSubmitted: "auto-generated"})
		if err != nil {
			return false, err
		}
		mails = append(mails, m)
	}
	err = p.Store.Update(ctx, func(tx *store.Tx) error {
		if err := tx.SaveSnapshot(ctx, store.Snapshot{GameID: g.ID, Turn: g.Turn, State: out.State, Seed: g.Seed}, now); err != nil {
			return err
		}
		if err := tx.AddEvents(ctx, g.ID, g.Turn, out.Events); err != nil {
			return err
		}
		if err := tx.AdvanceTurn(ctx, g.ID, g.Turn, next); err != nil {
			return err
		}
		if out.Over {
			if err := tx.SetGameStatus(ctx, g.ID, "ended"); err != nil {
				return err
			}
		}
		for _, m := range mails {
			if _, err := tx.QueueMail(ctx, m, now); err != nil {
				return err
			}
		}
		p.fault(FaultResolveTx)
		return nil
	})
	if err != nil {
		return false, err
	}
	p.log().Info("turn resolved", "game", g.ID, "turn", g.Turn, "why", why, "reports", len(mails), "over", out.Over)
	return true, nil
}

// renderReports renders the positions' reports as many at a time as there
// are cores: a turn's PDFs are the slowest part of a pass. The reports
// come back in the positions' order.
func renderReports(positions []store.Position, render func(store.Position) (Report, error)) ([]Report, error) {
	reps := make([]Report, len(positions))
	errs := make([]error, len(positions))
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, pos := range positions {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			reps[i], errs[i] = render(pos)
			if errs[i] != nil {
				errs[i] = fmt.Errorf("report for position %d: %w", pos.Number, errs[i])
			}
		}()
	}
	wg.Wait()
	return reps, errors.Join(errs...)
}

// NextDeadline is the first deadline after now: the next time on the
// game's schedule, or else the deadline moved on by whole periods; zero if
// the game has neither. Both keep the wall-clock time the GM chose in the
// game's zone across DST changes.
func NextDeadline(g store.Game, now time.Time) time.Time {
	if g.Schedule != "" {
		if sc, err := ParseSchedule(g.Schedule); err == nil {
			return sc.Next(now, location(g))
		}
	}
	if g.Deadline.IsZero() || g.Period <= 0 {
		return time.Time{}
	}
	next := g.Deadline.In(location(g))
	for !next.After(now) {
		if g.Period%(24*time.Hour) == 0 {
			next = next.AddDate(0, 0, int(g.Period/(24*time.Hour)))
		} else {
			next = next.Add(g.Period)
		}
	}
	return next.UTC()
}
