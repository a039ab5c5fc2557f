package title

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/railpost/railpost/games/move"

	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/store"
)

// Demonstrated is a title that `railpost demo` can play: it gives the
// script of the demo's scripted players, and the demo runs it on loopback
// mail through the real processor, the same for every title.
type Demonstrated interface {
	Title
	Demo(o DemoOptions) (Script, error)
}

// DemoOptions are what the person running the demo chose.
type DemoOptions struct {
	Seed   int64
	Humans int // scripted players; 0: the title's own choice
	Limit  int // stop after this many turns or actions; 0: play to the end
}

// Script is one demo game: the game the game master creates, the people
// he seats in it, and how they play.
type Script interface {
	// Game is the game to create and its positions, with no one seated.
	Game() (store.Game, []store.Position)
	// Players are the scripted people, seated with HAND before the first
	// pass; the demo fills in each one's password from the welcome.
	Players() []*DemoPlayer
	// Play answers the players' mail through the desk until the game ends
	// or the limit is reached.
	Play(ctx context.Context, d Desk) error
	// Notes say what the script showed on the way, for the summary: the
	// mails sent wrong on purpose and the replies they got, and checks
	// made against the engine run directly.
	Notes() []string
}

// DemoPlayer is one scripted person.
type DemoPlayer struct {
	Position int
	Name     string
	Address  string
	Password string
}

// Desk is what a scripted player can do: read the mail the processor
// sent, answer it, and let time pass. Each pass is the one cron runs.
type Desk interface {
	// Now is the demo's clock; SetClock moves it on.
	Now() time.Time
	SetClock(t time.Time)
	// Pass runs one processing pass; a step that fails is the demo's
	// failure.
	Pass(ctx context.Context) (PassCount, error)
	// Mails are every mail sent to an address, oldest first.
	Mails(address string) []*orders.Mail
	// Send mails text from a player, as a reply to one of our mails or,
	// when to is nil, as a new mail.
	Send(from *DemoPlayer, to *orders.Mail, text string) error
	// Game, Latest, Moves and FinalScores read the game as the
	// database holds it.
	Game(ctx context.Context) (store.Game, error)
	Latest(ctx context.Context) (store.Snapshot, error)
	Moves(ctx context.Context) ([]store.Move, error)
	FinalScores(ctx context.Context) ([]store.FinalScore, error)
	// Progress shows how far the game has come.
	Progress(done, total int, over bool)
}

// PassCount is what one pass did that a script checks.
type PassCount struct {
	Accepted, Rejected, Resolved int
}

// NewestMail is the newest mail to a scripted player whose subject holds
// any of want, or nil.
func NewestMail(d Desk, p *DemoPlayer, want ...string) *orders.Mail {
	ms := d.Mails(p.Address)
	for i := len(ms) - 1; i >= 0; i-- {
		for _, w := range want {
			if strings.Contains(ms[i].Subject, w) {
				return ms[i]
			}
		}
	}
	return nil
}

// Reply answers one of our mails as a mail program does: the text on
// top, the mail quoted below.
func Reply(d Desk, p *DemoPlayer, to *orders.Mail, text string) error {
	var quoted strings.Builder
	for _, l := range strings.Split(to.Text, "\n") {
		quoted.WriteString("> " + l + "\n")
	}
	return d.Send(p, to, text+"\n\nOn "+d.Now().Format("Mon, 2 Jan 2006")+", Railpost wrote:\n"+quoted.String())
}

// ReplyAndCheck sends a line as a reply, runs a pass, and requires the
// processor's answer to say want; it returns the answer's line that does,
// for the demo's summary.
func ReplyAndCheck(ctx context.Context, d Desk, p *DemoPlayer, to *orders.Mail, line, want string) (string, error) {
	if err := Reply(d, p, to, line); err != nil {
		return "", err
	}
	if _, err := d.Pass(ctx); err != nil {
		return "", err
	}
	ack := NewestMail(d, p, "Accepted", "not accepted")
	if ack == nil || !strings.Contains(ack.Text, want) {
		text := ""
		if ack != nil {
			text = ack.Text
		}
		return "", fmt.Errorf("%s sent %q; the reply does not say %q:\n%s", p.Name, line, want, text)
	}
	for _, l := range strings.Split(ack.Text, "\n") {
		if strings.Contains(l, want) {
			return strings.TrimSpace(l), nil
		}
	}
	return "", nil
}

// GoQuiet has a scripted player say nothing for 49 hours: a reminder
// comes at 24, and at the demo's 48-hour move timeout the processor
// passes for them. It returns the line for the summary.
func GoQuiet(ctx context.Context, d Desk, p *DemoPlayer, action int) (string, error) {
	d.SetClock(d.Now().Add(25 * time.Hour))
	if _, err := d.Pass(ctx); err != nil {
		return "", err
	}
	d.SetClock(d.Now().Add(24 * time.Hour))
	if _, err := d.Pass(ctx); err != nil {
		return "", err
	}
	moves, err := d.Moves(ctx)
	if err != nil {
		return "", err
	}
	if !slices.ContainsFunc(moves, func(mv store.Move) bool { return mv.Source == "timeout" }) {
		return "", fmt.Errorf("%s's move was not passed at the timeout", p.Name)
	}
	return fmt.Sprintf("%s did not answer action %d for 49 hours: the processor passed for them", p.Name, action), nil
}

// Follower is a demo script's copy of a one-move game kept in step with
// the stored log, without replaying the whole log every mail: the moves
// since it last looked are applied, and an UNDO, or a log grown shorter,
// replays from the start.
type Follower[E move.Engine] struct {
	Fresh func() (E, error) // the game as dealt
	eng   E
	have  bool
	seen  int // log entries taken in
}

// Engine is the game after the stored moves, and, when it was replayed
// from the start, the moves that stand.
func (f *Follower[E]) Engine(ctx context.Context, d Desk) (E, []move.Action, error) {
	var zero E
	moves, err := d.Moves(ctx)
	if err != nil {
		return zero, nil, err
	}
	log := make([]move.Action, 0, len(moves))
	for _, m := range moves {
		a, err := move.ParseAction(m.Position-1, m.Line)
		if err != nil {
			return zero, nil, err
		}
		log = append(log, a)
	}
	undone := slices.ContainsFunc(log[min(f.seen, len(log)):], func(a move.Action) bool { return a.Verb == move.Undo })
	if !f.have || undone || len(log) < f.seen {
		eng, standing, err := move.Replay(func() (move.Engine, error) { return f.Fresh() }, log)
		if err != nil {
			return zero, nil, err
		}
		f.eng, f.have, f.seen = eng.(E), true, len(log)
		return f.eng, standing, nil
	}
	for _, a := range log[f.seen:] {
		if err := f.eng.Apply(a); err != nil {
			return zero, nil, fmt.Errorf("the stored move %q does not apply: %w", a, err)
		}
	}
	f.seen = len(log)
	return f.eng, nil, nil
}

// Reset drops the copy: the next Engine replays the log from the start,
// with the moves that stand.
func (f *Follower[E]) Reset() { f.have, f.seen = false, 0 }
