package processor

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/gmcmd"
	"github.com/railpost/railpost/processor/store"
)

// judgeGM carries out a mail signed with a game's GM password: one command
// a line, each answered in the reply. A mail is carried out once: if any of
// its commands is already in the log (a pass died before it recorded the
// mail as read), none is run again.
func (p *Processor) judgeGM(ctx context.Context, m store.InboxMessage, mm *orders.Mail, g store.Game, sheet orders.Sheet,
	reject func(verdict, string, replyData) (verdict, error)) (verdict, error) {
	v := verdict{gameID: g.ID}
	if !CheckPassword(g.GMPasswordHash, sheet.Header.GM) {
		r, err := reject(v, "not authenticated: GM password", replyData{GameID: g.ID,
			Problems: []string{"the GM password is wrong"},
			Fix:      "check the GM line against the password `railpost game new` printed, or run the command with `railpost gm` on the host."})
		r.throttle = mm.From
		return r, err
	}
	acts, err := p.Store.GMActions(ctx, g.ID)
	if err != nil {
		return v, err
	}
	for _, a := range acts {
		if a.InboxID == m.ID {
			v.status, v.outcome = store.InboxAccepted, "GM commands already carried out"
			return v, nil
		}
	}
	d := gmReply{GameID: g.ID}
	for _, l := range sheet.Body {
		line := strings.TrimSpace(l.Text)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		res := gmResult{N: l.N, Line: line}
		if f := strings.Fields(line); strings.EqualFold(f[0], "PASSWORD") {
			// The new password is neither written back nor kept.
			v.secrets = append(v.secrets, strings.TrimSpace(line[len(f[0]):]))
			res.Line = f[0] + " " + removed
		}
		c, err := gmcmd.Parse(line)
		if err == nil {
			var said string
			said, err = p.GM(ctx, g.ID, c, GMActor{Name: mm.From, InboxID: m.ID})
			if err == nil {
				res.Done, res.Said = true, strings.TrimRight(said, "\n")
				d.Results = append(d.Results, res)
				d.Done++
				continue
			}
		}
		res.Err, res.Nothing = err, errors.Is(err, store.ErrDone)
		d.Results = append(d.Results, res)
		if !res.Nothing {
			d.Failed++
		}
	}
	if len(d.Results) == 0 {
		d.Usage = gmcmd.Usage()
		d.Failed++
	}
	v.status, v.outcome = store.InboxAccepted, fmt.Sprintf("GM mail: %d done, %d not done", d.Done, d.Failed)
	if d.Done == 0 && d.Failed > 0 {
		v.status = store.InboxRejected
	}
	// The registered GM address hears of a GM mail from another address in
	// a mail of its own, as a player does of orders sent from elsewhere.
	to, copyTo := []string{mm.From}, []string(nil)
	if g.GMAddress != "" && store.NormalizeAddress(g.GMAddress) != mm.From {
		to, copyTo, d.ForeignFrom = []string{g.GMAddress}, []string{mm.From}, mm.From
	}
	subject, text, err := p.sayMail("gm/reply", d)
	if err != nil {
		return v, err
	}
	rs, err := p.composeEach(composeArgs{kind: "reply", to: to, subject: subject, text: text, gameID: g.ID, inboxID: m.ID,
		inReplyTo: mm.MessageID, references: replyRefs(mm), autoSubmitted: "auto-replied"}, copyTo)
	if err != nil {
		return v, err
	}
	v.replies = rs
	return v, nil
}

// gmReply fills gm/reply, the answer to a GM mail: each command line and
// what came of it.
type gmReply struct {
	GameID       string
	ForeignFrom  string // the sender, when not the registered GM address
	Done, Failed int
	Results      []gmResult
	Usage        string // the commands, when the mail held none
}

// gmResult is one command line of a GM mail: done, with what the command
// said, or not, with why (Nothing: there was nothing to do).
type gmResult struct {
	N       int
	Line    string
	Done    bool
	Said    string
	Nothing bool
	Err     error
}

// isResendRequest is a player's mail asking for their latest turnsheet
// again: the one word RESEND where the orders would be.
func isResendRequest(body []orders.Line) bool {
	var words []string
	for _, l := range body {
		if t := strings.TrimSpace(l.Text); t != "" && !strings.HasPrefix(t, "#") {
			words = append(words, strings.ToUpper(t))
		}
	}
	return len(words) == 1 && (words[0] == "RESEND" || words[0] == "RESEND TURNSHEET" || words[0] == "RESEND REPORT")
}
