package title

import (
	"context"
	"time"

	"github.com/railpost/railpost/orders"
	"github.com/railpost/railpost/processor/store"
)

// Demonstrated is a title that `railpost demo` can play: it gives the
// script of the demo's scripted players, and the demo runs it on loopback
// mail through the real processor, the same for every title.
type Demonstrated interface {
	Title
	Demo(o DemoOptions) (Script, error)
}

// DemoOptions are what the person running the demo chose.
type DemoOptions struct {
	Seed   int64
	Humans int // scripted players; 0: the title's own choice
	Limit  int // stop after this many turns or actions; 0: play to the end
}

// Script is one demo game: the game the game master creates, the people
// he seats in it, and how they play.
type Script interface {
	// Game is the game to create and its positions, with no one seated.
	Game() (store.Game, []store.Position)
	// Players are the scripted people, seated with HAND before the first
	// pass; the demo fills in each one's password from the welcome.
	Players() []*DemoPlayer
	// Play answers the players' mail through the desk until the game ends
	// or the limit is reached.
	Play(ctx context.Context, d Desk) error
	// Notes say what the script showed on the way, for the summary: the
	// mails sent wrong on purpose and the replies they got, and checks
	// made against the engine run directly.
	Notes() []string
}

// DemoPlayer is one scripted person.
type DemoPlayer struct {
	Position int
	Name     string
	Address  string
	Password string
}

// Desk is what a scripted player can do: read the mail the processor
// sent, answer it, and let time pass. Each pass is the one cron runs.
type Desk interface {
	// Now is the demo's clock; SetClock moves it on.
	Now() time.Time
	SetClock(t time.Time)
	// Pass runs one processing pass; a step that fails is the demo's
	// failure.
	Pass(ctx context.Context) (PassCount, error)
	// Mails are every mail sent to an address, oldest first.
	Mails(address string) []*orders.Mail
	// Send mails text from a player, as a reply to one of our mails or,
	// when to is nil, as a new mail.
	Send(from *DemoPlayer, to *orders.Mail, text string) error
	// Game, Latest, Moves and FinalScores read the game as the
	// database holds it.
	Game(ctx context.Context) (store.Game, error)
	Latest(ctx context.Context) (store.Snapshot, error)
	Moves(ctx context.Context) ([]store.Move, error)
	FinalScores(ctx context.Context) ([]store.FinalScore, error)
	// Progress shows how far the game has come.
	Progress(done, total int, over bool)
}

// PassCount is what one pass did that a script checks.
type PassCount struct {
	Accepted, Rejected, Resolved int
}
