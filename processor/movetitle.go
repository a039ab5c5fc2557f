package processor

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/railpost/railpost/games/eighteen"
	"github.com/railpost/railpost/processor/store"
)

// MoveTitle is a title played one action per mail (DESIGN.md): the game
// waits on one player, or the bidders of an auction in turn; that player
// mails one move; the processor checks and applies it at once and mails
// the next player. Its games are a setup and a log of moves, replayed
// through the engine, so any engine of the eighteen.Engine shape plugs in.
type MoveTitle interface {
	Name() string
	// Seats are the fewest and most players a game takes.
	Seats() (least, most int)
	// New starts a game for players in seating order.
	New(players []string, seed uint64) (MoveGame, error)
	// Report is a game's PDF report, as of now, for one position (0: the
	// game master), dated at.
	Report(g MoveGame, gameName string, position int, at time.Time) ([]byte, error)
}

// MoveGame is an engine with what the mails need of it.
type MoveGame interface {
	eighteen.Engine
	// Events is what has happened, a line each, oldest first.
	Events() []string
	// Scores are each seat's final score.
	Scores() []int
	// Status is the position as one seat should read it: public facts
	// and whose move it is.
	Status(seat int) string
	// Menu is a seat's legal moves as lines to send back, with ranges
	// and long lists summed up.
	Menu(seat int) []string
	// Milestone counts the points after which every player gets a PDF
	// report, such as dividend phases paid.
	Milestone() int
	// Computer is the move the computer makes for a seat.
	Computer(seat int, rng *rand.Rand) eighteen.Action
}

// moveSetup is snapshot 0 of a game played by mail: what New is called with.
type moveSetup struct {
	Players []string `json:"players"`
	Seed    uint64   `json:"seed"`
}

// CreateMoveGame stores a new game of a move title with its positions and
// its setup, in one transaction.
func CreateMoveGame(ctx context.Context, st *store.Store, title MoveTitle, g store.Game, positions []store.Position, now time.Time) error {
	least, most := title.Seats()
	if len(positions) < least || len(positions) > most {
		return fmt.Errorf("create game %s: %s takes %d to %d players, not %d", g.ID, title.Name(), least, most, len(positions))
	}
	setup := moveSetup{Seed: uint64(g.Seed)}
	for _, pos := range positions {
		setup.Players = append(setup.Players, seatName(pos))
	}
	if _, err := title.New(setup.Players, setup.Seed); err != nil {
		return fmt.Errorf("create game %s: %w", g.ID, err)
	}
	state, err := json.Marshal(setup)
	if err != nil {
		return err
	}
	return storeNewGame(ctx, st, g, positions, store.Snapshot{GameID: g.ID, Turn: 0, State: state, Seed: g.Seed}, now)
}

func seatName(pos store.Position) string {
	if pos.Name != "" {
		return pos.Name
	}
	return fmt.Sprintf("Player %d", pos.Number)
}
