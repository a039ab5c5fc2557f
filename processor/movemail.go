package processor

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/railpost/railpost/games/move"
	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/gamelog"
	"github.com/railpost/railpost/processor/gmcmd"
	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
)

// moveWhere fills moves/where: the position as the player should now see
// it and, with Header set, the block to answer with.
type moveWhere struct {
	Status  string
	Mine    bool   // it is the player's move
	Waits   bool   // it is someone else's move
	Waiting string // whose
	Action  int
	Menu    []string
	Header  *moveBlock
}

func whereNow(secret []byte, r *gamelog.Moves, g store.Game, pos store.Position, header bool) *moveWhere {
	seat := pos.Number - 1
	w := &moveWhere{Status: r.Eng.Status(seat), Action: r.Next()}
	acting := r.Eng.Acting()
	switch {
	case slices.Contains(acting, seat):
		w.Mine, w.Menu = true, r.Eng.Menu(seat)
	case len(acting) > 0:
		w.Waits, w.Waiting = true, r.Name(acting[0])
	}
	if header {
		h := moveHeader(secret, g, pos, r.Next())
		w.Header = &h
	}
	return w
}

// moveProblem fills the moves/why/* templates: the line at fault and what
// the game expected.
type moveProblem struct {
	N      int    // the line's number in the mail
	Line   string // the line as written, trimmed
	N2     int    // a second line at fault
	Line2  string //
	Action int    // the action the mail answers
	Next   int    // the action the game waits for
	Err    error  // the rule the line broke, as the engine says it
	Mean   string // the legal move nearest the line, for "did you mean"
}

// moveRefused fills moves/refused, the reply to a mail that changed nothing.
type moveRefused struct {
	GameID   string
	Position int
	Problem  string // one of moves/why/*
	Where    *moveWhere
}

// moveAccepted fills moves/accepted, the reply to a mail that was carried
// out.
type moveAccepted struct {
	GameID   string
	Position int
	Moved    bool     // a move was made: Happened follows it
	Happened []string //
	Said     []string // what each setting line did
	Report   bool     // the report asked for is attached
	Resend   bool     // the position comes again in a separate mail
	Where    *moveWhere
	CanUndo  bool
	Undo     string // the move the player may take back
	Header   moveBlock
}

// judgeMove reads a player's mail to a game played one action per mail:
// setting lines (DIGEST, AUTOPASS, AWAY), a request (REPORT, RESEND), and
// at most one move, which must quote the action the game waits for. A
// legal move is applied at once with whatever automatic moves follow it;
// anything wrong is answered with the line, the rule and the legal moves,
// and changes nothing.
func (p *Processor) judgeMove(ctx context.Context, m store.InboxMessage, mm *orders.Mail, game store.Game, pos store.Position,
	sheet orders.Sheet, tokenAction int, to, cc []string) (verdict, error) {
	// The automatic moves a mail brings get half the mail's budget; what
	// they leave is made by the pass's tending of the game.
	auto, cancel := context.WithTimeout(ctx, p.mailBudget()/2)
	defer cancel()
	j := &moveJudgement{p: p, m: m, mm: mm, game: game, pos: pos, seat: pos.Number - 1, to: to, cc: cc, auto: auto,
		v: verdict{gameID: game.ID, position: pos.Number}}
	var err error
	if j.r, err = p.loadMoves(ctx, game); err != nil {
		return j.v, err
	}
	if j.secret, err = p.Store.Secret(ctx); err != nil {
		return j.v, err
	}
	j.now = p.now()
	req, bad, err := j.readLines(sheet.Body)
	if err != nil {
		return j.v, err
	}
	if bad != nil {
		return j.refuse("bad setting line", "line", *bad)
	}
	if req.setting.N > 0 && sheet.Header.Password == "" {
		// A token proves the mail reached the seat, not who holds it now:
		// it signs moves, and settings need the password.
		return j.refuse("settings without the password", "settings-need-password",
			moveProblem{N: req.setting.N, Line: strings.TrimSpace(req.setting.Text)})
	}
	if len(req.moves) > 1 {
		return j.refuse("more than one move", "two-moves", moveProblem{N: req.moves[0].N, Line: strings.TrimSpace(req.moves[0].Text),
			N2: req.moves[1].N, Line2: strings.TrimSpace(req.moves[1].Text)})
	}
	if err := j.applyPrefs(&req); err != nil {
		return j.v, err
	}
	reply := moveAccepted{GameID: game.ID, Position: pos.Number, Said: req.said, Report: req.report, Resend: req.resend}
	outcome := "settings"
	if len(req.moves) == 1 {
		// A token signs the move of the action it was made for and no
		// other, whatever ACTION line stands beside it.
		number := sheet.Header.Action
		if tokenAction != 0 {
			number = tokenAction
		}
		l := req.moves[0]
		d := moveProblem{N: l.N, Line: strings.TrimSpace(l.Text), Action: number, Next: j.r.From}
		if no := j.checkAction(d); no != nil {
			return j.refuse(no.outcome, no.why, no.problem)
		}
		played, no, err := j.play(d)
		if err != nil {
			return j.v, err
		}
		if no != nil {
			return j.refuse(no.outcome, no.why, no.problem)
		}
		outcome = played
		reply.Moved, reply.Happened = true, j.r.Happened()
	}
	return j.accept(ctx, req, reply, outcome)
}

// moveJudgement is a player's mail to a game played by mail as judgeMove's
// steps share it: the game's moves as the log has them, which the mail's
// settings and move change in memory until the verdict commits them, and
// the verdict with its replies.
type moveJudgement struct {
	p      *Processor
	m      store.InboxMessage
	mm     *orders.Mail
	game   store.Game
	pos    store.Position
	seat   int
	to, cc []string
	r      *gamelog.Moves
	secret []byte
	now    time.Time
	auto   context.Context // bounds the automatic moves the mail brings
	v      verdict
}

// moveRequest is what a player's mail asks for, line by line: its
// settings as they leave the seat's preferences, with what each setting
// line did, REPORT, RESEND, and the lines left over, which are moves.
type moveRequest struct {
	prefs          store.SeatPrefs
	said           []string
	setting        orders.Line // the first setting line, which needs the password
	report, resend bool
	moves          []orders.Line
}

// moveRefusal is why a mail changes nothing: the outcome logged, the
// moves/why/* template that tells the player, and its data.
type moveRefusal struct {
	outcome, why string
	problem      moveProblem
}

// readLines sorts a mail's lines into a request, down to our own signature
// under the quoted header block. A setting line that cannot be read is
// returned as the problem, and the mail is refused for it.
func (j *moveJudgement) readLines(body []orders.Line) (moveRequest, *moveProblem, error) {
	req := moveRequest{prefs: j.r.Prefs[j.pos.Number]}
	for _, l := range body {
		text := strings.TrimSpace(l.Text)
		if text == "--" {
			break // our own signature, under the quoted header block
		}
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		switch strings.ToUpper(text) {
		case "REPORT":
			req.report = true
			continue
		case "RESEND":
			req.resend = true
			continue
		}
		handled, set, err := moveCommand(text, &req.prefs)
		if err != nil {
			return req, &moveProblem{N: l.N, Line: text, Err: err}, nil
		}
		if handled {
			if req.setting.N == 0 {
				req.setting = l
			}
			msg, err := j.p.say(set.Template, set)
			if err != nil {
				return req, nil, err
			}
			req.said = append(req.said, msg)
			continue
		}
		req.moves = append(req.moves, l)
	}
	return req, nil, nil
}

// applyPrefs puts the mail's settings in place before its move, with the
// automatic moves they bring (a standing pass, a player away). A digest
// asked for now starts from the action the game waits for.
func (j *moveJudgement) applyPrefs(req *moveRequest) error {
	r, n := j.r, j.pos.Number
	if req.prefs.Digest && !r.Prefs[n].Digest {
		req.prefs.DigestUpTo, req.prefs.DigestAt = r.From-1, j.now
	}
	if req.prefs != r.Prefs[n] {
		r.Prefs[n] = req.prefs
		return r.Autoplay(j.auto, j.now)
	}
	return nil
}

// checkAction says why the move in d cannot be played now, or nil: its
// action number must be the one the game waited for when the player wrote,
// the settings above it must not have moved the game on, and the game
// must not be paused.
func (j *moveJudgement) checkAction(d moveProblem) *moveRefusal {
	r := j.r
	switch {
	case d.Action == 0:
		d.Next = r.Next()
		return &moveRefusal{outcome: "no action number", why: "no-action", problem: d}
	case d.Action < r.From:
		return &moveRefusal{outcome: fmt.Sprintf("stale: for action %d, game at %d", d.Action, r.From), why: "stale", problem: d}
	case d.Action > r.From:
		return &moveRefusal{outcome: fmt.Sprintf("action %d not open", d.Action), why: "not-open", problem: d}
	case r.Next() != r.From:
		return &moveRefusal{outcome: "settings moved the game", why: "settings-moved", problem: d}
	}
	if j.game.Status == "paused" {
		return &moveRefusal{outcome: "game paused", why: "paused", problem: d}
	}
	return nil
}

// play makes the move in d with the automatic moves that follow it: UNDO
// takes back the player's last standing move, at any time; anything else
// must be the player's legal action. It returns the outcome logged, or why
// the mail is refused.
func (j *moveJudgement) play(d moveProblem) (string, *moveRefusal, error) {
	r := j.r
	undo, _, err := gamelog.UndoLine(d.Line)
	if !undo && !slices.Contains(r.Eng.Acting(), j.seat) {
		return "", &moveRefusal{outcome: "not their move", why: "not-your-move", problem: d}, nil
	}
	var outcome string
	switch {
	case undo && err != nil:
		d.Err = err
		return "", &moveRefusal{outcome: "bad undo", why: "line", problem: d}, nil
	case undo:
		last, ok := r.LastOwn(j.seat)
		if !ok {
			return "", &moveRefusal{outcome: "undo refused", why: "undo-refused", problem: d}, nil
		}
		if err := r.Undo(len(r.Standing)-1, j.pos.Number, "player", j.m.ID, j.now); err != nil {
			return "", nil, err
		}
		outcome = fmt.Sprintf("undid %q", last)
	default:
		a, err := move.ParseAction(j.seat, d.Line)
		if err != nil {
			d.Err = err
			return "", &moveRefusal{outcome: "unreadable move", why: "line", problem: d}, nil
		}
		if err := r.Apply(a, "player", j.m.ID, j.now); err != nil {
			d.Err = err
			d.Mean, _ = move.Closest(d.Line, r.Eng.Legal(j.seat))
			return "", &moveRefusal{outcome: "illegal: " + err.Error(), why: "illegal", problem: d}, nil
		}
		outcome = fmt.Sprintf("action %d: %s", r.From, a)
	}
	if err := r.Autoplay(j.auto, j.now); err != nil {
		return "", nil, err
	}
	return outcome, nil, nil
}

// accept answers a mail that was carried out: the report it asked for,
// the mails its move sends the others, and the reply with what happened
// and where the game stands, offering to undo the player's last move while
// it is not their turn. The moves and settings commit with the verdict.
func (j *moveJudgement) accept(ctx context.Context, req moveRequest, reply moveAccepted, outcome string) (verdict, error) {
	r, game, pos, seat, now := j.r, j.game, j.pos, j.seat, j.now
	var att []mail.Attachment
	if req.report {
		pdf, err := r.Title.Report(r.Eng, game.Name, pos.Number, now)
		if err != nil {
			return j.v, err
		}
		att = append(att, mail.Attachment{Name: fmt.Sprintf("%s-action%d-position%d.pdf", game.ID, r.Next()-1, pos.Number), ContentType: "application/pdf", Data: pdf})
	}
	if len(req.moves) == 0 && !req.report && !req.resend && len(req.said) == 0 {
		return j.refuse("no move", "no-move", moveProblem{})
	}
	var err error
	if j.v.replies, err = j.p.moveReplyMails(ctx, r, game, pos, req.resend); err != nil {
		return j.v, err
	}
	j.v.commit = func(ctx context.Context, tx store.Tx) error {
		if len(req.said) > 0 {
			if err := tx.SetPrefs(ctx, game.ID, pos.Number, req.prefs); err != nil {
				return err
			}
		}
		return r.Commit(ctx, tx, now)
	}
	undoable, canUndo := r.LastOwn(seat)
	canUndo = canUndo && !slices.Contains(r.Eng.Acting(), seat)
	if !slices.Contains(r.Eng.Acting(), seat) || len(r.Added) == 0 {
		reply.Where = whereNow(j.secret, r, game, pos, !canUndo)
	}
	if canUndo {
		// One header block, last: what a reply quotes below it is read.
		reply.CanUndo, reply.Undo, reply.Header = true, undoable.String(), moveHeader(j.secret, game, pos, r.Next())
	}
	return j.answer(store.InboxAccepted, outcome, "moves/accepted", reply, att)
}

// answer settles the verdict and puts the reply, under the mail it
// answers, first among its mails.
func (j *moveJudgement) answer(status, outcome, name string, data any, att []mail.Attachment) (verdict, error) {
	j.v.status, j.v.outcome = status, outcome
	subject, text, err := j.p.sayMail(name, data)
	if err != nil {
		return j.v, err
	}
	body, err := j.p.notice(text)
	if err != nil {
		return j.v, err
	}
	replies, err := j.p.composeEach(composeArgs{kind: "reply", to: j.to, subject: subject, text: body, gameID: j.game.ID, position: j.pos.Number,
		inboxID: j.m.ID, inReplyTo: j.mm.MessageID, references: replyRefs(j.mm), attachments: att, autoSubmitted: "auto-replied"}, j.cc)
	if err != nil {
		return j.v, err
	}
	j.v.replies = append(replies, j.v.replies...)
	return j.v, nil
}

// refuse answers with why (one of moves/why/*) and where the game stands
// now.
func (j *moveJudgement) refuse(outcome, why string, d moveProblem) (verdict, error) {
	problem, err := j.p.say("moves/why/"+why, d)
	if err != nil {
		return j.v, err
	}
	return j.answer(store.InboxRejected, outcome, "moves/refused",
		moveRefused{GameID: j.game.ID, Position: j.pos.Number, Problem: problem, Where: whereNow(j.secret, j.r, j.game, j.pos, true)}, nil)
}

// moveReplyMails are the mails a player's move sends besides the reply:
// what the moves did, to the others, and the position again if the player
// asked for it.
func (p *Processor) moveReplyMails(ctx context.Context, r *gamelog.Moves, g store.Game, pos store.Position, resend bool) ([]store.OutboxMail, error) {
	mails, err := p.moveMails(ctx, r, pos.Number)
	if err != nil || !resend {
		return mails, err
	}
	intro, err := p.say("moves/asked-again", nil)
	if err != nil {
		return nil, err
	}
	again, err := p.moveSeatMails(ctx, g, []store.Position{pos}, "", intro)
	if err != nil {
		return nil, err
	}
	return append(mails, again...), nil
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
		a, err := move.ParseAction(n-1, gmcmd.AfterWords(c.Rest, 1))
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
	if err := r.Autoplay(ctx, now); err != nil {
		return "", err
	}
	mails, err := p.moveMails(ctx, r, 0)
	if err != nil {
		return "", err
	}
	d := gmWords(g, act, true)
	d.Text = said
	if act.Headline, err = p.say("gm/headline/move", d); err != nil {
		return "", err
	}
	err = p.commitGM(ctx, g, act, func(tx store.Tx, id int64) error {
		if reopen {
			if err := tx.Reopen(ctx, g.ID, id); err != nil {
				return err
			}
		}
		return r.Commit(ctx, tx, now)
	}, func(int64) ([]store.OutboxMail, error) { return mails, nil })
	return said, err
}

// moveEnded fills moves/ended, the game master's END of a game played by
// mail.
type moveEnded struct {
	Headline string
	Action   int // the last action made
	Scores   []moveScore
	Status   string
}

type moveScore struct {
	Name   string
	Points int
}

// gmEndMoves ends a game played by mail where it stands, scored as the
// engine counts it, and tells every player the standings.
func (p *Processor) gmEndMoves(ctx context.Context, r *gamelog.Moves, act store.GMAction, now time.Time) (string, error) {
	g := r.Game
	act.Reason = strings.TrimSpace(act.Args)
	headline, err := p.say("gm/headline/end", gmWords(g, act, true))
	if err != nil {
		return "", err
	}
	act.Headline = headline
	d := moveEnded{Headline: headline, Action: len(r.Log), Status: r.Eng.Status(-1)}
	var lines []string // for the game master
	for seat, s := range r.Eng.Scores() {
		d.Scores = append(d.Scores, moveScore{Name: r.Name(seat), Points: s})
		lines = append(lines, fmt.Sprintf("  %-20s %d", r.Name(seat), s))
	}
	text, err := p.say("moves/ended", d)
	if err != nil {
		return "", err
	}
	mails, err := p.gmNotices(g, r.Readers(), headline, text)
	if err != nil {
		return "", err
	}
	err = p.commitGM(ctx, g, act, func(tx store.Tx, _ int64) error { return r.End(ctx, tx, now) },
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
	if err := r.Autoplay(ctx, now); err != nil {
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

// moveWelcome fills moves/welcome, the paragraph that welcomes a player
// and gives the password.
type moveWelcome struct {
	GameID, GameName, Title string
	Position                int
	Name                    string
	Password                string
}

// moveStanding fills moves/standing, the position of a seat that is not
// to move, under intro's paragraphs.
type moveStanding struct {
	GameID, GameName string
	Intro            []string
	Status           string
	Header           moveBlock
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
		seat := pos.Number - 1
		var lead []string
		if intro != "" {
			lead = append(lead, intro)
		}
		if password != "" {
			welcome, err := p.say("moves/welcome", moveWelcome{GameID: g.ID, GameName: g.Name, Title: g.Title, Position: pos.Number,
				Name: r.Name(seat), Password: password})
			if err != nil {
				return nil, err
			}
			lead = append(lead, welcome)
		}
		var ms []store.OutboxMail
		if slices.Contains(r.Eng.Acting(), seat) {
			var board []mail.Attachment
			if board, err = boardPicture(r); err != nil {
				return nil, err
			}
			ms, err = p.askMove(secret, g, pos, r.Next(), "moves/your-move", yourMove(secret, r, seat, lead), board)
		} else {
			ms, err = p.sayNotices(g, []store.Position{pos}, "moves/standing", moveStanding{GameID: g.ID, GameName: g.Name, Intro: lead,
				Status: r.Eng.Status(seat), Header: moveHeader(secret, g, pos, r.Next())})
		}
		if err != nil {
			return nil, err
		}
		out = append(out, ms...)
	}
	return forgetting(out, password), nil
}
