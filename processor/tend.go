package processor

import (
	"context"
	"time"

	"github.com/railpost/railpost/processor/gamelog"
	"github.com/railpost/railpost/processor/store"
)

// tendMoves does what the clock asks of a game played by mail: the
// automatic moves (the computer's seats, standing passes, players away),
// a reminder once the move has waited the game's remind time, the timeout
// policy once it has waited the move timeout, and each daily digest. It
// returns how many reminders and notices went out.
func (p *Processor) tendMoves(ctx context.Context, g store.Game) (int, error) {
	r, err := p.loadMoves(ctx, g)
	if err != nil {
		return 0, err
	}
	now := p.now()
	if err := r.Autoplay(ctx, now); err != nil {
		return 0, err
	}
	if ctx.Err() != nil {
		// Out of time in the automatic moves: what they made is kept
		// (a moment's work past the pass's time), and the next pass goes
		// on from there rather than making them all again.
		ctx = context.WithoutCancel(ctx)
	}
	sent := 0
	var notes []store.OutboxMail
	var noted []int // positions noted in the reminders table; 0 is the GM
	acting := r.Eng.Acting()
	if len(r.Added) == 0 && len(acting) == 1 && !r.Eng.Over() {
		if notes, noted, err = p.chaseMove(ctx, g, r, acting[0], now); err != nil {
			return 0, err
		}
	}
	mails, err := p.moveMails(ctx, r, 0)
	if err != nil {
		return 0, err
	}
	digests, err := p.digests(ctx, r)
	if err != nil {
		return 0, err
	}
	err = p.Store.Update(ctx, func(tx store.Tx) error {
		if err := r.Commit(ctx, tx, now); err != nil {
			return err
		}
		for _, n := range noted {
			first, err := tx.NoteReminder(ctx, g.ID, r.Next(), n, now)
			if err != nil {
				return err
			}
			if !first {
				notes = nil // already reminded of this action
			}
		}
		for _, d := range digests {
			if err := tx.SetPrefs(ctx, g.ID, d.position, d.prefs); err != nil {
				return err
			}
		}
		for _, list := range [][]store.OutboxMail{mails, notes, digestMails(digests)} {
			for _, m := range list {
				if _, err := tx.QueueMail(ctx, m, now); err != nil {
					return err
				}
			}
		}
		sent = len(notes)
		return nil
	})
	return sent, err
}

// chaseMove deals with a move that a seat has kept the game waiting for,
// when nothing else has moved it: past the move timeout the processor
// passes for the seat if the policy says so and it may, or else tells the
// game master; past the remind time a human player is reminded. It returns
// the notices with the positions to note in the reminders table (0 for the
// GM), so that each goes once an action.
func (p *Processor) chaseMove(ctx context.Context, g store.Game, r *gamelog.Moves, seat int, now time.Time) ([]store.OutboxMail, []int, error) {
	pos := r.Position(seat)
	since, err := p.waitingSince(ctx, r)
	if err != nil {
		return nil, nil, err
	}
	waited := now.Sub(since)
	switch {
	case g.MoveTimeout > 0 && waited >= g.MoveTimeout:
		pass, canPass := gamelog.FirstPass(r.Eng.Legal(seat))
		if g.TimeoutPolicy == "pass" && canPass {
			if err := r.Apply(pass, "timeout", 0, now); err != nil {
				return nil, nil, err
			}
			return nil, nil, r.Autoplay(ctx, now)
		}
		subject, text, err := p.sayMail("moves/timeout", moveTimeout{GameID: g.ID, GameName: g.Name, Waited: waited.Round(time.Minute),
			Name: r.Name(seat), Position: pos.Number, Action: r.Next(), Timeout: g.MoveTimeout, PolicyPass: g.TimeoutPolicy == "pass"})
		if err != nil {
			return nil, nil, err
		}
		m, err := p.gmNotice(g, subject, text)
		if err != nil || m == nil {
			return nil, nil, err
		}
		return []store.OutboxMail{*m}, []int{0}, nil
	case g.Remind > 0 && waited >= g.Remind && pos.Human && pos.Address != "":
		secret, err := p.Store.Secret(ctx)
		if err != nil {
			return nil, nil, err
		}
		d := moveReminder{Move: yourMove(secret, r, seat, nil), Waited: waited.Round(time.Minute), Pass: g.TimeoutPolicy == "pass"}
		if g.MoveTimeout > 0 {
			d.Timeout = g.MoveTimeout
		}
		ms, err := p.askMove(secret, g, pos, r.Next(), "moves/reminder", d, nil)
		if err != nil {
			return nil, nil, err
		}
		return ms, []int{pos.Number}, nil
	}
	return nil, nil, nil
}

// gmNotice is a mail to the game master, or nil when the game has no GM
// address.
func (p *Processor) gmNotice(g store.Game, subject, text string) (*store.OutboxMail, error) {
	ms, err := p.notices(g, []store.Position{{Address: g.GMAddress}}, subject, text)
	if err != nil || len(ms) == 0 {
		return nil, err
	}
	return &ms[0], nil
}

// moveTimeout fills moves/timeout, the game master's notice of a move
// past the game's move timeout.
type moveTimeout struct {
	GameID, GameName string
	Waited           time.Duration
	Name             string
	Position         int
	Action           int
	Timeout          time.Duration
	PolicyPass       bool // the policy is to pass, but passing is not legal
}

// moveReminder fills moves/reminder: the "your move" mail again, with how
// long it has waited and what happens when it times out.
type moveReminder struct {
	Move    yourMoveData
	Waited  time.Duration
	Timeout time.Duration // 0: the game has no move timeout
	Pass    bool          // at the timeout the processor passes
}

type digest struct {
	position int
	prefs    store.SeatPrefs
	mail     store.OutboxMail
}

func digestMails(ds []digest) []store.OutboxMail {
	var out []store.OutboxMail
	for _, d := range ds {
		out = append(out, d.mail)
	}
	return out
}

// digests are the daily mails of the players who asked for them: what
// happened since the last one, at most once a day.
func (p *Processor) digests(ctx context.Context, r *gamelog.Moves) ([]digest, error) {
	now := p.now()
	var out []digest
	for _, pos := range r.Positions {
		prefs := r.Prefs[pos.Number]
		if !prefs.Digest || !pos.Human || pos.Address == "" || (!prefs.DigestAt.IsZero() && now.Sub(prefs.DigestAt) < 24*60*60*1e9) {
			continue
		}
		evs, err := p.Store.EventsAfter(ctx, r.Game.ID, prefs.DigestUpTo)
		if err != nil {
			return nil, err
		}
		var lines []string
		for _, e := range evs {
			if e.Kind == "move" {
				lines = append(lines, e.Text)
			}
		}
		for _, n := range r.Added {
			lines = append(lines, r.Events[n.N]...)
		}
		if len(lines) == 0 {
			continue
		}
		ms, err := p.sayNotices(r.Game, []store.Position{pos}, "moves/digest",
			moveNews{GameID: r.Game.ID, Action: r.Next() - 1, Happened: lines, Status: r.Eng.Status(pos.Number - 1)})
		if err != nil {
			return nil, err
		}
		prefs.DigestUpTo, prefs.DigestAt = r.Next()-1, now
		out = append(out, digest{position: pos.Number, prefs: prefs, mail: ms[0]})
	}
	return out, nil
}

// waitingSince is when the move a game waits for was first asked for:
// the last move, or the game's start, or the game master's RESUME if that
// came later, so that a pause does not count against the player.
func (p *Processor) waitingSince(ctx context.Context, r *gamelog.Moves) (time.Time, error) {
	since := r.Game.Created
	if len(r.Log) > 0 {
		since = r.Log[len(r.Log)-1].At
	}
	log, err := p.gmLog(ctx, r.Game.ID)
	if err != nil {
		return since, err
	}
	if resumed, ok := log.last("RESUME"); ok && resumed.At.After(since) {
		since = resumed.At
	}
	return since, nil
}
