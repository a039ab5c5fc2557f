package demo

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	nmail "net/mail"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/railpost/railpost/games/chicagoexpress"
	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor"
	"github.com/railpost/railpost/processor/gmcmd"
	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/mail/loopback"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
	cetitle "github.com/railpost/railpost/titles/chicagoexpress"
)

// ChicagoGameID is the Chicago Express demo game's id.
const ChicagoGameID = "ce-demo"

// ChicagoResult is what the Chicago Express demo did (summary.json).
type ChicagoResult struct {
	GameID   string `json:"game"`
	Players  int    `json:"players"`
	Actions  int    `json:"actions"` // entries in the move log, undos included
	Over     bool   `json:"over"`
	MailsIn  int    `json:"mails_in"`
	MailsOut int    `json:"mails_out"`
	Reports  int    `json:"pdf_reports"`
	// The scripted moments, each with the processor's answer.
	Illegal string `json:"illegal_reply"`
	Stale   string `json:"stale_reply"`
	Undo    string `json:"undo"`
	Timeout string `json:"timeout"`
	// Scores are the final cash by position as the pipeline stored them;
	// Direct are the engine's, run on the same moves without mail.
	Scores   []int    `json:"scores"`
	Direct   []int    `json:"direct_scores"`
	Winners  []string `json:"winners"`
	Database string   `json:"database"`
	Archive  string   `json:"archive"`
	Seconds  float64  `json:"seconds"`
}

type ceRun struct {
	o       Options
	title   cetitle.Title
	proc    *processor.Processor
	st      *store.Store
	imap    *loopback.IMAPServer
	smtp    *loopback.SMTPServer
	clock   time.Time
	players []*player
	seen    int                       // SMTP messages read so far
	latest  map[string]*orders.Mail   // the newest "your move" mail to each address
	mails   map[string][]*orders.Mail // every mail to each address, oldest first
	sent    int
	res     ChicagoResult
}

var cePasswordRE = regexp.MustCompile(`Your password is (\S+)\. Keep it`)

// RunChicago plays a whole 4-player Chicago Express game by mail through the
// real pipe: loopback IMAP and SMTP, SQLite, a pass after every mail. The
// players are scripted: each answers their "your move" mail with the
// computer's choice. On the way one sends an illegal move, one answers a
// move already played, one takes a move back with UNDO, and one lets a
// move time out, which the processor passes for them.
func RunChicago(ctx context.Context, o Options) (ChicagoResult, error) {
	start := time.Now()
	if o.Seed == 0 {
		o.Seed = 1
	}
	if o.Progress == nil {
		o.Progress = io.Discard
	}
	if o.Log == nil {
		o.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	r := &ceRun{o: o, clock: time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC), latest: map[string]*orders.Mail{}, mails: map[string][]*orders.Mail{}}
	defer r.close()
	if err := r.setUp(ctx); err != nil {
		return r.res, err
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

func (r *ceRun) close() {
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

func (r *ceRun) setUp(ctx context.Context) error {
	d, err := startDemoMail(ctx, r.o.Dir)
	if err != nil {
		return err
	}
	r.imap, r.smtp, r.st = d.imap, d.smtp, d.st
	cfg := d.cfg
	r.proc = &processor.Processor{Store: r.st, Config: cfg, Titles: title.Set{r.title.Name(): r.title},
		Log: r.o.Log, Now: func() time.Time { return r.clock }}
	r.res = ChicagoResult{GameID: ChicagoGameID, Players: 4, Database: cfg.Database, Archive: filepath.Join(r.o.Dir, "archive")}
	g := store.Game{ID: ChicagoGameID, Title: r.title.Name(), Name: "Chicago Express demo", Seed: r.o.Seed, TimeZone: "America/Chicago",
		Remind: 24 * time.Hour, MoveTimeout: 48 * time.Hour, TimeoutPolicy: "pass", GMAddress: "gm-person@players.invalid"}
	var seats []store.Position
	for n := 1; n <= r.res.Players; n++ {
		seats = append(seats, store.Position{Number: n, Name: strings.Fields(names[n-1])[0]})
	}
	if err := processor.CreateGame(ctx, r.st, r.title, g, seats, r.clock); err != nil {
		return err
	}
	for i := range r.res.Players {
		p := &player{number: i + 1, name: names[i], address: fmt.Sprintf("%s@players.invalid", strings.ToLower(strings.Fields(names[i])[0]))}
		if _, err := r.proc.GM(ctx, ChicagoGameID, gmcmd.Command{Verb: "HAND", Rest: fmt.Sprintf("%d %s %s", p.number, p.address, strings.Fields(p.name)[0])}, processor.GMActor{Name: "demo"}); err != nil {
			return fmt.Errorf("demo: seat %s: %w", p.name, err)
		}
		r.players = append(r.players, p)
	}
	if err := r.pass(ctx); err != nil {
		return err
	}
	for _, p := range r.players {
		var pw []string
		for _, m := range r.mails[p.address] {
			if pw = cePasswordRE.FindStringSubmatch(m.Text); pw != nil {
				break
			}
		}
		if pw == nil {
			return fmt.Errorf("demo: the welcome to %s has no password", p.address)
		}
		p.password = pw[1]
	}
	return nil
}

// pass runs a pass and reads the mail it sent.
func (r *ceRun) pass(ctx context.Context) error {
	sum, err := r.proc.Run(ctx)
	if err != nil {
		return fmt.Errorf("demo: pass: %w", err)
	}
	if sum.SendFailed > 0 || len(sum.StepErrors) > 0 {
		return fmt.Errorf("demo: pass: %s", sum)
	}
	msgs := r.smtp.Messages()
	for _, raw := range msgs[r.seen:] {
		m, err := orders.ReadMail(raw.Raw, orders.Identity{}, orders.DefaultLimits)
		if err != nil {
			return fmt.Errorf("demo: a mail does not read: %w", err)
		}
		if strings.Contains(m.Subject, "Report after") {
			r.res.Reports++
		}
		for _, to := range raw.To {
			r.mails[to] = append(r.mails[to], m)
			if strings.Contains(m.Subject, "Your move (action") {
				r.latest[to] = m
			}
		}
	}
	r.seen = len(msgs)
	return nil
}

// reply sends a player's answer to one of our mails, quoting it as a mail
// client does, with text on top.
func (r *ceRun) reply(p *player, to *orders.Mail, text string) error {
	r.sent++
	var quoted strings.Builder
	for _, l := range strings.Split(to.Text, "\n") {
		quoted.WriteString("> " + l + "\n")
	}
	raw, err := mail.Build(mail.Outgoing{MessageID: fmt.Sprintf("<ce-demo-%d@players.invalid>", r.sent),
		From: &nmail.Address{Name: p.name, Address: p.address}, To: []*nmail.Address{{Address: "gm@demo.railpost.invalid"}},
		Subject: "Re: " + to.Subject, Date: r.clock, InReplyTo: to.MessageID, References: []string{to.MessageID},
		Text: text + "\n\nOn " + r.clock.Format("Mon, 2 Jan 2006") + ", Railpost wrote:\n" + quoted.String()})
	if err != nil {
		return err
	}
	r.res.MailsIn++
	return r.imap.DeliverAt("INBOX", raw, r.clock)
}

// engine is the game as the players could work it out: the engine run on
// the stored log.
func (r *ceRun) engine(ctx context.Context) (title.MoveGame, []eighteen.Action, error) {
	moves, err := r.st.Moves(ctx, ChicagoGameID)
	if err != nil {
		return nil, nil, err
	}
	var log []eighteen.Action
	for _, m := range moves {
		a, err := eighteen.ParseAction(m.Position-1, m.Line)
		if err != nil {
			return nil, nil, err
		}
		log = append(log, a)
	}
	eng, standing, err := eighteen.Replay(func() (eighteen.Engine, error) { return r.title.New(r.names(), uint64(r.o.Seed)) }, log)
	if err != nil {
		return nil, nil, err
	}
	return eng.(title.MoveGame), standing, nil
}

func (r *ceRun) names() []string {
	out := make([]string, r.res.Players)
	for i := range out {
		out[i] = strings.Fields(names[i])[0]
	}
	return out
}

// lastReply is the newest mail to a player that answers one of theirs.
func (r *ceRun) lastReply(p *player) *orders.Mail {
	ms := r.mails[p.address]
	for i := len(ms) - 1; i >= 0; i-- {
		if strings.Contains(ms[i].Subject, "Accepted") || strings.Contains(ms[i].Subject, "not accepted") {
			return ms[i]
		}
	}
	return nil
}

// play answers "your move" mails until the game ends.
func (r *ceRun) play(ctx context.Context) error {
	rng := rand.New(rand.NewPCG(uint64(r.o.Seed), 99))
	var staleMail *orders.Mail
	var staleFrom *player
	for step := 0; step < 5000; step++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		g, err := r.st.Game(ctx, ChicagoGameID)
		if err != nil {
			return err
		}
		if g.Status == "ended" {
			r.res.Over = true
			return nil
		}
		eng, _, err := r.engine(ctx)
		if err != nil {
			return err
		}
		seat := eng.Acting()[0]
		p := r.players[seat]
		m := r.latest[p.address]
		want := fmt.Sprintf("Your move (action %d)", g.Turn)
		if m == nil || !strings.Contains(m.Subject, want) {
			return fmt.Errorf("demo: action %d: %s has no %q mail", g.Turn, p.name, want)
		}
		r.clock = r.clock.Add(7 * time.Minute)
		turn := slices.ContainsFunc(eng.Legal(seat), func(o eighteen.Option) bool { return o.Verb == "PASS" && len(o.Args) == 1 })
		switch {
		case r.res.Illegal == "" && turn:
			// A move the rules forbid: Chicago cannot be developed.
			if err := r.answerAndCheck(ctx, p, m, "DEVELOP A2", "5, Action C", &r.res.Illegal); err != nil {
				return err
			}
			if g2, _ := r.st.Game(ctx, ChicagoGameID); g2.Turn != g.Turn {
				return fmt.Errorf("demo: an illegal move changed the game")
			}
			continue
		case r.res.Timeout == "" && r.res.Undo != "" && !turn:
			// This bidder goes quiet: a reminder, then the timeout passes.
			r.clock = r.clock.Add(25 * time.Hour)
			if err := r.pass(ctx); err != nil {
				return err
			}
			r.clock = r.clock.Add(24 * time.Hour)
			if err := r.pass(ctx); err != nil {
				return err
			}
			moves, err := r.st.Moves(ctx, ChicagoGameID)
			if err != nil {
				return err
			}
			if !slices.ContainsFunc(moves, func(mv store.Move) bool { return mv.Source == "timeout" }) {
				return fmt.Errorf("demo: the quiet bidder's move was not passed at the timeout")
			}
			r.res.Timeout = fmt.Sprintf("%s did not answer action %d for 49 hours: the processor passed for them", p.name, g.Turn)
			continue
		}
		choice := eng.Computer(seat, rng)
		if err := r.reply(p, m, choice.String()); err != nil {
			return err
		}
		if err := r.pass(ctx); err != nil {
			return err
		}
		if ack := r.lastReply(p); ack == nil || !strings.Contains(ack.Subject, "Accepted") {
			return fmt.Errorf("demo: %s's move %q was not accepted", p.name, choice)
		}
		switch {
		case staleMail == nil && r.res.Illegal != "":
			staleMail, staleFrom = m, p
		case r.res.Stale == "" && staleMail != nil:
			// The first mail answered again, as a player who resent it would.
			if err := r.answerAndCheck(ctx, staleFrom, staleMail, "PASS EXPAND", "already been played", &r.res.Stale); err != nil {
				return err
			}
		case r.res.Undo == "" && r.res.Stale != "" && choice.Verb != "BID" && choice.Verb != "PASS":
			ack := r.lastReply(p)
			if ack == nil || !strings.Contains(ack.Text, "reply UNDO") {
				continue // the move ended in automatic moves; try a later one
			}
			if err := r.answerAndCheck(ctx, p, ack, "UNDO", "undoes 1 move", &r.res.Undo); err != nil {
				return err
			}
		}
	}
	return fmt.Errorf("demo: the game did not end in 5000 mails")
}

// answerAndCheck sends a line and requires the processor's reply to say
// something; the reply's telling line is kept for the summary.
func (r *ceRun) answerAndCheck(ctx context.Context, p *player, to *orders.Mail, line, want string, keep *string) error {
	if err := r.reply(p, to, line); err != nil {
		return err
	}
	if err := r.pass(ctx); err != nil {
		return err
	}
	ack := r.lastReply(p)
	if ack == nil || !strings.Contains(ack.Text, want) {
		text := ""
		if ack != nil {
			text = ack.Text
		}
		return fmt.Errorf("demo: %s sent %q; the reply does not say %q:\n%s", p.name, line, want, text)
	}
	for _, l := range strings.Split(ack.Text, "\n") {
		if strings.Contains(l, want) {
			*keep = strings.TrimSpace(l)
			break
		}
	}
	return nil
}

// finish reads the final scores the pipeline stored, runs the engine
// directly on the same moves, and exports the archive.
func (r *ceRun) finish(ctx context.Context) error {
	r.res.MailsOut = len(r.smtp.Messages())
	moves, err := r.st.Moves(ctx, ChicagoGameID)
	if err != nil {
		return err
	}
	r.res.Actions = len(moves)
	scores, err := r.st.FinalScores(ctx, ChicagoGameID)
	if err != nil {
		return err
	}
	r.res.Scores = make([]int, r.res.Players)
	for _, s := range scores {
		r.res.Scores[s.Position-1] = s.Points
	}
	// The engine directly: a fresh game and the standing moves, no mail.
	_, standing, err := r.engine(ctx)
	if err != nil {
		return err
	}
	direct, err := chicagoexpress.New(chicagoexpress.Setup{Players: r.names(), Seed: uint64(r.o.Seed)})
	if err != nil {
		return err
	}
	for _, a := range standing {
		if err := direct.Apply(a); err != nil {
			return fmt.Errorf("demo: the engine run directly refuses %q: %w", a, err)
		}
	}
	r.res.Direct = direct.Scores()
	for _, w := range direct.Winners() {
		r.res.Winners = append(r.res.Winners, direct.Names[w])
	}
	if !direct.Over() || !slices.Equal(r.res.Direct, r.res.Scores) {
		return fmt.Errorf("demo: the pipeline's final scores %v differ from the engine's %v (over %v)", r.res.Scores, r.res.Direct, direct.Over())
	}
	a, err := r.st.ExportGame(ctx, ChicagoGameID)
	if err != nil {
		return err
	}
	b, err := json.Marshal(a)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(r.res.Archive, 0o755); err != nil {
		return err
	}
	r.res.Archive = filepath.Join(r.res.Archive, ChicagoGameID+".json")
	return os.WriteFile(r.res.Archive, b, 0o644)
}

// Summary is the closing text of `railpost demo --title chicago-express`.
func (res ChicagoResult) Summary() string {
	var b strings.Builder
	end := "did not end"
	if res.Over {
		end = "ended by its rules"
	}
	fmt.Fprintf(&b, "\nChicago Express demo game %s: %d players, %d actions, %s.\n", res.GameID, res.Players, res.Actions, end)
	fmt.Fprintf(&b, "Mail: %d in, %d out, %d PDF reports.\n", res.MailsIn, res.MailsOut, res.Reports)
	fmt.Fprintf(&b, "An illegal move was answered: %s\n", res.Illegal)
	fmt.Fprintf(&b, "A stale move was answered: %s\n", res.Stale)
	fmt.Fprintf(&b, "An undo: %s\n", res.Undo)
	fmt.Fprintf(&b, "A timeout: %s\n", res.Timeout)
	fmt.Fprintf(&b, "Final cash %v; the engine run directly on the same moves gives %v. Winner(s): %s.\n", res.Scores, res.Direct, strings.Join(res.Winners, ", "))
	fmt.Fprintf(&b, "Database: %s\nArchive: %s\nTook %.1f s.\n", res.Database, res.Archive, res.Seconds)
	return b.String()
}
