package title

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/railpost/railpost/games/move"
	"github.com/railpost/railpost/orders"
)

// Chooser is a one-move engine with a computer player: what the demo's
// scripted players answer with when no set piece is due.
type Chooser interface {
	move.Engine
	Suggest(seat int, rng *rand.Rand) move.Action
}

// MoveLoop is the frame of a one-move-a-mail title's demo script: it
// answers each "your move" mail until the game ends or the limit is
// reached, with the title's set piece when one is due and the computer's
// choice otherwise, and plays the two set pieces every such title shows
// the same way: a mail answered again after its move was played (once
// the title's illegal move is done), and a move taken back with UNDO.
type MoveLoop[E Chooser] struct {
	Seed    int64
	Limit   int // the last action to play; 0 for the whole game
	Mails   int // the most mails to answer before the demo gives up
	Players []*DemoPlayer
	// Engine is the game as the players can work it out from the log.
	Engine func(ctx context.Context, d Desk) (E, error)
	// Scripted plays the title's set pieces when their moment comes; done
	// says it answered the mail.
	Scripted func(ctx context.Context, d Desk, eng E, p *DemoPlayer, m *orders.Mail, action int) (done bool, err error)
	// Finish checks the game at its end (the stored scores against the
	// engine's own on the same moves).
	Finish func(ctx context.Context, d Desk) error
	// Illegal is the title's illegal-move set piece's answer, "" until it
	// is played: the stale answer follows it.
	Illegal *string
	// StaleLine is the move the answered-again mail carries.
	StaleLine string
	// Digest has every player but the first ask for a daily digest with
	// his first move, as most players of a long game by mail do.
	Digest bool

	// Stale and Undo are the processor's answers to the two set pieces.
	Stale, Undo string

	digest    map[int]bool
	staleMail *orders.Mail
	staleFrom *DemoPlayer
}

// Play implements Script's Play.
func (l *MoveLoop[E]) Play(ctx context.Context, d Desk) error {
	rng := rand.New(rand.NewPCG(uint64(l.Seed), 99))
	for range l.Mails {
		if err := ctx.Err(); err != nil {
			return err
		}
		g, err := d.Game(ctx)
		if err != nil {
			return err
		}
		d.Progress(g.Turn-1, 0, g.Status == "ended")
		if g.Status == "ended" {
			return l.Finish(ctx, d)
		}
		if l.Limit > 0 && g.Turn > l.Limit {
			return nil
		}
		eng, err := l.Engine(ctx, d)
		if err != nil {
			return err
		}
		seat := eng.Acting()[0]
		if seat >= len(l.Players) {
			return fmt.Errorf("action %d: the game waits for the computer's seat %d after a pass", g.Turn, seat+1)
		}
		p := l.Players[seat]
		want := fmt.Sprintf("Your move (action %d)", g.Turn)
		m := NewestMail(d, p, "Your move (action")
		if m == nil || !strings.Contains(m.Subject, want) {
			return fmt.Errorf("action %d: %s has no %q mail", g.Turn, p.Name, want)
		}
		d.SetClock(d.Now().Add(7 * time.Minute))
		if done, err := l.Scripted(ctx, d, eng, p, m, g.Turn); err != nil || done {
			if err != nil {
				return err
			}
			continue
		}
		choice := eng.Suggest(seat, rng)
		ack, err := l.Send(ctx, d, p, m, choice.String())
		if err != nil {
			return err
		}
		if err := l.after(ctx, d, p, m, ack, choice); err != nil {
			return err
		}
	}
	return fmt.Errorf("the game did not end in %d mails", l.Mails)
}

// after plays the set pieces that follow a move: the first mail after
// the illegal move is kept, answered again one move later, and then the
// next move that leaves UNDO open is taken back.
func (l *MoveLoop[E]) after(ctx context.Context, d Desk, p *DemoPlayer, m, ack *orders.Mail, choice move.Action) error {
	var err error
	switch {
	case l.staleMail == nil && *l.Illegal != "":
		l.staleMail, l.staleFrom = m, p
	case l.Stale == "" && l.staleMail != nil:
		// The first mail answered again, as a player who resent it would.
		l.Stale, err = ReplyAndCheck(ctx, d, l.staleFrom, l.staleMail, l.StaleLine, "already been played")
	case l.Undo == "" && l.Stale != "" && choice.Verb != "BID" && choice.Verb != "PASS":
		if !strings.Contains(ack.Text, "reply UNDO") {
			return nil // the move ended in automatic moves; try a later one
		}
		l.Undo, err = ReplyAndCheck(ctx, d, p, ack, "UNDO", "undoes 1 move")
	}
	return err
}

// Send mails a move (with DIGEST ON, signed by the password, the first
// time for all but the first player, where the loop asks for it), runs a pass and requires the move
// accepted; it returns the answer.
func (l *MoveLoop[E]) Send(ctx context.Context, d Desk, p *DemoPlayer, m *orders.Mail, line string) (*orders.Mail, error) {
	seat := p.Position - 1
	text := line
	if l.Digest && seat > 0 && !l.digest[seat] {
		if l.digest == nil {
			l.digest = map[int]bool{}
		}
		// A setting needs the password; the quoted mail gives the rest.
		text = "PASSWORD: " + p.Password + "\n" + text + "\nDIGEST ON"
		l.digest[seat] = true
	}
	if err := Reply(d, p, m, text); err != nil {
		return nil, err
	}
	if _, err := d.Pass(ctx); err != nil {
		return nil, err
	}
	ack := NewestMail(d, p, "Accepted", "not accepted")
	if ack == nil || !strings.Contains(ack.Subject, "Accepted") {
		return nil, fmt.Errorf("%s's move %q was not accepted", p.Name, line)
	}
	return ack, nil
}

// Scored is a one-move engine with its final scores.
type Scored interface {
	move.Engine
	Scores() []int
}

// CheckDirect plays the moves that stand in the stored log on a fresh
// engine, with no mail in between, and requires the game over and the
// final scores the pipeline stored for the seats to be that engine's
// own; what names the score in the error. It returns the engine run
// directly and the stored scores.
func CheckDirect[E Scored](ctx context.Context, d Desk, f *Follower[E], seats int, what string) (E, []int, error) {
	var zero E
	f.Reset()
	_, standing, err := f.Engine(ctx, d)
	if err != nil {
		return zero, nil, err
	}
	direct, err := f.Fresh()
	if err != nil {
		return zero, nil, err
	}
	for _, a := range standing {
		if err := direct.Apply(a); err != nil {
			return zero, nil, fmt.Errorf("the engine run directly refuses %q: %w", a, err)
		}
	}
	finals, err := d.FinalScores(ctx)
	if err != nil {
		return zero, nil, err
	}
	stored := make([]int, seats)
	for _, fs := range finals {
		if fs.Position >= 1 && fs.Position <= seats {
			stored[fs.Position-1] = fs.Points
		}
	}
	if !direct.Over() || !slices.Equal(stored, direct.Scores()) {
		return zero, nil, fmt.Errorf("the pipeline's final %s %v differs from the engine's %v (over %v)", what, stored, direct.Scores(), direct.Over())
	}
	return direct, stored, nil
}
