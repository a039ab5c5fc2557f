package processor

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
)

// publish sends every outbox row that is due. Each server answer is
// recorded; temporary failures come back after a doubling backoff, 5xx
// answers and rows out of attempts are marked failed.
func (p *Processor) publish(ctx context.Context, sum *Summary) error {
	due, err := p.Store.DueMail(ctx, p.now())
	if err != nil || len(due) == 0 {
		return err
	}
	if p.Config.SMTP.Address == "" {
		return fmt.Errorf("smtp.address is empty: %d mails wait in the outbox until it is configured", len(due))
	}
	s, err := mail.DialSMTP(ctx, p.Config.SMTPSettings())
	if err != nil {
		return fmt.Errorf("%w (%d mails wait in the outbox)", err, len(due))
	}
	defer s.Close()
	var errs []error
	for _, m := range due {
		if err := ctx.Err(); err != nil {
			return err
		}
		answer, err := s.Send(m.Sender, m.Recipients, m.Raw)
		if err == nil {
			p.fault(FaultSent)
			if err := p.Store.RecordAttempt(ctx, m.ID, store.Attempt{At: p.now(), OK: true, Answer: answer}); err != nil {
				return err
			}
			p.fault(FaultRecorded)
			sum.Sent++
			continue
		}
		sum.SendFailed++
		var se *mail.SendError
		if !errors.As(err, &se) {
			se = &mail.SendError{Answer: err.Error(), Err: err}
		}
		a := store.Attempt{At: p.now(), Answer: se.Answer}
		if !se.Permanent && m.Attempts+1 < p.Config.Outbox.MaxAttempts {
			a.Next = p.now().Add(Backoff(m.Attempts, p.Config.Outbox.Backoff.Duration, p.Config.Outbox.MaxBackoff.Duration))
		}
		if err := p.Store.RecordAttempt(ctx, m.ID, a); err != nil {
			return err
		}
		if a.Next.IsZero() {
			p.log().Error("mail given up", "outbox", m.ID, "to", m.Recipients, "answer", se.Answer)
		} else {
			p.log().Warn("mail deferred", "outbox", m.ID, "to", m.Recipients, "answer", se.Answer, "retry_at", a.Next)
		}
		errs = append(errs, fmt.Errorf("outbox %d to %v: %w", m.ID, m.Recipients, err))
		if se.Code == 0 {
			break // the connection itself failed: the rest wait for the next pass
		}
	}
	return errors.Join(errs...)
}

// Backoff is the wait after the n-th failed attempt (n from 0): base,
// 2×base, 4×base… capped at limit.
func Backoff(n int, base, limit time.Duration) time.Duration {
	d := base
	for i := 0; i < n && d < limit; i++ {
		d *= 2
	}
	return min(d, limit)
}
