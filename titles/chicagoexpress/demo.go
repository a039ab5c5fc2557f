package chicagoexpress

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/railpost/railpost/games/chicagoexpress"
	"github.com/railpost/railpost/games/move"
	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// DemoGameID is the demo game's id.
const DemoGameID = "ce-demo"

var demoNames = []string{"Ada Ames", "Ben Brook", "Cyd Cole", "Dee Dunn", "Eve Eads", "Fay Ford"}

// Demo implements title.Demonstrated: every seat a scripted player, who
// answers their "your move" mail with the computer's choice. On the way
// one sends an illegal move, one answers a move already played, one takes
// a move back with UNDO, and one lets a move time out, which the
// processor passes for them. At the end the final cash the pipeline
// stored is checked against the engine run directly on the same moves.
func (Title) Demo(o title.DemoOptions) (title.Script, error) {
	if o.Humans == 0 {
		o.Humans = 4
	}
	if o.Humans < 2 || o.Humans > 6 {
		return nil, fmt.Errorf("--humans %d: Chicago Express takes 2 to 6 players, and in the demo each is scripted", o.Humans)
	}
	s := &demoScript{o: o}
	s.game.Fresh = s.fresh
	s.loop = title.MoveLoop[*chicagoexpress.Game]{Seed: o.Seed, Limit: o.Limit, Mails: 5000, Illegal: &s.illegal, StaleLine: "PASS EXPAND",
		Engine: func(ctx context.Context, d title.Desk) (*chicagoexpress.Game, error) {
			eng, _, err := s.engine(ctx, d)
			return eng, err
		}, Scripted: s.scripted, Finish: s.checkDirect}
	for i := range o.Humans {
		first := strings.Fields(demoNames[i])[0]
		s.players = append(s.players, &title.DemoPlayer{Position: i + 1, Name: first, Address: strings.ToLower(first) + "@players.invalid"})
	}
	s.loop.Players = s.players
	return s, nil
}

type demoScript struct {
	o       title.DemoOptions
	players []*title.DemoPlayer
	// The scripted moments, each with the processor's answer; the stale
	// move and the undo are the loop's.
	illegal, timeout, direct string
	// game follows the stored log without replaying it every mail.
	game title.Follower[*chicagoexpress.Game]
	// loop answers the mails: the set pieces here, the computer's choice
	// otherwise.
	loop title.MoveLoop[*chicagoexpress.Game]
}

// Game implements title.Script.
func (s *demoScript) Game() (store.Game, []store.Position) {
	g := store.Game{ID: DemoGameID, Title: Name, Name: "Chicago Express demo", Seed: s.o.Seed, TimeZone: "America/Chicago",
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
		{"An undo: ", s.loop.Undo}, {"A timeout: ", s.timeout}, {"", s.direct},
	} {
		if n.said != "" {
			out = append(out, n.what+n.said)
		}
	}
	return out
}

func (s *demoScript) names() []string {
	var out []string
	for _, p := range s.players {
		out = append(out, p.Name)
	}
	return out
}

// engine is the game as the players could work it out from the stored
// log (title.Follower).
func (s *demoScript) engine(ctx context.Context, d title.Desk) (*chicagoexpress.Game, []move.Action, error) {
	return s.game.Engine(ctx, d)
}

func (s *demoScript) fresh() (*chicagoexpress.Game, error) {
	return chicagoexpress.New(chicagoexpress.Setup{Players: s.names(), Seed: uint64(s.o.Seed)})
}

// Play implements title.Script: answer "your move" mails until the game
// ends or the limit of actions is reached (title.MoveLoop).
func (s *demoScript) Play(ctx context.Context, d title.Desk) error { return s.loop.Play(ctx, d) }

// scripted plays the demo's set pieces when their moment comes: at a
// player's turn a move the rules forbid (Chicago cannot be developed),
// and after the undo, at an auction, a player who goes quiet.
func (s *demoScript) scripted(ctx context.Context, d title.Desk, eng *chicagoexpress.Game, p *title.DemoPlayer, m *orders.Mail, action int) (bool, error) {
	var err error
	turn := slices.ContainsFunc(eng.Legal(p.Position-1), func(o move.Option) bool { return o.Verb == "PASS" && len(o.Args) == 1 })
	switch {
	case s.illegal == "" && turn:
		if s.illegal, err = title.ReplyAndCheck(ctx, d, p, m, "DEVELOP A2", "5, Action C"); err != nil {
			return true, err
		}
		if g, err := d.Game(ctx); err != nil || g.Turn != action {
			return true, fmt.Errorf("an illegal move changed the game (%v)", err)
		}
		return true, nil
	case s.timeout == "" && s.loop.Undo != "" && !turn:
		s.timeout, err = title.GoQuiet(ctx, d, p, action)
		return true, err
	}
	return false, nil
}

// checkDirect compares the final cash the pipeline stored with that of a
// fresh engine given the standing moves, with no mail in between.
func (s *demoScript) checkDirect(ctx context.Context, d title.Desk) error {
	direct, stored, err := title.CheckDirect(ctx, d, &s.game, len(s.players), "cash")
	if err != nil {
		return err
	}
	var winners []string
	for _, w := range direct.Winners() {
		winners = append(winners, direct.Names[w])
	}
	s.direct = fmt.Sprintf("Final cash %v; the engine run directly on the same moves gives %v. Winner(s): %s.", stored, direct.Scores(), strings.Join(winners, ", "))
	return nil
}
