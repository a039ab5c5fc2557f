package chicagoexpress

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/railpost/railpost/games/chicagoexpress"
	"github.com/railpost/railpost/games/eighteen"
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
	for i := range o.Humans {
		first := strings.Fields(demoNames[i])[0]
		s.players = append(s.players, &title.DemoPlayer{Position: i + 1, Name: first, Address: strings.ToLower(first) + "@players.invalid"})
	}
	return s, nil
}

type demoScript struct {
	o       title.DemoOptions
	players []*title.DemoPlayer
	// The scripted moments, each with the processor's answer.
	illegal, stale, undo, timeout string
	direct                        string
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
		{"An illegal move was answered: ", s.illegal}, {"A stale move was answered: ", s.stale},
		{"An undo: ", s.undo}, {"A timeout: ", s.timeout}, {"", s.direct},
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

// engine is the game as the players could work it out: the engine run on
// the stored log, with the moves that stand.
func (s *demoScript) engine(ctx context.Context, d title.Desk) (*chicagoexpress.Game, []eighteen.Action, error) {
	moves, err := d.Moves(ctx)
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
	fresh := func() (eighteen.Engine, error) {
		return chicagoexpress.New(chicagoexpress.Setup{Players: s.names(), Seed: uint64(s.o.Seed)})
	}
	eng, standing, err := eighteen.Replay(fresh, log)
	if err != nil {
		return nil, nil, err
	}
	return eng.(*chicagoexpress.Game), standing, nil
}

// Play implements title.Script: answer "your move" mails until the game
// ends or the limit of actions is reached.
func (s *demoScript) Play(ctx context.Context, d title.Desk) error {
	rng := rand.New(rand.NewPCG(uint64(s.o.Seed), 99))
	var staleMail *orders.Mail
	var staleFrom *title.DemoPlayer
	for step := 0; step < 5000; step++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		g, err := d.Game(ctx)
		if err != nil {
			return err
		}
		d.Progress(g.Turn-1, 0, g.Status == "ended")
		if g.Status == "ended" {
			return s.checkDirect(ctx, d)
		}
		if s.o.Limit > 0 && g.Turn > s.o.Limit {
			return nil
		}
		eng, _, err := s.engine(ctx, d)
		if err != nil {
			return err
		}
		seat := eng.Acting()[0]
		p := s.players[seat]
		want := fmt.Sprintf("Your move (action %d)", g.Turn)
		m := title.NewestMail(d, p, "Your move (action")
		if m == nil || !strings.Contains(m.Subject, want) {
			return fmt.Errorf("action %d: %s has no %q mail", g.Turn, p.Name, want)
		}
		d.SetClock(d.Now().Add(7 * time.Minute))
		turn := slices.ContainsFunc(eng.Legal(seat), func(o eighteen.Option) bool { return o.Verb == "PASS" && len(o.Args) == 1 })
		switch {
		case s.illegal == "" && turn:
			// A move the rules forbid: Chicago cannot be developed.
			if s.illegal, err = title.ReplyAndCheck(ctx, d, p, m, "DEVELOP A2", "5, Action C"); err != nil {
				return err
			}
			if g2, _ := d.Game(ctx); g2.Turn != g.Turn {
				return fmt.Errorf("an illegal move changed the game")
			}
			continue
		case s.timeout == "" && s.undo != "" && !turn:
			if s.timeout, err = title.GoQuiet(ctx, d, p, g.Turn); err != nil {
				return err
			}
			continue
		}
		choice := eng.Suggest(seat, rng)
		if err := title.Reply(d, p, m, choice.String()); err != nil {
			return err
		}
		if _, err := d.Pass(ctx); err != nil {
			return err
		}
		ack := title.NewestMail(d, p, "Accepted", "not accepted")
		if ack == nil || !strings.Contains(ack.Subject, "Accepted") {
			return fmt.Errorf("%s's move %q was not accepted", p.Name, choice)
		}
		switch {
		case staleMail == nil && s.illegal != "":
			staleMail, staleFrom = m, p
		case s.stale == "" && staleMail != nil:
			// The first mail answered again, as a player who resent it would.
			if s.stale, err = title.ReplyAndCheck(ctx, d, staleFrom, staleMail, "PASS EXPAND", "already been played"); err != nil {
				return err
			}
		case s.undo == "" && s.stale != "" && choice.Verb != "BID" && choice.Verb != "PASS":
			if !strings.Contains(ack.Text, "reply UNDO") {
				continue // the move ended in automatic moves; try a later one
			}
			if s.undo, err = title.ReplyAndCheck(ctx, d, p, ack, "UNDO", "undoes 1 move"); err != nil {
				return err
			}
		}
	}
	return fmt.Errorf("the game did not end in 5000 mails")
}

// checkDirect compares the final cash the pipeline stored with that of a
// fresh engine given the standing moves, with no mail in between.
func (s *demoScript) checkDirect(ctx context.Context, d title.Desk) error {
	_, standing, err := s.engine(ctx, d)
	if err != nil {
		return err
	}
	direct, err := chicagoexpress.New(chicagoexpress.Setup{Players: s.names(), Seed: uint64(s.o.Seed)})
	if err != nil {
		return err
	}
	for _, a := range standing {
		if err := direct.Apply(a); err != nil {
			return fmt.Errorf("the engine run directly refuses %q: %w", a, err)
		}
	}
	finals, err := d.FinalScores(ctx)
	if err != nil {
		return err
	}
	stored := make([]int, len(s.players))
	for _, f := range finals {
		stored[f.Position-1] = f.Points
	}
	var winners []string
	for _, w := range direct.Winners() {
		winners = append(winners, direct.Names[w])
	}
	if !direct.Over() || !slices.Equal(stored, direct.Scores()) {
		return fmt.Errorf("the pipeline's final cash %v differs from the engine's %v (over %v)", stored, direct.Scores(), direct.Over())
	}
	s.direct = fmt.Sprintf("Final cash %v; the engine run directly on the same moves gives %v. Winner(s): %s.", stored, direct.Scores(), strings.Join(winners, ", "))
	return nil
}
