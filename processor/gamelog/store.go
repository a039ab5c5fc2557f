package gamelog

import (
	"context"
	"time"

	"github.com/railpost/railpost/processor/store"
)

// Log is what rebuilding a game reads of the database: the game, its
// seats and their settings, its setup and snapshots, its log of moves or
// orders, and what each step told the players. SQLite's store is one; a
// second database needs only these.
type Log interface {
	Game(ctx context.Context, id string) (store.Game, error)
	Positions(ctx context.Context, gameID string) ([]store.Position, error)
	Prefs(ctx context.Context, gameID string, position int) (store.SeatPrefs, error)
	Moves(ctx context.Context, gameID string) ([]store.Move, error)
	Snapshots(ctx context.Context, gameID string) ([]store.Snapshot, error)
	SnapshotAt(ctx context.Context, gameID string, turn int) (store.Snapshot, error)
	Events(ctx context.Context, gameID string, turn int) ([]store.Event, error)
	CurrentOrders(ctx context.Context, gameID string, turn int) (map[int][]byte, error)
}

// Writer is what a game's new moves write, inside the pass's transaction.
type Writer interface {
	AddMove(ctx context.Context, m store.Move) error
	AddEvents(ctx context.Context, gameID string, turn int, events []store.Event) error
	SaveSnapshot(ctx context.Context, s store.Snapshot, at time.Time) error
	SetMoveNumber(ctx context.Context, gameID string, from, to int) error
	SetGameStatus(ctx context.Context, id, status string) error
	AddFinalScores(ctx context.Context, scores []store.FinalScore) error
}
