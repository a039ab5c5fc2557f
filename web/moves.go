package web

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/railpost/railpost/games/move"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
	"github.com/railpost/railpost/reports/page"
)

// engines keeps the engine of each game played by mail as it last
// stood, so that the page of a game one move on costs that move, not a
// replay of the whole log; a page of an earlier step is replayed.
type engines struct {
	mu   sync.Mutex
	kept map[string]*kept
}

type kept struct {
	lines []string // the log entries applied, to see the log is the same
	eng   title.MoveGame
}

// walkMoves is walk for a game played by mail, read from its log and
// stored events: the history needs no replay, and the page needs the
// engine only at the step asked for. It applies the moves alone, without
// the state encoding that replay compares, so a late game's page is
// quick.
func walkMoves(ctx context.Context, src Source, mt title.MoveTitle, out *game, at int, withPage bool, es *engines) error {
	g := out.Game
	setup, err := src.SnapshotAt(ctx, g.ID, 0)
	if err != nil {
		return fmt.Errorf("game %s setup: %w", g.ID, err)
	}
	log, err := src.Moves(ctx, g.ID)
	if err != nil {
		return err
	}
	out.Steps = append(out.Steps, step{I: 0, Kind: "setup", At: setup.Created})
	if at == Latest {
		at = len(log)
	}
	if at >= len(log)+1 {
		return errNotFound
	}
	for _, m := range log {
		// a game's page tells only its own step's events; the history
		// tells every step's
		var events []store.Event
		if !withPage || m.N == at {
			if events, err = src.Events(ctx, g.ID, m.N); err != nil {
				return err
			}
		}
		out.Steps = append(out.Steps, moveStep(m, events))
	}
	out.At = at
	if g.MoveTimeout > 0 && g.Status == "active" {
		if out.Due, err = moveDue(ctx, src, g, log); err != nil {
			return err
		}
	}
	mp, ok := mt.(title.MovePage)
	if !withPage || !ok {
		return nil
	}
	var s title.Setup
	if err := json.Unmarshal(setup.State, &s); err != nil {
		return fmt.Errorf("game %s setup: %w", g.ID, err)
	}
	out.Page, err = es.page(g.ID, log[:at], func() (move.Engine, error) { return mt.New(s) }, mp)
	out.HasPage = err == nil
	return err
}

// moveDue is when the move waited for passes its time limit: the
// limit counts from the last move, or the game's start, or the game
// master's last RESUME if later, as the processor counts it.
func moveDue(ctx context.Context, src Source, g store.Game, log []store.Move) (time.Time, error) {
	since := g.Created
	if len(log) > 0 {
		since = log[len(log)-1].At
	}
	acts, err := src.GMActions(ctx, g.ID)
	if err != nil {
		return time.Time{}, err
	}
	for _, a := range acts {
		if a.Verb == "RESUME" && a.At.After(since) {
			since = a.At
		}
	}
	return since.Add(g.MoveTimeout), nil
}

// moveStep is a logged move as the history shows it: the first line it
// told the players says what it was, the rest what followed of itself.
func moveStep(m store.Move, events []store.Event) step {
	s := step{I: m.N, N: m.N, Kind: "move", At: m.At}
	for _, e := range events {
		switch {
		case e.VisibleTo != 0 || e.Kind == "report" || e.Kind == "record":
		case e.Kind == "move" && s.What == "":
			s.What = e.Text
		default:
			s.Events = append(s.Events, e.Text)
		}
	}
	if s.What == "" {
		s.What = m.Line
	}
	return s
}

// page is the public page after the given log entries, from the kept
// engine when the log only grew since, else replayed; the page is made
// under the lock, since the engine is not to be read while it moves.
func (es *engines) page(id string, log []store.Move, fresh func() (move.Engine, error), mp title.MovePage) (page.Page, error) {
	lines := make([]string, len(log))
	actions := make([]move.Action, len(log))
	for i, m := range log {
		lines[i] = fmt.Sprintf("%d %s", m.Position, m.Line)
		a, err := move.ParseAction(m.Position-1, m.Line)
		if err != nil {
			return page.Page{}, fmt.Errorf("game %s move %d: %w", id, m.N, err)
		}
		actions[i] = a
	}
	es.mu.Lock()
	defer es.mu.Unlock()
	k := es.kept[id]
	if k != nil && len(k.lines) <= len(lines) && slices.Equal(k.lines, lines[:len(k.lines)]) &&
		!slices.ContainsFunc(actions[len(k.lines):], func(a move.Action) bool { return a.Verb == move.Undo }) {
		for i, a := range actions[len(k.lines):] {
			if err := k.eng.Apply(a); err != nil {
				delete(es.kept, id)
				return page.Page{}, fmt.Errorf("game %s move %d: %w", id, len(k.lines)+i+1, err)
			}
		}
		k.lines = lines
		return mp.Page(k.eng)
	}
	eng, _, err := move.Replay(fresh, actions)
	if err != nil {
		return page.Page{}, fmt.Errorf("game %s: %w", id, err)
	}
	mg, ok := eng.(title.MoveGame)
	if !ok {
		return page.Page{}, fmt.Errorf("game %s: the engine is not a title's game", id)
	}
	p, err := mp.Page(mg)
	if k == nil || len(lines) >= len(k.lines) {
		// the furthest position read is the one kept: the latest page is
		// the one most asked for
		es.kept[id] = &kept{lines: lines, eng: mg}
	}
	return p, err
}
