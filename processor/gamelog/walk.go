package gamelog

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
	"github.com/railpost/railpost/reports/page"
)

// Step is one point in a game's life, rebuilt from its log: the setup, a
// turn resolved, an adjustment, or a move. Replay, the archive and
// reports at any point all read a game through Walk, whichever way its
// title is played.
type Step struct {
	N    int    // the turn or action number; 0 is the setup
	Kind string // StepSetup, StepTurn, StepAdjust or StepMove
	// What says what the step was: the move and who made it, or the
	// game master's adjustment; "" for a turn.
	What string
	// State is the position the log leads to; Stored is the snapshot the
	// pass stored, nil where none was stored. Former is the position
	// written in the stored snapshot's older form, where the title's
	// state has changed form since (title.Reformed); nil otherwise.
	State, Stored, Former []byte
	// Events are the stored events of the step. Remade are the lines the
	// rebuilt move gave, which replay compares with them.
	Events []store.Event
	Remade []string
	// Orders are a turn's standing orders, by position.
	Orders map[int][]byte
	// Readers are the positions mailed a PDF report at this step.
	Readers []int
	// At is when the step happened; it dates the reports.
	At time.Time
	// Report renders the PDF a position (0: the game master) would read
	// as of this step; Standings are the game's standings as of it, ""
	// where the title states none. Both are valid only while the walk's
	// callback runs.
	Report    func(position int) ([]byte, error)
	Standings func() (string, error)
	// Page is the public web page as of this step, nil where the title
	// gives none; valid only while the walk's callback runs.
	Page func() (page.Page, error)
}

// The kinds of step.
const (
	StepSetup  = "setup"
	StepTurn   = "turn"
	StepAdjust = "adjust"
	StepMove   = "move"
)

// Differs tells whether the rebuilt step differs from what the pass
// stored: its state (in the stored snapshot's own form, byte for byte),
// or for a move the lines it told the players.
func (s Step) Differs() bool {
	state := s.State
	if s.Former != nil {
		state = s.Former
	}
	if s.Stored != nil && !bytes.Equal(state, s.Stored) {
		return true
	}
	if s.Kind != StepMove {
		return false
	}
	var told []string
	for _, e := range s.Events {
		if e.Kind == "move" {
			told = append(told, e.Text)
		}
	}
	return !slices.Equal(told, s.Remade)
}

// ErrStopWalk ends a walk early without error.
var ErrStopWalk = errors.New("stop the walk")

// Walk rebuilds a game from its setup and its log, the way the passes
// built it, and shows fn each step in order. Rolled-back turns are not
// part of the game's line and are not walked. With check, each turn is
// resolved again for replay to compare; without, a turn's State is its
// stored snapshot, which is all a report or the archive needs. Moves are
// always made again, since the engine is rebuilt from them.
func Walk(ctx context.Context, st Log, ts title.Set, gameID string, check bool, fn func(Step) error) error {
	g, err := st.Game(ctx, gameID)
	if err != nil {
		return err
	}
	if ts.ByMove(g.Title) {
		err = walkMoves(ctx, st, ts, g, fn)
	} else {
		err = walkTurns(ctx, st, ts, g, check, fn)
	}
	if errors.Is(err, ErrStopWalk) {
		return nil
	}
	return err
}

// walkTurns resolves each turn again from the state before it and its
// standing orders, with the game's seed, and applies each adjustment in
// its place. After a step that differs it carries on from the stored
// state, so that every bad turn is found.
func walkTurns(ctx context.Context, st Log, ts title.Set, g store.Game, check bool, fn func(Step) error) error {
	tt, err := ts.TurnTitle(g.Title)
	if err != nil {
		return fmt.Errorf("game %s: %w", g.ID, err)
	}
	snaps, err := st.Snapshots(ctx, g.ID)
	if err != nil {
		return err
	}
	if len(snaps) == 0 || snaps[0].Turn != 0 {
		return fmt.Errorf("game %s has no setup snapshot", g.ID)
	}
	positions, err := st.Positions(ctx, g.ID)
	if err != nil {
		return err
	}
	setupIn, err := ReadInputs(snaps[0])
	if err != nil {
		return err
	}
	seats := make([]store.Position, len(positions))
	for i, pos := range positions {
		seats[i] = store.Position{GameID: g.ID, Number: pos.Number, Name: pos.Name, Human: slices.Contains(setupIn.Humans, pos.Number)}
	}
	state := snaps[0].State
	if check {
		if state, err = tt.Setup(seats, title.Rand(g.Seed, 0)); err != nil {
			return fmt.Errorf("replay setup: %w", err)
		}
	}
	setup := Step{N: 0, Kind: StepSetup, State: state, Stored: snaps[0].State, At: snaps[0].Created}
	if s, ok := tt.(title.Standings); ok {
		setup.Standings = func() (string, error) { return s.Standings(snaps[0].State) }
	}
	if err := fn(setup); err != nil {
		return err
	}
	for i, snap := range snaps[1:] {
		step, err := turnStep(ctx, st, tt, g, positions, snaps[i], snap, check)
		if err != nil {
			return err
		}
		if err := fn(step); err != nil {
			return err
		}
	}
	return nil
}

// turnStep rebuilds one stored turn or adjustment from the stored state
// before it.
func turnStep(ctx context.Context, st Log, tt title.TurnTitle, g store.Game, positions []store.Position, prev, snap store.Snapshot, check bool) (Step, error) {
	in, err := ReadInputs(snap)
	if err != nil {
		return Step{}, err
	}
	step := Step{N: snap.Turn, Kind: StepTurn, State: snap.State, Stored: snap.State, At: snap.Created}
	if s, ok := tt.(title.Standings); ok {
		step.Standings = func() (string, error) { return s.Standings(snap.State) }
	}
	if a := in.Adjust; a != nil {
		adj, ok := tt.(title.Adjuster)
		if !ok {
			return Step{}, fmt.Errorf("replay: turn %d has an adjustment, and %s games cannot be adjusted", snap.Turn, g.Title)
		}
		step.Kind = StepAdjust
		step.What = fmt.Sprintf("the game master adjusted %s %s by %+d: %s", a.Target, a.Field, a.Delta, a.Reason)
		if !check {
			return step, nil
		}
		if step.State, _, err = adj.Adjust(prev.State, *a); err != nil {
			return Step{}, fmt.Errorf("replay the adjustment after turn %d: %w", snap.Turn, err)
		}
		return step, nil
	}
	if step.Orders, err = st.CurrentOrders(ctx, g.ID, snap.Turn); err != nil {
		return Step{}, err
	}
	t := title.Turn{GameID: g.ID, Turn: snap.Turn, State: prev.State, Orders: map[int][]byte{}, Humans: map[int]bool{}, Rand: title.Rand(snap.Seed, snap.Turn)}
	for n, o := range step.Orders {
		t.Orders[n] = o
	}
	for _, n := range in.Humans {
		t.Humans[n] = true
	}
	for _, n := range in.StandPat {
		t.Orders[n] = []byte{}
	}
	if check {
		out, err := tt.Resolve(t)
		if err != nil {
			return Step{}, fmt.Errorf("replay turn %d: %w", snap.Turn, err)
		}
		step.State = out.State
	}
	if step.Events, err = st.Events(ctx, g.ID, snap.Turn); err != nil {
		return Step{}, err
	}
	step.Readers = in.Humans
	if tp, ok := tt.(title.TurnPage); ok {
		step.Page = func() (page.Page, error) {
			return tp.TurnPage(title.ReportRequest{Game: g, Turn: snap.Turn, State: snap.State, Events: step.Events, Resolved: snap.Created})
		}
	}
	step.Report = func(position int) ([]byte, error) {
		pos, err := positionOf(positions, position)
		if err != nil {
			return nil, err
		}
		rep, err := tt.Report(title.ReportRequest{Game: g, Turn: snap.Turn, State: snap.State, Events: step.Events, Position: pos, Resolved: snap.Created})
		if err != nil {
			return nil, fmt.Errorf("game %s turn %d position %d: %w", g.ID, snap.Turn, position, err)
		}
		for _, a := range rep.Attachments {
			if a.ContentType == "application/pdf" {
				return a.Data, nil
			}
		}
		return nil, fmt.Errorf("game %s: %s reports have no PDF", g.ID, g.Title)
	}
	return step, nil
}

// walkMoves makes each logged move again through the same code the pass
// made it with, and compares the position and the lines told after each
// with what was stored.
func walkMoves(ctx context.Context, st Log, ts title.Set, g store.Game, fn func(Step) error) error {
	mt, err := ts.MoveTitle(g.Title)
	if err != nil {
		return fmt.Errorf("game %s: %w", g.ID, err)
	}
	setup, err := st.SnapshotAt(ctx, g.ID, 0)
	if err != nil {
		return fmt.Errorf("game %s setup: %w", g.ID, err)
	}
	snaps, err := st.Snapshots(ctx, g.ID)
	if err != nil {
		return err
	}
	stored := map[int][]byte{}
	for _, s := range snaps {
		stored[s.Turn] = s.State
	}
	r, err := NewMoves(mt, g, setup)
	if err != nil {
		return err
	}
	if r.Positions, err = st.Positions(ctx, g.ID); err != nil {
		return err
	}
	eng, err := r.Fresh()
	if err != nil {
		return err
	}
	r.Eng = eng.(title.MoveGame)
	report := func(at time.Time) func(int) ([]byte, error) {
		return func(position int) ([]byte, error) { return mt.Report(r.Eng, g.Name, position, at) }
	}
	standings := func() (string, error) { return r.Eng.Status(-1), nil }
	var pageOf func() (page.Page, error)
	if mp, ok := mt.(title.MovePage); ok {
		pageOf = func() (page.Page, error) { return mp.Page(r.Eng) }
	}
	if err := fn(Step{N: 0, Kind: StepSetup, State: setup.State, Stored: setup.State, At: setup.Created, Report: report(setup.Created), Standings: standings, Page: pageOf}); err != nil {
		return err
	}
	log, err := st.Moves(ctx, g.ID)
	if err != nil {
		return err
	}
	for _, m := range log {
		if err := r.Redo(m); err != nil {
			return err
		}
		events, err := st.Events(ctx, g.ID, m.N)
		if err != nil {
			return err
		}
		step := Step{N: m.N, Kind: StepMove, What: r.Events[m.N][0], State: r.States[m.N], Stored: stored[m.N],
			Events: events, Remade: r.Events[m.N], At: m.At, Report: report(m.At), Standings: standings, Page: pageOf}
		if f, ok := r.Eng.(title.Reformed); ok && step.Stored != nil {
			former, old, err := f.FormerState(step.Stored)
			if err != nil {
				return fmt.Errorf("game %s action %d: %w", g.ID, m.N, err)
			}
			if old {
				step.Former = former
			}
		}
		for _, e := range events {
			if e.Kind == "report" {
				step.Readers = append(step.Readers, e.VisibleTo)
			}
		}
		if err := fn(step); err != nil {
			return err
		}
	}
	return nil
}

func positionOf(positions []store.Position, n int) (store.Position, error) {
	for _, pos := range positions {
		if pos.Number == n {
			return pos, nil
		}
	}
	return store.Position{}, fmt.Errorf("no position %d", n)
}
