package g18ez

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/games/g18ez"
	"github.com/railpost/railpost/games/move"
	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// DemoGameID is the demo game's id.
const DemoGameID = "18ez-demo"

// demoSeats is the demo's table: four players, the rulebook's middle.
const demoSeats = 4

var demoNames = []string{"Ada", "Ben", "Cyd", "Dee"}

// Demo implements title.Demonstrated: four seats, the first three (or as
// many as --humans asks, 2 to 4) scripted players who answer their "your
// move" mail with the computer's choice, the rest the processor's own
// computer player. On the way one sends an illegal move (and is told the
// move it was near), two bid on the same Startpacket item so that it is
// sold in a special auction, one answers a move already played, one
// takes a move back with UNDO, one offers another player a price for
// his private (accepted by a scripted owner, declined by the computer),
// one asks OPTIONS <hex> for the lays at a hex written out, and one lets
// a move time out, which the processor passes for them. All but the
// first ask for a daily digest with their first move. At the end the
// final worth the pipeline stored is checked against the engine run
// directly on the same moves.
func (Title) Demo(o title.DemoOptions) (title.Script, error) {
	if o.Humans == 0 {
		o.Humans = 3
	}
	if o.Humans < 2 || o.Humans > demoSeats {
		return nil, fmt.Errorf("--humans %d: the 18EZ demo seats 2 to %d scripted players at its %d-seat table", o.Humans, demoSeats, demoSeats)
	}
	s := &demoScript{o: o}
	s.game.Fresh = s.fresh
	s.loop = title.MoveLoop[*g18ez.Game]{Seed: o.Seed, Limit: o.Limit, Mails: 6000, Illegal: &s.illegal, StaleLine: "PASS", Digest: true,
		Engine: func(ctx context.Context, d title.Desk) (*g18ez.Game, error) {
			eng, _, err := s.engine(ctx, d)
			return eng, err
		},
		Scripted: func(ctx context.Context, d title.Desk, eng *g18ez.Game, p *title.DemoPlayer, m *orders.Mail, action int) (bool, error) {
			s.watchAuction(eng)
			return s.scripted(ctx, d, eng, p, m, action)
		}, Finish: s.checkDirect}
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
	illegal, bid, auction, timeout, offer, answered, asked, direct string
	// bidders are the seats that bid on the item chosen for the special
	// auction; item is that item.
	bidders []int
	item    string
	// game follows the stored log without replaying it every mail.
	game title.Follower[*g18ez.Game]
	// loop answers the mails: the set pieces here, the computer's choice
	// otherwise.
	loop title.MoveLoop[*g18ez.Game]
}

// Game implements title.Script.
func (s *demoScript) Game() (store.Game, []store.Position) {
	g := store.Game{ID: DemoGameID, Title: Name, Name: "18EZ demo", Seed: s.o.Seed, TimeZone: "America/Denver",
		Remind: 24 * time.Hour, MoveTimeout: 48 * time.Hour, TimeoutPolicy: "pass", GMAddress: "gm-person@players.invalid"}
	var seats []store.Position
	for i := range demoSeats {
		seats = append(seats, store.Position{Number: i + 1, Name: demoNames[i]})
	}
	return g, seats
}

// Players implements title.Script.
func (s *demoScript) Players() []*title.DemoPlayer { return s.players }

// Notes implements title.Script.
func (s *demoScript) Notes() []string {
	var out []string
	for _, n := range []struct{ what, said string }{
		{"An illegal move was answered: ", s.illegal}, {"Bids on one item: ", s.bid}, {"A special auction: ", s.auction},
		{"A stale move was answered: ", s.loop.Stale}, {"An undo: ", s.loop.Undo}, {"A deal offered: ", s.offer}, {"and answered: ", s.answered},
		{"A timeout: ", s.timeout}, {"OPTIONS: ", s.asked}, {"", s.direct},
	} {
		if n.said != "" {
			out = append(out, n.what+n.said)
		}
	}
	return out
}

func (s *demoScript) fresh() (*g18ez.Game, error) {
	return g18ez.New(g18ez.Setup{Players: demoNames[:demoSeats], Seed: uint64(s.o.Seed)})
}

// engine is the game as the players could work it out from the stored
// log (title.Follower).
func (s *demoScript) engine(ctx context.Context, d title.Desk) (*g18ez.Game, []move.Action, error) {
	return s.game.Engine(ctx, d)
}

// Play implements title.Script: answer "your move" mails until the game
// ends or the limit of actions is reached (title.MoveLoop).
func (s *demoScript) Play(ctx context.Context, d title.Desk) error { return s.loop.Play(ctx, d) }

// watchAuction notes the special auction for the item the script's
// players bid on, once it has begun (1.4).
func (s *demoScript) watchAuction(eng *g18ez.Game) {
	if a := eng.Packet.Auction; a != nil && s.auction == "" && a.Item == s.item {
		s.auction = fmt.Sprintf("%s came up with bids on it, and its bidders hold a special auction: %s", a.Item, eng.Now())
	}
}

// scripted plays the demo's set pieces when their moment comes; done
// says it answered the mail.
func (s *demoScript) scripted(ctx context.Context, d title.Desk, eng *g18ez.Game, p *title.DemoPlayer, m *orders.Mail, action int) (bool, error) {
	var err error
	seat := p.Position - 1
	opts := eng.Legal(seat)
	has := func(verb string) bool {
		return slices.ContainsFunc(opts, func(o move.Option) bool { return o.Verb == verb })
	}
	bid, offer := "", ""
	owner := -1
	if len(s.bidders) < 2 && !slices.Contains(s.bidders, seat) && eng.Packet.Auction == nil && eng.Packet.Top() != nil {
		bid = s.bidLine(opts)
	}
	if s.offer == "" && s.loop.Undo != "" {
		offer, owner = offerLine(eng, seat, opts)
	}
	switch {
	case s.illegal == "" && has("BUY") && eng.Packet.Top() != nil:
		// A slip of the pen: the Startpacket's first item written backwards.
		top := []rune(eng.Packet.Top().Sym)
		slices.Reverse(top)
		s.illegal, err = title.ReplyAndCheck(ctx, d, p, m, "BUY "+string(top), "Did you mean")
		return true, err
	case bid != "":
		if _, err = s.loop.Send(ctx, d, p, m, bid); err != nil {
			return true, err
		}
		s.bidders = append(s.bidders, seat)
		if len(s.bidders) == 2 {
			s.bid = fmt.Sprintf("%s and %s bid on %s before it came up (1.3)", demoNames[s.bidders[0]], demoNames[s.bidders[1]], s.item)
		}
		return true, nil
	case s.offer != "" && s.answered == "" && has(eighteen.Accept):
		if _, err = title.ReplyAndCheck(ctx, d, p, m, "ACCEPT", "Accepted"); err != nil {
			return true, err
		}
		s.answered = fmt.Sprintf("%s wrote ACCEPT: %s", p.Name, s.lastEvent(ctx, d))
		return true, nil
	case offer != "":
		if _, err = title.ReplyAndCheck(ctx, d, p, m, offer, "Accepted"); err != nil {
			return true, err
		}
		s.offer = fmt.Sprintf("%s wrote %q, and %s was asked to ACCEPT or DECLINE", p.Name, offer, demoNames[owner])
		if owner >= len(s.players) {
			// The computer's seat answers within the pass.
			s.answered = fmt.Sprintf("the computer, for %s: %s", demoNames[owner], s.lastEvent(ctx, d))
		}
		return true, nil
	case s.asked == "" && has("LAY"):
		s.asked, err = s.askOptions(ctx, d, p, m, opts)
		return true, err
	case s.timeout == "" && s.loop.Undo != "" && has("PASS") && !has("DONE") && eng.Packet.Auction == nil:
		s.timeout, err = title.GoQuiet(ctx, d, p, action)
		return true, err
	}
	return false, nil
}

// askOptions has a player ask for the lays at the first hex the menu
// offers, alone in a mail, as a player who wants them written out does;
// the answer must list them. It returns the line for the summary.
func (s *demoScript) askOptions(ctx context.Context, d title.Desk, p *title.DemoPlayer, m *orders.Mail, opts []move.Option) (string, error) {
	i := slices.IndexFunc(opts, func(o move.Option) bool { return o.Verb == "LAY" })
	hex := opts[i].Args[0]
	if err := title.Reply(d, p, m, "OPTIONS "+hex); err != nil {
		return "", err
	}
	if _, err := d.Pass(ctx); err != nil {
		return "", err
	}
	ans := title.NewestMail(d, p, "Options: "+hex)
	if ans == nil || !strings.Contains(ans.Text, opts[i].String()) {
		return "", fmt.Errorf("%s asked OPTIONS %s, and the answer does not list %q", p.Name, hex, opts[i])
	}
	n := strings.Count(ans.Text, "\nLAY "+hex+" ")
	return fmt.Sprintf("%s wrote OPTIONS %s and was sent its %d lays, as %q", p.Name, hex, n, opts[i]), nil
}

// bidLine is a bid on the item the script chose for its special
// auction, the Obsidian, at the least the seat may bid, when it may.
func (s *demoScript) bidLine(opts []move.Option) string {
	for _, o := range opts {
		if o.Verb != "BID" || !o.Ranged || o.Min > o.Max || (s.item != "" && o.Args[0] != s.item) {
			continue
		}
		if s.item == "" && o.Args[0] != g18ez.OBS {
			continue
		}
		s.item = o.Args[0]
		return o.Action(o.Min).String()
	}
	return ""
}

// offerLine is an offer for another player's private at its printed
// price, to the railroad the seat runs, when it may make one; owner is
// the seat asked.
func offerLine(eng *g18ez.Game, seat int, opts []move.Option) (string, int) {
	for _, o := range opts {
		if o.Verb != "BUYPRIVATE" || !o.Ranged {
			continue
		}
		p := eng.Private(o.Args[0])
		if p != nil && p.Owner >= 0 && p.Owner != seat && p.Corp == "" && p.Printed >= o.Min && p.Printed <= o.Max {
			return o.Action(p.Printed).String(), p.Owner
		}
	}
	return "", -1
}

// checkDirect compares the final worth the pipeline stored with that of
// a fresh engine given the standing moves, with no mail in between.
func (s *demoScript) checkDirect(ctx context.Context, d title.Desk) error {
	direct, stored, err := title.CheckDirect(ctx, d, &s.game, demoSeats, "worth")
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
