package processor

import (
	"context"
	"errors"
	"fmt"
	nmail "net/mail"
	"strings"
	"time"

	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
)

// verdict is what reading one message decided. It is worked out with reads
// only, then committed in one transaction with the message's new status.
type verdict struct {
	status   string
	outcome  string
	gameID   string
	position int
	turn     int
	orders   []byte
	echo     string
	replies  []store.OutboxMail
	// commit is more work for the message's transaction: a move and what
	// follows from it.
	commit func(context.Context, *store.Tx) error
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
		v, err := p.judge(ctx, m)
		if err != nil {
			// A store failure, not a bad message: leave it for the next pass.
			return fmt.Errorf("inbox %d: %w", m.ID, err)
		}
		err = p.Store.Update(ctx, func(tx *store.Tx) error {
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
			}
			if v.commit != nil {
				if err := v.commit(ctx, tx); err != nil {
					return err
				}
			}
			for _, r := range v.replies {
				if _, err := tx.QueueMail(ctx, r, p.now()); err != nil {
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
	}
	return nil
}

// replyData fills reply.tmpl.
type replyData struct {
	Accepted    bool
	Replaced    bool
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
		return ignore("unreadable: " + err.Error())
	}
	if mm.Automatic != "" {
		return ignore("automatic mail, not answered: " + mm.Automatic)
	}
	if mm.From == "" || !strings.Contains(mm.From, "@") {
		return ignore("no usable From address")
	}
	known, err := p.Store.PositionsByAddress(ctx, mm.From)
	if err != nil {
		return verdict{}, err
	}
	// reject answers the sender; a sender no game knows is throttled.
	reject := func(v verdict, outcome string, d replyData) (verdict, error) {
		v.status = store.InboxRejected
		v.outcome = outcome
		to := []string{mm.From}
		if len(known) == 0 {
			v.throttle = mm.From
		}
		r, err := p.reply(mm, to, nil, "turns/rejected.subject", v.gameID, v.position, m.ID, d)
		if err != nil {
			return v, err
		}
		v.replies = []store.OutboxMail{r}
		return v, nil
	}

	if int64(len(m.Raw)) > p.Config.Mail.MaxMessageBytes {
		return reject(verdict{}, fmt.Sprintf("too large: %d bytes", len(m.Raw)), replyData{
			Problems: []string{fmt.Sprintf("your message is %.1f MB; a turnsheet must come in a message under %.1f MB", mb(len(m.Raw)), mb(int(p.Config.Mail.MaxMessageBytes)))},
			Fix:      "send the turnsheet as plain text, without pictures or other attachments.",
		})
	}

	sheet := orders.ReadSheet(mm.Text)
	h := sheet.Header
	v := verdict{gameID: h.Game, position: h.Position}
	if len(sheet.Problems) > 0 {
		probs := append(problemStrings(mm.Problems), problemStrings(sheet.Problems)...)
		return reject(verdict{}, "no usable header block: "+sheet.Problems[0].Msg, replyData{Problems: probs,
			Fix: "reply to your latest turnsheet and fill it in, keeping its GAME, POSITION and TOKEN lines, or put GAME, POSITION and PASSWORD lines at the top of your message."})
	}
	game, err := p.Store.Game(ctx, h.Game)
	if errors.Is(err, store.ErrNotFound) {
		v.gameID = ""
		return reject(v, "unknown game "+h.Game, replyData{
			Problems: []string{fmt.Sprintf("there is no game %q", h.Game)},
			Fix:      "copy the GAME line exactly as your turnsheet prints it." + knownGames(known)})
	} else if err != nil {
		return v, err
	}
	if h.GM != "" {
		return p.judgeGM(ctx, m, mm, game, sheet, reject)
	}
	pos, err := p.Store.Position(ctx, game.ID, h.Position)
	if errors.Is(err, store.ErrNotFound) {
		all, err := p.Store.Positions(ctx, game.ID)
		if err != nil {
			return v, err
		}
		v.position = 0
		return reject(v, fmt.Sprintf("no position %d", h.Position), replyData{GameID: game.ID,
			Problems: []string{fmt.Sprintf("game %s has no position %d; its positions are 1 to %d", game.ID, h.Position, len(all))},
			Fix:      "copy the POSITION line from your turnsheet."})
	} else if err != nil {
		return v, err
	}

	secret, err := p.Store.Secret(ctx)
	if err != nil {
		return v, err
	}
	tokenTurn := 0
	authed := false
	switch {
	case h.Password != "":
		authed = CheckPassword(pos.PasswordHash, h.Password)
	case h.Token != "":
		// The current turn's token, or an older one, which proves identity
		// but marks the turnsheet as stale.
		for t := game.Turn; t >= 1 && t > game.Turn-50; t-- {
			if tokenMatches(h.Token, TurnsheetToken(secret, game.ID, pos.Number, t)) {
				authed, tokenTurn = true, t
				break
			}
		}
	}
	if !authed || !pos.Human {
		what := "the password is wrong"
		fix := "check the PASSWORD line against the password in your welcome mail (it is case-sensitive), or use the TOKEN line of your latest turnsheet."
		if h.Password == "" {
			what = "the turnsheet token is not valid for this game and position"
			fix = "reply to your latest turnsheet without changing its TOKEN line, or give PASSWORD instead."
		}
		if authed && !pos.Human {
			what = fmt.Sprintf("position %d is played by the computer", pos.Number)
			fix = "ask the game master to hand the position to you."
		}
		// Orders signed wrongly are answered like an unknown sender's, so
		// that guessing at passwords cannot make us send mail without end.
		r, err := reject(v, "not authenticated: "+what, replyData{GameID: game.ID, Position: pos.Number, Problems: []string{what}, Fix: fix})
		if pos.Address != mm.From {
			r.throttle = mm.From
		}
		return r, err
	}

	// From here the sender is the position's player. They are answered at
	// the registered address, with the sending address copied if it differs.
	to := []string{pos.Address}
	var cc []string
	foreign := ""
	if pos.Address == "" {
		to = []string{mm.From}
	} else if mm.From != pos.Address {
		cc = []string{mm.From}
		foreign = mm.From
	}
	base := replyData{GameID: game.ID, GameName: game.Name, Position: pos.Number, Turn: game.Turn, ForeignFrom: foreign}
	answer := func(status, outcome, subjectTemplate string, d replyData) (verdict, error) {
		v.status, v.outcome = status, outcome
		r, err := p.reply(mm, to, cc, subjectTemplate, game.ID, pos.Number, m.ID, d)
		if err != nil {
			return v, err
		}
		v.replies = []store.OutboxMail{r}
		return v, nil
	}
	refuse := func(outcome string, problems []string, fix string) (verdict, error) {
		d := base
		d.Problems, d.Fix = problems, fix
		return answer(store.InboxRejected, outcome, "turns/refused.subject", d)
	}

	if game.Status == "ended" {
		return refuse("game ended", []string{fmt.Sprintf("game %s has ended; it takes no more orders", game.ID)}, "")
	}
	if byMove(p.Titles, game) {
		return p.judgeMove(ctx, m, mm, game, pos, sheet, tokenTurn, to, cc)
	}
	forTurn := h.Turn
	if tokenTurn != 0 && (forTurn == 0 || tokenTurn < forTurn) {
		forTurn = tokenTurn
	}
	if forTurn != 0 && forTurn < game.Turn {
		return refuse(fmt.Sprintf("late: for turn %d, game at turn %d", forTurn, game.Turn),
			[]string{fmt.Sprintf("this turnsheet is for turn %d, which has already been resolved; the game is now at turn %d", forTurn, game.Turn)},
			fmt.Sprintf("send orders for turn %d, replying to the turn %d turnsheet%s.", game.Turn, game.Turn, dueBy(game, game.Deadline)))
	}
	if forTurn > game.Turn {
		return refuse(fmt.Sprintf("turn %d not open", forTurn),
			[]string{fmt.Sprintf("TURN says %d, but the game is at turn %d", forTurn, game.Turn)},
			fmt.Sprintf("write TURN: %d, or leave the TURN line out.", game.Turn))
	}
	if !game.Deadline.IsZero() && m.Arrived.After(game.Deadline.Add(game.Grace)) {
		return refuse("late: arrived after the deadline",
			[]string{fmt.Sprintf("your orders arrived at %s, after the turn %d deadline of %s", ShowTime(game, m.Arrived), game.Turn, ShowTime(game, game.Deadline))},
			fmt.Sprintf("orders for turn %d are closed; your turnsheet for turn %d comes with the turn %d results%s. The game master can accept late orders by hand if the rules of your game allow.",
				game.Turn, game.Turn+1, game.Turn, dueBy(game, NextDeadline(game, game.Deadline))))
	}
	if isResendRequest(sheet.Body) {
		v.status, v.outcome = store.InboxAccepted, "resend requested"
		intro, err := p.say("turns/asked-again", nil)
		if err != nil {
			return v, err
		}
		v.replies, err = p.seatMails(ctx, game, []store.Position{pos}, "", intro)
		return v, err
	}
	tt, err := turnTitle(p.Titles, game)
	if err != nil {
		p.log().Error("no title installed for game", "game", game.ID, "title", game.Title, "err", err)
		return refuse("title not installed: "+game.Title,
			[]string{fmt.Sprintf("this processor cannot read orders for %s games at the moment", game.Title)},
			"nothing: the game master has been told; send the same turnsheet again later.")
	}
	snap, err := p.Store.LatestSnapshot(ctx, game.ID)
	if err != nil {
		return v, err
	}
	parsed := tt.Grammar().Parse(snap.State, pos.Number, sheet.Body)
	rejected := append(problemStrings(mm.Problems), problemStrings(parsed.Errors)...)
	if parsed.Fatal || parsed.Orders == nil {
		return refuse("orders unusable", append(rejected, problemStrings(parsed.Ignored)...),
			"correct the lines above and send the whole turnsheet again; nothing from this one was kept, and any orders you sent earlier for this turn stand.")
	}
	standing, err := p.Store.CurrentOrders(ctx, game.ID, game.Turn)
	if err != nil {
		return v, err
	}
	_, replaced := standing[pos.Number]
	d := base
	d.Accepted = true
	d.Replaced = replaced
	d.Echo, d.Notes, d.Rejected, d.Ignored = parsed.Echo, parsed.Notes, rejected, atMost(problemStrings(parsed.Ignored), 10)
	if !game.Deadline.IsZero() {
		d.Deadline = ShowTime(game, game.Deadline)
	}
	d.Preamble = preambleNote(sheet.Preamble)
	if len(rejected) > 0 {
		d.Fix = "send the whole turnsheet again with those lines corrected; the newest valid turnsheet replaces this one."
	}
	v.orders, v.turn, v.echo = parsed.Orders, game.Turn, strings.Join(parsed.Echo, "\n")
	if v.orders == nil {
		v.orders = []byte{}
	}
	return answer(store.InboxAccepted, fmt.Sprintf("orders for turn %d accepted (%d rejected lines)", game.Turn, len(rejected)),
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
func (p *Processor) reply(mm *orders.Mail, to, cc []string, subjectTemplate, gameID string, position int, inboxID int64, d replyData) (store.OutboxMail, error) {
	text, err := p.say("reply.tmpl", d)
	if err != nil {
		return store.OutboxMail{}, err
	}
	subject, err := p.say(subjectTemplate, d)
	if err != nil {
		return store.OutboxMail{}, err
	}
	refs := append(append([]string(nil), mm.References...), mm.MessageID)
	if mm.MessageID == "" {
		refs = mm.References
	}
	return p.compose(composeArgs{
		kind: "reply", to: to, cc: cc, subject: subject, text: text, gameID: gameID, position: position,
		inboxID: inboxID, inReplyTo: mm.MessageID, references: refs, autoSubmitted: "auto-replied",
	})
}

type composeArgs struct {
	kind          string
	to, cc        []string
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
	addrs := func(ss []string) []*nmail.Address {
		out := make([]*nmail.Address, len(ss))
		for i, s := range ss {
			out[i] = &nmail.Address{Address: s}
		}
		return out
	}
	from := p.Config.FromAddress()
	raw, err := mail.Build(mail.Outgoing{
		MessageID: msgID, From: from, To: addrs(a.to), Cc: addrs(a.cc), Subject: a.subject, Date: at,
		InReplyTo: a.inReplyTo, References: a.references, Text: a.text, Attachments: a.attachments,
		AutoSubmitted: a.autoSubmitted, LoopID: p.Config.LoopID(),
	})
	if err != nil {
		return store.OutboxMail{}, err
	}
	return store.OutboxMail{
		MessageID: msgID, Kind: a.kind, GameID: a.gameID, Position: a.position, InboxID: a.inboxID,
		Sender: from.Address, Recipients: append(append([]string(nil), a.to...), a.cc...), Subject: a.subject, Raw: raw,
	}, nil
}
