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
	"github.com/railpost/railpost/processor/title"
)

// loadMoves replays a game's log.
func (p *Processor) loadMoves(ctx context.Context, g store.Game) (*gamelog.Moves, error) {
	return gamelog.Load(ctx, p.Store, p.Titles, g)
}

// moveBlock fills moves/header, the block a reply must carry: who it is
// from and the action it answers, signed with that action's token.
type moveBlock struct {
	GameID   string
	Position int
	Action   int
	Token    string
}

// moveHeader is the header block of a seat for an action.
func moveHeader(secret []byte, g store.Game, pos store.Position, action int) moveBlock {
	return moveBlock{GameID: g.ID, Position: pos.Number, Action: action, Token: TurnsheetToken(secret, g.ID, pos.Number, action)}
}

// yourMoveData fills moves/your-move, the mail that asks a seat for its
// move.
type yourMoveData struct {
	GameID   string
	GameName string
	Intro    []string // lines above the position
	Status   string
	Name     string
	Action   int
	Menu     []string
	CanUndo  bool
	Undo     string // the seat's own last move, which it may take back
	Header   moveBlock
}

// yourMove is what asks a seat for its move, with intro's lines on top.
func yourMove(secret []byte, r *gamelog.Moves, seat int, intro []string) yourMoveData {
	// The mail greets the player by the name they were seated under; the
	// game's record keeps the seat's (ruling P18).
	name := r.Name(seat)
	if pos := r.Position(seat); pos.Name != "" {
		name = pos.Name
	}
	d := yourMoveData{GameID: r.Game.ID, GameName: r.Game.Name, Intro: intro, Status: r.Eng.Status(seat), Name: name,
		Action: r.Next(), Menu: r.Eng.Menu(seat), Header: moveHeader(secret, r.Game, r.Position(seat), r.Next())}
	if a, ok := r.LastOwn(seat); ok {
		d.CanUndo, d.Undo = true, a.String()
	}
	return d
}

// moveNews fills the mails that tell a seat what moves did:
// moves/what-happened, moves/game-over, moves/report and moves/digest.
type moveNews struct {
	GameID    string
	Action    int // the last action made
	Happened  []string
	Status    string
	Milestone int
	Over      bool
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
	var board []mail.Attachment // drawn when the first mail that shows it goes
	drawn := false
	add := func(kind string, pos store.Position, name string, data any, att []mail.Attachment) error {
		if pos.Address == "" || !pos.Human {
			return nil
		}
		if kind == "notice" && !drawn {
			var err error
			if board, err = boardPicture(r); err != nil {
				return err
			}
			drawn = true
		}
		if kind == "notice" {
			att = board
		}
		thread := ""
		if name == "moves/your-move" {
			thread = threadMark(r.Next(), TurnsheetToken(secret, r.Game.ID, pos.Number, r.Next()))
		}
		subject, text, err := p.sayMail(name, data)
		if err != nil {
			return err
		}
		body, err := p.notice(text)
		if err != nil {
			return err
		}
		m, err := p.compose(composeArgs{thread: thread, kind: kind, to: []string{pos.Address}, subject: subject, text: body, gameID: r.Game.ID,
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
		news := moveNews{GameID: r.Game.ID, Action: r.Next() - 1, Happened: happened, Status: r.Eng.Status(seat), Over: over}
		switch {
		case over:
			if err := add("notice", pos, "moves/game-over", news, nil); err != nil {
				return nil, err
			}
		case slices.Contains(acting, seat):
			if err := add("notice", pos, "moves/your-move", yourMove(secret, r, seat, happened), nil); err != nil {
				return nil, err
			}
		case pos.Number == skip || r.Prefs[pos.Number].Digest:
		default:
			if err := add("notice", pos, "moves/what-happened", news, nil); err != nil {
				return nil, err
			}
		}
		if report {
			pdf, err := r.Title.Report(r.Eng, r.Game.Name, pos.Number, at)
			if err != nil {
				return nil, fmt.Errorf("report for position %d: %w", pos.Number, err)
			}
			att := []mail.Attachment{{Name: fmt.Sprintf("%s-action%d-position%d.pdf", r.Game.ID, r.Next()-1, pos.Number), ContentType: "application/pdf", Data: pdf}}
			news.Milestone = r.Eng.Milestone()
			if err := add("report", pos, "moves/report", news, att); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// boardPicture is the board as it stands, for the move mails of a title
// that draws one: one picture for every reader, since the board is public.
func boardPicture(r *gamelog.Moves) ([]mail.Attachment, error) {
	pt, ok := r.Title.(title.Picture)
	if !ok {
		return nil, nil
	}
	png, err := pt.Picture(r.Eng)
	if err != nil {
		return nil, fmt.Errorf("game %s board picture: %w", r.Game.ID, err)
	}
	return []mail.Attachment{{Name: fmt.Sprintf("%s-action%d-board.png", r.Game.ID, r.Next()-1), ContentType: "image/png", Data: png, Inline: true}}, nil
}

// settingSaid names the template that confirms a setting line to the
// player, with the days of an AWAY.
type settingSaid struct {
	Template    string
	From, Until string
}

// moveCommand handles the lines that change a player's settings or ask for
// something; it reports whether the line was one. Its error says why the
// line could not be read.
func moveCommand(line string, prefs *store.SeatPrefs) (handled bool, said settingSaid, err error) {
	f := strings.Fields(strings.ToUpper(line))
	if len(f) == 0 {
		return false, said, nil
	}
	switch f[0] {
	case "DIGEST":
		if len(f) != 2 || (f[1] != "ON" && f[1] != "OFF") {
			return true, said, fmt.Errorf("write DIGEST ON or DIGEST OFF")
		}
		prefs.Digest = f[1] == "ON"
		if prefs.Digest {
			return true, settingSaid{Template: "moves/set/digest-on"}, nil
		}
		return true, settingSaid{Template: "moves/set/digest-off"}, nil
	case "AUTOPASS":
		if len(f) != 2 || (f[1] != "AUCTIONS" && f[1] != "OFF") {
			return true, said, fmt.Errorf("write AUTOPASS AUCTIONS (pass in every auction unless you bid) or AUTOPASS OFF")
		}
		if f[1] == "OFF" {
			prefs.AutoPass = ""
			return true, settingSaid{Template: "moves/set/autopass-off"}, nil
		}
		prefs.AutoPass = "auctions"
		return true, settingSaid{Template: "moves/set/autopass-on"}, nil
	case "AWAY":
		if len(f) == 2 && f[1] == "OFF" {
			prefs.AwayFrom, prefs.AwayUntil = time.Time{}, time.Time{}
			return true, settingSaid{Template: "moves/set/away-off"}, nil
		}
		if len(f) != 3 {
			return true, said, fmt.Errorf("write AWAY and the first and last day, as in AWAY 2026-12-24 2027-01-02, or AWAY OFF")
		}
		from, err1 := time.Parse("2006-01-02", f[1])
		until, err2 := time.Parse("2006-01-02", f[2])
		if err1 != nil || err2 != nil || until.Before(from) {
			return true, said, fmt.Errorf("write the days as YYYY-MM-DD, the first before the last, as in AWAY 2026-12-24 2027-01-02")
		}
		prefs.AwayFrom, prefs.AwayUntil = from, until.AddDate(0, 0, 1)
		return true, settingSaid{Template: "moves/set/away", From: f[1], Until: f[2]}, nil
	}
	return false, said, nil
}
