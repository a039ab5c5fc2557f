// Package archive is a game's record read back: replay of the whole log
// against the stored snapshots, the PDF report of any position at any
// point, and the self-contained folder a game is exported to and imported
// from. It reads every title the same way, through gamelog.Walk.
package archive

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/railpost/railpost/processor/gamelog"
	"github.com/railpost/railpost/processor/store"
	"github.com/railpost/railpost/processor/title"
)

// Reader is what reading an archive takes of the database: the game's log
// and, for a report, its seats.
type Reader interface {
	gamelog.Log
	Position(ctx context.Context, gameID string, number int) (store.Position, error)
}

// Dumper also gives every row a game owns, for Export, and the secret
// behind the tokens (nil if none was ever made), by which a publishable
// export finds every token the game was issued to take it out.
type Dumper interface {
	Reader
	ExportGame(ctx context.Context, gameID string) (*store.Archive, error)
	StoredSecret(ctx context.Context) ([]byte, error)
}

// ReplayResult is what a replay found.
type ReplayResult struct {
	Unit        string // what the log counts: "turn" or "action"
	Steps       int    // turns or actions rebuilt
	Adjustments int    // the game master's adjustments applied again
	Unchecked   int    // steps the pass stored no snapshot of
	Mismatches  []int  // steps whose rebuilt state or lines differ from the stored ones
}

// Replay rebuilds a game from its log (the setup, then each turn's
// standing orders and each adjustment, or each move, with the game's
// seed) and compares every step with what the pass stored, byte for byte.
func Replay(ctx context.Context, st gamelog.Log, ts title.Set, gameID string) (ReplayResult, error) {
	g, err := st.Game(ctx, gameID)
	if err != nil {
		return ReplayResult{}, err
	}
	res := ReplayResult{Unit: ts.Unit(g.Title)}
	err = gamelog.Walk(ctx, st, ts, gameID, true, func(s gamelog.Step) error {
		switch s.Kind {
		case gamelog.StepAdjust:
			res.Adjustments++
		case gamelog.StepTurn, gamelog.StepMove:
			res.Steps++
		}
		if s.Stored == nil {
			res.Unchecked++
		}
		if s.Differs() {
			res.Mismatches = append(res.Mismatches, s.N)
		}
		return nil
	})
	return res, err
}

// Report renders the PDF a position reads as of a point in a game: after a
// turn, or after an action of a game played by mail. A report that was
// mailed comes out as the same file, since it is dated by its step.
func Report(ctx context.Context, st Reader, ts title.Set, gameID string, point, position int) ([]byte, error) {
	g, err := st.Game(ctx, gameID)
	if err != nil {
		return nil, err
	}
	unit := ts.Unit(g.Title)
	if _, err := st.Position(ctx, g.ID, position); err != nil {
		return nil, err
	}
	var pdf []byte
	found := false
	err = gamelog.Walk(ctx, st, ts, gameID, false, func(s gamelog.Step) error {
		if s.N != point || s.Kind == gamelog.StepAdjust || s.Report == nil {
			return nil
		}
		found = true
		pdf, err = s.Report(position)
		if err != nil {
			return err
		}
		return gamelog.ErrStopWalk
	})
	if err != nil {
		return nil, err
	}
	if !found {
		last := g.Turn - 1
		if unit == "turn" {
			return nil, fmt.Errorf("game %s has played turns 1 to %d; there is no report of turn %d", g.ID, last, point)
		}
		return nil, fmt.Errorf("game %s has made actions 1 to %d; there is no action %d", g.ID, last, point)
	}
	return pdf, nil
}

// Import restores a game exported by Export into st, whose Update runs
// the import in one transaction: an archive the store refuses leaves the
// database as it was. A game with the same id already there is refused,
// unless replace: then the archive's game takes its place.
func Import(ctx context.Context, st interface {
	Update(ctx context.Context, fn func(store.Tx) error) error
}, dir string, replace bool) (string, error) {
	name := filepath.Join(dir, "archive.json")
	f, err := os.Open(name)
	if errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("import: %s holds no archive.json: give the folder `railpost archive export` wrote", dir)
	}
	if err != nil {
		return "", fmt.Errorf("import: %w", err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Size() > store.MaxArchiveBytes {
		return "", fmt.Errorf("import: %s is %d bytes, over the %d an archive may be", name, fi.Size(), store.MaxArchiveBytes)
	}
	a, err := store.DecodeArchive(f, store.MaxArchiveBytes)
	if err != nil {
		return "", fmt.Errorf("import %s: %w", name, err)
	}
	return a.GameID, st.Update(ctx, func(tx store.Tx) error { return tx.ImportGame(ctx, a, replace) })
}
