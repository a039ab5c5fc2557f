package processor

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// preview resolves the open turn on trial, as it would resolve now, and
// returns its public headlines. Nothing is stored or sent.
func (p *Processor) preview(ctx context.Context, g store.Game, positions []store.Position, now time.Time) (string, error) {
	tt, err := turnTitle(p.Titles, g)
	if err != nil {
		return "", err
	}
	standing, err := p.Store.CurrentOrders(ctx, g.ID, g.Turn)
	if err != nil {
		return "", err
	}
	snap, err := p.Store.LatestSnapshot(ctx, g.ID)
	if err != nil {
		return "", err
	}
	turn, _, notes := prepareTurn(g, snap.State, positions, standing)
	out, err := tt.Resolve(turn)
	if err != nil {
		return "", fmt.Errorf("preview: %w", err)
	}
	due, why := Due(g, positions, standing, now)
	var b strings.Builder
	fmt.Fprintf(&b, "Preview of turn %d of %s (nothing is kept): %d positions have orders in; %s.\n", g.Turn, g.ID, len(standing), map[bool]string{true: "due now: " + why, false: why}[due])
	for _, e := range notes {
		fmt.Fprintf(&b, "  position %d: %s\n", e.VisibleTo, e.Text)
	}
	b.WriteString("Headlines:\n")
	for _, e := range out.Events {
		if e.VisibleTo == 0 && e.Kind != "note" {
			fmt.Fprintf(&b, "  - %s\n", e.Text)
		}
	}
	if out.Over {
		b.WriteString("The game would end with this turn.\n")
	}
	return b.String(), nil
}

// ReplayResult is what a replay found.
type ReplayResult struct {
	Turns       int   // turns rebuilt
	Adjustments int   // the game master's adjustments applied again
	Mismatches  []int // turns whose rebuilt state differs from the stored one
}

// Replay rebuilds a game from its log (the setup, then each turn's
// standing orders and inputs, with the game's seed, and each adjustment in
// its place) and compares every
// state with the stored snapshot, byte for byte. Rolled-back turns are not
// part of the game's line and are not replayed.
func Replay(ctx context.Context, st *store.Store, titles title.Set, gameID string) (ReplayResult, error) {
	var res ReplayResult
	g, err := st.Game(ctx, gameID)
	if err != nil {
		return res, err
	}
	tt, err := turnTitle(titles, g)
	if err != nil {
		return res, err
	}
	snaps, err := st.Snapshots(ctx, g.ID)
	if err != nil {
		return res, err
	}
	if len(snaps) == 0 || snaps[0].Turn != 0 {
		return res, fmt.Errorf("game %s has no setup snapshot", g.ID)
	}
	positions, err := st.Positions(ctx, g.ID)
	if err != nil {
		return res, err
	}
	setupIn, err := readInputs(snaps[0])
	if err != nil {
		return res, err
	}
	seats := make([]store.Position, len(positions))
	for i, pos := range positions {
		seats[i] = store.Position{GameID: g.ID, Number: pos.Number, Name: pos.Name, Human: slices.Contains(setupIn.Humans, pos.Number)}
	}
	state, err := tt.Setup(seats, title.Rand(g.Seed, 0))
	if err != nil {
		return res, fmt.Errorf("replay setup: %w", err)
	}
	if !bytes.Equal(state, snaps[0].State) {
		res.Mismatches = append(res.Mismatches, 0)
		state = snaps[0].State // carry on from the stored setup, to find every bad turn
	}
	for _, snap := range snaps[1:] {
		in, err := readInputs(snap)
		if err != nil {
			return res, err
		}
		if in.Adjust != nil {
			adj, ok := tt.(title.Adjuster)
			if !ok {
				return res, fmt.Errorf("replay: turn %d has an adjustment, and %s games cannot be adjusted", snap.Turn, g.Title)
			}
			out, _, err := adj.Adjust(state, *in.Adjust)
			if err != nil {
				return res, fmt.Errorf("replay the adjustment after turn %d: %w", snap.Turn, err)
			}
			res.Adjustments++
			if !bytes.Equal(out, snap.State) {
				res.Mismatches = append(res.Mismatches, snap.Turn)
			}
			state = snap.State
			continue
		}
		standing, err := st.CurrentOrders(ctx, g.ID, snap.Turn)
		if err != nil {
			return res, err
		}
		t := title.Turn{GameID: g.ID, Turn: snap.Turn, State: state, Orders: standing, Humans: map[int]bool{}, Rand: title.Rand(snap.Seed, snap.Turn)}
		for _, n := range in.Humans {
			t.Humans[n] = true
		}
		for _, n := range in.StandPat {
			t.Orders[n] = []byte{}
		}
		out, err := tt.Resolve(t)
		if err != nil {
			return res, fmt.Errorf("replay turn %d: %w", snap.Turn, err)
		}
		res.Turns++
		if !bytes.Equal(out.State, snap.State) {
			res.Mismatches = append(res.Mismatches, snap.Turn)
		}
		state = snap.State
	}
	return res, nil
}

func readInputs(s store.Snapshot) (turnInputs, error) {
	var in turnInputs
	if len(s.Inputs) == 0 {
		return in, nil
	}
	if err := json.Unmarshal(s.Inputs, &in); err != nil {
		return in, fmt.Errorf("snapshot of turn %d: inputs: %w", s.Turn, err)
	}
	return in, nil
}
