package processor

import (
	"math/rand/v2"
	"time"

	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/mail"
	"github.com/railpost/railpost/processor/store"
)

// Title is what the processor needs of a game: its order grammar, how a
// turn resolves, and what each position is sent. Each title's adapter wraps
// its pure engine in games/ and its report in reports/.
type Title interface {
	Name() string
	// Seats is how many positions a game of the title has.
	Seats() int
	Grammar() orders.Grammar
	// Setup makes the state before turn 1 for a game with the given
	// positions.
	Setup(positions []store.Position, rng *rand.Rand) ([]byte, error)
	// Resolve runs one turn.
	Resolve(t Turn) (Outcome, error)
	// Report is what one position receives after a turn.
	Report(r ReportRequest) (Report, error)
	// Welcome is the mail that seats a player, at the start or mid-game:
	// how to play and send orders, the password (when one was just made;
	// "" when resending), and the turnsheet for the turn open now. r.State
	// is the latest snapshot and r.Turn the turn open for orders.
	Welcome(r ReportRequest, password string) (Report, error)
}

// Turn is everything one resolution needs; nothing else may influence it.
type Turn struct {
	GameID string
	Turn   int
	State  []byte
	// Orders holds the standing orders of each position that sent any;
	// a position absent from it sent none this turn.
	Orders map[int][]byte
	Humans map[int]bool // positions a person holds
	Rand   *rand.Rand
}

// Outcome is what a turn produced.
type Outcome struct {
	State  []byte
	Events []store.Event
	Over   bool // the game has ended
}

// ReportRequest asks for one position's report after a turn.
type ReportRequest struct {
	Game     store.Game
	Turn     int // the turn just resolved
	State    []byte
	Events   []store.Event
	Position store.Position
	// Token and Deadline are for the turn that follows, printed on the
	// turnsheet the report carries; Deadline is shown in the game's zone
	// and is "" when the game has no deadline.
	Token    string
	Deadline string
	// Resolved is when the turn resolved. It dates the PDF, so that a
	// report rendered again from the archive is the same file.
	Resolved time.Time
}

// Report is one position's mail after a turn.
type Report struct {
	Subject     string
	Text        string
	Attachments []mail.Attachment
}

// TurnRand is the generator for one turn of one game: seeded by the game's
// seed and the turn, never by the clock, so that replay reproduces it.
func TurnRand(seed int64, turn int) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(seed), uint64(turn)))
}
