package gamelog

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/railpost/railpost/games/move"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// MoveSetup is snapshot 0 of a game played by mail: what New is called
// with.
type MoveSetup = title.Setup

// Moves is a game played by mail, rebuilt from its log, with the moves
// one pass adds to it. Nothing is stored until commit.
type Moves struct {
	Title     title.MoveTitle
	Game      store.Game
	Positions []store.Position
	Setup     MoveSetup
	Log       []store.Move
	Eng       title.MoveGame
	Standing  []move.Action
	Prefs     map[int]store.SeatPrefs
	// From is the action the game waited for when the run was loaded;
	// Added are the moves since, with the Events each brought.
	From      int
	Added     []store.Move
	Events    map[int][]string
	Milestone int
	// States are the positions after each added move, kept for the
	// snapshots that replay compares.
	States map[int][]byte
}

// Load rebuilds a game played by mail from its setup and log, with its
// players' settings: where the game stands when a pass takes it up.
func Load(ctx context.Context, st Log, ts title.Set, g store.Game) (*Moves, error) {
	mt, err := ts.MoveTitle(g.Title)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", g.ID, err)
	}
	snap, err := st.SnapshotAt(ctx, g.ID, 0)
	if err != nil {
		return nil, fmt.Errorf("game %s setup: %w", g.ID, err)
	}
	r, err := NewMoves(mt, g, snap)
	if err != nil {
		return nil, err
	}
	if r.Positions, err = st.Positions(ctx, g.ID); err != nil {
		return nil, err
	}
	for _, pos := range r.Positions {
		if r.Prefs[pos.Number], err = st.Prefs(ctx, g.ID, pos.Number); err != nil {
			return nil, err
		}
	}
	if r.Log, err = st.Moves(ctx, g.ID); err != nil {
		return nil, err
	}
	if len(r.Log)+1 != g.Turn {
		return nil, fmt.Errorf("game %s waits for action %d but its log holds %d moves", g.ID, g.Turn, len(r.Log))
	}
	if err := r.replay(); err != nil {
		return nil, err
	}
	r.Milestone = r.Eng.Milestone()
	return r, nil
}

// NewMoves is a game at its setup, before its log is read.
func NewMoves(mt title.MoveTitle, g store.Game, setup store.Snapshot) (*Moves, error) {
	r := &Moves{Title: mt, Game: g, From: g.Turn, Events: map[int][]string{}, Prefs: map[int]store.SeatPrefs{}, States: map[int][]byte{}}
	if err := json.Unmarshal(setup.State, &r.Setup); err != nil {
		return nil, fmt.Errorf("game %s setup: %w", g.ID, err)
	}
	return r, nil
}

func (r *Moves) Fresh() (move.Engine, error) { return r.Title.New(r.Setup) }

func (r *Moves) replay() error {
	eng, standing, err := r.rebuild(r.Log)
	if err != nil {
		return err
	}
	r.Eng, r.Standing = eng.(title.MoveGame), standing
	return nil
}

// rebuild replays a stretch of the log from the setup, with the moves
// that stand after it.
func (r *Moves) rebuild(log []store.Move) (move.Engine, []move.Action, error) {
	var actions []move.Action
	for _, m := range log {
		a, err := move.ParseAction(m.Position-1, m.Line)
		if err != nil {
			return nil, nil, fmt.Errorf("game %s move %d: %w", r.Game.ID, m.N, err)
		}
		actions = append(actions, a)
	}
	eng, standing, err := move.Replay(r.Fresh, actions)
	if err != nil {
		return nil, nil, fmt.Errorf("game %s: %w", r.Game.ID, err)
	}
	return eng, standing, nil
}

// Next is the action number the game waits for now.
func (r *Moves) Next() int { return len(r.Log) + 1 }

// position finds a seat's position.
func (r *Moves) Position(seat int) store.Position {
	for _, pos := range r.Positions {
		if pos.Number == seat+1 {
			return pos
		}
	}
	return store.Position{Number: seat + 1}
}

func (r *Moves) Name(seat int) string {
	if seat >= 0 && seat < len(r.Setup.Players) {
		return r.Setup.Players[seat]
	}
	return "the game master"
}

// apply makes a move and logs it. An illegal move leaves the run as it was.
func (r *Moves) Apply(a move.Action, source string, inboxID int64, at time.Time) error {
	before := len(r.Eng.Events())
	if err := r.Eng.Apply(a); err != nil {
		return err
	}
	r.record(a.Seat+1, a.String(), source, inboxID, at)
	r.Standing = append(r.Standing, a)
	r.Events[r.Next()-1] = append([]string{fmt.Sprintf("%s: %s%s", r.Name(a.Seat), a, sourceNote(source))}, r.Eng.Events()[before:]...)
	return r.keepState()
}

// keepState notes the position after the newest move.
func (r *Moves) keepState() error {
	b, err := r.Eng.State()
	if err != nil {
		return fmt.Errorf("game %s action %d: state: %w", r.Game.ID, r.Next()-1, err)
	}
	r.States[r.Next()-1] = b
	return nil
}

// redo makes a logged move again, as the pass that logged it made it:
// the way replay, the archive and reports rebuild a game step by step.
func (r *Moves) Redo(m store.Move) error {
	if m.N != r.Next() {
		return fmt.Errorf("game %s: the log skips from action %d to %d", r.Game.ID, r.Next()-1, m.N)
	}
	if undo, to, err := UndoLine(m.Line); undo {
		if err != nil || to < 0 {
			return fmt.Errorf("game %s action %d: %q is not an undo the log can hold", r.Game.ID, m.N, m.Line)
		}
		return r.Undo(to, m.Position, m.Source, m.InboxID, m.At)
	}
	a, err := move.ParseAction(m.Position-1, m.Line)
	if err != nil {
		return fmt.Errorf("game %s action %d: %w", r.Game.ID, m.N, err)
	}
	if err := r.Apply(a, m.Source, m.InboxID, m.At); err != nil {
		return fmt.Errorf("game %s action %d (%s) is refused on replay: %w", r.Game.ID, m.N, m.Line, err)
	}
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

func (r *Moves) record(position int, line, source string, inboxID int64, at time.Time) {
	m := store.Move{GameID: r.Game.ID, N: r.Next(), Position: position, Line: line, Source: source, InboxID: inboxID, At: at}
	r.Log = append(r.Log, m)
	r.Added = append(r.Added, m)
}

// undo takes the game back to the given number of standing moves; the
// undo is itself a log entry.
func (r *Moves) Undo(to, position int, source string, inboxID int64, at time.Time) error {
	if to < 0 || to >= len(r.Standing) {
		return fmt.Errorf("%d moves stand; an undo goes back to 0 to %d of them", len(r.Standing), len(r.Standing)-1)
	}
	dropped := r.Standing[to:]
	r.record(position, fmt.Sprintf("%s %d", move.Undo, to), source, inboxID, at)
	if err := r.replay(); err != nil {
		return err
	}
	var lines []string
	for _, a := range dropped {
		lines = append(lines, a.String())
	}
	who := r.Name(position - 1)
	r.Events[r.Next()-1] = []string{fmt.Sprintf("%s undoes %d move(s): %s. The game is back where it was.", who, len(dropped), strings.Join(lines, "; "))}
	return r.keepState()
}

// lastOwn tells whether the last standing move is the seat's own, made by
// them, and so theirs to undo before the next player acts.
func (r *Moves) LastOwn(seat int) (move.Action, bool) {
	if len(r.Standing) == 0 || len(r.Log) == 0 {
		return move.Action{}, false
	}
	last := r.Log[len(r.Log)-1]
	a := r.Standing[len(r.Standing)-1]
	return a, last.Line != "" && !strings.HasPrefix(last.Line, move.Undo) && last.Position == seat+1 && last.Source == "player"
}

// Autoplay makes the moves no person need make: the computer's seats, a
// seat's only move when it is a pass, a standing auto-pass in auctions,
// and passes for a player away. It stops at the first move a person must
// choose, or when ctx is done, so that a long run of automatic moves (a
// game of computers, a player away) never holds a pass past its time:
// the moves made stand, and the next pass makes the rest.
func (r *Moves) Autoplay(ctx context.Context, now time.Time) error {
	if !slices.ContainsFunc(r.Positions, func(p store.Position) bool { return p.Human }) {
		return nil // a game begins when its first player is seated (ruling P14)
	}
	if r.Game.Status != "active" {
		return nil // paused by the game master: nothing moves until RESUME
	}
	for steps := 0; !r.Eng.Over(); steps++ {
		if ctx.Err() != nil {
			// Out of time: what was made stands, and the next pass's
			// tending of the game makes the rest.
			return nil
		}
		if steps > 100000 {
			return fmt.Errorf("game %s: automatic moves do not end", r.Game.ID)
		}
		acting := r.Eng.Acting()
		if len(acting) != 1 {
			return nil
		}
		seat := acting[0]
		pos := r.Position(seat)
		opts := r.Eng.Legal(seat)
		pass, canPass := FirstPass(opts)
		var a move.Action
		var source string
		prefs := r.Prefs[pos.Number]
		switch {
		case !pos.Human:
			a, source = r.Eng.Computer(seat, title.Rand(r.Game.Seed, r.Next())), "computer"
		case len(opts) == 1 && canPass:
			a, source = pass, "forced"
		case prefs.AutoPass == "auctions" && canPass && inAuction(opts):
			a, source = pass, "autopass"
		case prefs.Away(now) && canPass:
			a, source = pass, "away"
		default:
			return nil
		}
		if err := r.Apply(a, source, 0, now); err != nil {
			return fmt.Errorf("game %s: %s move %q for position %d refused: %w", r.Game.ID, source, a, pos.Number, err)
		}
	}
	return nil
}

// firstPass is the first pass a seat may make; the engine lists the one an
// automatic pass should take first.
func FirstPass(opts []move.Option) (move.Action, bool) {
	for _, o := range opts {
		if o.Verb == "PASS" {
			return o.Action(0), true
		}
	}
	return move.Action{}, false
}

// inAuction tells whether a seat's moves are those of a bidder: bid or
// pass, and nothing else.
func inAuction(opts []move.Option) bool {
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
func (r *Moves) Commit(ctx context.Context, tx Writer, now time.Time) error {
	for i, m := range r.Added {
		if err := tx.AddMove(ctx, m); err != nil {
			return err
		}
		var evs []store.Event
		for _, e := range r.Events[m.N] {
			evs = append(evs, store.Event{Kind: "move", Text: e})
		}
		if i == len(r.Added)-1 && r.ReportDue() {
			for _, pos := range r.Readers() {
				evs = append(evs, store.Event{Kind: "report", VisibleTo: pos.Number, Text: "the PDF report was mailed"})
			}
		}
		if err := tx.AddEvents(ctx, r.Game.ID, m.N, evs); err != nil {
			return err
		}
		if err := tx.SaveSnapshot(ctx, store.Snapshot{GameID: r.Game.ID, Turn: m.N, State: r.States[m.N], Seed: r.Game.Seed}, m.At); err != nil {
			return err
		}
	}
	if len(r.Added) == 0 {
		return nil
	}
	if err := tx.SetMoveNumber(ctx, r.Game.ID, r.From, r.Next()); err != nil {
		return err
	}
	if !r.Eng.Over() {
		return nil
	}
	return r.End(ctx, tx, now)
}

// End records the game as ended now, with each seat's score as the
// engine counts it: at the rules' end, or when the game master ends it.
func (r *Moves) End(ctx context.Context, tx Writer, now time.Time) error {
	if err := tx.SetGameStatus(ctx, r.Game.ID, "ended"); err != nil {
		return err
	}
	category := "cash"
	if sn, ok := r.Title.(title.ScoreName); ok {
		category = sn.ScoreName()
	}
	var finals []store.FinalScore
	for seat, s := range r.Eng.Scores() {
		pos := r.Position(seat)
		finals = append(finals, store.FinalScore{GameID: r.Game.ID, Title: r.Game.Title, Position: pos.Number, Player: r.Name(seat),
			Human: pos.Human, Category: category, Points: s, Turn: len(r.Log), EndedAt: now})
	}
	return tx.AddFinalScores(ctx, finals)
}

// StandingBefore is how many moves stood when the game waited for action
// n: where a rollback to action n takes the game.
func (r *Moves) StandingBefore(n int) (int, error) {
	if n < 1 || n > len(r.Log) {
		return 0, fmt.Errorf("actions 1 to %d have been made; there is no action %d to roll back to", len(r.Log), n)
	}
	_, standing, err := r.rebuild(r.Log[:n-1])
	if err != nil {
		return 0, err
	}
	return len(standing), nil
}

// reportDue tells whether the run's new moves earn every player a PDF
// report: a milestone passed, or the end.
func (r *Moves) ReportDue() bool {
	return len(r.Added) > 0 && (r.Eng.Milestone() != r.Milestone || r.Eng.Over())
}

// readers are the positions a person holds that get mail.
func (r *Moves) Readers() []store.Position {
	var out []store.Position
	for _, pos := range r.Positions {
		if pos.Human && pos.Address != "" {
			out = append(out, pos)
		}
	}
	return out
}

// lastAt is when the newest move was made: it dates the reports the
// moves send, so that a report rendered again from the archive is the
// file that was mailed.
func (r *Moves) LastAt() time.Time { return r.Log[len(r.Log)-1].At }

// happened is what the run's new moves did, a line each.
func (r *Moves) Happened() []string {
	var out []string
	for _, m := range r.Added {
		for i, e := range r.Events[m.N] {
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

// undoLine reads "UNDO" (a player's own last move) or "UNDO N" (the GM:
// back to N standing moves).
func UndoLine(line string) (bool, int, error) {
	f := strings.Fields(strings.ToUpper(line))
	if len(f) == 0 || f[0] != move.Undo {
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
