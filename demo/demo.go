// Package demo plays a whole Continental Rails game through the real
// pipeline with nothing set up: an IMAP and an SMTP server on loopback, a
// fresh SQLite file, and scripted players who read their turn mail and
// answer it as people do. It is what `railpost demo` runs, and the proof
// that the parts fit together.
package demo

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	nmail "net/mail"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	cr "github.com/railpost/railpost/games/contrails"
	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor"
	"github.com/railpost/railpost/processor/archive"
	"github.com/railpost/railpost/processor/gmcmd"
	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/mail/loopback"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
	crtitle "github.com/railpost/railpost/titles/contrails"
)

// Options are the demo's settings; the zero value of each field but Dir
// and Out means its default.
type Options struct {
	Dir    string // where the database, the archive and summary.json go
	Turns  int    // stop after this many turns; 0 plays until the game ends
	Humans int    // scripted human players, 1 to 15; the rest are computer positions
	Seed   int64
	// Progress receives a line a turn, or a redrawn bar when Bar is set.
	Progress io.Writer
	Bar      bool
	Log      *slog.Logger // the processor's log; nil discards it
}

// MaxTurns caps a game that has not ended by its rules (1.3: at random
// after turn 20, so a game this long is all but impossible).
const MaxTurns = 100

// GameID is the demo game's id.
const GameID = "demo"

// Result is what a demo did, for the summary and for scripts
// (summary.json).
type Result struct {
	GameID   string `json:"game"`
	Turns    int    `json:"turns"`
	Over     bool   `json:"over"` // the game ended by its rules
	Humans   int    `json:"humans"`
	MailsIn  int    `json:"mails_in"`  // mails the players sent
	MailsOut int    `json:"mails_out"` // mails the processor sent
	Reports  int    `json:"reports"`   // turn reports among them
	// OutByKind counts the mails sent by kind: turn reports, order
	// confirmations, reminders, welcomes.
	OutByKind map[string]int `json:"mails_out_by_kind"`
	Rejected  []string       `json:"error_replies"`
	Winners   []Winner       `json:"winners"`
	Records   []string       `json:"records,omitempty"`
	Replayed  int            `json:"replayed_turns"`
	Database  string         `json:"database"`
	Archive   string         `json:"archive"`
	Example   string         `json:"example_report"`
	Seconds   float64        `json:"seconds"`
}

// Winner is the leader of one victory-point category (1.2).
type Winner struct {
	Category string `json:"category"`
	Name     string `json:"name"`
	Position int    `json:"position"`
	Human    bool   `json:"human"`
	Points   int    `json:"points"`
}

var names = []string{"Ada Ames", "Ben Brook", "Cyd Cole", "Dee Dunn", "Eve Eads", "Fay Ford", "Gus Gray", "Hal Hart",
	"Ida Innes", "Jo Judd", "Kit Kemp", "Lou Lind", "Max Moss", "Ned Noble", "Ola Orr"}

// player is one scripted human: they read their mail and answer it.
type player struct {
	number   int
	name     string
	address  string
	password string
}

type run struct {
	o      Options
	title  *crtitle.ContinentalRails
	proc   *processor.Processor
	st     *store.Store
	imap   *loopback.IMAPServer
	smtp   *loopback.SMTPServer
	clock  time.Time
	humans []*player
	sent   int
	res    Result
}

// Run plays the demo game and writes its files under o.Dir. Files of an
// earlier demo there are replaced.
func Run(ctx context.Context, o Options) (Result, error) {
	start := time.Now()
	if o.Humans == 0 {
		o.Humans = 3
	}
	if o.Humans < 1 || o.Humans > cr.Positions {
		return Result{}, fmt.Errorf("demo: --humans %d: a game has 1 to %d human players", o.Humans, cr.Positions)
	}
	if o.Turns < 0 {
		return Result{}, fmt.Errorf("demo: --turns %d: give a number of turns, or 0 for a whole game", o.Turns)
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
	r := &run{o: o, clock: time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)}
	defer r.close()
	if err := r.setUp(ctx); err != nil {
		return Result{}, err
	}
	if err := r.play(ctx); err != nil {
		return r.res, err
	}
	if err := r.finish(ctx); err != nil {
		return r.res, err
	}
	r.res.Seconds = time.Since(start).Seconds()
	return r.res, writeSummary(o.Dir, r.res)
}

// writeSummary writes a demo's result as summary.json, for scripts.
func writeSummary(dir string, res any) error {
	b, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "summary.json"), append(b, '\n'), 0o644)
}

// demoMail is what every demo runs on: a fresh SQLite file in dir (an
// earlier demo's files there are removed), loopback IMAP and SMTP servers,
// and the processor's configuration for them.
type demoMail struct {
	imap *loopback.IMAPServer
	smtp *loopback.SMTPServer
	st   *store.Store
	cfg  processor.Config
}

func startDemoMail(ctx context.Context, dir string) (demoMail, error) {
	var d demoMail
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return d, fmt.Errorf("demo: %w", err)
	}
	for _, old := range []string{"railpost.db", "railpost.db-wal", "railpost.db-shm", "railpost.db.lock", "archive", "summary.json"} {
		if err := os.RemoveAll(filepath.Join(dir, old)); err != nil {
			return d, fmt.Errorf("demo: clear the last demo: %w", err)
		}
	}
	var err error
	if d.imap, err = loopback.StartIMAP("railpost", "demo-imap"); err != nil {
		return d, fmt.Errorf("demo: %w", err)
	}
	if d.smtp, err = loopback.StartSMTP("railpost", "demo-smtp"); err != nil {
		d.imap.Close()
		return d, fmt.Errorf("demo: %w", err)
	}
	cfg := processor.DefaultConfig()
	cfg.Database = filepath.Join(dir, "railpost.db")
	cfg.Domain = "demo.railpost.invalid"
	cfg.Mail.From = "Railpost demo <gm@demo.railpost.invalid>"
	cfg.IMAP.Address, cfg.IMAP.Username, cfg.IMAP.Password, cfg.IMAP.Security = d.imap.Addr, d.imap.User, d.imap.Password, "plain"
	cfg.SMTP.Address, cfg.SMTP.Username, cfg.SMTP.Password, cfg.SMTP.Security = d.smtp.Addr, "railpost", "demo-smtp", "plain"
	d.cfg = cfg
	if d.st, err = store.Open(ctx, cfg.Database); err != nil {
		d.imap.Close()
		d.smtp.Close()
		return d, fmt.Errorf("demo: %w", err)
	}
	return d, nil
}

func (r *run) setUp(ctx context.Context) error {
	d, err := startDemoMail(ctx, r.o.Dir)
	if err != nil {
		return err
	}
	r.imap, r.smtp, r.st = d.imap, d.smtp, d.st
	cfg := d.cfg
	if r.title, err = crtitle.New(); err != nil {
		return err
	}
	r.proc = &processor.Processor{Store: r.st, Config: cfg, Titles: title.Set{r.title.Name(): r.title},
		Log: r.o.Log, Now: func() time.Time { return r.clock }}
	r.res = Result{GameID: GameID, Humans: r.o.Humans, Database: cfg.Database, Archive: filepath.Join(r.o.Dir, "archive")}

	g := store.Game{ID: GameID, Title: r.title.Name(), Name: "Continental Rails demo", Seed: r.o.Seed,
		TimeZone: "America/Chicago", Schedule: "every Monday 18:00", Remind: 24 * time.Hour}
	sc, err := processor.ParseSchedule(g.Schedule)
	if err != nil {
		return err
	}
	g.Deadline = sc.Next(r.clock, processor.Zone(g))
	var seats []store.Position
	_, seatCount := r.title.Seats()
	for n := 1; n <= seatCount; n++ {
		seats = append(seats, store.Position{Number: n})
	}
	if err := processor.CreateGame(ctx, r.st, r.title, g, seats, r.clock); err != nil {
		return err
	}
	// The game master seats the players, as `railpost game add-player`
	// does; the first pass mails each a welcome with their password.
	for i := range r.o.Humans {
		p := &player{number: i + 1, name: names[i], address: fmt.Sprintf("%s@players.invalid", strings.ToLower(strings.Fields(names[i])[0]))}
		if _, err := r.proc.GM(ctx, GameID, gmcmd.Command{Verb: "HAND", Rest: fmt.Sprintf("%d %s %s", p.number, p.address, p.name)}, processor.GMActor{Name: "demo"}); err != nil {
			return fmt.Errorf("demo: seat %s: %w", p.name, err)
		}
		r.humans = append(r.humans, p)
	}
	if _, err := r.pass(ctx); err != nil {
		return err
	}
	for _, p := range r.humans {
		m, err := r.newest(p.address, about("Welcome"))
		if err != nil {
			return err
		}
		pw := passwordRE.FindStringSubmatch(m.Text)
		if pw == nil {
			return fmt.Errorf("demo: the welcome to %s has no password", p.address)
		}
		p.password = pw[1]
	}
	return nil
}

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

var passwordRE = regexp.MustCompile(`Your password is: (\S+)`)

// play runs the turns of a weekly game. A day before each deadline the
// players answer their newest turnsheet and a pass takes their orders; a
// minute after the deadline the next pass resolves the turn. On turn 2 the
// first player sends a sheet with a garbled line first, reads the error
// reply, and sends the sheet again.
func (r *run) play(ctx context.Context) error {
	limit := r.o.Turns
	if limit == 0 {
		limit = MaxTurns
	}
	for turn := 1; turn <= limit; turn++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		g, err := r.st.Game(ctx, GameID)
		if err != nil {
			return err
		}
		r.clock = later(r.clock, g.Deadline.Add(-24*time.Hour))
		s, err := r.state(ctx)
		if err != nil {
			return err
		}
		if turn == min(2, limit) {
			if err := r.sendMangled(ctx, s, r.humans[0]); err != nil {
				return err
			}
			r.clock = r.clock.Add(time.Hour)
		}
		for _, p := range r.humans {
			if err := r.answer(s, p, nil); err != nil {
				return err
			}
		}
		sum, err := r.pass(ctx)
		if err != nil {
			return err
		}
		if sum.Accepted != len(r.humans) || sum.Resolved != 0 {
			return fmt.Errorf("demo: turn %d: the players' orders were not all accepted, or the turn resolved before its deadline: %s", turn, sum)
		}
		r.clock = g.Deadline.Add(time.Minute)
		if sum, err = r.pass(ctx); err != nil {
			return err
		}
		if sum.Resolved != 1 {
			return fmt.Errorf("demo: turn %d did not resolve at its deadline: %s", turn, sum)
		}
		r.res.Turns = turn
		if g, err = r.st.Game(ctx, GameID); err != nil {
			return err
		}
		r.progress(turn, limit, g.Status == "ended")
		if g.Status == "ended" {
			r.res.Over = true
			break
		}
	}
	if r.o.Bar {
		fmt.Fprintln(r.o.Progress)
	}
	return nil
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a.Add(time.Minute)
}

// sendMangled sends a sheet whose BORROW line a player has garbled. The
// processor accepts the rest, names the line and says how to fix it; the
// player then answers again, which replaces the first sheet.
func (r *run) sendMangled(ctx context.Context, s *cr.State, p *player) error {
	if err := r.answer(s, p, func(sheet string) string {
		return borrowRE.ReplaceAllString(sheet, "BORROW: a few thousand")
	}); err != nil {
		return err
	}
	if _, err := r.pass(ctx); err != nil {
		return err
	}
	m, err := r.newest(p.address, about(""))
	if err != nil {
		return err
	}
	if !strings.Contains(m.Text, "Lines not accepted") || !strings.Contains(m.Text, "BORROW: a few thousand") {
		return fmt.Errorf("demo: the reply to a garbled BORROW line does not name it:\n%s", m.Text)
	}
	for _, l := range strings.Split(m.Text, "\n") {
		if strings.Contains(l, "BORROW: a few thousand") {
			r.res.Rejected = append(r.res.Rejected, strings.TrimSpace(l))
		}
	}
	return nil
}

var borrowRE = regexp.MustCompile(`(?m)^BORROW:.*$`)

// answer replies to a player's newest turnsheet with the choices the
// computer would make for the position, written into the sheet; mangle,
// if given, spoils it first.
func (r *run) answer(s *cr.State, p *player, mangle func(string) string) error {
	m, err := r.newest(p.address, hasSheet)
	if err != nil {
		return err
	}
	i := strings.Index(m.Text, sheetMark)
	filled, err := orders.FillContinentalRails(m.Text[i:], cr.ComputerOrders(r.title.Map(), s, p.number))
	if err != nil {
		return fmt.Errorf("demo: %s fills in the sheet: %w", p.name, err)
	}
	if mangle != nil {
		filled = mangle(filled)
	}
	r.sent++
	raw, err := mail.Build(mail.Outgoing{MessageID: fmt.Sprintf("<demo-%d@players.invalid>", r.sent),
		From: &nmail.Address{Name: p.name, Address: p.address}, To: []*nmail.Address{{Address: "gm@demo.railpost.invalid"}},
		Subject: "Re: " + m.Subject, Date: r.clock, InReplyTo: m.MessageID, References: []string{m.MessageID},
		Text: "PASSWORD: " + p.password + "\n\n" + filled})
	if err != nil {
		return err
	}
	r.res.MailsIn++
	return r.imap.DeliverAt("INBOX", raw, r.clock)
}

// state is the game as the players see it: the latest snapshot.
func (r *run) state(ctx context.Context) (*cr.State, error) {
	snap, err := r.st.LatestSnapshot(ctx, GameID)
	if err != nil {
		return nil, err
	}
	var s cr.State
	if err := json.Unmarshal(snap.State, &s); err != nil {
		return nil, fmt.Errorf("demo: the state after turn %d: %w", snap.Turn, err)
	}
	return &s, nil
}

const sheetMark = "# CONTINENTAL RAILS II - TURNSHEET"

// newest is the newest mail to an address that matches, as the player's
// mail client shows it.
func (r *run) newest(addr string, match func(*orders.Mail) bool) (*orders.Mail, error) {
	msgs := r.smtp.Messages()
	for i := len(msgs) - 1; i >= 0; i-- {
		if !sentTo(msgs[i], addr) {
			continue
		}
		m, err := orders.ReadMail(msgs[i].Raw, orders.Identity{}, orders.DefaultLimits)
		if err != nil {
			return nil, fmt.Errorf("demo: a mail to %s does not read: %w", addr, err)
		}
		if match(m) {
			return m, nil
		}
	}
	return nil, fmt.Errorf("demo: no such mail to %s", addr)
}

func hasSheet(m *orders.Mail) bool { return strings.Contains(m.Text, sheetMark) }

func about(subject string) func(*orders.Mail) bool {
	return func(m *orders.Mail) bool { return strings.Contains(m.Subject, subject) }
}

func sentTo(m loopback.Received, addr string) bool {
	for _, to := range m.To {
		if to == addr {
			return true
		}
	}
	return false
}

// pass is one processing pass, as cron runs it; a step that fails is the
// demo's failure.
func (r *run) pass(ctx context.Context) (processor.Summary, error) {
	sum, err := r.proc.Run(ctx)
	if err != nil {
		return sum, fmt.Errorf("demo: pass: %w", err)
	}
	if sum.SendFailed > 0 || len(sum.StepErrors) > 0 {
		return sum, fmt.Errorf("demo: pass: %s", sum)
	}
	return sum, nil
}

func (r *run) progress(turn, limit int, over bool) {
	g := r.res
	if !r.o.Bar {
		end := ""
		if over {
			end = "; the game is over"
		}
		fmt.Fprintf(r.o.Progress, "turn %d resolved: %d mails in, %d out so far%s\n", turn, g.MailsIn, len(r.smtp.Messages()), end)
		return
	}
	const width = 30
	total := limit
	if r.o.Turns == 0 {
		total = max(turn+1, 25) // the game ends at random after turn 20 (1.3)
	}
	if over {
		total = turn
	}
	done := width * turn / total
	fmt.Fprintf(r.o.Progress, "\r[%s%s] turn %d  mails %d in, %d out ", strings.Repeat("#", done), strings.Repeat(".", width-done), turn, g.MailsIn, len(r.smtp.Messages()))
}

// finish counts the mail, names the winners and the records, replays the
// game from its log, and exports the archive.
func (r *run) finish(ctx context.Context) error {
	msgs := r.smtp.Messages()
	r.res.MailsOut = len(msgs)
	r.res.OutByKind = map[string]int{}
	for _, raw := range msgs {
		m, err := orders.ReadMail(raw.Raw, orders.Identity{}, orders.DefaultLimits)
		if err != nil {
			return err
		}
		kind := "other"
		for _, k := range mailKinds {
			if strings.Contains(m.Subject, k.subject) {
				kind = k.name
				break
			}
		}
		if kind == "turn reports" {
			r.res.Reports++
		}
		r.res.OutByKind[kind]++
	}
	snap, err := r.st.LatestSnapshot(ctx, GameID)
	if err != nil {
		return err
	}
	scores, err := r.title.FinalScores(snap.State)
	if err != nil {
		return err
	}
	human := map[int]bool{}
	for _, p := range r.humans {
		human[p.number] = true
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
	for _, c := range cats {
		b := best[c]
		r.res.Winners = append(r.res.Winners, Winner{Category: c, Name: b.Name, Position: b.Position, Human: human[b.Position], Points: b.Points})
	}
	events, err := r.st.Events(ctx, GameID, snap.Turn)
	if err != nil {
		return err
	}
	for _, e := range events {
		if e.Kind == "record" {
			r.res.Records = append(r.res.Records, e.Text)
		}
	}
	rep, err := archive.Replay(ctx, r.st, r.proc.Titles, GameID)
	if err != nil {
		return err
	}
	if len(rep.Mismatches) > 0 {
		return fmt.Errorf("demo: replay differs from the archive at turns %v", rep.Mismatches)
	}
	r.res.Replayed = rep.Steps
	if err := archive.Export(ctx, r.st, r.proc.Titles, GameID, r.res.Archive); err != nil {
		return err
	}
	r.res.Example = filepath.Join(r.res.Archive, "turns", fmt.Sprintf("%03d", r.res.Turns), "report-position1.pdf")
	if _, err := os.Stat(r.res.Example); err != nil {
		return fmt.Errorf("demo: the last report is missing from the archive: %w", err)
	}
	return nil
}

// mailKinds tell the processor's mails apart by their subjects.
var mailKinds = []struct{ subject, name string }{
	{" results", "turn reports"}, {"orders accepted", "order confirmations"}, {"Reminder:", "reminders"},
	{"Welcome", "welcomes"}, {"not accepted", "refusals"},
}

// Summary is the closing text of `railpost demo`.
func (res Result) Summary() string {
	var b strings.Builder
	state := "stopped by --turns; the game goes on"
	if res.Over {
		state = "ended by the rules"
	}
	fmt.Fprintf(&b, "\nContinental Rails demo: %d turns played (%s) in %.1f s.\n", res.Turns, state, res.Seconds)
	var kinds []string
	for _, k := range append(mailKinds, struct{ subject, name string }{"", "other"}) {
		if n := res.OutByKind[k.name]; n > 0 {
			kinds = append(kinds, fmt.Sprintf("%d %s", n, k.name))
		}
	}
	fmt.Fprintf(&b, "Mail: %d in from %d players; %d out: %s.\n", res.MailsIn, res.Humans, res.MailsOut, strings.Join(kinds, ", "))
	for _, l := range res.Rejected {
		fmt.Fprintf(&b, "One sheet was garbled on purpose, and the player sent it again after the reply, which said:\n  %s\n", strings.TrimPrefix(l, "- "))
	}
	fmt.Fprintf(&b, "Replay: all %d turns rebuilt from the log, identical to the archive.\n\nLeaders by category (1.2):\n", res.Replayed)
	w := append([]Winner(nil), res.Winners...)
	sort.SliceStable(w, func(i, j int) bool { return w[i].Category == "total" && w[j].Category != "total" })
	for _, x := range w {
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
	if len(res.Records) > 0 {
		b.WriteString("\nRecords (11.3):\n")
		for _, l := range res.Records {
			fmt.Fprintf(&b, "  %s\n", l)
		}
	}
	fmt.Fprintf(&b, "\nWhere things are:\n")
	fmt.Fprintf(&b, "  database        %s\n", res.Database)
	fmt.Fprintf(&b, "  archive         %s/index.html\n", res.Archive)
	fmt.Fprintf(&b, "  PDF reports     %s/turns/NNN/report-positionP.pdf\n", res.Archive)
	fmt.Fprintf(&b, "  mails as .eml   %s/mail/in and %s/mail/out\n", res.Archive, res.Archive)
	fmt.Fprintf(&b, "  a report        %s\n", res.Example)
	fmt.Fprintf(&b, "\nThe other commands read the database; from the source tree, put go run ./cmd/railpost for railpost:\n")
	fmt.Fprintf(&b, "  railpost game show --db %s %s\n", res.Database, res.GameID)
	fmt.Fprintf(&b, "  railpost report --db %s --game %s --turn %d --position 2 --out report.pdf\n", res.Database, res.GameID, max(res.Turns/2, 1))
	fmt.Fprintf(&b, "  railpost replay --db %s %s\n", res.Database, res.GameID)
	return b.String()
}
