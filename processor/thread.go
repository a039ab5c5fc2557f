package processor

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/token"
)

// A mail that asks a player for a move carries, in its Message-ID, the
// action it asks for and that action's token. A mail program puts the
// Message-ID in the In-Reply-To and References of the reply, so a player
// who answers with the move alone (BID 9, with no header block, as phone
// clients send it) is still matched to the game, the seat and the action,
// and authenticated by the token, as if the reply had kept the ACTION and
// TOKEN lines.

// threadID is the part of a Message-ID that carries an action and its
// token: ".a12-lvt4unmqbcv7@".
var threadID = token.Thread

// threadMark is what a Message-ID carries for an action's token.
func threadMark(action int, token string) string {
	return fmt.Sprintf("a%d-%s", action, strings.ToLower(strings.ReplaceAll(token, "-", "")))
}

// threadHeader is the header block a bare reply stands for, from the
// mail it answers: false when it answers none of ours that carries a
// token, or the token does not match.
func (p *Processor) threadHeader(ctx context.Context, mm *orders.Mail) (orders.Header, bool, error) {
	ids := append([]string{mm.InReplyTo}, mm.References...)
	var secret []byte
	for i := len(ids) - 1; i >= 0; i-- {
		if i > 0 && ids[i] == ids[0] {
			continue
		}
		m := threadID.FindStringSubmatch(ids[i])
		if m == nil {
			continue
		}
		sent, err := p.Store.SentMail(ctx, strings.TrimSpace(ids[i]))
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return orders.Header{}, false, err
		}
		if secret == nil {
			if secret, err = p.Store.Secret(ctx); err != nil {
				return orders.Header{}, false, err
			}
		}
		action, _ := strconv.Atoi(m[1])
		token := TurnsheetToken(secret, sent.GameID, sent.Position, action)
		if threadMark(action, token) != "a"+m[1]+"-"+m[2] {
			continue
		}
		return orders.Header{Game: sent.GameID, Position: sent.Position, Action: action, Token: token}, true, nil
	}
	return orders.Header{}, false, nil
}

// byThread gives a sheet with no header block the one its mail's thread
// stands for, if it answers a mail of ours that asked for a move; matched
// says it did. A PASSWORD line the mail wrote is kept, since it signs what
// a thread's token cannot (settings).
func (p *Processor) byThread(ctx context.Context, mm *orders.Mail, sheet orders.Sheet) (s orders.Sheet, matched bool, err error) {
	if sheet.Header.Game != "" {
		return sheet, false, nil
	}
	h, ok, err := p.threadHeader(ctx, mm)
	if err != nil || !ok {
		return sheet, false, err
	}
	h.Password, h.Stripped = sheet.Header.Password, sheet.Header.Stripped
	sheet.Header, sheet.Problems = h, nil
	return sheet, true, nil
}

// askMove mails a position a template that asks for a move, its
// Message-ID marked with the action and its token (threadMark).
func (p *Processor) askMove(secret []byte, g store.Game, pos store.Position, action int, name string, data any, att []mail.Attachment) ([]store.OutboxMail, error) {
	if pos.Address == "" {
		return nil, nil
	}
	subject, text, err := p.sayMail(name, data)
	if err != nil {
		return nil, err
	}
	body, err := p.notice(text)
	if err != nil {
		return nil, err
	}
	m, err := p.compose(composeArgs{thread: threadMark(action, TurnsheetToken(secret, g.ID, pos.Number, action)), kind: "notice",
		to: []string{pos.Address}, subject: subject, text: body, gameID: g.ID, position: pos.Number, attachments: att, autoSubmitted: "auto-generated"})
	if err != nil {
		return nil, err
	}
	return []store.OutboxMail{m}, nil
}
