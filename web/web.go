// Package web is the read-only web page of every game: the games on this
// judge, a game as it stands (board, market, companies, players, whose
// move), and its history step by step. It reads the store through the
// same walk replay and the archive use and the titles' public pages
// (title.MovePage, title.TurnPage), and renders them with one set of
// templates for the server (railpost serve) and the archive's static
// files (WriteGame), so the two cannot drift apart. It shows only what
// every player may see: positions' names, never their addresses, hashes
// or tokens, and no orders at all.
package web

import (
	"context"
	"fmt"
	"time"

	"github.com/railpost/railpost/processor/gamelog"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
	"github.com/railpost/railpost/reports/page"
)

// Source is what the pages read of the database: the games and what
// rebuilding one reads. The store is one, read only.
type Source interface {
	gamelog.Log
	Games(ctx context.Context) ([]store.Game, error)
	// GMActions are read for when the game master last resumed a game,
	// from which a move's time limit runs; nothing of them is shown.
	GMActions(ctx context.Context, gameID string) ([]store.GMAction, error)
}

// step is one row of a game's history: a move made or a turn resolved,
// with what every player was told of it.
type step struct {
	I      int // its place in the walk, 0 the setup
	N      int // the turn or action number
	Kind   string
	What   string
	Events []string
	At     time.Time
}

// game is one game walked to one of its steps: the history and the
// public page as of the step asked for.
type game struct {
	Game    store.Game
	Unit    string // "turn" or "action"
	Players []string
	Steps   []step
	At      int // the step the page shows
	Page    page.Page
	HasPage bool
	// Due is when the move waited for passes its time limit, zero for
	// none (no limit, a turn game, a game paused or over).
	Due time.Time
}

// Latest asks for the last step of a game.
const Latest = -1

// walk rebuilds a game and gives its history with the public page as of
// step at (Latest for where it stands now); withPage false skips the
// page (the history list).
func walk(ctx context.Context, src Source, ts title.Set, es *engines, id string, at int, withPage bool) (*game, error) {
	g, err := src.Game(ctx, id)
	if err != nil {
		return nil, err
	}
	positions, err := src.Positions(ctx, id)
	if err != nil {
		return nil, err
	}
	out := &game{Game: g, Unit: ts.Unit(g.Title)}
	out.Players = players(positions)
	if mt, err := ts.MoveTitle(g.Title); err == nil {
		return out, walkMoves(ctx, src, mt, out, at, withPage, es)
	}
	var last func() (page.Page, error)
	err = gamelog.Walk(ctx, src, ts, id, false, func(s gamelog.Step) error {
		i := len(out.Steps)
		out.Steps = append(out.Steps, publicStep(i, s))
		if !withPage || s.Page == nil {
			return nil
		}
		if i == at {
			p, err := s.Page()
			out.Page, out.HasPage, out.At = p, err == nil, i
			if err != nil {
				return fmt.Errorf("game %s step %d: %w", id, i, err)
			}
			return nil
		}
		// The last step's page is made after the walk: the engine stays
		// at the last position and a turn's page reads only its own
		// snapshot, so it is still valid then.
		last = s.Page
		return nil
	})
	if err != nil {
		return nil, err
	}
	if at != Latest && at >= len(out.Steps) {
		return nil, errNotFound
	}
	if at == Latest {
		out.At = len(out.Steps) - 1
		if withPage && last != nil {
			if out.Page, err = last(); err != nil {
				return nil, fmt.Errorf("game %s: %w", id, err)
			}
			out.HasPage = true
		}
	}
	return out, nil
}

// publicStep is a step as every player may read it: its public events
// only, never the orders or what one position alone was told.
func publicStep(i int, s gamelog.Step) step {
	st := step{I: i, N: s.N, Kind: s.Kind, What: s.What, At: s.At}
	for _, e := range s.Events {
		// notes are the judge's own, left out of the report's headlines
		// too (9.1)
		if e.VisibleTo != 0 || e.Kind == "report" || e.Kind == "record" || e.Kind == "note" {
			continue
		}
		if e.Kind == "move" && e.Text == s.What {
			continue
		}
		st.Events = append(st.Events, e.Text)
	}
	return st
}

// players are the seats' names, those with none (a position the
// computer plays, unnamed) counted at the end.
func players(positions []store.Position) []string {
	var out []string
	unnamed := 0
	for _, p := range positions {
		if p.Name == "" {
			unnamed++
			continue
		}
		out = append(out, p.Name)
	}
	switch {
	case unnamed == 1:
		out = append(out, "1 position unnamed")
	case unnamed > 1:
		out = append(out, fmt.Sprintf("%d positions unnamed", unnamed))
	}
	return out
}
