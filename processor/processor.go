// Package processor runs one processing pass: lease, ingest, read,
// authenticate, check and store, resolve, publish, in the order DESIGN.md
// gives. Each step commits its own work, so a pass killed at any point
// leaves the database consistent and the next pass carries on.
package processor

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
	"github.com/railpost/railpost/templates"
)

// Fault points, in the order a pass reaches them. Tests stop a pass at each
// to prove that the next one loses and repeats nothing.
const (
	FaultLocked        = "locked"         // lock held, pass row written
	FaultIngestStored  = "ingest-stored"  // a message stored, not yet marked on the server
	FaultIngestDurable = "ingest-durable" // the stored messages synced to disk, not yet marked
	FaultIngestMarked  = "ingest-marked"  // marked on the server, not yet recorded as marked
	FaultReadCommitted = "read-committed" // one message's orders and reply committed
	FaultResolveTx     = "resolve-tx"     // inside the turn's transaction, before commit
	FaultResolved      = "resolved"       // a turn committed
	FaultSent          = "sent"           // the SMTP server took a mail; not yet recorded
	FaultRecorded      = "recorded"       // a mail recorded as sent
)

// FaultPoints lists every fault point.
var FaultPoints = []string{FaultLocked, FaultIngestStored, FaultIngestDurable, FaultIngestMarked, FaultReadCommitted, FaultResolveTx, FaultResolved, FaultSent, FaultRecorded}

// Processor runs passes over one database.
type Processor struct {
	Store  Store
	Config Config
	// Titles are the titles this binary plays.
	Titles title.Set
	Log    *slog.Logger
	// Now is the clock; tests set it. Engines never see it.
	Now func() time.Time
	// Fault, when set, is called at each fault point; it may kill the
	// process to simulate a crash there.
	Fault func(point string)
	// ClaimHold, when set, is how long a claim on an outbox row lasts in
	// place of ten times smtp.timeout: tests whose judges are killed
	// mid-send shorten it so as not to wait minutes for the claim.
	ClaimHold time.Duration

	tmpl *templates.Set
}

// Summary counts what a pass did.
type Summary struct {
	Fetched     int
	Stored      int
	Accepted    int
	Rejected    int
	Ignored     int
	SetAside    int // mails over their budget, left unjudged for the GM
	Resolved    int
	Reminded    int
	Sent        int
	SendFailed  int
	StepErrors  []string
	MailboxRead []string
}

func (s Summary) String() string {
	out := fmt.Sprintf("fetched %d, stored %d, accepted %d, rejected %d, ignored %d, reminded %d, turns resolved %d, mails sent %d, send failures %d",
		s.Fetched, s.Stored, s.Accepted, s.Rejected, s.Ignored, s.Reminded, s.Resolved, s.Sent, s.SendFailed)
	if s.SetAside > 0 {
		out += fmt.Sprintf("; %d mail(s) set aside unjudged (railpost outbox lists them)", s.SetAside)
	}
	if len(s.StepErrors) > 0 {
		out += "; errors: " + strings.Join(s.StepErrors, "; ")
	}
	return out
}

func (p *Processor) now() time.Time {
	if p.Now != nil {
		return p.Now().UTC()
	}
	return time.Now().UTC()
}

func (p *Processor) fault(point string) {
	if p.Fault != nil {
		p.Fault(point)
	}
}

func (p *Processor) log() *slog.Logger {
	if p.Log != nil {
		return p.Log
	}
	return slog.Default()
}

// Run is one pass. It returns ErrBusy if another pass holds the lock. A
// mail server outage does not stop the pass: every step that can still run
// does, and the error names what failed, so that cron reports it and the
// next pass resumes.
func (p *Processor) Run(ctx context.Context) (Summary, error) {
	var sum Summary
	// LoadConfig refuses a pass_timeout of zero or less; a Config built in
	// code without one still gets the default bound, never none.
	passTimeout := p.Config.PassTimeout
	if passTimeout.Duration <= 0 {
		passTimeout = DefaultConfig().PassTimeout
	}
	ctx, cancel := context.WithTimeoutCause(ctx, passTimeout.Duration,
		fmt.Errorf("the pass ran past pass_timeout (%s) and was stopped; the next pass resumes", passTimeout))
	defer cancel()
	// The pass's own lease: the whole database on SQLite, so that passes
	// there run one at a time as always; nothing on PostgreSQL, where
	// several judges share the work and lease each game they change.
	lease, err := p.Store.Lease(ctx, "")
	if err != nil {
		return sum, err
	}
	defer lease.Release()
	ctx = store.WithLease(ctx, lease)
	if p.tmpl == nil {
		if p.tmpl, err = templates.Load(); err != nil {
			return sum, err
		}
	}
	passID, err := p.Store.BeginPass(ctx, p.now())
	if errors.Is(err, store.ErrPassRunning) {
		return sum, fmt.Errorf("%w: %w", ErrBusy, err)
	}
	if err != nil {
		return sum, err
	}
	p.fault(FaultLocked)

	var errs []error
	step := func(name string, fn func(context.Context, *Summary) error) {
		if ctx.Err() != nil {
			return
		}
		if err := fn(ctx, &sum); err != nil {
			p.log().Error("pass step failed", "step", name, "err", err)
			sum.StepErrors = append(sum.StepErrors, name+": "+err.Error())
			errs = append(errs, fmt.Errorf("%s: %w", name, err))
		}
	}
	step("ingest", p.ingest)
	step("read", p.read)
	step("remind", p.remind)
	step("resolve", p.resolve)
	step("publish", p.publish)
	if ctx.Err() != nil {
		errs = append(errs, context.Cause(ctx))
	}

	status := store.PassOK
	if len(errs) > 0 {
		status = store.PassFailed
	}
	// The pass record is written even if the context was cancelled.
	if err := p.Store.FinishPass(context.WithoutCancel(ctx), passID, status, sum.String(), p.now()); err != nil {
		errs = append(errs, err)
	}
	p.log().Info("pass finished", "status", status, "summary", sum.String())
	return sum, errors.Join(errs...)
}
