package processor

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/gamelog"
	"github.com/railpost/railpost/processor/gmcmd"
	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
)

// judgeMove reads a player's mail to a game played one action per mail:
// setting lines (DIGEST, AUTOPASS, AWAY), a request (REPORT, RESEND), and
// at most one move, which must quote the action the game waits for. A
// legal move is applied at once with whatever automatic moves follow it;
// anything wrong is answered with the line, the rule and the legal moves,
// and changes nothing.
func (p *Processor) judgeMove(ctx context.Context, m store.InboxMessage, mm *orders.Mail, game store.Game, pos store.Position,
	sheet orders.Sheet, tokenAction int, to, cc []string) (verdict, error) {
	v := verdict{gameID: game.ID, position: pos.Number}
	r, err := p.loadMoves(ctx, game)
	if err != nil {
		return v, err
	}
	secret, err := p.Store.Secret(ctx)
	if err != nil {
		return v, err
	}
	seat := pos.Number - 1
	now := p.now()
	prefs := r.Prefs[pos.Number]
	answer := func(status, outcome, subject, text string, att []mail.Attachment) (verdict, error) {
		v.status, v.outcome = status, outcome
		body, err := p.tmpl.Render("notice.tmpl", struct{ Text string }{text})
		if err != nil {
			return v, err
		}
		refs := append(append([]string(nil), mm.References...), mm.MessageID)
		reply, err := p.compose(composeArgs{kind: "reply", to: to, cc: cc, subject: subject, text: body, gameID: game.ID, position: pos.Number,
			inboxID: m.ID, inReplyTo: mm.MessageID, references: refs, attachments: att, autoSubmitted: "auto-replied"})
		if err != nil {
			return v, err
		}
		v.replies = append([]store.OutboxMail{reply}, v.replies...)
		return v, nil
	}
	// where is the position as the player should now see it, with the
	// block to answer if it is their move.
	where := func(header bool) string {
		s := r.Eng.Status(seat)
		if slices.Contains(r.Eng.Acting(), seat) {
			s += fmt.Sprintf("\nIt is your move: action %d. Your legal moves:\n", r.Next())
			for _, l := range r.Eng.Menu(seat) {
				s += "  " + l + "\n"
			}
			if header {
				s += "\nReply with your move on the first line. Keep the lines below.\n\n" + p.moveHeader(secret, game, pos, r.Next())
			}
		} else if acting := r.Eng.Acting(); len(acting) > 0 {
			s += fmt.Sprintf("\nThe game waits for %s (action %d); you will get a mail when it is your move.\n", r.Name(acting[0]), r.Next())
			if header {
				s += "Settings and requests (REPORT, DIGEST, AUTOPASS, AWAY) may be sent at any time; reply keeping these lines:\n\n" + p.moveHeader(secret, game, pos, r.Next())
			}
		}
		return s
	}
	refuse := func(outcome string, problem string) (verdict, error) {
		text := "Nothing was changed: " + problem + "\n\n" + where(true)
		return answer(store.InboxRejected, outcome, fmt.Sprintf("[%s] Move not accepted (position %d)", game.ID, pos.Number), text, nil)
	}

	var said []string
	var moveLines []orders.Line
	report, resend := false, false
	for _, l := range sheet.Body {
		text := strings.TrimSpace(l.Text)
		if text == "--" {
			break // our own signature, under the quoted header block
		}
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		switch strings.ToUpper(text) {
		case "REPORT":
			report = true
			continue
		case "RESEND":
			resend = true
			continue
		}
		handled, msg, err := moveCommand(text, &prefs)
		if err != nil {
			return refuse("bad setting line", fmt.Sprintf("line %d (%q): %v.", l.N, text, err))
		}
		if handled {
			said = append(said, msg)
			continue
		}
		moveLines = append(moveLines, l)
	}
	if len(moveLines) > 1 {
		return refuse("more than one move", fmt.Sprintf("line %d (%q) and line %d (%q) are both moves; this game takes one action per mail. Send the one you mean.",
			moveLines[0].N, strings.TrimSpace(moveLines[0].Text), moveLines[1].N, strings.TrimSpace(moveLines[1].Text)))
	}
	if prefs.Digest && !r.Prefs[pos.Number].Digest {
		prefs.DigestUpTo, prefs.DigestAt = r.From-1, now
	}
	if prefs != r.Prefs[pos.Number] {
		r.Prefs[pos.Number] = prefs
		if err := r.Autoplay(now); err != nil {
			return v, err
		}
	}
	var text []string
	outcome := "settings"
	if len(moveLines) == 1 {
		l := moveLines[0]
		line := strings.TrimSpace(l.Text)
		number := sheet.Header.Action
		if number == 0 {
			number = tokenAction
		}
		switch {
		case number == 0:
			return refuse("no action number", fmt.Sprintf("line %d (%q) is a move, but the mail does not say which action it answers. Keep the ACTION and TOKEN lines of your \"your move\" mail, or add ACTION: %d.", l.N, line, r.Next()))
		case number < r.From:
			return refuse(fmt.Sprintf("stale: for action %d, game at %d", number, r.From),
				fmt.Sprintf("your move %q answers action %d, which has already been played; the game has moved on to action %d. Here is where it stands now.", line, number, r.From))
		case number > r.From:
			return refuse(fmt.Sprintf("action %d not open", number), fmt.Sprintf("ACTION says %d, but the game waits for action %d.", number, r.From))
		case r.Next() != r.From:
			return refuse("settings moved the game", fmt.Sprintf("the settings in this mail passed for you first, so your move %q (line %d) was not made. Here is where the game stands.", line, l.N))
		}
		if game.Status == "paused" {
			return refuse("game paused", fmt.Sprintf("line %d (%q): the game master has paused the game, and no move is made until it resumes. Send your move again when you hear that it has.", l.N, line))
		}
		undo, _, err := gamelog.UndoLine(line)
		if !undo && !slices.Contains(r.Eng.Acting(), seat) {
			return refuse("not their move", fmt.Sprintf("line %d (%q): it is not your move.", l.N, line))
		}
		switch {
		case undo && err != nil:
			return refuse("bad undo", fmt.Sprintf("line %d (%q): %v.", l.N, line, err))
		case undo:
			last, ok := r.LastOwn(seat)
			if !ok {
				return refuse("undo refused", fmt.Sprintf("line %d (%q): you may undo only your own last move, before anyone else has moved. Ask the game master to undo further.", l.N, line))
			}
			if err := r.Undo(len(r.Standing)-1, pos.Number, "player", m.ID, now); err != nil {
				return v, err
			}
			outcome = fmt.Sprintf("undid %q", last)
		default:
			a, err := eighteen.ParseAction(seat, line)
			if err != nil {
				return refuse("unreadable move", fmt.Sprintf("line %d (%q): %v.", l.N, line, err))
			}
			if err := r.Apply(a, "player", m.ID, now); err != nil {
				return refuse("illegal: "+err.Error(), fmt.Sprintf("line %d (%q) breaks a rule: %v.", l.N, line, err))
			}
			outcome = fmt.Sprintf("action %d: %s", r.From, a)
		}
		if err := r.Autoplay(now); err != nil {
			return v, err
		}
		text = append(text, "Accepted. What happened:")
		for _, h := range r.Happened() {
			text = append(text, "  "+h)
		}
	}
	text = append(text, said...)
	var att []mail.Attachment
	if report {
		pdf, err := r.Title.Report(r.Eng, game.Name, pos.Number, now)
		if err != nil {
			return v, err
		}
		att = append(att, mail.Attachment{Name: fmt.Sprintf("%s-action%d-position%d.pdf", game.ID, r.Next()-1, pos.Number), ContentType: "application/pdf", Data: pdf})
		text = append(text, "The report you asked for is attached.")
	}
	if len(moveLines) == 0 && !report && !resend && len(said) == 0 {
		return refuse("no move", "the mail holds no move. Write one of the moves below on the first line of your reply.")
	}
	mails, err := p.moveMails(ctx, r, pos.Number)
	if err != nil {
		return v, err
	}
	if resend {
		again, err := p.moveSeatMails(ctx, game, []store.Position{pos}, "", "You asked for the position again; here it is.")
		if err != nil {
			return v, err
		}
		mails = append(mails, again...)
		text = append(text, "The position comes again in a separate mail.")
	}
	v.replies = mails
	v.commit = func(ctx context.Context, tx *store.Tx) error {
		if len(said) > 0 {
			if err := tx.SetPrefs(ctx, game.ID, pos.Number, prefs); err != nil {
				return err
			}
		}
		return r.Commit(ctx, tx, now)
	}
	body := strings.Join(text, "\n")
	undoable, canUndo := r.LastOwn(seat)
	canUndo = canUndo && !slices.Contains(r.Eng.Acting(), seat)
	if !slices.Contains(r.Eng.Acting(), seat) || len(r.Added) == 0 {
		body += "\n\n" + where(!canUndo)
	}
	if canUndo {
		// One header block, last: what a reply quotes below it is read.
		body += fmt.Sprintf("\nTo take back your %s before the next player moves, reply UNDO, keeping these lines:\n\n%s", undoable, p.moveHeader(secret, game, pos, r.Next()))
	}
	return answer(store.InboxAccepted, outcome, fmt.Sprintf("[%s] Accepted (position %d)", game.ID, pos.Number), body, att)
}

// gmMove carries out the GM's UNDO, MOVE, ROLLBACK and END on a game
// played by mail. Each is a log entry by the game master as well as a GM
// log entry, and what it changes is mailed like any move.
func (p *Processor) gmMove(ctx context.Context, g store.Game, c gmcmd.Command, act store.GMAction) (string, error) {
	r, err := p.loadMoves(ctx, g)
	if err != nil {
		return "", err
	}
	now := p.now()
	reopen := false
	var said string
	switch c.Verb {
	case "UNDO":
		to, err := strconv.Atoi(c.Args[0])
		if err != nil {
			return "", fmt.Errorf("UNDO needs the number of moves that stand after it, 0 to %d", len(r.Standing)-1)
		}
		act.Reason = gmcmd.AfterWords(c.Rest, 1)
		if err := r.Undo(to, 0, "gm", act.InboxID, now); err != nil {
			return "", err
		}
		said = fmt.Sprintf("%s is back to %d standing moves", g.ID, to)
	case "ROLLBACK":
		n, err := strconv.Atoi(c.Args[0])
		if err != nil {
			return "", fmt.Errorf("ROLLBACK needs an action already made, 1 to %d, then the reason", len(r.Log))
		}
		to, err := r.StandingBefore(n)
		if err != nil {
			return "", err
		}
		if to == len(r.Standing) {
			return "", fmt.Errorf("the moves that stood at action %d all stand now; there is nothing to roll back", n)
		}
		act.Reason = gmcmd.AfterWords(c.Rest, 1)
		if err := r.Undo(to, 0, "gm", act.InboxID, now); err != nil {
			return "", err
		}
		if reopen = g.Status == "ended"; reopen {
			r.Game.Status = "active"
		}
		said = fmt.Sprintf("%s is back where it waited for action %d, as action %d", g.ID, n, r.Next())
	case "MOVE":
		n, err := strconv.Atoi(c.Args[0])
		if err != nil || n < 1 || n > len(r.Positions) {
			return "", fmt.Errorf("MOVE needs a position, 1 to %d, then the move", len(r.Positions))
		}
		a, err := eighteen.ParseAction(n-1, gmcmd.AfterWords(c.Rest, 1))
		if err != nil {
			return "", err
		}
		if err := r.Apply(a, "gm", act.InboxID, now); err != nil {
			return "", fmt.Errorf("position %d: %s: %w", n, a, err)
		}
		said = fmt.Sprintf("position %d: %s", n, a)
	case "END":
		return p.gmEndMoves(ctx, r, act, now)
	}
	if err := r.Autoplay(now); err != nil {
		return "", err
	}
	why := ""
	if act.Reason != "" {
		why = " (" + act.Reason + ")"
	}
	mails, err := p.moveMails(ctx, r, 0)
	if err != nil {
		return "", err
	}
	act.Headline = "The game master: " + said + why + "."
	err = p.commitGM(ctx, g, act, func(tx *store.Tx, id int64) error {
		if reopen {
			if err := tx.Reopen(ctx, g.ID, id); err != nil {
				return err
			}
		}
		return r.Commit(ctx, tx, now)
	}, func(int64) ([]store.OutboxMail, error) { return mails, nil })
	return said, err
}

// gmEndMoves ends a game played by mail where it stands, scored as the
// engine counts it, and tells every player the standings.
func (p *Processor) gmEndMoves(ctx context.Context, r *gamelog.Moves, act store.GMAction, now time.Time) (string, error) {
	g := r.Game
	act.Reason = strings.TrimSpace(act.Args)
	act.Headline = "The game master ended the game" + because(act.Reason) + "."
	var lines []string
	for seat, s := range r.Eng.Scores() {
		lines = append(lines, fmt.Sprintf("  %-20s %d", r.Name(seat), s))
	}
	text := act.Headline + " Thank you for playing.\n\nFinal standings after action " + strconv.Itoa(len(r.Log)) + ":\n" + strings.Join(lines, "\n") +
		"\n\n" + r.Eng.Status(-1)
	mails, err := p.notices(g, r.Readers(), fmt.Sprintf("[%s] %s", g.ID, firstWords(act.Headline)), text)
	if err != nil {
		return "", err
	}
	err = p.commitGM(ctx, g, act, func(tx *store.Tx, _ int64) error { return r.End(ctx, tx, now) },
		func(int64) ([]store.OutboxMail, error) { return mails, nil })
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("game %s ended after action %d\n%s", g.ID, len(r.Log), strings.Join(lines, "\n")), nil
}

// previewMoves shows what the next pass would do to a game played by
// mail: the automatic moves it would make now (the computer's seats,
// forced passes, standing passes, the timeout policy), or whom it waits
// for and when the reminder and the timeout fall. Nothing is kept.
func (p *Processor) previewMoves(ctx context.Context, g store.Game) (string, error) {
	r, err := p.loadMoves(ctx, g)
	if err != nil {
		return "", err
	}
	now := p.now()
	if err := r.Autoplay(now); err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Preview of %s at action %d (nothing is kept):\n", g.ID, r.From)
	if g.Status != "active" {
		fmt.Fprintf(&b, "The game is %s: nothing moves until it is active.\n", g.Status)
	}
	if happened := r.Happened(); len(happened) > 0 {
		b.WriteString("The next pass makes these moves by itself:\n")
		for _, h := range happened {
			b.WriteString("  " + h + "\n")
		}
	}
	acting := r.Eng.Acting()
	switch {
	case r.Eng.Over():
		b.WriteString("The game would end by its rules.\n")
	case len(acting) == 0:
		b.WriteString("Nobody is to move.\n")
	default:
		seat := acting[0]
		since, err := p.waitingSince(ctx, r)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "Then it waits for %s (position %d) to make action %d, waiting since %s.\n", r.Name(seat), seat+1, r.Next(), ShowTime(g, since))
		if g.Remind > 0 {
			fmt.Fprintf(&b, "A reminder goes at %s.\n", ShowTime(g, since.Add(g.Remind)))
		}
		if g.MoveTimeout > 0 {
			_, canPass := gamelog.FirstPass(r.Eng.Legal(seat))
			what := "the game master is told"
			if g.TimeoutPolicy == "pass" && canPass {
				what = "the processor passes for them"
			}
			fmt.Fprintf(&b, "At %s the move is past its time limit and %s.\n", ShowTime(g, since.Add(g.MoveTimeout)), what)
		}
	}
	return b.String(), nil
}

// moveSeatMails welcome players to a game played by mail, or send them the
// position again: how to play, the password when one was made, where the
// game stands and, when it is their move, the moves to choose from.
func (p *Processor) moveSeatMails(ctx context.Context, g store.Game, positions []store.Position, password, intro string) ([]store.OutboxMail, error) {
	r, err := p.loadMoves(ctx, g)
	if err != nil {
		return nil, err
	}
	secret, err := p.Store.Secret(ctx)
	if err != nil {
		return nil, err
	}
	var out []store.OutboxMail
	for _, pos := range positions {
		if pos.Address == "" {
			continue
		}
		var lead []string
		if intro != "" {
			lead = append(lead, intro)
		}
		if password != "" {
			lead = append(lead, fmt.Sprintf("Welcome to %s (%s), a game of %s played one action per mail. You are position %d, %s.\n"+
				"Your password is %s. Keep it: with it you can write to the game without one of our mails to reply to:\n"+
				"GAME, POSITION, ACTION and PASSWORD lines, then your move.\n"+
				"When it is your move you get a mail listing your legal moves; reply with one of them on the first line.",
				g.Name, g.ID, g.Title, pos.Number, r.Name(pos.Number-1), password))
		}
		seat := pos.Number - 1
		var text, subject string
		if slices.Contains(r.Eng.Acting(), seat) {
			text, subject = p.yourMove(secret, r, seat, lead), fmt.Sprintf("[%s] Your move (action %d)", g.ID, r.Next())
		} else {
			text = strings.Join(lead, "\n\n") + "\n\n" + r.Eng.Status(seat) + "\n" + p.moveHeader(secret, g, pos, r.Next())
			subject = fmt.Sprintf("[%s] %s: where the game stands", g.ID, g.Name)
		}
		ms, err := p.notices(g, []store.Position{pos}, subject, text)
		if err != nil {
			return nil, err
		}
		out = append(out, ms...)
	}
	return out, nil
}
