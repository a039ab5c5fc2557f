package contrails

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"time"

	cr "github.com/railpost/railpost/games/contrails"
	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// DemoGameID is the demo game's id.
const DemoGameID = "demo"

// maxDemoTurns caps a game that has not ended by its rules (1.3: at random
// after turn 20, so a game this long is all but impossible).
const maxDemoTurns = 100

var demoNames = []string{"Ada Ames", "Ben Brook", "Cyd Cole", "Dee Dunn", "Eve Eads", "Fay Ford", "Gus Gray", "Hal Hart",
	"Ida Innes", "Jo Judd", "Kit Kemp", "Lou Lind", "Max Moss", "Ned Noble", "Ola Orr"}

// Demo implements title.Demonstrated: a weekly 15-position game, the
// first few positions scripted players who fill in their turnsheets with
// the choices the computer would make, the rest the computer's.
func (c *ContinentalRails) Demo(o title.DemoOptions) (title.Script, error) {
	if o.Humans == 0 {
		o.Humans = 3
	}
	if o.Humans < 1 || o.Humans > cr.Positions {
		return nil, fmt.Errorf("--humans %d: a game has 1 to %d human players", o.Humans, cr.Positions)
	}
	s := &demoScript{c: c, o: o}
	for i := range o.Humans {
		s.players = append(s.players, &title.DemoPlayer{Position: i + 1, Name: demoNames[i],
			Address: fmt.Sprintf("%s@players.invalid", strings.ToLower(strings.Fields(demoNames[i])[0]))})
	}
	return s, nil
}

type demoScript struct {
	c        *ContinentalRails
	o        title.DemoOptions
	players  []*title.DemoPlayer
	rejected []string
}

// Game implements title.Script.
func (s *demoScript) Game() (store.Game, []store.Position) {
	g := store.Game{ID: DemoGameID, Title: Name, Name: "Continental Rails demo", Seed: s.o.Seed,
		TimeZone: "America/Chicago", Schedule: "every Monday 18:00", Remind: 24 * time.Hour}
	var seats []store.Position
	for n := 1; n <= cr.Positions; n++ {
		seats = append(seats, store.Position{Number: n})
	}
	return g, seats
}

// Players implements title.Script.
func (s *demoScript) Players() []*title.DemoPlayer { return s.players }

// Notes implements title.Script.
func (s *demoScript) Notes() []string {
	var out []string
	for _, l := range s.rejected {
		out = append(out, "One sheet was garbled on purpose, and the player sent it again after the reply, which said:\n  "+strings.TrimPrefix(l, "- "))
	}
	return out
}

// Play implements title.Script: the turns of a weekly game. A day before
// each deadline the players answer their newest turnsheet and a pass
// takes their orders; a minute after the deadline the next pass resolves
// the turn. On turn 2 the first player sends a sheet with a garbled line
// first, reads the error reply, and sends the sheet again.
func (s *demoScript) Play(ctx context.Context, d title.Desk) error {
	limit := s.o.Limit
	if limit == 0 {
		limit = maxDemoTurns
	}
	for turn := 1; turn <= limit; turn++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		g, err := d.Game(ctx)
		if err != nil {
			return err
		}
		d.SetClock(later(d.Now(), g.Deadline.Add(-24*time.Hour)))
		st, err := s.state(ctx, d)
		if err != nil {
			return err
		}
		if turn == min(2, limit) {
			if err := s.sendMangled(ctx, d, st, s.players[0]); err != nil {
				return err
			}
			d.SetClock(d.Now().Add(time.Hour))
		}
		for _, p := range s.players {
			if err := s.answer(d, st, p, nil); err != nil {
				return err
			}
		}
		sum, err := d.Pass(ctx)
		if err != nil {
			return err
		}
		if sum.Accepted != len(s.players) || sum.Resolved != 0 {
			return fmt.Errorf("turn %d: the players' orders were not all accepted, or the turn resolved before its deadline: %+v", turn, sum)
		}
		d.SetClock(g.Deadline.Add(time.Minute))
		if sum, err = d.Pass(ctx); err != nil {
			return err
		}
		if sum.Resolved != 1 {
			return fmt.Errorf("turn %d did not resolve at its deadline: %+v", turn, sum)
		}
		if g, err = d.Game(ctx); err != nil {
			return err
		}
		total := limit
		if s.o.Limit == 0 {
			total = max(turn+1, 25) // the game ends at random after turn 20 (1.3)
		}
		d.Progress(turn, total, g.Status == "ended")
		if g.Status == "ended" {
			break
		}
	}
	return nil
}

// later is b, or a minute after a if b is not after it.
func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a.Add(time.Minute)
}

// sendMangled sends a sheet whose BORROW line a player has garbled. The
// processor accepts the rest, names the line and says how to fix it; the
// player then answers again, which replaces the first sheet.
func (s *demoScript) sendMangled(ctx context.Context, d title.Desk, st *cr.State, p *title.DemoPlayer) error {
	if err := s.answer(d, st, p, func(sheet string) string {
		return borrowRE.ReplaceAllString(sheet, "BORROW: a few thousand")
	}); err != nil {
		return err
	}
	if _, err := d.Pass(ctx); err != nil {
		return err
	}
	ms := d.Mails(p.Address)
	if len(ms) == 0 {
		return fmt.Errorf("%s got no reply to a garbled sheet", p.Name)
	}
	m := ms[len(ms)-1]
	if !strings.Contains(m.Text, "Lines not accepted") || !strings.Contains(m.Text, "BORROW: a few thousand") {
		return fmt.Errorf("the reply to a garbled BORROW line does not name it:\n%s", m.Text)
	}
	for _, l := range strings.Split(m.Text, "\n") {
		if strings.Contains(l, "BORROW: a few thousand") {
			s.rejected = append(s.rejected, strings.TrimSpace(l))
		}
	}
	return nil
}

var borrowRE = regexp.MustCompile(`(?m)^BORROW:.*$`)

const sheetMark = "# CONTINENTAL RAILS II - TURNSHEET"

// answer replies to a player's newest turnsheet with the choices the
// computer would make for the position, written into the sheet; mangle,
// if given, spoils it first.
func (s *demoScript) answer(d title.Desk, st *cr.State, p *title.DemoPlayer, mangle func(string) string) error {
	ms := d.Mails(p.Address)
	var m *orders.Mail
	for i := len(ms) - 1; i >= 0 && m == nil; i-- {
		if strings.Contains(ms[i].Text, sheetMark) {
			m = ms[i]
		}
	}
	if m == nil {
		return fmt.Errorf("%s has no turnsheet", p.Name)
	}
	i := strings.Index(m.Text, sheetMark)
	filled, err := orders.FillContinentalRails(m.Text[i:], cr.ComputerOrders(s.c.m, st, p.Position))
	if err != nil {
		return fmt.Errorf("%s fills in the sheet: %w", p.Name, err)
	}
	if mangle != nil {
		filled = mangle(filled)
	}
	return d.Send(p, m, "PASSWORD: "+p.Password+"\n\n"+filled)
}

// state is the game as the players see it: the latest snapshot.
func (s *demoScript) state(ctx context.Context, d title.Desk) (*cr.State, error) {
	snap, err := d.Latest(ctx)
	if err != nil {
		return nil, err
	}
	var st cr.State
	if err := json.Unmarshal(snap.State, &st); err != nil {
		return nil, fmt.Errorf("the state after turn %d: %w", snap.Turn, err)
	}
	return &st, nil
}
