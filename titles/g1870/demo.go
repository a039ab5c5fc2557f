package g1870

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/g1870"
	"github.com/railpost/railpost/games/move"
	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// DemoGameID is the demo game's id.
const DemoGameID = "1870-demo"

var demoNames = []string{"Ada", "Ben", "Cyd", "Dee", "Eve", "Fay"}

// Demo implements title.Demonstrated: every seat a scripted player, who
// answers their "your move" mail with the computer's choice. On the way
// one sends an illegal move (and is told the move it was near), one
// answers a move already played, one takes a move back with UNDO, one
// offers another a private company and the other accepts, and one lets a
// move time out, which the processor passes for them. All but the first
// ask for a daily digest with their first move, as players of a long
// game do; the first gets a mail, with the board, for every move. At the end the
// final worth the pipeline stored is checked against the engine run
// directly on the same moves.
func (Title) Demo(o title.DemoOptions) (title.Script, error) {
	if o.Humans == 0 {
		o.Humans = 4
	}
	if o.Humans < 2 || o.Humans > 6 {
		return nil, fmt.Errorf("--humans %d: 1870 takes 2 to 6 players, and in the demo each is scripted", o.Humans)
	}
	s := &demoScript{o: o}
	s.game.Fresh = s.fresh
	s.loop = title.MoveLoop[*g1870.Game]{Seed: o.Seed, Limit: o.Limit, Mails: 6000, Illegal: &s.illegal, StaleLine: "PASS", Digest: true,
		Engine: func(ctx context.Context, d title.Desk) (*g1870.Game, error) {
			eng, _, err := s.engine(ctx, d)
			return eng, err
		}, Scripted: s.scripted, Finish: s.checkDirect}
	for i := range o.Humans {
		s.players = append(s.players, &title.DemoPlayer{Position: i + 1, Name: demoNames[i], Address: strings.ToLower(demoNames[i]) + "@players.invalid"})
	}
	s.loop.Players = s.players
	return s, nil
}

type demoScript struct {
	o       title.DemoOptions
	players []*title.DemoPlayer
	// The scripted moments, each with the processor's answer; the stale
	// move and the undo are the loop's.
	illegal, timeout, offer, accepted, ran, direct string
	// game follows the stored log without replaying it every mail.
	game title.Follower[*g1870.Game]
	// loop answers the mails: the set pieces here, the computer's choice
	// otherwise.
	loop title.MoveLoop[*g1870.Game]
}

// Game implements title.Script.
func (s *demoScript) Game() (store.Game, []store.Position) {
	g := store.Game{ID: DemoGameID, Title: Name, Name: "1870 demo", Seed: s.o.Seed, TimeZone: "America/Chicago",
		Remind: 24 * time.Hour, MoveTimeout: 48 * time.Hour, TimeoutPolicy: "pass", GMAddress: "gm-person@players.invalid"}
	var seats []store.Position
	for _, p := range s.players {
		seats = append(seats, store.Position{Number: p.Position, Name: p.Name})
	}
	return g, seats
}

// Players implements title.Script.
func (s *demoScript) Players() []*title.DemoPlayer { return s.players }

// Notes implements title.Script.
func (s *demoScript) Notes() []string {
	var out []string
	for _, n := range []struct{ what, said string }{
		{"An illegal move was answered: ", s.illegal}, {"A stale move was answered: ", s.loop.Stale},
		{"An undo: ", s.loop.Undo}, {"A deal offered: ", s.offer}, {"and accepted: ", s.accepted},
		{"A timeout: ", s.timeout}, {"A run named by hand: ", s.ran}, {"", s.direct},
	} {
		if n.said != "" {
			out = append(out, n.what+n.said)
		}
	}
	return out
}

func (s *demoScript) fresh() (*g1870.Game, error) {
	var names []string
	for _, p := range s.players {
		names = append(names, p.Name)
	}
	return g1870.New(g1870.Setup{Players: names, Seed: uint64(s.o.Seed)})
}

// engine is the game as the players could work it out from the stored
// log (title.Follower).
func (s *demoScript) engine(ctx context.Context, d title.Desk) (*g1870.Game, []move.Action, error) {
	return s.game.Engine(ctx, d)
}

// Play implements title.Script: answer "your move" mails until the game
// ends or the limit of actions is reached (title.MoveLoop).
func (s *demoScript) Play(ctx context.Context, d title.Desk) error { return s.loop.Play(ctx, d) }

// scripted plays the demo's set pieces when their moment comes; done
// says it answered the mail.
func (s *demoScript) scripted(ctx context.Context, d title.Desk, eng *g1870.Game, p *title.DemoPlayer, m *orders.Mail, action int) (bool, error) {
	var err error
	opts := eng.Legal(p.Position - 1)
	has := func(verb string) bool {
		return slices.ContainsFunc(opts, func(o move.Option) bool { return o.Verb == verb })
	}
	switch {
	case s.illegal == "" && has("BUY"):
		// A slip of the pen: the Great River company written GRCS.
		s.illegal, err = title.ReplyAndCheck(ctx, d, p, m, "BUY GRCS", "Did you mean")
		return true, err
	case s.offer != "" && s.accepted == "" && has(eighteen.Accept):
		if _, err = title.ReplyAndCheck(ctx, d, p, m, "ACCEPT", "Accepted"); err != nil {
			return true, err
		}
		s.accepted = fmt.Sprintf("%s wrote ACCEPT: %s", p.Name, s.lastEvent(ctx, d))
		return true, nil
	case s.offer == "" && s.loop.Undo != "":
		if line := offerLine(eng, p.Position-1, opts); line != "" {
			if _, err = title.ReplyAndCheck(ctx, d, p, m, line, "Accepted"); err != nil {
				return true, err
			}
			s.offer = fmt.Sprintf("%s wrote %q, and the private's owner was asked to ACCEPT or DECLINE", p.Name, line)
			return true, nil
		}
	case s.ran == "" && s.illegal != "" && has("RUN"):
		// The president names the engine's run from its other ends.
		line := reversedRun(opts)
		if !strings.Contains(m.Text, "RUN ") {
			return true, fmt.Errorf("action %d: the your-move mail offers no RUN line", action)
		}
		if _, err = title.ReplyAndCheck(ctx, d, p, m, line, "Accepted"); err != nil {
			return true, err
		}
		s.ran = fmt.Sprintf("%s wrote %q, which the engine checked and ran: %s", p.Name, line, s.lastEvent(ctx, d))
		return true, nil
	case s.timeout == "" && s.accepted != "" && has("PASS") && !has("DONE"):
		s.timeout, err = title.GoQuiet(ctx, d, p, action)
		return true, err
	}
	return false, nil
}

// reversedRun is the RUN the menu lists with every route written from
// its other end: the same run, named as a player might name it.
func reversedRun(opts []move.Option) string {
	for _, o := range opts {
		if o.Verb != "RUN" {
			continue
		}
		a := o.Action(0)
		for i, r := range a.Args {
			hexes := strings.Split(r, "-")
			slices.Reverse(hexes)
			a.Args[i] = strings.Join(hexes, "-")
		}
		return a.String()
	}
	return ""
}

// offerLine is a stock-round offer for another player's private at its
// list price, when the seat may make one.
func offerLine(eng *g1870.Game, seat int, opts []move.Option) string {
	for _, o := range opts {
		if o.Verb != "BUYPRIVATE" || !o.Ranged {
			continue
		}
		p := eng.Private(o.Args[0])
		if p != nil && p.Owner >= 0 && p.Owner != seat && p.Corp == "" && p.Printed >= o.Min && p.Printed <= o.Max {
			return o.Action(p.Printed).String()
		}
	}
	return ""
}

// checkDirect compares the final worth the pipeline stored with that of
// a fresh engine given the standing moves, with no mail in between.
func (s *demoScript) checkDirect(ctx context.Context, d title.Desk) error {
	direct, stored, err := title.CheckDirect(ctx, d, &s.game, len(s.players), "worth")
	if err != nil {
		return err
	}
	s.direct = fmt.Sprintf("Final worth %v; the engine run directly on the same moves gives %v. %s", stored, direct.Scores(), direct.Now())
	return nil
}

// lastEvent is the newest line of what happened in the game as the
// database holds it.
func (s *demoScript) lastEvent(ctx context.Context, d title.Desk) string {
	eng, _, err := s.engine(ctx, d)
	if err != nil || len(eng.Events) == 0 {
		return ""
	}
	return eng.Events[len(eng.Events)-1]
}
