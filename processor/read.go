package processor

import (
	"context"
	"errors"
	"fmt"
	nmail "net/mail"
	"slices"
	"strings"
	"time"

	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
)

// verdict is what reading one message decided. It is worked out with reads
// only, then committed in one transaction with the message's new status.
type verdict struct {
	// secrets are passwords the mail gave outside its header block (its
	// Subject), which its stored copy must lose too.
	secrets  []string
	status   string
	outcome  string
	gameID   string
	position int
	turn     int
	orders   []byte
	echo     string
	// refused counts the turnsheet's lines refused: orders with any do not
	// count as in for early resolution until confirmed (ruling P21).
	refused int
	replies []store.OutboxMail
	// commit is more work for the message's transaction: a move and what
	// follows from it.
	commit func(context.Context, store.Tx) error
	// throttle is set when the only reply goes to a sender we do not know:
	// they get at most one reply a day.
	throttle string
}

// read reads, authenticates, checks and stores every message the inbox
// holds in status 'new', one transaction each.
func (p *Processor) read(ctx context.Context, sum *Summary) error {
	pending, err := p.Store.PendingInbox(ctx)
	if err != nil {
		return err
	}
	for _, m := range pending {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := p.readLeased(ctx, m, sum); err != nil {
			return err
		}
	}
	return nil
}

// readLeased reads one stored mail under a claim on it and under the
// lease of the game it names: of several judges sharing a database one
// reads it, once, while no other changes its game. A mail another judge
// holds, or whose game another judge holds, waits for the next pass.
func (p *Processor) readLeased(ctx context.Context, m store.InboxMessage, sum *Summary) error {
	claim, err := p.Store.Claim(ctx, fmt.Sprintf("inbox %d", m.ID))
	if errors.Is(err, ErrBusy) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("inbox %d: %w", m.ID, err)
	}
	defer claim.Release()
	// Another judge may have read it since the list was made.
	if now, err := p.Store.InboxByID(ctx, m.ID); err != nil || now.Status != store.InboxNew {
		return err
	}
	if id := p.gameOf(ctx, m); id != "" {
		lease, err := p.Store.Lease(ctx, id)
		if errors.Is(err, ErrBusy) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("inbox %d: %w", m.ID, err)
		}
		defer lease.Release()
	}
	return p.readOne(ctx, m, sum)
}

// gameOf is the game a stored mail names, read as judge reads it, so that
// the game's lease is held before the mail is judged; "" for none.
func (p *Processor) gameOf(ctx context.Context, m store.InboxMessage) string {
	id := orders.Identity{Addresses: []string{p.Config.FromAddress().Address}, LoopID: p.Config.LoopID()}
	mm, err := orders.ReadMail(m.Raw, id, orders.DefaultLimits)
	if err != nil || mm.Automatic != "" {
		return ""
	}
	sheet, _, err := p.byThread(ctx, mm, orders.ReadSheet(mm.Text))
	if err != nil || sheet.Header.Game == "" {
		return ""
	}
	g, err := p.Store.Game(ctx, sheet.Header.Game)
	if err != nil {
		return ""
	}
	return g.ID
}

// readOne judges one stored mail and commits the verdict: orders, moves,
// replies, and the mail's outcome, in one transaction.
func (p *Processor) readOne(ctx context.Context, m store.InboxMessage, sum *Summary) error {
	v, err := p.judgeWithin(ctx, m)
	if errors.Is(err, errOverBudget) {
		if err := p.setAside(ctx, m, err); err != nil {
			return err
		}
		sum.SetAside++
		return nil
	}
	if err != nil {
		// A store failure, not a bad message: leave it for the next pass.
		return fmt.Errorf("inbox %d: %w", m.ID, err)
	}
	err = p.Store.Update(ctx, func(tx store.Tx) error {
		if v.throttle != "" {
			first, err := tx.NoteSenderReply(ctx, v.throttle, p.now())
			if err != nil {
				return err
			}
			if !first {
				v.replies = nil
				v.outcome += " (not answered: this unknown sender was already answered today)"
			}
		}
		if v.orders != nil {
			if err := tx.SaveOrders(ctx, v.gameID, v.turn, v.position, m.ID, v.orders, v.echo, p.now()); err != nil {
				return err
			}
			if v.refused > 0 {
				if err := tx.MarkRefused(ctx, v.gameID, v.turn, v.position, v.refused); err != nil {
					return err
				}
			}
		}
		if v.commit != nil {
			if err := v.commit(ctx, tx); err != nil {
				return err
			}
		}
		for _, r := range withoutSecrets(v.replies, v.secrets) {
			if _, err := tx.QueueMail(ctx, r, p.now()); err != nil {
				return err
			}
		}
		if kept, changed := keptInbox(m.Raw, v.secrets...); changed {
			if err := tx.RedactInbox(ctx, m.ID, kept); err != nil {
				return err
			}
		}
		return tx.FinishInbox(ctx, m.ID, v.status, v.gameID, v.position, v.outcome, p.now())
	})
	if err != nil {
		return fmt.Errorf("inbox %d: %w", m.ID, err)
	}
	p.log().Info("message read", "inbox", m.ID, "status", v.status, "game", v.gameID, "position", v.position, "outcome", v.outcome)
	switch v.status {
	case store.InboxAccepted:
		sum.Accepted++
	case store.InboxRejected:
		sum.Rejected++
	default:
		sum.Ignored++
	}
	p.fault(FaultReadCommitted)
	return nil
}

// errOverBudget is why a mail is set aside unjudged: judging it would cost
// more than a mail's share of a pass.
var errOverBudget = errors.New("over the per-mail budget")

// judgeWithin judges one stored message within the per-mail budget
// (mailBudget). judge checks its context where it spends (each bcrypt
// comparison, each query), and the wait for it ends at the budget even
// where it does not: the pass goes on to the mails behind, and what the
// judgement still computes is thrown away, as nothing of it is committed.
// A judgement that saw its budget run out is over budget even if it came
// back with a verdict, since a check it skipped could have changed it.
func (p *Processor) judgeWithin(ctx context.Context, m store.InboxMessage) (verdict, error) {
	budget := p.mailBudget()
	mctx, cancel := context.WithTimeoutCause(ctx, budget, fmt.Errorf("%w: judging it took longer than %s", errOverBudget, budget))
	defer cancel()
	type judged struct {
		v   verdict
		err error
	}
	done := make(chan judged, 1)
	go func() {
		v, err := p.judge(mctx, m)
		done <- judged{v, err}
	}()
	var r judged
	select {
	case r = <-done:
	case <-mctx.Done():
	}
	switch {
	case ctx.Err() != nil:
		// The pass is over, not the mail's share: the next pass reads it.
		return verdict{}, context.Cause(ctx)
	case mctx.Err() != nil:
		return verdict{}, context.Cause(mctx)
	}
	return r.v, r.err
}

// mailBudget is the longest one mail may take to judge: mail.budget, and
// never more than a quarter of pass_timeout, so that one mail cannot use
// up a pass.
func (p *Processor) mailBudget() time.Duration {
	b := p.Config.Mail.Budget.Duration
	if b <= 0 {
		b = DefaultConfig().Mail.Budget.Duration
	}
	if pt := p.Config.PassTimeout.Duration; pt > 0 && pt/4 < b {
		b = pt / 4
	}
	return b
}

// setAside finishes a mail that went over its budget without judging it:
// no reply (its From may be forged, and a flood of replies is what a
// forger wants), listed for the game master by `railpost outbox`. The
// server has it marked already, since ingest marks what it stores.
func (p *Processor) setAside(ctx context.Context, m store.InboxMessage, why error) error {
	outcome := "set aside unjudged for the game master: " + why.Error()
	err := p.Store.Update(ctx, func(tx store.Tx) error { return tx.SetAside(ctx, m.ID, outcome, p.now()) })
	if err != nil {
		return fmt.Errorf("inbox %d: %w", m.ID, err)
	}
	p.log().Warn("message set aside", "inbox", m.ID, "message_id", m.MessageID, "why", why)
	return nil
}

// replyData fills reply.tmpl.
type replyData struct {
	Accepted    bool
	Replaced    bool
	Refused     int  // lines refused in an accepted turnsheet
	Early       bool // the turn may resolve once everyone is in
	GameID      string
	GameName    string
	Position    int
	Turn        int
	Deadline    string
	Problems    []string
	Echo        []string
	Notes       []string
	Rejected    []string
	Ignored     []string
	Preamble    string
	Forwarded   bool       // the orders were read from a message the player forwarded
	Games       []openGame // to a stranger: the games that run here
	Fix         string
	ForeignFrom string
}

func problemStrings(ps []orders.Problem) []string {
	out := make([]string, len(ps))
	for i, pr := range ps {
		out[i] = pr.String()
	}
	return out
}

// judge decides what to do with one stored message. Its error is reserved
// for failures of the store; anything wrong with the message is a verdict.
func (p *Processor) judge(ctx context.Context, m store.InboxMessage) (verdict, error) {
	ignore := func(why string) (verdict, error) {
		return verdict{status: store.InboxIgnored, outcome: why}, nil
	}
	id := orders.Identity{Addresses: []string{p.Config.FromAddress().Address}, LoopID: p.Config.LoopID()}
	mm, err := orders.ReadMail(m.Raw, id, orders.DefaultLimits)
	if err != nil {
		return p.unreadable(ctx, m, err)
	}
	if mm.Automatic != "" {
		return ignore("automatic mail, not answered: " + mm.Automatic)
	}
	if mm.From == "" || !strings.Contains(mm.From, "@") {
		why := errors.New("no From address could be read")
		if len(mm.Problems) > 0 {
			why = errors.New(mm.Problems[0].Msg)
		}
		return p.unreadable(ctx, m, why)
	}
	known, err := p.Store.PositionsByAddress(ctx, mm.From)
	if err != nil {
		return verdict{}, err
	}
	j := &judgement{p: p, m: m, mm: mm, known: known}
	if int64(len(m.Raw)) > p.Config.Mail.MaxMessageBytes {
		return j.reject(verdict{}, fmt.Sprintf("too large: %d bytes", len(m.Raw)), replyData{
			Problems: []string{fmt.Sprintf("your message is %.1f MB; a turnsheet must come in a message under %.1f MB", mb(len(m.Raw)), mb(int(p.Config.Mail.MaxMessageBytes)))},
			Fix:      "send the turnsheet as plain text, without pictures or other attachments.",
		})
	}
	sheet, threaded, err := p.byThread(ctx, mm, orders.ReadSheet(mm.Text))
	if err != nil {
		return verdict{}, err
	}
	j.threaded = threaded
	v, err := j.judgeSheet(ctx, sheet)
	if err != nil {
		return v, err
	}
	v.secrets = append(v.secrets, sheet.Header.Password, sheet.Header.GM)
	v.secrets = append(v.secrets, sheet.Secrets...)
	return p.warnSubjectPassword(ctx, mm, known, v)
}

// warnSubjectPassword tells a player whose password was in the Subject
// line, in a mail of its own, that orders go in the body and the password
// should be changed; the stored copy loses it.
func (p *Processor) warnSubjectPassword(ctx context.Context, mm *orders.Mail, known []store.Position, v verdict) (verdict, error) {
	pw, of, err := subjectPassword(ctx, mm.Subject, known)
	if err != nil {
		return v, err
	}
	if pw == "" {
		return v, nil
	}
	v.secrets = append(v.secrets, pw)
	for _, pos := range of {
		subject, text, err := p.sayMail("turns/password-in-subject", struct {
			GameID   string
			Position int
		}{pos.GameID, pos.Number})
		if err != nil {
			return v, err
		}
		body, err := p.notice(text)
		if err != nil {
			return v, err
		}
		m, err := p.compose(composeArgs{kind: "notice", to: []string{pos.Address}, subject: subject, text: body, gameID: pos.GameID,
			position: pos.Number, inReplyTo: mm.MessageID, autoSubmitted: "auto-replied"})
		if err != nil {
			return v, err
		}
		v.replies = append(v.replies, m)
	}
	return v, nil
}

// unreadable answers a mail too broken to read when its From line names a
// player: they are told, rather than left waiting on orders that were
// never taken. Anyone else's is ignored, as such mail usually is spam.
func (p *Processor) unreadable(ctx context.Context, m store.InboxMessage, why error) (verdict, error) {
	outcome := "unreadable: " + why.Error()
	from := orders.SenderOf(m.Raw)
	if from == "" {
		return verdict{status: store.InboxIgnored, outcome: "no usable From address; " + outcome}, nil
	}
	known, err := p.Store.PositionsByAddress(ctx, from)
	if err != nil || len(known) == 0 {
		return verdict{status: store.InboxIgnored, outcome: outcome}, err
	}
	mm := &orders.Mail{From: from, MessageID: headerMessageID(m.Raw)}
	j := &judgement{p: p, m: m, mm: mm, known: known}
	return j.reject(verdict{}, outcome, replyData{
		Problems: []string{"your mail could not be read: its header is broken (" + why.Error() + "), so none of it was taken"},
		Fix:      "send it again from your mail program as a new, plain-text mail; if you wrote it by hand, every line above the first blank line must be a header such as Subject: ...",
	})
}

// judgement is one stored message as judge's steps share it, filled in as
// they go: the mail as read and the positions its sender's address holds
// (a sender no game knows is throttled), then the game and the position
// its header block names, the verdict so far and, once the sender is the
// position's player, whom the reply goes to.
type judgement struct {
	p     *Processor
	m     store.InboxMessage
	mm    *orders.Mail
	known []store.Position
	// threaded is set when the mail has no header block and its thread
	// gave it one: a bare reply to a "your move" mail.
	threaded bool

	sheet  orders.Sheet
	game   store.Game
	pos    store.Position
	v      verdict
	to, cc []string
	base   replyData // the reply's words every answer to the player shares
}

// reject answers the sender; a sender no game knows is throttled.
func (j *judgement) reject(v verdict, outcome string, d replyData) (verdict, error) {
	v.status = store.InboxRejected
	v.outcome = outcome
	to := []string{j.mm.From}
	if len(j.known) == 0 {
		v.throttle = j.mm.From
	}
	rs, err := j.p.reply(j.mm, to, nil, "turns/rejected.subject", v.gameID, v.position, j.m.ID, d)
	if err != nil {
		return v, err
	}
	v.replies = rs
	return v, nil
}

// judgeSheet finds the game and the position the header block names: a
// GM's mail goes to judgeGM, a player's is authenticated and judged.
func (j *judgement) judgeSheet(ctx context.Context, sheet orders.Sheet) (verdict, error) {
	p := j.p
	j.sheet = sheet
	h := sheet.Header
	j.v = verdict{gameID: h.Game, position: h.Position}
	if len(sheet.Problems) > 0 {
		probs := append(problemStrings(j.mm.Problems), problemStrings(sheet.Problems)...)
		fix := "reply to your latest turnsheet and fill it in, keeping its GAME, POSITION and TOKEN lines, or put GAME, POSITION and PASSWORD lines at the top of your message."
		byMove, err := j.playsByMove(ctx)
		if err != nil {
			return j.v, err
		}
		if byMove && h.Game == "" {
			// Worded for the games the sender plays, never another title's.
			probs = append(problemStrings(j.mm.Problems), "the mail names no game, and it answers none of our \"your move\" mails")
			fix = "reply to your latest \"your move\" mail with your move on the first line, or put GAME, POSITION, ACTION and PASSWORD lines above your move."
		}
		d := replyData{Problems: probs, Fix: fix}
		if len(j.known) == 0 {
			// A stranger is told what this address is and how to join.
			if d.Games, err = j.p.openGames(ctx); err != nil {
				return j.v, err
			}
		}
		return j.reject(verdict{}, "no usable header block: "+sheet.Problems[0].Msg, d)
	}
	game, err := p.Store.Game(ctx, h.Game)
	if errors.Is(err, store.ErrNotFound) {
		j.v.gameID = ""
		return j.reject(j.v, "unknown game "+h.Game, replyData{
			Problems: []string{fmt.Sprintf("there is no game %q", h.Game)},
			Fix:      "copy the GAME line exactly as your turnsheet prints it." + knownGames(j.known)})
	} else if err != nil {
		return j.v, err
	}
	if h.GM != "" {
		return p.judgeGM(ctx, j.m, j.mm, game, sheet, j.reject)
	}
	pos, err := p.Store.Position(ctx, game.ID, h.Position)
	if errors.Is(err, store.ErrNotFound) {
		all, err := p.Store.Positions(ctx, game.ID)
		if err != nil {
			return j.v, err
		}
		j.v.position = 0
		return j.reject(j.v, fmt.Sprintf("no position %d", h.Position), replyData{GameID: game.ID,
			Problems: []string{fmt.Sprintf("game %s has no position %d; its positions are 1 to %d", game.ID, h.Position, len(all))},
			Fix:      "copy the POSITION line from your turnsheet."})
	} else if err != nil {
		return j.v, err
	}
	j.game, j.pos = game, pos
	return j.judgePlayer(ctx)
}

// openGame is a game a stranger may ask to join.
type openGame struct{ ID, Name, Title, GM string }

// openGames are the games not ended, for a stranger's reply.
func (p *Processor) openGames(ctx context.Context) ([]openGame, error) {
	games, err := p.Store.Games(ctx)
	var out []openGame
	for _, g := range games {
		if g.Status != "ended" {
			out = append(out, openGame{ID: g.ID, Name: g.Name, Title: g.Title, GM: g.GMAddress})
		}
	}
	return out, err
}

// playsByMove tells whether every game the sender holds a position in is
// played one action per mail.
func (j *judgement) playsByMove(ctx context.Context) (bool, error) {
	if len(j.known) == 0 {
		return false, nil
	}
	for _, pos := range j.known {
		g, err := j.p.Store.Game(ctx, pos.GameID)
		if err != nil {
			return false, err
		}
		if !byMove(j.p.Titles, g) {
			return false, nil
		}
	}
	return true, nil
}

// authenticate checks the header block's password or turnsheet token
// against the position. A token may be the current turn's or an older
// one, which proves identity but marks the turnsheet as stale: tokenTurn
// is the turn it was made for, 0 if there was none.
func (j *judgement) authenticate(ctx context.Context) (authed bool, tokenTurn int, err error) {
	h, game, pos := j.sheet.Header, j.game, j.pos
	secret, err := j.p.Store.Secret(ctx)
	if err != nil {
		return false, 0, err
	}
	switch {
	case h.Password != "":
		authed = CheckPassword(pos.PasswordHash, h.Password)
	case h.Token != "":
		for t := game.Turn; t >= 1 && t > game.Turn-50; t-- {
			if tokenMatches(h.Token, TurnsheetToken(secret, game.ID, pos.Number, t)) {
				authed, tokenTurn = true, t
				break
			}
		}
	}
	return authed, tokenTurn, nil
}

// notAuthenticated rejects a mail whose password or token is wrong, or that
// signs for a position the computer plays. Orders signed wrongly are
// answered like an unknown sender's, so that guessing at passwords cannot
// make us send mail without end.
func (j *judgement) notAuthenticated(authed bool) (verdict, error) {
	what := "the password is wrong"
	fix := "check the PASSWORD line against the password in your welcome mail (it is case-sensitive), or use the TOKEN line of your latest turnsheet."
	if j.sheet.Header.Password == "" {
		what = "the turnsheet token is not valid for this game and position"
		fix = "reply to your latest turnsheet without changing its TOKEN line, or give PASSWORD instead."
	}
	if slices.Contains(j.sheet.Header.Stripped, "password") || slices.Contains(j.sheet.Header.Stripped, "token") {
		// Say what was compared, never the password itself.
		what += " (the quotes or brackets around it were taken off before it was compared)"
		fix += " Write it after PASSWORD: with nothing around it."
	}
	if authed && !j.pos.Human {
		what = fmt.Sprintf("position %d is played by the computer", j.pos.Number)
		fix = "ask the game master to hand the position to you."
	}
	r, err := j.reject(j.v, "not authenticated: "+what, replyData{GameID: j.game.ID, Position: j.pos.Number, Problems: []string{what}, Fix: fix})
	if j.pos.Address != j.mm.From {
		r.throttle = j.mm.From
	}
	return r, err
}

// judgePlayer judges a mail signed for a position: once it is the
// player's, a game played by mail takes it as a move, and a game in turns
// checks that it comes for the open turn in time before taking its orders.
func (j *judgement) judgePlayer(ctx context.Context) (verdict, error) {
	p, game, pos, h := j.p, j.game, j.pos, j.sheet.Header
	authed, tokenTurn, err := j.authenticate(ctx)
	if err != nil {
		return j.v, err
	}
	if !authed || !pos.Human {
		return j.notAuthenticated(authed)
	}
	if j.threaded && h.Password == "" && store.NormalizeAddress(j.mm.From) != store.NormalizeAddress(pos.Address) {
		return j.foreignThread()
	}
	j.addressReply()
	req, isRequest := playerRequestOf(j.sheet.Body, j.sheet.FromQuote)
	switch {
	case isRequest && req.verb == "HELP":
		return j.help(req)
	case isRequest && req.verb == "PASSWORD":
		return j.changePassword(req)
	case isRequest && req.verb == "OPTIONS":
		return j.options(ctx, req)
	}
	if game.Status == "ended" {
		return j.refuse("game ended", []string{fmt.Sprintf("game %s has ended; it takes no more orders", game.ID)}, "")
	}
	if byMove(p.Titles, game) {
		return p.judgeMove(ctx, j.m, j.mm, game, pos, j.sheet, tokenTurn, j.to, j.cc)
	}
	forTurn := h.Turn
	if tokenTurn != 0 && (forTurn == 0 || tokenTurn < forTurn) {
		forTurn = tokenTurn
	}
	if forTurn != 0 && forTurn < game.Turn {
		return j.refuse(fmt.Sprintf("late: for turn %d, game at turn %d", forTurn, game.Turn),
			[]string{fmt.Sprintf("this turnsheet is for turn %d, which has already been resolved; the game is now at turn %d", forTurn, game.Turn)},
			fmt.Sprintf("send orders for turn %d, replying to the turn %d turnsheet%s.", game.Turn, game.Turn, dueBy(game, game.Deadline)))
	}
	if forTurn > game.Turn {
		return j.refuse(fmt.Sprintf("turn %d not open", forTurn),
			[]string{fmt.Sprintf("TURN says %d, but the game is at turn %d", forTurn, game.Turn)},
			fmt.Sprintf("write TURN: %d, or leave the TURN line out.", game.Turn))
	}
	if !game.Deadline.IsZero() && j.m.Arrived.After(game.Deadline.Add(game.Grace)) {
		return j.refuse("late: arrived after the deadline",
			[]string{fmt.Sprintf("your orders arrived at %s, after the turn %d deadline of %s", ShowTime(game, j.m.Arrived), game.Turn, ShowTime(game, game.Deadline))},
			fmt.Sprintf("orders for turn %d are closed; your turnsheet for turn %d comes with the turn %d results%s. The game master can accept late orders by hand if the rules of your game allow.",
				game.Turn, game.Turn+1, game.Turn, dueBy(game, NextDeadline(game, game.Deadline))))
	}
	if isRequest && req.verb == "CONFIRM" {
		return j.confirm(ctx, req)
	}
	if isResendRequest(j.sheet.Body) {
		j.v.status, j.v.outcome = store.InboxAccepted, "resend requested"
		intro, err := p.say("turns/asked-again", nil)
		if err != nil {
			return j.v, err
		}
		j.v.replies, err = p.seatMails(ctx, game, []store.Position{pos}, "", intro)
		return j.v, err
	}
	return j.takeOrders(ctx)
}

// foreignThread refuses a bare reply to a "your move" mail that comes
// from an address other than the seat's: its only credential is the
// token in the thread, which anyone the mail reached holds (a forward, a
// published archive, a shared mailbox). The sender is told to add the
// password, and the registered address what came, from whom, and that
// nothing was done; both at most once a day for one sender, so that a
// stranger cannot make us mail a player without end.
func (j *judgement) foreignThread() (verdict, error) {
	h := j.sheet.Header
	v, err := j.reject(j.v, "bare reply from an address not the seat's: "+j.mm.From, replyData{GameID: j.game.ID, Position: j.pos.Number,
		Problems: []string{fmt.Sprintf("this mail answers the move mail of position %d of %s, but comes from an address that position does not have; a reply with nothing but the move is taken only from that position's own address", j.pos.Number, j.game.ID)},
		Fix:      "add a line PASSWORD: <your password> above your move (the quoted GAME, POSITION and ACTION lines may stay), or send it from the address the game knows you by."})
	if err != nil {
		return v, err
	}
	v.throttle = j.mm.From
	subject, text, err := j.p.sayMail("turns/thread-foreign", struct {
		GameID           string
		Position, Action int
		From             string
	}{j.game.ID, j.pos.Number, h.Action, j.mm.From})
	if err != nil {
		return v, err
	}
	body, err := j.p.notice(text)
	if err != nil {
		return v, err
	}
	told, err := j.p.compose(composeArgs{kind: "notice", to: []string{j.pos.Address}, subject: subject, text: body, gameID: j.game.ID,
		position: j.pos.Number, inboxID: j.m.ID, autoSubmitted: "auto-generated"})
	if err != nil {
		return v, err
	}
	v.replies = append(v.replies, told)
	return v, nil
}

// addressReply settles whom the player is answered at: the registered
// address, with the sending address copied if it differs.
func (j *judgement) addressReply() {
	j.to = []string{j.pos.Address}
	foreign := ""
	if j.pos.Address == "" {
		j.to = []string{j.mm.From}
	} else if j.mm.From != j.pos.Address {
		j.cc = []string{j.mm.From}
		foreign = j.mm.From
	}
	j.base = replyData{GameID: j.game.ID, GameName: j.game.Name, Position: j.pos.Number, Turn: j.game.Turn, ForeignFrom: foreign,
		Forwarded: j.mm.Forwarded}
}

// answer settles the verdict and replies to the player under the subject
// the template names.
func (j *judgement) answer(status, outcome, subjectTemplate string, d replyData) (verdict, error) {
	j.v.status, j.v.outcome = status, outcome
	rs, err := j.p.reply(j.mm, j.to, j.cc, subjectTemplate, j.game.ID, j.pos.Number, j.m.ID, d)
	if err != nil {
		return j.v, err
	}
	j.v.replies = rs
	return j.v, nil
}

// refuse answers the player that their mail was not taken, with the
// problems and how to fix them.
func (j *judgement) refuse(outcome string, problems []string, fix string) (verdict, error) {
	d := j.base
	d.Problems, d.Fix = problems, fix
	return j.answer(store.InboxRejected, outcome, "turns/refused.subject", d)
}

// takeOrders reads the turnsheet's orders with the title's grammar and
// keeps them for the open turn, in place of any sent before, unless none
// can be used; the reply echoes what was read and lists what was not.
func (j *judgement) takeOrders(ctx context.Context) (verdict, error) {
	p, game, pos := j.p, j.game, j.pos
	tt, err := turnTitle(p.Titles, game)
	if err != nil {
		p.log().Error("no title installed for game", "game", game.ID, "title", game.Title, "err", err)
		return j.refuse("title not installed: "+game.Title,
			[]string{fmt.Sprintf("this processor cannot read orders for %s games at the moment", game.Title)},
			"nothing: the game master has been told; send the same turnsheet again later.")
	}
	snap, err := p.Store.LatestSnapshot(ctx, game.ID)
	if err != nil {
		return j.v, err
	}
	parsed := tt.Grammar().Parse(snap.State, pos.Number, j.sheet.Body)
	rejected := append(problemStrings(j.mm.Problems), problemStrings(parsed.Errors)...)
	if parsed.Fatal || parsed.Orders == nil {
		return j.refuse("orders unusable", append(rejected, problemStrings(parsed.Ignored)...),
			"correct the lines above and send the whole turnsheet again; nothing from this one was kept, and any orders you sent earlier for this turn stand.")
	}
	standing, err := p.Store.CurrentOrders(ctx, game.ID, game.Turn)
	if err != nil {
		return j.v, err
	}
	_, replaced := standing[pos.Number]
	d := j.base
	d.Accepted = true
	d.Replaced = replaced
	d.Echo, d.Notes, d.Rejected, d.Ignored = parsed.Echo, parsed.Notes, rejected, atMost(problemStrings(parsed.Ignored), 10)
	if !game.Deadline.IsZero() {
		d.Deadline = ShowTime(game, game.Deadline)
	}
	d.Preamble = preambleNote(j.sheet.Preamble)
	if len(rejected) > 0 {
		d.Refused, d.Early = len(rejected), game.Early
		d.Fix = "send the whole turnsheet again with those lines corrected; the newest valid turnsheet replaces this one."
	}
	j.v.orders, j.v.turn, j.v.echo, j.v.refused = parsed.Orders, game.Turn, strings.Join(parsed.Echo, "\n"), len(rejected)
	if j.v.orders == nil {
		j.v.orders = []byte{}
	}
	return j.answer(store.InboxAccepted, fmt.Sprintf("orders for turn %d accepted (%d rejected lines)", game.Turn, len(rejected)),
		"turns/accepted.subject", d)
}

// atMost keeps the first n items of a list for a reply, and says how many
// more there were.
func atMost(items []string, n int) []string {
	if len(items) <= n {
		return items
	}
	return append(items[:n:n], fmt.Sprintf("and %d more lines like these", len(items)-n))
}

// preambleNote tells the player which lines above the header block were
// passed over, so that an order written there is not lost unnoticed.
func preambleNote(pre []orders.Line) string {
	if len(pre) == 0 {
		return ""
	}
	first := pre[0]
	if len(pre) == 1 {
		return fmt.Sprintf("line %d (%q), above your GAME line, was not read: orders go below the header block.", first.N, strings.TrimSpace(first.Text))
	}
	return fmt.Sprintf("%d lines above your GAME line, from line %d (%q) to line %d, were not read: orders go below the header block.",
		len(pre), first.N, strings.TrimSpace(first.Text), pre[len(pre)-1].N)
}

// dueBy says when orders are due, for a reply; "" when there is no deadline.
func dueBy(g store.Game, deadline time.Time) string {
	if deadline.IsZero() {
		return ""
	}
	return ", due by " + ShowTime(g, deadline)
}

func mb(n int) float64 { return float64(n) / (1 << 20) }

func knownGames(ps []store.Position) string {
	if len(ps) == 0 {
		return ""
	}
	var ids []string
	for _, p := range ps {
		ids = append(ids, fmt.Sprintf("%s (position %d)", p.GameID, p.Number))
	}
	return " Your address is registered in: " + strings.Join(ids, ", ") + "."
}

// ShowTime renders a UTC instant in the game's time zone, as players and
// the game master read deadlines.
func ShowTime(g store.Game, t time.Time) string {
	return t.In(Zone(g)).Format("Mon 2 Jan 2006 15:04 MST")
}

// reply builds an answer to a message, threaded under it: the text is
// reply.tmpl, the subject the template named.
func (p *Processor) reply(mm *orders.Mail, to, cc []string, subjectTemplate, gameID string, position int, inboxID int64, d replyData) ([]store.OutboxMail, error) {
	text, err := p.say("reply.tmpl", d)
	if err != nil {
		return nil, err
	}
	subject, err := p.say(subjectTemplate, d)
	if err != nil {
		return nil, err
	}
	return p.composeEach(composeArgs{
		kind: "reply", to: to, subject: subject, text: text, gameID: gameID, position: position,
		inboxID: inboxID, inReplyTo: mm.MessageID, references: replyRefs(mm), autoSubmitted: "auto-replied",
	}, cc)
}

// replyRefs are a reply's References: the mail's own, then the mail.
func replyRefs(mm *orders.Mail) []string {
	if mm.MessageID == "" {
		return mm.References
	}
	return append(append([]string(nil), mm.References...), mm.MessageID)
}

// composeEach builds a reply to the registered address and, as a mail of
// its own, the copy to the address it came from when that differs: a
// relay that refuses the sender's address must not keep the registered
// player from hearing of it.
func (p *Processor) composeEach(a composeArgs, copyTo []string) ([]store.OutboxMail, error) {
	m, err := p.compose(a)
	if err != nil || len(copyTo) == 0 {
		return []store.OutboxMail{m}, err
	}
	a.to = copyTo
	c, err := p.compose(a)
	return []store.OutboxMail{m, c}, err
}

type composeArgs struct {
	// thread, when set, goes into the Message-ID (threadMark), so that a
	// bare reply is matched to the action it answers.
	thread        string
	kind          string
	to            []string
	subject, text string
	gameID        string
	position      int
	inboxID       int64
	inReplyTo     string
	references    []string
	attachments   []mail.Attachment
	autoSubmitted string
}

// compose builds a complete outbox row, Message-ID included, so that a retry
// resends exactly the same message.
func (p *Processor) compose(a composeArgs) (store.OutboxMail, error) {
	at := p.now()
	msgID, err := mail.NewMessageID(p.Config.Domain, at)
	if err != nil {
		return store.OutboxMail{}, err
	}
	if a.thread != "" {
		msgID = strings.Replace(msgID, "@", "."+a.thread+"@", 1)
	}
	addrs := func(ss []string) []*nmail.Address {
		out := make([]*nmail.Address, len(ss))
		for i, s := range ss {
			out[i] = &nmail.Address{Address: s}
		}
		return out
	}
	if page := p.Config.Web.GamePage(a.gameID); page != "" && (a.kind == "notice" || a.kind == "report") {
		a.text = strings.TrimRight(a.text, "\n") + "\n\nThe game's page, with the board, the market and every move:\n" + page + "\n"
	}
	from := p.Config.FromAddress()
	raw, err := mail.Build(mail.Outgoing{
		MessageID: msgID, From: from, To: addrs(a.to), Subject: a.subject, Date: at,
		InReplyTo: a.inReplyTo, References: a.references, Text: a.text, Attachments: a.attachments,
		AutoSubmitted: a.autoSubmitted, LoopID: p.Config.LoopID(),
	})
	if err != nil {
		return store.OutboxMail{}, err
	}
	return store.OutboxMail{
		MessageID: msgID, Kind: a.kind, GameID: a.gameID, Position: a.position, InboxID: a.inboxID,
		Sender: from.Address, Recipients: append([]string(nil), a.to...), Subject: a.subject, Raw: raw,
	}, nil
}
