package processor

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/railpost/railpost/processor/gamelog"
	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
)

// loadMoves replays a game's log.
func (p *Processor) loadMoves(ctx context.Context, g store.Game) (*gamelog.Moves, error) {
	return gamelog.Load(ctx, p.Store, p.Titles, g)
}

// header is the block a reply must carry: who it is from and the action it
// answers, signed with that action's token.
func (p *Processor) moveHeader(secret []byte, g store.Game, pos store.Position, action int) string {
	return fmt.Sprintf("GAME: %s\nPOSITION: %d\nACTION: %d\nTOKEN: %s\n", g.ID, pos.Number, action, TurnsheetToken(secret, g.ID, pos.Number, action))
}

// yourMove is the text that asks a seat for its move.
func (p *Processor) yourMove(secret []byte, r *gamelog.Moves, seat int, intro []string) string {
	pos := r.Position(seat)
	var b strings.Builder
	for _, l := range intro {
		b.WriteString(l + "\n")
	}
	if len(intro) > 0 {
		b.WriteString("\n")
	}
	b.WriteString(r.Eng.Status(seat))
	fmt.Fprintf(&b, "\nIt is your move, %s: action %d of %s.\nYour legal moves (send one back exactly as written; <a to b> is a whole number in that range):\n",
		r.Name(seat), r.Next(), r.Game.Name)
	for _, l := range r.Eng.Menu(seat) {
		b.WriteString("  " + l + "\n")
	}
	if a, ok := r.LastOwn(seat); ok {
		fmt.Fprintf(&b, "  UNDO   (take back your %s before anyone else moves)\n", a)
	}
	b.WriteString("\nOther lines you may send at any time: REPORT (the PDF report now), DIGEST ON or OFF (one mail a day\n" +
		"instead of one a move), AUTOPASS AUCTIONS or AUTOPASS OFF (pass in auctions unless you bid),\n" +
		"AWAY 2026-12-24 2027-01-02 or AWAY OFF (your moves pass while you are away, where passing is legal).\n")
	b.WriteString("\nReply to this mail with your move on the first line. Keep the lines below.\n\n")
	b.WriteString(p.moveHeader(secret, r.Game, pos, r.Next()))
	return b.String()
}

// moveMails are what a run's new moves send: the next player's "your move",
// everyone else's "what happened" (unless they take the digest), the PDF
// report after a milestone, and the final standings. skip is the position
// that gets a direct reply instead; 0 for none.
func (p *Processor) moveMails(ctx context.Context, r *gamelog.Moves, skip int) ([]store.OutboxMail, error) {
	if len(r.Added) == 0 {
		return nil, nil
	}
	secret, err := p.Store.Secret(ctx)
	if err != nil {
		return nil, err
	}
	at := r.LastAt()
	happened := r.Happened()
	acting := r.Eng.Acting()
	var out []store.OutboxMail
	add := func(kind string, pos store.Position, subject, text string, att []mail.Attachment) error {
		if pos.Address == "" || !pos.Human {
			return nil
		}
		tmpl, err := p.templates()
		if err != nil {
			return err
		}
		body, err := tmpl.Render("notice.tmpl", struct{ Text string }{text})
		if err != nil {
			return err
		}
		m, err := p.compose(composeArgs{kind: kind, to: []string{pos.Address}, subject: subject, text: body, gameID: r.Game.ID,
			position: pos.Number, attachments: att, autoSubmitted: "auto-generated"})
		if err != nil {
			return err
		}
		out = append(out, m)
		return nil
	}
	over := r.Eng.Over()
	report := r.ReportDue()
	for _, pos := range r.Positions {
		seat := pos.Number - 1
		switch {
		case over:
			text := strings.Join(happened, "\n") + "\n\n" + r.Eng.Status(seat) + "\nThe game is over. Thank you for playing."
			if err := add("notice", pos, fmt.Sprintf("[%s] Game over: final standings", r.Game.ID), text, nil); err != nil {
				return nil, err
			}
		case slices.Contains(acting, seat):
			if err := add("notice", pos, fmt.Sprintf("[%s] Your move (action %d)", r.Game.ID, r.Next()), p.yourMove(secret, r, seat, happened), nil); err != nil {
				return nil, err
			}
		case pos.Number == skip || r.Prefs[pos.Number].Digest:
		default:
			text := strings.Join(happened, "\n") + "\n\n" + r.Eng.Status(seat)
			if err := add("notice", pos, fmt.Sprintf("[%s] What happened (to action %d)", r.Game.ID, r.Next()-1), text, nil); err != nil {
				return nil, err
			}
		}
		if report {
			pdf, err := r.Title.Report(r.Eng, r.Game.Name, pos.Number, at)
			if err != nil {
				return nil, fmt.Errorf("report for position %d: %w", pos.Number, err)
			}
			att := []mail.Attachment{{Name: fmt.Sprintf("%s-action%d-position%d.pdf", r.Game.ID, r.Next()-1, pos.Number), ContentType: "application/pdf", Data: pdf}}
			what := fmt.Sprintf("The report after dividend phase %d is attached.", r.Eng.Milestone())
			if over {
				what = "The final report is attached."
			}
			if err := add("report", pos, fmt.Sprintf("[%s] Report after action %d", r.Game.ID, r.Next()-1), what+"\n\n"+r.Eng.Status(seat), att); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// moveCommand handles the lines that change a player's settings or ask for
// something; it reports whether the line was one.
func moveCommand(line string, prefs *store.SeatPrefs) (handled bool, said string, err error) {
	f := strings.Fields(strings.ToUpper(line))
	if len(f) == 0 {
		return false, "", nil
	}
	switch f[0] {
	case "DIGEST":
		if len(f) != 2 || (f[1] != "ON" && f[1] != "OFF") {
			return true, "", fmt.Errorf("write DIGEST ON or DIGEST OFF")
		}
		prefs.Digest = f[1] == "ON"
		if prefs.Digest {
			return true, "You will get one digest mail a day instead of a mail per move; your own moves are still asked for at once.", nil
		}
		return true, "You will get a mail for every move again.", nil
	case "AUTOPASS":
		if len(f) != 2 || (f[1] != "AUCTIONS" && f[1] != "OFF") {
			return true, "", fmt.Errorf("write AUTOPASS AUCTIONS (pass in every auction unless you bid) or AUTOPASS OFF")
		}
		if f[1] == "OFF" {
			prefs.AutoPass = ""
			return true, "Auto-pass is off: you will be asked in every auction.", nil
		}
		prefs.AutoPass = "auctions"
		return true, "Auto-pass is on: when an auction comes to you, you pass, unless you write BID on your own.", nil
	case "AWAY":
		if len(f) == 2 && f[1] == "OFF" {
			prefs.AwayFrom, prefs.AwayUntil = time.Time{}, time.Time{}
			return true, "You are no longer marked away.", nil
		}
		if len(f) != 3 {
			return true, "", fmt.Errorf("write AWAY and the first and last day, as in AWAY 2026-12-24 2027-01-02, or AWAY OFF")
		}
		from, err1 := time.Parse("2006-01-02", f[1])
		until, err2 := time.Parse("2006-01-02", f[2])
		if err1 != nil || err2 != nil || until.Before(from) {
			return true, "", fmt.Errorf("write the days as YYYY-MM-DD, the first before the last, as in AWAY 2026-12-24 2027-01-02")
		}
		prefs.AwayFrom, prefs.AwayUntil = from, until.AddDate(0, 0, 1)
		return true, fmt.Sprintf("You are away from %s to %s (UTC days): where passing is legal, you pass.", f[1], f[2]), nil
	}
	return false, "", nil
}
