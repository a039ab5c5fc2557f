package processor

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// moveRun is a game played by mail, rebuilt from its log, with the moves
// one pass adds to it. Nothing is stored until commit.
type moveRun struct {
	title     title.MoveTitle
	game      store.Game
	positions []store.Position
	setup     moveSetup
	log       []store.Move
	eng       title.MoveGame
	standing  []eighteen.Action
	prefs     map[int]store.SeatPrefs
	// from is the action the game waited for when the run was loaded;
	// added are the moves since, with the events each brought.
	from      int
	added     []store.Move
	events    map[int][]string
	milestone int
}

// loadMoves replays a game's log.
func (p *Processor) loadMoves(ctx context.Context, g store.Game) (*moveRun, error) {
	mt, err := moveTitle(p.Titles, g)
	if err != nil {
		return nil, err
	}
	snap, err := p.Store.SnapshotAt(ctx, g.ID, 0)
	if err != nil {
		return nil, fmt.Errorf("game %s setup: %w", g.ID, err)
	}
	r := &moveRun{title: mt, game: g, from: g.Turn, events: map[int][]string{}, prefs: map[int]store.SeatPrefs{}}
	if err := json.Unmarshal(snap.State, &r.setup); err != nil {
		return nil, fmt.Errorf("game %s setup: %w", g.ID, err)
	}
	if r.positions, err = p.Store.Positions(ctx, g.ID); err != nil {
		return nil, err
	}
	for _, pos := range r.positions {
		if r.prefs[pos.Number], err = p.Store.Prefs(ctx, g.ID, pos.Number); err != nil {
			return nil, err
		}
	}
	if r.log, err = p.Store.Moves(ctx, g.ID); err != nil {
		return nil, err
	}
	if len(r.log)+1 != g.Turn {
		return nil, fmt.Errorf("game %s waits for action %d but its log holds %d moves", g.ID, g.Turn, len(r.log))
	}
	if err := r.replay(); err != nil {
		return nil, err
	}
	r.milestone = r.eng.Milestone()
	return r, nil
}

func (r *moveRun) fresh() (eighteen.Engine, error) { return r.title.New(r.setup.Players, r.setup.Seed) }

func (r *moveRun) replay() error {
	var actions []eighteen.Action
	for _, m := range r.log {
		a, err := eighteen.ParseAction(m.Position-1, m.Line)
		if err != nil {
			return fmt.Errorf("game %s move %d: %w", r.game.ID, m.N, err)
		}
		actions = append(actions, a)
	}
	eng, standing, err := eighteen.Replay(r.fresh, actions)
	if err != nil {
		return fmt.Errorf("game %s: %w", r.game.ID, err)
	}
	r.eng, r.standing = eng.(title.MoveGame), standing
	return nil
}

// next is the action number the game waits for now.
func (r *moveRun) next() int { return len(r.log) + 1 }

// position finds a seat's position.
func (r *moveRun) position(seat int) store.Position {
	for _, pos := range r.positions {
		if pos.Number == seat+1 {
			return pos
		}
	}
	return store.Position{Number: seat + 1}
}

func (r *moveRun) name(seat int) string {
	if seat >= 0 && seat < len(r.setup.Players) {
		return r.setup.Players[seat]
	}
	return "the game master"
}

// apply makes a move and logs it. An illegal move leaves the run as it was.
func (r *moveRun) apply(a eighteen.Action, source string, inboxID int64, at time.Time) error {
	before := len(r.eng.Events())
	if err := r.eng.Apply(a); err != nil {
		return err
	}
	r.record(a.Seat+1, a.String(), source, inboxID, at)
	r.standing = append(r.standing, a)
	r.events[r.next()-1] = append([]string{fmt.Sprintf("%s: %s%s", r.name(a.Seat), a, sourceNote(source))}, r.eng.Events()[before:]...)
	return nil
}

func sourceNote(source string) string {
	switch source {
	case "timeout":
		return " (passed for them: the move waited past its time limit)"
	case "autopass":
		return " (their standing auto-pass)"
	case "away":
		return " (passed for them while they are away)"
	case "forced":
		return " (the only move they had)"
	case "computer":
		return " (played by the computer)"
	case "gm":
		return " (entered by the game master)"
	}
	return ""
}

func (r *moveRun) record(position int, line, source string, inboxID int64, at time.Time) {
	m := store.Move{GameID: r.game.ID, N: r.next(), Position: position, Line: line, Source: source, InboxID: inboxID, At: at}
	r.log = append(r.log, m)
	r.added = append(r.added, m)
}

// undo takes the game back to the given number of standing moves; the
// undo is itself a log entry.
func (r *moveRun) undo(to, position int, source string, inboxID int64, at time.Time) error {
	if to < 0 || to >= len(r.standing) {
		return fmt.Errorf("%d moves stand; an undo goes back to 0 to %d of them", len(r.standing), len(r.standing)-1)
	}
	dropped := r.standing[to:]
	r.record(position, fmt.Sprintf("%s %d", eighteen.Undo, to), source, inboxID, at)
	if err := r.replay(); err != nil {
		return err
	}
	var lines []string
	for _, a := range dropped {
		lines = append(lines, a.String())
	}
	who := r.name(position - 1)
	r.events[r.next()-1] = []string{fmt.Sprintf("%s undoes %d move(s): %s. The game is back where it was.", who, len(dropped), strings.Join(lines, "; "))}
	return nil
}

// lastOwn tells whether the last standing move is the seat's own, made by
// them, and so theirs to undo before the next player acts.
func (r *moveRun) lastOwn(seat int) (eighteen.Action, bool) {
	if len(r.standing) == 0 || len(r.log) == 0 {
		return eighteen.Action{}, false
	}
	last := r.log[len(r.log)-1]
	a := r.standing[len(r.standing)-1]
	return a, last.Line != "" && !strings.HasPrefix(last.Line, eighteen.Undo) && last.Position == seat+1 && last.Source == "player"
}

// autoplay makes the moves no person need make: the computer's seats, a
// seat's only move when it is a pass, a standing auto-pass in auctions,
// and passes for a player away. It stops at the first move a person must
// choose.
func (r *moveRun) autoplay(now time.Time) error {
	if !slices.ContainsFunc(r.positions, func(p store.Position) bool { return p.Human }) {
		return nil // a game begins when its first player is seated (ruling P14)
	}
	for steps := 0; !r.eng.Over(); steps++ {
		if steps > 100000 {
			return fmt.Errorf("game %s: automatic moves do not end", r.game.ID)
		}
		acting := r.eng.Acting()
		if len(acting) != 1 {
			return nil
		}
		seat := acting[0]
		pos := r.position(seat)
		opts := r.eng.Legal(seat)
		pass, canPass := firstPass(opts)
		var a eighteen.Action
		var source string
		prefs := r.prefs[pos.Number]
		switch {
		case !pos.Human:
			a, source = r.eng.Computer(seat, title.Rand(r.game.Seed, r.next())), "computer"
		case len(opts) == 1 && canPass:
			a, source = pass, "forced"
		case prefs.AutoPass == "auctions" && canPass && inAuction(opts):
			a, source = pass, "autopass"
		case prefs.Away(now) && canPass:
			a, source = pass, "away"
		default:
			return nil
		}
		if err := r.apply(a, source, 0, now); err != nil {
			return fmt.Errorf("game %s: %s move %q for position %d refused: %w", r.game.ID, source, a, pos.Number, err)
		}
	}
	return nil
}

// firstPass is the first pass a seat may make; the engine lists the one an
// automatic pass should take first.
func firstPass(opts []eighteen.Option) (eighteen.Action, bool) {
	for _, o := range opts {
		if o.Verb == "PASS" {
			return o.Action(0), true
		}
	}
	return eighteen.Action{}, false
}

// inAuction tells whether a seat's moves are those of a bidder: bid or
// pass, and nothing else.
func inAuction(opts []eighteen.Option) bool {
	bid := false
	for _, o := range opts {
		switch o.Verb {
		case "BID":
			bid = true
		case "PASS":
		default:
			return false
		}
	}
	return bid || len(opts) == 1
}

// commit writes the run's new moves, their events, the action the game
// now waits for and, when the game has ended, its end.
func (r *moveRun) commit(ctx context.Context, tx *store.Tx, now time.Time) error {
	for _, m := range r.added {
		if err := tx.AddMove(ctx, m); err != nil {
			return err
		}
		var evs []store.Event
		for _, e := range r.events[m.N] {
			evs = append(evs, store.Event{Kind: "move", Text: e})
		}
		if err := tx.AddEvents(ctx, r.game.ID, m.N, evs); err != nil {
			return err
		}
	}
	if len(r.added) == 0 {
		return nil
	}
	if err := tx.SetMoveNumber(ctx, r.game.ID, r.from, r.next()); err != nil {
		return err
	}
	if !r.eng.Over() {
		return nil
	}
	if err := tx.SetGameStatus(ctx, r.game.ID, "ended"); err != nil {
		return err
	}
	var finals []store.FinalScore
	for seat, s := range r.eng.Scores() {
		pos := r.position(seat)
		finals = append(finals, store.FinalScore{GameID: r.game.ID, Title: r.game.Title, Position: pos.Number, Player: r.name(seat),
			Human: pos.Human, Category: "cash", Points: s, Turn: len(r.log), EndedAt: now})
	}
	return tx.AddFinalScores(ctx, finals)
}

// happened is what the run's new moves did, a line each.
func (r *moveRun) happened() []string {
	var out []string
	for _, m := range r.added {
		for i, e := range r.events[m.N] {
			if i == 0 {
				e = fmt.Sprintf("#%d %s", m.N, e)
			} else {
				e = "   " + e
			}
			out = append(out, e)
		}
	}
	return out
}

// header is the block a reply must carry: who it is from and the action it
// answers, signed with that action's token.
func (p *Processor) moveHeader(secret []byte, g store.Game, pos store.Position, action int) string {
	return fmt.Sprintf("GAME: %s\nPOSITION: %d\nACTION: %d\nTOKEN: %s\n", g.ID, pos.Number, action, TurnsheetToken(secret, g.ID, pos.Number, action))
}

// yourMove is the text that asks a seat for its move.
func (p *Processor) yourMove(secret []byte, r *moveRun, seat int, intro []string) string {
	pos := r.position(seat)
	var b strings.Builder
	for _, l := range intro {
		b.WriteString(l + "\n")
	}
	if len(intro) > 0 {
		b.WriteString("\n")
	}
	b.WriteString(r.eng.Status(seat))
	fmt.Fprintf(&b, "\nIt is your move, %s: action %d of %s.\nYour legal moves (send one back exactly as written; <a to b> is a whole number in that range):\n",
		r.name(seat), r.next(), r.game.Name)
	for _, l := range r.eng.Menu(seat) {
		b.WriteString("  " + l + "\n")
	}
	if a, ok := r.lastOwn(seat); ok {
		fmt.Fprintf(&b, "  UNDO   (take back your %s before anyone else moves)\n", a)
	}
	b.WriteString("\nOther lines you may send at any time: REPORT (the PDF report now), DIGEST ON or OFF (one mail a day\n" +
		"instead of one a move), AUTOPASS AUCTIONS or AUTOPASS OFF (pass in auctions unless you bid),\n" +
		"AWAY 2026-12-24 2027-01-02 or AWAY OFF (your moves pass while you are away, where passing is legal).\n")
	b.WriteString("\nReply to this mail with your move on the first line. Keep the lines below.\n\n")
	b.WriteString(p.moveHeader(secret, r.game, pos, r.next()))
	return b.String()
}

// moveMails are what a run's new moves send: the next player's "your move",
// everyone else's "what happened" (unless they take the digest), the PDF
// report after a milestone, and the final standings. skip is the position
// that gets a direct reply instead; 0 for none.
func (p *Processor) moveMails(ctx context.Context, r *moveRun, skip int) ([]store.OutboxMail, error) {
	if len(r.added) == 0 {
		return nil, nil
	}
	secret, err := p.Store.Secret(ctx)
	if err != nil {
		return nil, err
	}
	now := p.now()
	happened := r.happened()
	acting := r.eng.Acting()
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
		m, err := p.compose(composeArgs{kind: kind, to: []string{pos.Address}, subject: subject, text: body, gameID: r.game.ID,
			position: pos.Number, attachments: att, autoSubmitted: "auto-generated"})
		if err != nil {
			return err
		}
		out = append(out, m)
		return nil
	}
	over := r.eng.Over()
	report := r.eng.Milestone() != r.milestone || over
	for _, pos := range r.positions {
		seat := pos.Number - 1
		switch {
		case over:
			text := strings.Join(happened, "\n") + "\n\n" + r.eng.Status(seat) + "\nThe game is over. Thank you for playing."
			if err := add("notice", pos, fmt.Sprintf("[%s] Game over: final standings", r.game.ID), text, nil); err != nil {
				return nil, err
			}
		case slices.Contains(acting, seat):
			if err := add("notice", pos, fmt.Sprintf("[%s] Your move (action %d)", r.game.ID, r.next()), p.yourMove(secret, r, seat, happened), nil); err != nil {
				return nil, err
			}
		case pos.Number == skip || r.prefs[pos.Number].Digest:
		default:
			text := strings.Join(happened, "\n") + "\n\n" + r.eng.Status(seat)
			if err := add("notice", pos, fmt.Sprintf("[%s] What happened (to action %d)", r.game.ID, r.next()-1), text, nil); err != nil {
				return nil, err
			}
		}
		if report {
			pdf, err := r.title.Report(r.eng, r.game.Name, pos.Number, now)
			if err != nil {
				return nil, fmt.Errorf("report for position %d: %w", pos.Number, err)
			}
			att := []mail.Attachment{{Name: fmt.Sprintf("%s-action%d-position%d.pdf", r.game.ID, r.next()-1, pos.Number), ContentType: "application/pdf", Data: pdf}}
			what := fmt.Sprintf("The report after dividend phase %d is attached.", r.eng.Milestone())
			if over {
				what = "The final report is attached."
			}
			if err := add("report", pos, fmt.Sprintf("[%s] Report after action %d", r.game.ID, r.next()-1), what+"\n\n"+r.eng.Status(seat), att); err != nil {
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

// undoLine reads "UNDO" (a player's own last move) or "UNDO N" (the GM:
// back to N standing moves).
func undoLine(line string) (bool, int, error) {
	f := strings.Fields(strings.ToUpper(line))
	if len(f) == 0 || f[0] != eighteen.Undo {
		return false, 0, nil
	}
	if len(f) == 1 {
		return true, -1, nil
	}
	n, err := strconv.Atoi(f[1])
	if err != nil || len(f) > 2 || n < 0 {
		return true, 0, fmt.Errorf("write UNDO alone to take back your last move")
	}
	return true, n, nil
}
