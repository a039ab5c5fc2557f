package processor

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
)

// publish sends every outbox row that is due. Each server answer is
// recorded; temporary failures come back after a doubling backoff, 5xx
// answers and rows out of attempts are marked failed.
//
// Judges sharing a database claim rows before sending them (ClaimMail):
// one row at a time, so that each claim covers one send, held for
// claimHold. The send itself runs outside any transaction, and its answer
// is recorded only while the claim is still this judge's.
func (p *Processor) publish(ctx context.Context, sum *Summary) error {
	told := p.tellFailures(ctx)
	due, err := p.Store.DueMail(ctx, p.now())
	if err != nil || len(due) == 0 {
		return errors.Join(told, err)
	}
	if p.Config.SMTP.Address == "" {
		return fmt.Errorf("smtp.address is empty: %d mails wait in the outbox until it is configured", len(due))
	}
	// The connection is made before anything is claimed, so that a server
	// that cannot be reached leaves no claim behind.
	s, err := mail.DialSMTP(ctx, p.Config.SMTPSettings())
	if err != nil {
		return fmt.Errorf("%w (%d mails wait in the outbox)", err, len(due))
	}
	defer func() { s.Close() }()
	judge := judgeName()
	errs := []error{told}
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		wall := time.Now()
		claimed, err := p.Store.ClaimMail(ctx, store.MailClaim{Judge: judge, Due: p.now(), At: wall, Until: wall.Add(p.claimHold()), Limit: 1})
		if err != nil || len(claimed) == 0 {
			return errors.Join(append(errs, err)...)
		}
		dropped, err := p.send(ctx, s, claimed[0], judge, sum)
		var unrecorded errUnrecorded
		if errors.As(err, &unrecorded) {
			// The database did not take the answer: stop, or every mail
			// after it would go out again at the next pass.
			return errors.Join(append(errs, err)...)
		}
		if err != nil {
			errs = append(errs, err)
		}
		if !dropped {
			continue
		}
		// The connection failed on this mail. It is retried on its own
		// schedule; the rest go on over a new connection, so that one bad
		// recipient never holds up everyone's mail.
		fresh, err := mail.DialSMTP(ctx, p.Config.SMTPSettings())
		if err != nil {
			return errors.Join(append(errs, fmt.Errorf("%w (mail waits in the outbox)", err))...)
		}
		s.Close()
		s = fresh
	}
}

// claimHold is how long a claim on an outbox row lasts: ten times
// smtp.timeout. A send is a few SMTP commands (MAIL, one RCPT a
// recipient, DATA), each bounded by that timeout, so a live judge records
// its answer well before the claim expires; a judge killed mid-send
// leaves a claim another judge takes over after it. A judge slower than
// its claim may see the row sent again by another.
func (p *Processor) claimHold() time.Duration {
	if p.ClaimHold > 0 {
		return p.ClaimHold
	}
	t := p.Config.SMTP.Timeout.Duration
	if t <= 0 {
		t = p.Config.SMTPSettings().Timeout
	}
	if t <= 0 {
		t = 30 * time.Second
	}
	return 10 * t
}

// judgeName names this publish for its claims: host, process and a
// random part, unique among judges and passes.
func judgeName() string {
	host, _ := os.Hostname()
	var r [6]byte
	rand.Read(r[:])
	return fmt.Sprintf("%s/%d/%s", host, os.Getpid(), hex.EncodeToString(r[:]))
}

// errUnrecorded is a send whose outcome the database did not take.
type errUnrecorded struct{ error }

func (e errUnrecorded) Unwrap() error { return e.error }

// send sends one outbox row and records the server's answer. It reports
// whether the connection itself failed, which leaves the session unusable.
func (p *Processor) send(ctx context.Context, s *mail.SMTP, m store.OutboxMail, judge string, sum *Summary) (dropped bool, err error) {
	answer, err := s.Send(m.Sender, m.Recipients, m.Raw)
	if err == nil {
		p.fault(FaultSent)
		err := p.Store.RecordAttempt(ctx, m.ID, store.Attempt{At: p.now(), OK: true, Answer: answer, Kept: keptOutbox(m), Judge: judge})
		if errors.Is(err, store.ErrClaimLost) {
			p.log().Warn("mail sent after its claim expired", "outbox", m.ID, "to", m.Recipients)
			return false, nil
		}
		if err != nil {
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
	a := store.Attempt{At: p.now(), Answer: se.Answer, Judge: judge}
	if !se.Permanent && m.Attempts+1 < p.Config.Outbox.MaxAttempts {
		a.Next = p.now().Add(Backoff(m.Attempts, p.Config.Outbox.Backoff.Duration, p.Config.Outbox.MaxBackoff.Duration))
	}
	if err := p.Store.RecordAttempt(ctx, m.ID, a); errors.Is(err, store.ErrClaimLost) {
		return se.Code == 0, nil
	} else if err != nil {
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
