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
	told := p.tellFailures(ctx)
	due, err := p.Store.DueMail(ctx, p.now())
	if err != nil || len(due) == 0 {
		return errors.Join(told, err)
	}
	if p.Config.SMTP.Address == "" {
		return fmt.Errorf("smtp.address is empty: %d mails wait in the outbox until it is configured", len(due))
	}
	s, err := mail.DialSMTP(ctx, p.Config.SMTPSettings())
	if err != nil {
		return fmt.Errorf("%w (%d mails wait in the outbox)", err, len(due))
	}
	defer func() { s.Close() }()
	errs := []error{told}
	for i, m := range due {
		if err := ctx.Err(); err != nil {
			return err
		}
		dropped, err := p.sendClaimed(ctx, s, m, sum)
		var unrecorded errUnrecorded
		if errors.As(err, &unrecorded) {
			// The database did not take the answer: stop, or every mail
			// after it would go out again at the next pass.
			return errors.Join(append(errs, err)...)
		}
		if err != nil {
			errs = append(errs, err)
		}
		if !dropped || i == len(due)-1 {
			continue
		}
		// The connection failed on this mail. It is retried on its own
		// schedule; the rest go on over a new connection, so that one bad
		// recipient never holds up everyone's mail.
		fresh, err := mail.DialSMTP(ctx, p.Config.SMTPSettings())
		if err != nil {
			return errors.Join(append(errs, fmt.Errorf("%w (%d mails wait in the outbox)", err, len(due)-i-1))...)
		}
		s.Close()
		s = fresh
	}
	return errors.Join(errs...)
}

// sendClaimed sends one outbox row under a claim on it, so that of
// several judges sharing a database one sends it: a row another judge
// holds is skipped, and one another judge sent or tried since the list
// was read is left as it now stands.
func (p *Processor) sendClaimed(ctx context.Context, s *mail.SMTP, m store.OutboxMail, sum *Summary) (dropped bool, err error) {
	claim, err := p.Store.Claim(ctx, fmt.Sprintf("outbox %d", m.ID))
	if errors.Is(err, ErrBusy) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	defer claim.Release()
	now, err := p.Store.SentMail(ctx, m.MessageID)
	if err != nil {
		return false, err
	}
	if now.Status != store.OutboxQueued || now.Attempts != m.Attempts {
		return false, nil
	}
	return p.send(ctx, s, m, sum)
}

// errUnrecorded is a send whose outcome the database did not take.
type errUnrecorded struct{ error }

func (e errUnrecorded) Unwrap() error { return e.error }

// send sends one outbox row and records the server's answer. It reports
// whether the connection itself failed, which leaves the session unusable.
func (p *Processor) send(ctx context.Context, s *mail.SMTP, m store.OutboxMail, sum *Summary) (dropped bool, err error) {
	answer, err := s.Send(m.Sender, m.Recipients, m.Raw)
	if err == nil {
		p.fault(FaultSent)
		if err := p.Store.RecordAttempt(ctx, m.ID, store.Attempt{At: p.now(), OK: true, Answer: answer, Kept: keptOutbox(m)}); err != nil {
			return false, errUnrecorded{err}
		}
		p.fault(FaultRecorded)
		sum.Sent++
		return false, nil
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
		return false, errUnrecorded{err}
	}
	if a.Next.IsZero() {
		p.log().Error("mail given up", "outbox", m.ID, "to", m.Recipients, "answer", se.Answer)
	} else {
		p.log().Warn("mail deferred", "outbox", m.ID, "to", m.Recipients, "answer", se.Answer, "retry_at", a.Next)
	}
	return se.Code == 0, fmt.Errorf("outbox %d to %v: %w", m.ID, m.Recipients, err)
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
