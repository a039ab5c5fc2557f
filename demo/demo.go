// Package demo plays a whole game of any title through the real pipeline
// with nothing set up: an IMAP and an SMTP server on loopback, a fresh
// SQLite file, and the title's scripted players, who read their mail and
// answer it as people do. It is what `railpost demo` runs, and the proof
// that the parts fit together. Every title's demo leaves the same things:
// the database, the archive (index, states, PDFs, every mail), and a
// replay that matches it.
package demo

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	nmail "net/mail"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor"
	"github.com/railpost/railpost/processor/archive"
	"github.com/railpost/railpost/processor/gmcmd"
	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/mail/loopback"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/store/backend"
	"github.com/railpost/railpost/processor/title"
)

// Options are the demo's settings; the zero value of each field but Dir
// means its default.
type Options struct {
	Dir    string // where the database, the archive and summary.json go
	Limit  int    // stop after this many turns or actions; 0 plays until the game ends
	Humans int    // scripted human players; 0: the title's choice
	Seed   int64
	// Progress receives a line a turn, or a redrawn bar when Bar is set.
	Progress io.Writer
	Bar      bool
	Log      *slog.Logger // the processor's log; nil discards it
	// Database is where the game is kept: "" for railpost.db in Dir, or
	// a postgres:// URL of an empty database.
	Database string
	// Judge, when set, runs each pass in place of the demo's own
	// processor: given the config the demo's servers need and the demo's
	// clock, it runs judges (processes, several at once) until the pass's
	// work is done. Tests use it to play a demo under several judges.
	Judge func(ctx context.Context, cfg processor.Config, now time.Time) error
}

// Result is what a demo did, for the summary and for scripts
// (summary.json).
type Result struct {
	Title    string   `json:"title"`
	GameID   string   `json:"game"`
	Unit     string   `json:"unit"`  // what the game counts: turns or actions
	Steps    int      `json:"steps"` // turns resolved or actions made
	Over     bool     `json:"over"`  // the game ended by its rules
	Humans   int      `json:"humans"`
	MailsIn  int      `json:"mails_in"`  // mails the players sent
	MailsOut int      `json:"mails_out"` // mails the processor sent
	Reports  int      `json:"pdf_reports"`
	Notes    []string `json:"notes"` // what the script showed on the way
	Leaders  []Leader `json:"leaders"`
	Replayed int      `json:"replayed"`
	Database string   `json:"database"`
	Archive  string   `json:"archive"`
	Example  string   `json:"example_report"`
	Seconds  float64  `json:"seconds"`
}

// Leader is the leader of one scoring category.
type Leader struct {
	Category string `json:"category"`
	Name     string `json:"name"`
	Position int    `json:"position"`
	Human    bool   `json:"human"`
	Points   int    `json:"points"`
}

// Run plays a demo game of a title and writes its files under o.Dir.
// Files of an earlier demo there are replaced.
func Run(ctx context.Context, t title.Title, o Options) (Result, error) {
	start := time.Now()
	dt, ok := t.(title.Demonstrated)
	if !ok {
		return Result{}, fmt.Errorf("demo: %s has no demo", t.Name())
	}
	if o.Limit < 0 {
		return Result{}, fmt.Errorf("demo: a limit of %d: give a number of turns or actions, or 0 for a whole game", o.Limit)
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	if o.Progress == nil {
		o.Progress = io.Discard
	}
	if o.Log == nil {
		o.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	script, err := dt.Demo(title.DemoOptions{Seed: o.Seed, Humans: o.Humans, Limit: o.Limit})
	if err != nil {
		return Result{}, fmt.Errorf("demo: %w", err)
	}
	r := &run{o: o, t: t, script: script, clock: time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC), mails: map[string][]*orders.Mail{}}
	defer r.close()
	if err := r.setUp(ctx); err != nil {
		return r.res, err
	}
	if err := script.Play(ctx, r); err != nil {
		return r.res, err
	}
	if r.o.Bar {
		fmt.Fprintln(r.o.Progress)
	}
	if err := r.finish(ctx); err != nil {
		return r.res, err
	}
	r.res.Seconds = time.Since(start).Seconds()
	b, err := json.MarshalIndent(r.res, "", "  ")
	if err != nil {
		return r.res, err
	}
	return r.res, os.WriteFile(filepath.Join(o.Dir, "summary.json"), append(b, '\n'), 0o644)
}

// run is one demo game, and the desk its scripted players work at.
type run struct {
	o      Options
	t      title.Title
	script title.Script
	proc   *processor.Processor
	st     store.Store
	imap   *loopback.IMAPServer
	smtp   *loopback.SMTPServer
	clock  time.Time
	gameID string
	seen   int                       // SMTP messages read so far
	mails  map[string][]*orders.Mail // every mail to each address, oldest first
	sent   int
	res    Result
}

// setUp starts the mail servers and the database, creates the game and
// seats the players as a game master does, each mailed a password.
func (r *run) setUp(ctx context.Context) error {
	if err := os.MkdirAll(r.o.Dir, 0o755); err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	for _, old := range []string{"railpost.db", "railpost.db-wal", "railpost.db-shm", "railpost.db.lock", "archive", "summary.json"} {
		if err := os.RemoveAll(filepath.Join(r.o.Dir, old)); err != nil {
			return fmt.Errorf("demo: clear the last demo: %w", err)
		}
	}
	var err error
	if r.imap, err = loopback.StartIMAP("railpost", "demo-imap"); err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	if r.smtp, err = loopback.StartSMTP("railpost", "demo-smtp"); err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	cfg := processor.DefaultConfig()
	cfg.Database = filepath.Join(r.o.Dir, "railpost.db")
	if r.o.Database != "" {
		cfg.Database = r.o.Database
	}
	cfg.Domain = "demo.railpost.invalid"
	cfg.Mail.From = "Railpost demo <gm@demo.railpost.invalid>"
	cfg.IMAP.Address, cfg.IMAP.Username, cfg.IMAP.Password, cfg.IMAP.Security = r.imap.Addr, r.imap.User, r.imap.Password, "plain"
	cfg.SMTP.Address, cfg.SMTP.Username, cfg.SMTP.Password, cfg.SMTP.Security = r.smtp.Addr, "railpost", "demo-smtp", "plain"
	if r.st, err = backend.Open(ctx, cfg.Database); err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	r.proc = &processor.Processor{Store: r.st, Config: cfg, Titles: title.Set{r.t.Name(): r.t}, Log: r.o.Log, Now: func() time.Time { return r.clock }}
	g, seats := r.script.Game()
	r.gameID = g.ID
	players := r.script.Players()
	r.res = Result{Title: r.t.Name(), GameID: g.ID, Unit: r.proc.Titles.Unit(r.t.Name()), Humans: len(players), Database: cfg.Database, Archive: filepath.Join(r.o.Dir, "archive")}
	if err := processor.CreateGame(ctx, r.st, r.t, g, seats, r.clock); err != nil {
		return err
	}
	for _, p := range players {
		c := gmcmd.Command{Verb: "HAND", Rest: fmt.Sprintf("%d %s %s", p.Position, p.Address, p.Name)}
		if _, err := r.proc.GM(ctx, g.ID, c, processor.GMActor{Name: "demo"}); err != nil {
			return fmt.Errorf("demo: seat %s: %w", p.Name, err)
		}
	}
	if _, err := r.Pass(ctx); err != nil {
		return err
	}
	for _, p := range players {
		for _, m := range r.mails[p.Address] {
			if pw := passwordRE.FindStringSubmatch(m.Text); pw != nil {
				p.Password = pw[1]
				break
			}
		}
		if p.Password == "" {
			return fmt.Errorf("demo: the welcome to %s has no password", p.Address)
		}
	}
	return nil
}

// passwordRE finds the password in a welcome, however the title words it.
var passwordRE = regexp.MustCompile(`Your password is:? ([a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4})`)

func (r *run) close() {
	if r.st != nil {
		r.st.Close()
	}
	if r.smtp != nil {
		r.smtp.Close()
	}
	if r.imap != nil {
		r.imap.Close()
	}
}

// Now implements title.Desk.
func (r *run) Now() time.Time { return r.clock }

// SetClock implements title.Desk: the clock only moves on.
func (r *run) SetClock(t time.Time) {
	if t.After(r.clock) {
		r.clock = t
	}
}

// Pass implements title.Desk: one processing pass, as cron runs it, and
// the mail it sent read as the players' mail programs show it.
func (r *run) Pass(ctx context.Context) (title.PassCount, error) {
	sum, err := r.run(ctx)
	if err != nil {
		return title.PassCount{}, fmt.Errorf("demo: pass: %w", err)
	}
	if sum.SendFailed > 0 || len(sum.StepErrors) > 0 {
		return title.PassCount{}, fmt.Errorf("demo: pass: %s", sum)
	}
	msgs := r.smtp.Messages()
	for _, raw := range msgs[r.seen:] {
		m, err := orders.ReadMail(raw.Raw, orders.Identity{}, orders.DefaultLimits)
		if err != nil {
			return title.PassCount{}, fmt.Errorf("demo: a mail does not read: %w", err)
		}
		for _, to := range raw.To {
			r.mails[to] = append(r.mails[to], m)
		}
	}
	r.seen = len(msgs)
	return title.PassCount{Accepted: sum.Accepted, Rejected: sum.Rejected, Resolved: sum.Resolved}, nil
}

// run is one pass: the demo's processor's, or the judges' (Options.Judge),
// whose summary is read from what the database holds after it.
func (r *run) run(ctx context.Context) (processor.Summary, error) {
	if r.o.Judge == nil {
		return r.proc.Run(ctx)
	}
	before, err := r.tally(ctx)
	if err != nil {
		return processor.Summary{}, err
	}
	if err := r.o.Judge(ctx, r.proc.Config, r.clock); err != nil {
		return processor.Summary{}, err
	}
	after, err := r.tally(ctx)
	if err != nil {
		return processor.Summary{}, err
	}
	return processor.Summary{Accepted: after.Accepted - before.Accepted, Rejected: after.Rejected - before.Rejected, Resolved: after.Resolved - before.Resolved}, nil
}

// tally counts the mail accepted and refused and the turns resolved so
// far, which a pass's summary counts the changes of.
func (r *run) tally(ctx context.Context) (processor.Summary, error) {
	counts, err := r.st.InboxCounts(ctx)
	if err != nil {
		return processor.Summary{}, err
	}
	snaps, err := r.st.Snapshots(ctx, r.gameID)
	if err != nil {
		return processor.Summary{}, err
	}
	return processor.Summary{Accepted: counts[store.InboxAccepted], Rejected: counts[store.InboxRejected], Resolved: len(snaps)}, nil
}

// Mails implements title.Desk.
func (r *run) Mails(address string) []*orders.Mail { return r.mails[address] }

// Send implements title.Desk: a reply carries the subject and threading a
// mail program gives it.
func (r *run) Send(from *title.DemoPlayer, to *orders.Mail, text string) error {
	r.sent++
	out := mail.Outgoing{MessageID: fmt.Sprintf("<%s-%d@players.invalid>", r.gameID, r.sent),
		From: &nmail.Address{Name: from.Name, Address: from.Address}, To: []*nmail.Address{{Address: "gm@demo.railpost.invalid"}}, Subject: "orders", Date: r.clock, Text: text}
	if to != nil {
		out.Subject, out.InReplyTo, out.References = "Re: "+to.Subject, to.MessageID, []string{to.MessageID}
	}
	raw, err := mail.Build(out)
	if err != nil {
		return err
	}
	r.res.MailsIn++
	return r.imap.DeliverAt("INBOX", raw, r.clock)
}

// Game implements title.Desk.
func (r *run) Game(ctx context.Context) (store.Game, error) { return r.st.Game(ctx, r.gameID) }

// Latest implements title.Desk.
func (r *run) Latest(ctx context.Context) (store.Snapshot, error) {
	return r.st.LatestSnapshot(ctx, r.gameID)
}

// Moves implements title.Desk.
func (r *run) Moves(ctx context.Context) ([]store.Move, error) { return r.st.Moves(ctx, r.gameID) }

// FinalScores implements title.Desk.
func (r *run) FinalScores(ctx context.Context) ([]store.FinalScore, error) {
	return r.st.FinalScores(ctx, r.gameID)
}

// Progress implements title.Desk: a line a step, or a redrawn bar.
func (r *run) Progress(done, total int, over bool) {
	r.res.Steps, r.res.Over = done, over
	if !r.o.Bar {
		end := ""
		if over {
			end = "; the game is over"
		}
		fmt.Fprintf(r.o.Progress, "%s %d done: %d mails in, %d out so far%s\n", r.res.Unit, done, r.res.MailsIn, len(r.smtp.Messages()), end)
		return
	}
	const width = 30
	total = max(total, done, 1)
	if over {
		total = done
	}
	n := width * done / total
	fmt.Fprintf(r.o.Progress, "\r[%s%s] %s %d  mails %d in, %d out ", strings.Repeat("#", n), strings.Repeat(".", width-n), r.res.Unit, done, r.res.MailsIn, len(r.smtp.Messages()))
}

// finish counts the mail, names the leaders, replays the game from its
// log, and exports the archive.
func (r *run) finish(ctx context.Context) error {
	msgs := r.smtp.Messages()
	r.res.MailsOut = len(msgs)
	for _, m := range msgs {
		atts, err := mail.ReadAttachments(m.Raw)
		if err != nil {
			return err
		}
		for _, a := range atts {
			if a.ContentType == "application/pdf" {
				r.res.Reports++
			}
		}
	}
	g, err := r.st.Game(ctx, r.gameID)
	if err != nil {
		return err
	}
	r.res.Steps, r.res.Over = g.Turn-1, r.res.Over || g.Status == "ended"
	r.res.Notes = r.script.Notes()
	if r.res.Leaders, err = r.leaders(ctx); err != nil {
		return err
	}
	rep, err := archive.Replay(ctx, r.st, r.proc.Titles, r.gameID)
	if err != nil {
		return err
	}
	if len(rep.Mismatches) > 0 {
		return fmt.Errorf("demo: replay differs from the archive at %ss %v", rep.Unit, rep.Mismatches)
	}
	r.res.Replayed = rep.Steps
	if _, err := archive.Export(ctx, r.st, r.proc.Titles, r.gameID, r.res.Archive, archive.Options{}); err != nil {
		return err
	}
	// The example is the newest report of the first player, if one was
	// mailed yet (a game by mail mails reports at its milestones).
	return filepath.WalkDir(r.res.Archive, func(path string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, "/report-position1.pdf") {
			r.res.Example = path
		}
		return err
	})
}

// leaders are the best score in each category: the final scores the game
// ended with, or where a title can score a game still going on, its
// standing now.
func (r *run) leaders(ctx context.Context) ([]Leader, error) {
	positions, err := r.st.Positions(ctx, r.gameID)
	if err != nil {
		return nil, err
	}
	human := map[int]bool{}
	for _, p := range positions {
		human[p.Number] = p.Human
	}
	var scores []title.Score
	if sc, ok := r.t.(title.Scorer); ok {
		snap, err := r.st.LatestSnapshot(ctx, r.gameID)
		if err != nil {
			return nil, err
		}
		if scores, err = sc.FinalScores(snap.State); err != nil {
			return nil, err
		}
	} else {
		finals, err := r.st.FinalScores(ctx, r.gameID)
		if err != nil {
			return nil, err
		}
		for _, f := range finals {
			scores = append(scores, title.Score{Position: f.Position, Name: f.Player, Category: f.Category, Points: f.Points})
		}
	}
	best := map[string]title.Score{}
	var cats []string
	for _, s := range scores {
		b, ok := best[s.Category]
		if !ok {
			cats = append(cats, s.Category)
		}
		if !ok || s.Points > b.Points {
			best[s.Category] = s
		}
	}
	var out []Leader
	for _, c := range cats {
		b := best[c]
		out = append(out, Leader{Category: c, Name: b.Name, Position: b.Position, Human: human[b.Position], Points: b.Points})
	}
	return out, nil
}

// Summary is the closing text of `railpost demo`.
func (res Result) Summary() string {
	var b strings.Builder
	state := "stopped by --turns; the game goes on"
	if res.Over {
		state = "ended by its rules"
	}
	fmt.Fprintf(&b, "\n%s demo game %s: %d %ss played (%s) in %.1f s.\n", res.Title, res.GameID, res.Steps, res.Unit, state, res.Seconds)
	fmt.Fprintf(&b, "Mail: %d in from %d scripted players; %d out, %d PDF reports among them.\n", res.MailsIn, res.Humans, res.MailsOut, res.Reports)
	for _, n := range res.Notes {
		fmt.Fprintf(&b, "%s\n", n)
	}
	fmt.Fprintf(&b, "Replay: all %d %ss rebuilt from the log, identical to the archive.\n", res.Replayed, res.Unit)
	if len(res.Leaders) > 0 {
		b.WriteString("\nLeaders by category:\n")
		for _, x := range res.Leaders {
			if x.Points <= 0 {
				fmt.Fprintf(&b, "  %-13s no points scored yet\n", x.Category)
				continue
			}
			who := "computer"
			if x.Human {
				who = "scripted human"
			}
			fmt.Fprintf(&b, "  %-13s %-22s position %2d (%s), %d points\n", x.Category, x.Name, x.Position, who, x.Points)
		}
	}
	fmt.Fprintf(&b, "\nWhere things are:\n")
	fmt.Fprintf(&b, "  database        %s\n", res.Database)
	fmt.Fprintf(&b, "  archive         %s/index.html\n", res.Archive)
	fmt.Fprintf(&b, "  mails as .eml   %s/mail/in and %s/mail/out\n", res.Archive, res.Archive)
	if res.Example != "" {
		fmt.Fprintf(&b, "  a PDF report    %s\n", res.Example)
	}
	flag := "--turn"
	if res.Unit == "action" {
		flag = "--move"
	}
	fmt.Fprintf(&b, "\nThe other commands read the database; from the source tree, put go run ./cmd/railpost for railpost:\n")
	fmt.Fprintf(&b, "  railpost game show --db %s %s\n", res.Database, res.GameID)
	fmt.Fprintf(&b, "  railpost report --db %s --game %s %s %d --position 1 --out report.pdf\n", res.Database, res.GameID, flag, max(res.Steps/2, 1))
	fmt.Fprintf(&b, "  railpost replay --db %s %s\n", res.Database, res.GameID)
	return b.String()
}
