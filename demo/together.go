package demo

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor"
	"github.com/railpost/railpost/processor/gmcmd"
	"github.com/railpost/railpost/processor/mail/loopback"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/store/backend"
	"github.com/railpost/railpost/processor/store/sqldb"
	"github.com/railpost/railpost/processor/title"
)

// Entry is one game of a demo played together with others.
type Entry struct {
	Title title.Title
	Seed  int64
	Limit int
	// Tag makes the game's id and its players' addresses its own, so
	// that several games of one title share a database and a mailbox.
	Tag string
}

// Together plays several demo games at once on one database and one
// mailbox, as one club's games share a judge: each pass judges every
// game, and each game's script waits for the pass the others wait for.
// The clock is shared: each pass runs at the latest time any script has
// moved to. o.Limit is unused (each Entry has its own); o.Dir holds each
// game's archive.
func Together(ctx context.Context, games []Entry, o Options) ([]Result, error) {
	if o.Log == nil {
		o.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	t := &table{o: o, clock: time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC), mails: map[string][]*orders.Mail{}, counts: map[string]title.PassCount{}}
	t.cond = sync.NewCond(&t.mu)
	defer t.close()
	if err := t.setUp(ctx, games); err != nil {
		return nil, err
	}
	var wg sync.WaitGroup
	errs := make([]error, len(t.members))
	t.live = len(t.members)
	for i, m := range t.members {
		wg.Go(func() {
			err := m.script.Play(ctx, m)
			if err != nil {
				err = fmt.Errorf("%s: %w", m.gameID, err)
			}
			errs[i] = err
			t.leave(ctx)
		})
	}
	wg.Wait()
	if err := errors.Join(append(errs, t.err)...); err != nil {
		return nil, err
	}
	var out []Result
	for _, m := range t.members {
		m.run.clock = t.clock
		if err := m.finish(ctx); err != nil {
			return nil, fmt.Errorf("%s: %w", m.gameID, err)
		}
		out = append(out, m.res)
	}
	return out, nil
}

// table is the games played together and what they share: the servers,
// the database, the clock and the passes.
type table struct {
	o       Options
	imap    *loopback.IMAPServer
	smtp    *loopback.SMTPServer
	st      *sqldb.Store
	proc    *processor.Processor
	members []*member
	mails   map[string][]*orders.Mail
	seen    int

	mu      sync.Mutex
	cond    *sync.Cond
	clock   time.Time
	next    time.Time // the clock of the next pass: the latest any script asked for
	live    int       // scripts still playing
	waiting int       // scripts waiting for the next pass
	round   int
	counts  map[string]title.PassCount // each game's count of the last pass
	err     error
}

// member is one game's script at the table: its desk is a demo's, with
// the pass and the clock shared.
type member struct {
	*run
	t    *table
	want time.Time
}

func (t *table) setUp(ctx context.Context, games []Entry) error {
	var err error
	if t.imap, err = loopback.StartIMAP("railpost", "demo-imap"); err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	if t.smtp, err = loopback.StartSMTP("railpost", "demo-smtp"); err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	cfg := processor.DefaultConfig()
	cfg.Database = cmpOr(t.o.Database, filepath.Join(t.o.Dir, "railpost.db"))
	cfg.Domain = "demo.railpost.invalid"
	cfg.Mail.From = "Railpost demo <gm@demo.railpost.invalid>"
	cfg.IMAP.Address, cfg.IMAP.Username, cfg.IMAP.Password, cfg.IMAP.Security = t.imap.Addr, t.imap.User, t.imap.Password, "plain"
	cfg.SMTP.Address, cfg.SMTP.Username, cfg.SMTP.Password, cfg.SMTP.Security = t.smtp.Addr, "railpost", "demo-smtp", "plain"
	if t.st, err = backend.Open(ctx, cfg.Database); err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	titles := title.Set{}
	for _, e := range games {
		titles[e.Title.Name()] = e.Title
	}
	t.proc = &processor.Processor{Store: t.st, Config: cfg, Titles: titles, Log: t.o.Log, Now: func() time.Time { return t.clock }}
	for _, e := range games {
		m, err := t.seat(ctx, e)
		if err != nil {
			return err
		}
		t.members = append(t.members, m)
	}
	if err := t.pass(ctx); err != nil {
		return err
	}
	for _, m := range t.members {
		for _, p := range m.script.Players() {
			for _, ml := range t.mails[p.Address] {
				if pw := passwordRE.FindStringSubmatch(ml.Text); pw != nil {
					p.Password = pw[1]
					break
				}
			}
			if p.Password == "" {
				return fmt.Errorf("demo: the welcome to %s has no password", p.Address)
			}
		}
	}
	return nil
}

// seat creates one game under its tagged id and seats its players under
// tagged addresses.
func (t *table) seat(ctx context.Context, e Entry) (*member, error) {
	dt, ok := e.Title.(title.Demonstrated)
	if !ok {
		return nil, fmt.Errorf("demo: %s has no demo", e.Title.Name())
	}
	script, err := dt.Demo(title.DemoOptions{Seed: e.Seed, Limit: e.Limit})
	if err != nil {
		return nil, fmt.Errorf("demo: %w", err)
	}
	o := t.o
	o.Progress = io.Discard
	g, seats := script.Game()
	g.ID = e.Tag + "-" + g.ID
	o.Dir = filepath.Join(t.o.Dir, g.ID)
	r := &run{o: o, t: e.Title, script: script, proc: t.proc, st: t.st, imap: t.imap, smtp: t.smtp, clock: t.clock, gameID: g.ID, mails: t.mails}
	players := script.Players()
	r.res = Result{Title: e.Title.Name(), GameID: g.ID, Unit: t.proc.Titles.Unit(e.Title.Name()), Humans: len(players), Database: t.proc.Config.Database, Archive: filepath.Join(o.Dir, "archive")}
	if err := processor.CreateGame(ctx, t.st, e.Title, g, seats, t.clock); err != nil {
		return nil, err
	}
	for _, p := range players {
		user, domain, _ := strings.Cut(p.Address, "@")
		p.Address = user + "." + g.ID + "@" + domain
		c := gmcmd.Command{Verb: "HAND", Rest: fmt.Sprintf("%d %s %s", p.Position, p.Address, p.Name)}
		if _, err := t.proc.GM(ctx, g.ID, c, processor.GMActor{Name: "demo"}); err != nil {
			return nil, fmt.Errorf("demo: seat %s: %w", p.Name, err)
		}
	}
	return &member{run: r, t: t}, nil
}

func (t *table) close() {
	if t.st != nil {
		t.st.Close()
	}
	if t.smtp != nil {
		t.smtp.Close()
	}
	if t.imap != nil {
		t.imap.Close()
	}
}

// Now implements title.Desk: the clock of the last pass, or later if this
// script has moved it on since. Moves by other scripts count from the
// next pass, so that every script sees the same clock in each round,
// whatever the order they reach it in.
func (m *member) Now() time.Time {
	m.t.mu.Lock()
	defer m.t.mu.Unlock()
	if m.want.After(m.t.clock) {
		return m.want
	}
	return m.t.clock
}

// SetClock implements title.Desk: the next pass runs no earlier.
func (m *member) SetClock(at time.Time) {
	m.t.mu.Lock()
	defer m.t.mu.Unlock()
	if at.After(m.want) {
		m.want = at
	}
}

// Send implements title.Desk, dated by this script's clock.
func (m *member) Send(from *title.DemoPlayer, to *orders.Mail, text string) error {
	m.run.clock = m.Now()
	return m.run.Send(from, to, text)
}

// Pass implements title.Desk: it waits until every script still playing
// asks for a pass, then one pass judges them all.
func (m *member) Pass(ctx context.Context) (title.PassCount, error) {
	t := m.t
	t.mu.Lock()
	defer t.mu.Unlock()
	if m.want.After(t.next) {
		t.next = m.want
	}
	round := t.round
	t.waiting++
	if t.waiting == t.live {
		t.runPass(ctx)
	}
	for t.round == round && t.err == nil {
		t.cond.Wait()
	}
	if t.err != nil {
		return title.PassCount{}, t.err
	}
	return t.counts[m.gameID], nil
}

// leave takes a finished script off the table, running the pass the
// others wait for if it was the last to ask.
func (t *table) leave(ctx context.Context) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.live--
	if t.waiting > 0 && t.waiting == t.live {
		t.runPass(ctx)
	}
}

// runPass runs the pass every waiting script asked for; t.mu is held.
func (t *table) runPass(ctx context.Context) {
	if t.next.After(t.clock) {
		t.clock = t.next
	}
	before, err := t.tally(ctx)
	if err == nil {
		err = t.pass(ctx)
	}
	var after map[string]title.PassCount
	if err == nil {
		after, err = t.tally(ctx)
	}
	if err != nil {
		t.err = fmt.Errorf("demo: pass: %w", err)
	}
	for id, a := range after {
		b := before[id]
		t.counts[id] = title.PassCount{Accepted: a.Accepted - b.Accepted, Rejected: a.Rejected - b.Rejected, Resolved: a.Resolved - b.Resolved}
	}
	t.waiting = 0
	t.round++
	t.cond.Broadcast()
}

// pass is one pass at the shared clock, by the judges or the demo's own
// processor, and the mail it sent read into each player's mail.
func (t *table) pass(ctx context.Context) error {
	if t.o.Judge != nil {
		if err := t.o.Judge(ctx, t.proc.Config, t.clock); err != nil {
			return err
		}
	} else {
		sum, err := t.proc.Run(ctx)
		if err != nil {
			return err
		}
		if sum.SendFailed > 0 || len(sum.StepErrors) > 0 {
			return fmt.Errorf("%s", sum)
		}
	}
	msgs := t.smtp.Messages()
	for _, raw := range msgs[t.seen:] {
		m, err := orders.ReadMail(raw.Raw, orders.Identity{}, orders.DefaultLimits)
		if err != nil {
			return fmt.Errorf("a mail does not read: %w", err)
		}
		for _, to := range raw.To {
			t.mails[to] = append(t.mails[to], m)
		}
	}
	t.seen = len(msgs)
	return nil
}

// tally counts each game's mail accepted and refused and its turns
// resolved so far.
func (t *table) tally(ctx context.Context) (map[string]title.PassCount, error) {
	out := map[string]title.PassCount{}
	for _, m := range t.members {
		counts, err := t.st.GameInboxCounts(ctx, m.gameID)
		if err != nil {
			return nil, err
		}
		snaps, err := t.st.Snapshots(ctx, m.gameID)
		if err != nil {
			return nil, err
		}
		out[m.gameID] = title.PassCount{Accepted: counts[store.InboxAccepted], Rejected: counts[store.InboxRejected], Resolved: len(snaps)}
	}
	return out, nil
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
