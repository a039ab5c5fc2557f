package processor

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/railpost/railpost/processor/gmcmd"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
	"github.com/railpost/railpost/templates"
)

// GMActor is who gave a command: "cli" for the command line, or the GM's
// address and the mail it came in.
type GMActor struct {
	Name    string
	InboxID int64
}

// GM carries out one command on a game and says what it did. Each command
// is logged; those players should know of are mailed to them now and
// printed in the next report's headlines. A command that cannot apply
// changes nothing and says why.
func (p *Processor) GM(ctx context.Context, gameID string, c gmcmd.Command, by GMActor) (string, error) {
	// A command built by hand is read as its text would be, so that every
	// case below may rely on what the parser checks.
	c, err := gmcmd.Parse(c.String())
	if err != nil {
		return "", err
	}
	g, err := p.Store.Game(ctx, gameID)
	if err != nil {
		return "", err
	}
	positions, err := p.Store.Positions(ctx, g.ID)
	if err != nil {
		return "", err
	}
	now := p.now()
	act := store.GMAction{GameID: g.ID, Turn: g.Turn, Verb: c.Verb, Args: c.Rest, Actor: by.Name, InboxID: by.InboxID, At: now}
	if g.Status == "ended" && c.Verb != "ROLLBACK" && c.Verb != "RESEND" {
		return "", fmt.Errorf("game %s has ended; only ROLLBACK and RESEND apply to it", g.ID)
	}
	if byMove(p.Titles, g) {
		switch c.Verb {
		case "UNDO", "MOVE", "ROLLBACK", "END":
			return p.gmMove(ctx, g, c, act)
		case "PREVIEW":
			return p.previewMoves(ctx, g)
		case "ADJUST":
			return "", fmt.Errorf("%s games cannot be adjusted: a game played one action per mail is its log of moves; correct it with UNDO, ROLLBACK or MOVE", g.Title)
		case "PROCESS", "APPROVE", "REJECT", "DEADLINE", "SCHEDULE":
			return "", fmt.Errorf("%s is for games played in turns; game %s is played one action per mail (its clock is --move-timeout)", c.Verb, g.ID)
		}
	} else if c.Verb == "UNDO" || c.Verb == "MOVE" {
		return "", fmt.Errorf("%s is for games played one action per mail; game %s is played in turns: use ROLLBACK", c.Verb, g.ID)
	}
	switch c.Verb {
	case "PREVIEW":
		return p.preview(ctx, g, positions, now)
	case "ADDRESS", "HAND", "RESEND", "RESET":
		return p.gmPosition(ctx, g, positions, c, act)
	case "APPROVE", "REJECT":
		return p.gmMessages(ctx, g, c, act)
	}
	cmd := &gmCommand{p: p, g: g, positions: positions, c: c, act: act, now: now}
	return cmd.carryOut(ctx)
}

// gmCommand is a command on the whole game as GM's steps share it: the
// game and the log entry, which the command's verb changes, and the first
// error of rendering gm.tmpl, kept for after the verb has said everything.
type gmCommand struct {
	p         *Processor
	g         store.Game
	positions []store.Position
	c         gmcmd.Command
	act       store.GMAction
	now       time.Time
	final     string // END: the standings and records, from gm/final
	sayErr    error
}

// gmChange is what a verb leaves for the commit. change, when set, is the
// write in place of saving the game's settings; notifyAll, when set, is
// mailed to every player in place of mails. said is the answer to the GM.
type gmChange struct {
	change    func(tx store.Tx, actionID int64) error
	mails     func(actionID int64) ([]store.OutboxMail, error)
	notifyAll string
	said      string
}

// carryOut works out what the verb changes, then commits the change, the
// log entry and the mails together.
func (cmd *gmCommand) carryOut(ctx context.Context) (string, error) {
	ch, err := cmd.verb(ctx)
	if err != nil {
		return "", err
	}
	if cmd.sayErr != nil {
		return "", cmd.sayErr
	}
	if ch.notifyAll != "" {
		ch.mails = func(int64) ([]store.OutboxMail, error) {
			return cmd.p.gmNotices(cmd.g, humans(cmd.positions), ch.notifyAll, ch.notifyAll)
		}
	}
	if err := cmd.p.commitGM(ctx, cmd.g, cmd.act, ch.change, ch.mails); err != nil {
		if errors.Is(err, store.ErrDone) && cmd.c.Verb == "PROCESS" {
			return "", fmt.Errorf("turn %d is already set to resolve at the next pass: %w", cmd.g.Turn, store.ErrDone)
		}
		return "", err
	}
	return ch.said, nil
}

// verb fills in the log entry and says what the command changes.
func (cmd *gmCommand) verb(ctx context.Context) (gmChange, error) {
	switch cmd.c.Verb {
	case "PAUSE":
		return cmd.pause()
	case "RESUME":
		return cmd.resume(ctx)
	case "DEADLINE":
		return cmd.deadline()
	case "SCHEDULE":
		return cmd.schedule()
	case "PROCESS":
		said, err := cmd.p.gmProcess(ctx, cmd.g, cmd.c, &cmd.act)
		return gmChange{said: said}, err
	case "ROLLBACK":
		return cmd.rollback(ctx)
	case "ANNOUNCE":
		cmd.act.Headline = cmd.say("gm/headline/announce")
		return gmChange{notifyAll: cmd.c.Rest, said: "announced to every player"}, nil
	case "ADJUST":
		change, err := cmd.p.gmAdjust(ctx, cmd.g, cmd.c, &cmd.act)
		if err != nil {
			return gmChange{}, err
		}
		return gmChange{change: change, notifyAll: cmd.act.Headline, said: cmd.act.Headline}, nil
	case "END":
		return cmd.end(ctx)
	case "PASSWORD":
		return cmd.password()
	}
	return gmChange{}, nil
}

// password changes the game master's own password, which signs GM mail.
// The log keeps that it was changed, never the password; the players are
// not told. A player's password is the GM's RESET, or the player's own
// PASSWORD mail.
func (cmd *gmCommand) password() (gmChange, error) {
	cmd.act.Args = removed
	pw := cmd.c.Rest
	if CheckPassword(cmd.g.GMPasswordHash, pw) {
		return gmChange{}, fmt.Errorf("PASSWORD: the new password is the one the game master has now")
	}
	if err := checkNewPassword(pw, "", cmd.g.ID, cmd.g.GMAddress); err != nil {
		return gmChange{}, fmt.Errorf("PASSWORD: %w; nothing has changed: %s", err, gmcmd.UsageOf("PASSWORD"))
	}
	hash, err := HashPassword(pw)
	if err != nil {
		return gmChange{}, err
	}
	cmd.g.GMPasswordHash = hash
	return gmChange{said: fmt.Sprintf("the game master's password for %s was changed; sign GM mail with the new one (it is not written here)", cmd.g.ID)}, nil
}

// say renders one of gm.tmpl's pieces for the game and the action as they
// stand when it is called, so that a verb renders after its changes; the
// first error is kept in sayErr.
func (cmd *gmCommand) say(name string) string {
	d := gmWords(cmd.g, cmd.act, byMove(cmd.p.Titles, cmd.g))
	d.Text, d.Final = cmd.c.Rest, cmd.final
	s, err := cmd.p.say(name, d)
	if cmd.sayErr == nil {
		cmd.sayErr = err
	}
	return s
}

// pause stops an active game until RESUME.
func (cmd *gmCommand) pause() (gmChange, error) {
	g := &cmd.g
	if g.Status != "active" {
		return gmChange{}, fmt.Errorf("game %s is %s, not active", g.ID, g.Status)
	}
	g.Status = "paused"
	cmd.act.Reason = cmd.c.Rest
	var ch gmChange
	cmd.act.Headline, ch.notifyAll = cmd.say("gm/headline/pause"), cmd.say("gm/pause")
	ch.said = fmt.Sprintf("game %s paused at %s %d", g.ID, cmd.p.Titles.Unit(g.Title), g.Turn)
	return ch, nil
}

// resume starts a paused game again, with the time its turn had left.
func (cmd *gmCommand) resume(ctx context.Context) (gmChange, error) {
	g := &cmd.g
	if g.Status != "paused" {
		return gmChange{}, fmt.Errorf("game %s is %s, not paused", g.ID, g.Status)
	}
	g.Status = "active"
	if !g.Deadline.IsZero() {
		log, err := cmd.p.gmLog(ctx, g.ID)
		if err != nil {
			return gmChange{}, err
		}
		g.Deadline = log.resumedDeadline(*g, cmd.now)
	}
	cmd.act.Headline = cmd.say("gm/headline/resume")
	return gmChange{notifyAll: cmd.act.Headline, said: fmt.Sprintf("game %s resumed%s", g.ID, cmd.say("gm/due"))}, nil
}

// deadline moves the open turn's deadline.
func (cmd *gmCommand) deadline() (gmChange, error) {
	d, err := parseDeadline(cmd.g, cmd.c.Rest, cmd.now)
	if err != nil {
		return gmChange{}, err
	}
	cmd.g.Deadline = d
	cmd.act.Headline = cmd.say("gm/headline/deadline")
	return gmChange{notifyAll: cmd.act.Headline, said: cmd.act.Headline}, nil
}

// schedule sets the times at which turns fall due, or NONE; a game without
// a deadline takes the schedule's next time.
func (cmd *gmCommand) schedule() (gmChange, error) {
	g := &cmd.g
	if strings.EqualFold(cmd.c.Rest, "none") {
		g.Schedule = ""
	} else {
		sc, err := ParseSchedule(cmd.c.Rest)
		if err != nil {
			return gmChange{}, err
		}
		g.Schedule = cmd.c.Rest
		if g.Deadline.IsZero() {
			g.Deadline = sc.Next(cmd.now, Zone(*g))
		}
	}
	cmd.act.Headline = cmd.say("gm/headline/schedule")
	return gmChange{notifyAll: cmd.act.Headline, said: cmd.act.Headline}, nil
}

// rollback takes a game in turns back to a turn already played, and sends
// every player their position at that turn again.
func (cmd *gmCommand) rollback(ctx context.Context) (gmChange, error) {
	g := &cmd.g
	turn, err := strconv.Atoi(cmd.c.Args[0])
	if err != nil || turn < 1 || turn >= g.Turn {
		return gmChange{}, fmt.Errorf("ROLLBACK needs a turn already played, 1 to %d, then the reason", g.Turn-1)
	}
	cmd.act.Reason = gmcmd.AfterWords(cmd.c.Rest, 1)
	deadline := NextDeadline(*g, cmd.now)
	if deadline.IsZero() && g.Deadline.After(cmd.now) {
		deadline = g.Deadline
	}
	g.Turn, g.Deadline = turn, deadline
	cmd.act.Headline = cmd.say("gm/headline/rollback")
	intro := cmd.say("gm/rollback")
	return gmChange{
		change: func(tx store.Tx, id int64) error { return tx.RollBack(ctx, cmd.g.ID, turn, id, deadline) },
		mails: func(int64) ([]store.OutboxMail, error) {
			return cmd.p.seatMails(ctx, cmd.g, humans(cmd.positions), "", intro)
		},
		said: fmt.Sprintf("%s is back at turn %d", g.ID, turn),
	}, nil
}

// end ends a game in turns where it stands, with its final standings and
// records, which every player is told.
func (cmd *gmCommand) end(ctx context.Context) (gmChange, error) {
	g := &cmd.g
	g.Status = "ended"
	cmd.act.Reason = cmd.c.Rest
	final, err := cmd.p.finalWord(ctx, *g, cmd.positions, cmd.now)
	if err != nil {
		return gmChange{}, err
	}
	cmd.final = final.text
	var ch gmChange
	cmd.act.Headline, ch.notifyAll = cmd.say("gm/headline/end"), cmd.say("gm/end")
	ch.change = func(tx store.Tx, _ int64) error {
		if err := tx.UpdateGame(ctx, cmd.g); err != nil {
			return err
		}
		return tx.AddFinalScores(ctx, final.scores)
	}
	ch.said = fmt.Sprintf("game %s ended after turn %d", g.ID, g.Turn-1) + final.text
	return ch, nil
}

// gmProcess checks that PROCESS names the open turn of an active game
// and keys the action so that the turn is ordered resolved once.
func (p *Processor) gmProcess(ctx context.Context, g store.Game, c gmcmd.Command, act *store.GMAction) (string, error) {
	turn, err := strconv.Atoi(c.Args[0])
	if err != nil {
		return "", fmt.Errorf("PROCESS needs the turn number it expects: write PROCESS %d", g.Turn)
	}
	switch {
	case turn < g.Turn:
		return "", fmt.Errorf("turn %d: %w: the game is at turn %d", turn, store.ErrDone, g.Turn)
	case turn > g.Turn:
		return "", fmt.Errorf("turn %d is not open: the game is at turn %d", turn, g.Turn)
	case g.Status != "active":
		return "", fmt.Errorf("game %s is %s: RESUME it first", g.ID, g.Status)
	}
	log, err := p.gmLog(ctx, g.ID)
	if err != nil {
		return "", err
	}
	act.OnceKey = log.processKey(turn)
	return fmt.Sprintf("turn %d of %s resolves at the next pass", turn, g.ID), nil
}

// commitGM writes a command's settings, its log entry, its own change and
// its mails in one transaction.
func (p *Processor) commitGM(ctx context.Context, g store.Game, act store.GMAction, change func(store.Tx, int64) error, mails func(int64) ([]store.OutboxMail, error)) error {
	return p.Store.Update(ctx, func(tx store.Tx) error {
		id, err := tx.AddGMAction(ctx, act)
		if err != nil {
			return err
		}
		if change != nil {
			if err := change(tx, id); err != nil {
				return err
			}
		} else if err := tx.UpdateGame(ctx, g); err != nil {
			return err
		}
		if mails == nil {
			return nil
		}
		ms, err := mails(id)
		if err != nil {
			return err
		}
		for _, m := range ms {
			if _, err := tx.QueueMail(ctx, m, act.At); err != nil {
				return err
			}
		}
		return nil
	})
}

// gmPosition handles the commands about one seat.
func (p *Processor) gmPosition(ctx context.Context, g store.Game, positions []store.Position, c gmcmd.Command, act store.GMAction) (string, error) {
	n, err := strconv.Atoi(c.Args[0])
	if err != nil {
		return "", fmt.Errorf("%s needs a position number first: %s", c.Verb, gmcmd.UsageOf(c.Verb))
	}
	var pos store.Position
	found := false
	for _, q := range positions {
		if q.Number == n {
			pos, found = q, true
		}
	}
	if !found {
		return "", fmt.Errorf("game %s has no position %d", g.ID, n)
	}
	var mails []store.OutboxMail
	var said string
	switch c.Verb {
	case "RESET":
		if !pos.Human || pos.Address == "" {
			return "", fmt.Errorf("position %d is played by the computer; there is no password to reset", n)
		}
		password, err := NewPassword()
		if err != nil {
			return "", err
		}
		if pos.PasswordHash, err = HashPassword(password); err != nil {
			return "", err
		}
		intro, err := p.say("gm/reset", nil)
		if err != nil {
			return "", err
		}
		if mails, err = p.seatMails(ctx, g, []store.Position{pos}, password, intro); err != nil {
			return "", err
		}
		said = fmt.Sprintf("position %d has a new password, mailed to %s; the old one no longer works", n, pos.Address)
	case "RESEND":
		if !pos.Human || pos.Address == "" {
			return "", fmt.Errorf("position %d is played by the computer; there is no one to send to", n)
		}
		intro, err := p.say("gm/asked-again", nil)
		if err != nil {
			return "", err
		}
		if mails, err = p.seatMails(ctx, g, []store.Position{pos}, "", intro); err != nil {
			return "", err
		}
		said = fmt.Sprintf("position %d's latest report and turnsheet queued for %s", n, pos.Address)
	case "ADDRESS":
		addr := store.NormalizeAddress(c.Args[1])
		if !strings.Contains(addr, "@") {
			return "", fmt.Errorf("%q is not a mail address", c.Args[1])
		}
		old := pos.Address
		pos.Address = addr
		d := gmWords(g, act, false)
		d.Position, d.From, d.To = n, old, addr
		to := []store.Position{pos}
		if old != "" {
			to = append(to, store.Position{Number: n, Address: old, Human: true})
		}
		if mails, err = p.sayNotices(g, to, "gm/address", d); err != nil {
			return "", err
		}
		said = fmt.Sprintf("position %d now mails %s", n, addr)
	case "HAND":
		if pos, mails, said, err = p.gmHand(ctx, g, pos, c, &act); err != nil {
			return "", err
		}
	}
	err = p.commitGM(ctx, g, act, func(tx store.Tx, _ int64) error {
		if c.Verb == "HAND" && pos.Human && !byMove(p.Titles, g) {
			// A player just welcomed with the open turn's sheet is not
			// reminded of that turn: the welcome is the reminder.
			if _, err := tx.NoteReminder(ctx, g.ID, g.Turn, pos.Number, act.At); err != nil {
				return err
			}
		}
		return tx.UpdatePosition(ctx, pos)
	}, func(int64) ([]store.OutboxMail, error) { return mails, nil })
	return said, err
}

// gmHand hands a position to the computer or to a new player, and tells
// the player who held it. It gives the position as it is now, the mails
// and what to say to the game master.
func (p *Processor) gmHand(ctx context.Context, g store.Game, pos store.Position, c gmcmd.Command, act *store.GMAction) (store.Position, []store.OutboxMail, string, error) {
	n, old := pos.Number, pos
	d := gmWords(g, *act, false)
	d.Position = n
	var mails []store.OutboxMail
	var err error
	if strings.EqualFold(c.Args[1], "computer") {
		if !pos.Human {
			return pos, nil, "", fmt.Errorf("position %d is already played by the computer", n)
		}
		pos.Human, pos.Address, pos.PasswordHash = false, "", nil
		if act.Headline, err = p.say("gm/headline/hand-computer", d); err != nil {
			return pos, nil, "", err
		}
		if old.Address != "" {
			if mails, err = p.sayNotices(g, []store.Position{old}, "gm/handed-computer", d); err != nil {
				return pos, nil, "", err
			}
		}
		return pos, mails, act.Headline, nil
	}
	addr := store.NormalizeAddress(c.Args[1])
	if !strings.Contains(addr, "@") {
		return pos, nil, "", fmt.Errorf("%q is not a mail address; write HAND %d COMPUTER or HAND %d <address> [name]", c.Args[1], n, n)
	}
	password, err := NewPassword()
	if err != nil {
		return pos, nil, "", err
	}
	hash, err := HashPassword(password)
	if err != nil {
		return pos, nil, "", err
	}
	pos.Human, pos.Address, pos.PasswordHash = true, addr, hash
	if name := strings.Join(c.Args[2:], " "); name != "" {
		pos.Name = name
	}
	// Before a game by mail begins, the seat takes its player's name, in
	// a step of its own: the welcome below is written from the setup.
	if err := p.nameSeat(ctx, g, pos); err != nil {
		return pos, nil, "", err
	}
	if g.Turn > 1 { // seating players before the first turn is not news
		if act.Headline, err = p.say("gm/headline/hand-player", d); err != nil {
			return pos, nil, "", err
		}
	}
	if mails, err = p.seatMails(ctx, g, []store.Position{pos}, password, ""); err != nil {
		return pos, nil, "", err
	}
	if old.Human && old.Address != "" && old.Address != addr {
		m, err := p.sayNotices(g, []store.Position{old}, "gm/handed-on", d)
		if err != nil {
			return pos, nil, "", err
		}
		mails = append(mails, m...)
	}
	return pos, mails, fmt.Sprintf("position %d handed to %s; the welcome with the password and the turnsheet is queued", n, addr), nil
}

// gmMessages approves or withholds the players' messages of the last turn
// (10.1G). An approved message is printed in the next turn's headlines.
func (p *Processor) gmMessages(ctx context.Context, g store.Game, c gmcmd.Command, act store.GMAction) (string, error) {
	tt, err := turnTitle(p.Titles, g)
	if err != nil {
		return "", err
	}
	mod, ok := tt.(title.MessageModerator)
	if !ok {
		return "", fmt.Errorf("%s games have no player messages", g.Title)
	}
	snap, err := p.Store.LatestSnapshot(ctx, g.ID)
	if err != nil {
		return "", err
	}
	pending, err := mod.PendingMessages(snap.State)
	if err != nil {
		return "", err
	}
	log, err := p.gmLog(ctx, g.ID)
	if err != nil {
		return "", err
	}
	all := strings.EqualFold(c.Args[0], "all")
	var done []string
	for _, m := range pending {
		if !all && c.Args[0] != strconv.Itoa(m.From) {
			continue
		}
		a := act
		a.Args = fmt.Sprintf("%s %d", c.Verb, m.From)
		a.OnceKey = log.onceKey("message %d from %d", g.Turn, m.From)
		a.Reason = m.Text
		if c.Verb == "APPROVE" {
			if a.Headline, err = p.say("gm/headline/message", struct{ Name, Text string }{m.Name, m.Text}); err != nil {
				return "", err
			}
		}
		err := p.commitGM(ctx, g, a, func(store.Tx, int64) error { return nil }, nil)
		if errors.Is(err, store.ErrDone) {
			if !all {
				return "", fmt.Errorf("position %d's message was already approved or rejected", m.From)
			}
			continue
		}
		if err != nil {
			return "", err
		}
		done = append(done, strconv.Itoa(m.From))
	}
	if len(done) == 0 {
		return "", fmt.Errorf("no message awaits approval%s", map[bool]string{true: "", false: " from position " + c.Args[0]}[all])
	}
	verb := map[string]string{"APPROVE": "approved", "REJECT": "withheld"}[c.Verb]
	return fmt.Sprintf("messages from position %s %s", strings.Join(done, ", "), verb), nil
}

// gmLog is a game's moderation log, read once for the questions a command
// or a pass asks of it.
type gmLog []store.GMAction

func (p *Processor) gmLog(ctx context.Context, gameID string) (gmLog, error) {
	acts, err := p.Store.GMActions(ctx, gameID)
	return gmLog(acts), err
}

// last is the newest action with a verb, if any.
func (l gmLog) last(verb string) (store.GMAction, bool) {
	for i := len(l) - 1; i >= 0; i-- {
		if l[i].Verb == verb {
			return l[i], true
		}
	}
	return store.GMAction{}, false
}

// onceKey makes a once-only command once per line of play: a rollback
// opens a new line, in which the same turn may be processed again.
func (l gmLog) onceKey(format string, args ...any) string {
	rb, _ := l.last("ROLLBACK")
	return fmt.Sprintf(format, args...) + fmt.Sprintf(" after %d", rb.ID)
}

// processKey is the once-key of PROCESS for a turn.
func (l gmLog) processKey(turn int) string { return l.onceKey("process %d", turn) }

// processOrdered reports whether the GM has ordered a turn resolved.
func (l gmLog) processOrdered(turn int) bool {
	key := l.processKey(turn)
	for _, a := range l {
		if a.OnceKey == key {
			return true
		}
	}
	return false
}

// reopened reports whether a turn is the one the GM last rolled back to.
func (l gmLog) reopened(turn int) bool {
	rb, ok := l.last("ROLLBACK")
	f := strings.Fields(rb.Args)
	return ok && len(f) > 0 && f[0] == strconv.Itoa(turn)
}

// resumedDeadline gives a resumed turn the time it had left when the game
// was paused, and at least a day, so that players hear of it in time.
func (l gmLog) resumedDeadline(g store.Game, now time.Time) time.Time {
	left := 24 * time.Hour
	if pause, ok := l.last("PAUSE"); ok {
		left = max(g.Deadline.Sub(pause.At), left)
	}
	if d := now.Add(left); d.After(g.Deadline) {
		return d
	}
	return g.Deadline
}

// parseDeadline reads a deadline in the game's zone: a date and time, a
// step from the present deadline (or from now if there is none) such as
// +48h or +3d, or NONE.
func parseDeadline(g store.Game, s string, now time.Time) (time.Time, error) {
	s = strings.TrimSpace(s)
	if strings.EqualFold(s, "none") {
		return time.Time{}, nil
	}
	var d time.Time
	if strings.HasPrefix(s, "+") {
		from := g.Deadline
		if from.IsZero() || from.Before(now) {
			from = now
		}
		step := s[1:]
		if days, ok := strings.CutSuffix(step, "d"); ok {
			n, err := strconv.Atoi(days)
			if err != nil {
				return d, fmt.Errorf("deadline %q: write +3d, +48h or +90m", s)
			}
			d = from.In(Zone(g)).AddDate(0, 0, n).UTC()
		} else {
			dur, err := time.ParseDuration(step)
			if err != nil {
				return d, fmt.Errorf("deadline %q: write +3d, +48h or +90m", s)
			}
			d = from.Add(dur)
		}
	} else {
		var err error
		for _, layout := range []string{"2006-01-02 15:04", "2006-01-02T15:04", "2006-01-02 15:04:05"} {
			if d, err = time.ParseInLocation(layout, s, Zone(g)); err == nil {
				break
			}
		}
		if err != nil {
			return d, fmt.Errorf("deadline %q: write the date and time in the game's zone (%s) as 2026-03-16 18:00, or +48h, or NONE", s, g.TimeZone)
		}
		d = d.UTC()
	}
	if !d.After(now) {
		return d, fmt.Errorf("deadline %s is not in the future", ShowTime(g, d))
	}
	return d, nil
}

// seatMails are the mails that put each position in the picture now: the
// welcome with the turnsheet when no turn has been played or a password
// was just made, else the latest report, rendered again for the turn open
// now. intro, if any, goes above it.
func (p *Processor) seatMails(ctx context.Context, g store.Game, positions []store.Position, password, intro string) ([]store.OutboxMail, error) {
	if byMove(p.Titles, g) {
		return p.moveSeatMails(ctx, g, positions, password, intro)
	}
	tt, err := turnTitle(p.Titles, g)
	if err != nil {
		return nil, err
	}
	secret, err := p.Store.Secret(ctx)
	if err != nil {
		return nil, err
	}
	latest, err := p.Store.LatestSnapshot(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	var events []store.Event
	if g.Turn > 1 {
		if events, err = p.Store.Events(ctx, g.ID, g.Turn-1); err != nil {
			return nil, err
		}
	}
	var out []store.OutboxMail
	for _, pos := range positions {
		if pos.Address == "" {
			continue
		}
		req := title.ReportRequest{Game: g, Turn: g.Turn - 1, State: latest.State, Events: events, Position: pos,
			Token: TurnsheetToken(secret, g.ID, pos.Number, g.Turn), Resolved: latest.Created}
		if !g.Deadline.IsZero() {
			req.Deadline = ShowTime(g, g.Deadline)
		}
		var rep title.Report
		if g.Turn == 1 || password != "" {
			req.Turn = g.Turn
			rep, err = tt.Welcome(req, password)
		} else {
			rep, err = tt.Report(req)
		}
		if err != nil {
			return nil, fmt.Errorf("mail for position %d: %w", pos.Number, err)
		}
		if intro != "" {
			rep.Text = intro + "\n\n" + rep.Text
		}
		m, err := p.compose(composeArgs{kind: "notice", to: []string{pos.Address}, subject: rep.Subject, text: rep.Text,
			attachments: rep.Attachments, gameID: g.ID, position: pos.Number, autoSubmitted: "auto-generated"})
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return forgetting(out, password), nil
}

// notices mails the same short text to each position that has an address.
func (p *Processor) notices(g store.Game, positions []store.Position, subject, text string) ([]store.OutboxMail, error) {
	body, err := p.notice(text)
	if err != nil {
		return nil, err
	}
	var out []store.OutboxMail
	for _, pos := range positions {
		if pos.Address == "" {
			continue
		}
		m, err := p.compose(composeArgs{kind: "notice", to: []string{pos.Address}, subject: subject, text: body,
			gameID: g.ID, position: pos.Number, autoSubmitted: "auto-generated"})
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

func (p *Processor) templates() (*templates.Set, error) {
	if p.tmpl == nil {
		t, err := templates.Load()
		if err != nil {
			return nil, err
		}
		p.tmpl = t
	}
	return p.tmpl, nil
}

// NewPassword makes a password a player can read and type: three groups of
// four from an alphabet without look-alikes, about 59 bits.
func NewPassword() (string, error) {
	const alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
	var b strings.Builder
	for i := range 12 {
		if i > 0 && i%4 == 0 {
			b.WriteByte('-')
		}
		n, err := rand.Int(rand.Reader, big.NewInt(int64(len(alphabet))))
		if err != nil {
			return "", fmt.Errorf("new password: %w", err)
		}
		b.WriteByte(alphabet[n.Int64()])
	}
	return b.String(), nil
}

func humans(positions []store.Position) []store.Position {
	var out []store.Position
	for _, p := range positions {
		if p.Human {
			out = append(out, p)
		}
	}
	return out
}

// gmNews fills gm.tmpl: the game and the action as a command leaves
// them, for its headline and the players' notices.
type gmNews struct {
	GameID, GameName string
	Turn             int    // the turn open now
	Due              string // its deadline as the game shows it; "" for none
	Schedule         string
	Reason           string
	ByMove           bool   // the game is played one action per mail
	Text             string // the command's words after the verb (ANNOUNCE)
	Final            string // END: gm/final
	Position         int
	From, To         string // ADDRESS: the old address ("" for none) and the new
}

// gmWords is what gm.tmpl may say of a game and an action; each command
// adds its own.
func gmWords(g store.Game, act store.GMAction, byMove bool) gmNews {
	d := gmNews{GameID: g.ID, GameName: g.Name, Turn: g.Turn, Schedule: g.Schedule, Reason: act.Reason, ByMove: byMove}
	if !g.Deadline.IsZero() {
		d.Due = ShowTime(g, g.Deadline)
	}
	return d
}

// gmNotices mails a notice to each position, under a subject of the first
// words of about: the text, or its headline.
func (p *Processor) gmNotices(g store.Game, positions []store.Position, about, text string) ([]store.OutboxMail, error) {
	subject, err := p.say("gm/notice.subject", struct{ GameID, Gist string }{g.ID, firstWords(about)})
	if err != nil {
		return nil, err
	}
	return p.notices(g, positions, subject, text)
}

// firstWords cuts a notice down to a subject line.
func firstWords(s string) string {
	if i := strings.IndexAny(s, ".:;"); i > 0 && i < 70 {
		return s[:i]
	}
	if len(s) > 70 {
		return s[:67] + "..."
	}
	return s
}
