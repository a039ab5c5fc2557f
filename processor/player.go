package processor

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// A player's requests that are the same in every game, whichever way it
// is played: HELP, CONFIRM, PASSWORD <new>, and OPTIONS <what> where the
// game's menu sums a list up. Each is read where the
// orders or the move would be, on the first line the player wrote, and
// is the whole of its mail: a request never sends orders by accident,
// and a password never travels in a mail that is also a move.

// playerRequest is a request on the first line of a mail's body.
type playerRequest struct {
	verb   string // HELP, CONFIRM, PASSWORD or OPTIONS
	arg    string // PASSWORD's new password, or what OPTIONS asks for, as written
	line   int    // its line number in the mail
	others bool   // the mail holds other lines, which are not read
}

// playerRequestOf finds a request on the first line the player wrote,
// above our own signature; ok is false when that line is none.
// fromQuote says the body goes on with a quoted turnsheet of ours, whose
// lines are not the player's.
func playerRequestOf(body []orders.Line, fromQuote bool) (req playerRequest, ok bool) {
	for _, l := range body {
		text := strings.TrimSpace(l.Text)
		if text == "--" {
			break
		}
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if ok {
			req.others = !fromQuote
			break
		}
		f := strings.Fields(text)
		verb := strings.ToUpper(f[0])
		switch {
		case (verb == "HELP" || verb == "CONFIRM") && len(f) == 1:
		case verb == "OPTIONS" && len(f) == 2:
			req.arg = f[1]
		case verb == "PASSWORD":
			// No separator: "PASSWORD: x" is the header line that signs.
			req.arg = strings.TrimSpace(text[len(f[0]):])
		default:
			return req, false
		}
		req.verb, req.line, ok = verb, l.N, true
	}
	return req, ok
}

// playerAnswer fills the player/* templates.
type playerAnswer struct {
	GameID   string
	GameName string
	Position int
	Turn     int
	Line     int      // the request's line
	Others   bool     // other lines were not read
	Guide    string   // HELP: the title's guide
	Refused  int      // CONFIRM: the lines refused
	Why, Fix string   // a refused PASSWORD
	Asked    string   // OPTIONS: what was asked for
	Lines    []string // OPTIONS: the moves
}

func (j *judgement) playerAnswer(req playerRequest) playerAnswer {
	return playerAnswer{GameID: j.game.ID, GameName: j.game.Name, Position: j.pos.Number, Turn: j.game.Turn, Line: req.line, Others: req.others}
}

// answerWith settles the verdict and answers the player with a player/*
// mail, threaded under theirs, to the registered address and a copy to
// the sending address when it differs.
func (j *judgement) answerWith(status, outcome, name string, d playerAnswer, att []mail.Attachment) (verdict, error) {
	j.v.status, j.v.outcome = status, outcome
	subject, text, err := j.p.sayMail(name, d)
	if err != nil {
		return j.v, err
	}
	body, err := j.p.notice(text)
	if err != nil {
		return j.v, err
	}
	rs, err := j.p.composeEach(composeArgs{kind: "reply", to: j.to, subject: subject, text: body, gameID: j.game.ID, position: j.pos.Number,
		inboxID: j.m.ID, inReplyTo: j.mm.MessageID, references: replyRefs(j.mm), attachments: att, autoSubmitted: "auto-replied"}, j.cc)
	if err != nil {
		return j.v, err
	}
	j.v.replies = append(j.v.replies, rs...)
	return j.v, nil
}

// help answers HELP with the guide of the game's title, which each title
// may give (title.Guide); the processor knows none by name.
func (j *judgement) help(req playerRequest) (verdict, error) {
	d := j.playerAnswer(req)
	d.Guide = guideOf(j.p.Titles, j.game)
	var att []mail.Attachment
	if d.Guide != "" {
		att = []mail.Attachment{{Name: j.game.ID + "-guide.txt", ContentType: "text/plain; charset=utf-8", Data: []byte(d.Guide)}}
	}
	return j.answerWith(store.InboxAccepted, "guide sent", "player/help", d, att)
}

// options answers OPTIONS <what> with the full lines of one part of the
// seat's menu (a hex's tile lays), from the game as it stands; the game
// says what it can sum up (title.Asker), the processor knows none by name.
func (j *judgement) options(ctx context.Context, req playerRequest) (verdict, error) {
	d := j.playerAnswer(req)
	d.Asked = req.arg
	if !byMove(j.p.Titles, j.game) {
		d.Why = "OPTIONS is for games played one action per mail"
		return j.answerWith(store.InboxRejected, "options refused", "player/options", d, nil)
	}
	r, err := j.p.loadMoves(ctx, j.game)
	if err != nil {
		return j.v, err
	}
	asker, ok := r.Eng.(title.Asker)
	switch {
	case !ok:
		d.Why = "this game's menu lists every move in full; your move mail has them all"
	default:
		if d.Lines, err = asker.MenuAt(j.pos.Number-1, req.arg); err != nil {
			d.Why = err.Error()
		}
	}
	if d.Why != "" {
		return j.answerWith(store.InboxRejected, "options refused: "+d.Why, "player/options", d, nil)
	}
	return j.answerWith(store.InboxAccepted, "options sent", "player/options", d, nil)
}

// guideOf is the players' guide of a game's title, "" when it has none.
func guideOf(ts map[string]title.Title, g store.Game) string {
	if gt, ok := ts[g.Title].(title.Guide); ok {
		return strings.TrimSpace(gt.Guide())
	}
	return ""
}

// confirm answers CONFIRM: the standing orders for the open turn, accepted
// with lines refused, count as in from now on (ruling P21).
func (j *judgement) confirm(ctx context.Context, req playerRequest) (verdict, error) {
	d := j.playerAnswer(req)
	standing, err := j.p.Store.CurrentOrders(ctx, j.game.ID, j.game.Turn)
	if err != nil {
		return j.v, err
	}
	if _, ok := standing[j.pos.Number]; !ok {
		return j.answerWith(store.InboxRejected, "nothing to confirm: no orders", "player/no-orders", d, nil)
	}
	unconfirmed, err := j.p.Store.UnconfirmedOrders(ctx, j.game.ID, j.game.Turn)
	if err != nil {
		return j.v, err
	}
	d.Refused = unconfirmed[j.pos.Number]
	if d.Refused == 0 {
		return j.answerWith(store.InboxAccepted, "nothing to confirm: already in", "player/already-in", d, nil)
	}
	game, pos := j.game, j.pos
	j.v.commit = func(ctx context.Context, tx store.Tx) error {
		_, err := tx.ConfirmOrders(ctx, game.ID, game.Turn, pos.Number)
		return err
	}
	return j.answerWith(store.InboxAccepted, fmt.Sprintf("turn %d orders confirmed (%d refused lines)", game.Turn, d.Refused), "player/confirmed", d, nil)
}

// changePassword answers PASSWORD <new>. Only the current password may
// change it: a turnsheet's token proves that its mail reached the player,
// not who holds it now (a forwarded turnsheet carries it). The new
// password is stored as a hash, never written back, and the stored copy
// of the mail loses it (ruling P22).
func (j *judgement) changePassword(req playerRequest) (verdict, error) {
	d := j.playerAnswer(req)
	// A refused password is taken out too: it may be one the player uses
	// elsewhere. One under four characters is left, since it could not be
	// told from the words around it, and it was never a password here.
	j.v.secrets = append(j.v.secrets, req.arg)
	refuse := func(why, fix string) (verdict, error) {
		d.Why, d.Fix = why, fix
		return j.answerWith(store.InboxRejected, "password not changed: "+why, "player/password-refused", d, nil)
	}
	if j.sheet.Header.Password == "" {
		return refuse("a new password needs your current one, and this mail was signed by a turnsheet's TOKEN",
			"write a fresh mail with GAME, POSITION and PASSWORD: <your current password> lines, then PASSWORD and the new one on a line of its own. If you have lost it, ask the game master to RESET your position.")
	}
	if err := checkNewPassword(req.arg, j.sheet.Header.Password, j.game.ID, j.pos.Address); err != nil {
		return refuse(err.Error(), fmt.Sprintf("write PASSWORD and a new password of %d to %d characters on a line of its own, with nothing around it, as in PASSWORD Ohio-Valley-1841.", minPasswordLen, maxPasswordLen))
	}
	hash, err := HashPassword(req.arg)
	if err != nil {
		return j.v, err
	}
	pos := j.pos
	pos.PasswordHash = hash
	j.v.commit = func(ctx context.Context, tx store.Tx) error { return tx.UpdatePosition(ctx, pos) }
	return j.answerWith(store.InboxAccepted, "password changed", "player/password-changed", d, nil)
}

// The bounds of a password a player or the game master chooses. It is the
// only thing that signs orders sent from any address, and anyone may mail
// us, so it must be long enough not to be guessed; bcrypt reads only its
// first 72 bytes, so a longer one would be weaker than it looks.
const (
	minPasswordLen = 10
	maxPasswordLen = 64
)

// checkNewPassword says why a chosen password will not do, or nil. Besides
// its length: no spaces, which mail programs rewrap or trim; no quotes or
// brackets around it, which the header reader takes off (so the password
// typed later would not match); not the old one, nor the game's id or the
// player's address, nor one character repeated.
func checkNewPassword(pw, old, gameID, address string) error {
	n := utf8.RuneCountInString(pw)
	switch {
	case pw == "":
		return errors.New("PASSWORD needs the new password after it")
	case n < minPasswordLen:
		return fmt.Errorf("the new password has %d characters; it needs at least %d, since it alone signs your orders and anyone may mail us", n, minPasswordLen)
	case len(pw) > maxPasswordLen:
		return fmt.Errorf("the new password is longer than %d characters; only the first 72 bytes of a password count, so a longer one is weaker than it looks", maxPasswordLen)
	case strings.IndexFunc(pw, unicode.IsSpace) >= 0:
		return errors.New("the new password has a space in it; mail programs rewrap and trim spaces, so it must be one word")
	case strings.ContainsRune(`"'“”‘’«»<>()[]`, firstRune(pw)):
		return errors.New("the new password begins with a quote or a bracket, which is taken off when a password is read, so it could never match")
	case pw == old:
		return errors.New("the new password is the one you have now")
	case strings.EqualFold(pw, gameID) || strings.EqualFold(pw, address) || strings.Trim(pw, pw[:1]) == "":
		return errors.New("the new password is too easy to guess (the game's id, your address, or one character repeated)")
	}
	return nil
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}
