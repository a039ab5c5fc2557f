package processor

import (
	"context"
	"time"

	"github.com/railpost/railpost/processor/gamelog"
	"github.com/railpost/railpost/processor/store"
)

// Store is what the pass needs of the database, as the small interfaces
// of each of its jobs. Every store.Store (store/sqlite's and
// store/postgres's, both built on store/sqldb) is one, and its
// transactions what store.Tx offers.
type Store interface {
	gamelog.Log
	passes
	mailboxes
	outbox
	games
	Updater
}

// Updater runs a function in one transaction, committed if it returns
// nil: all creating a game needs.
type Updater interface {
	Update(ctx context.Context, fn func(store.Tx) error) error
}

// passes is the record of each pass, and the leases that keep two judges
// off one game.
type passes interface {
	Path() string
	Lease(ctx context.Context, gameID string) (store.Lease, error)
	Claim(ctx context.Context, what string) (store.Lease, error)
	BeginPass(ctx context.Context, at time.Time) (int64, error)
	FinishPass(ctx context.Context, id int64, status, summary string, at time.Time) error
}

// mailboxes is what ingest and read keep of the mail: raw messages stored
// before anything parses them, and how far each mailbox was read.
type mailboxes interface {
	Cursor(ctx context.Context, mailbox string) (store.MailboxCursor, bool, error)
	IngestMessage(ctx context.Context, m store.InboxMessage, at time.Time) (int64, bool, error)
	MarkedOnServer(ctx context.Context, mailbox string, validity uint32, uids []uint32) error
	UnmarkedUIDs(ctx context.Context, mailbox string, validity uint32) ([]uint32, error)
	PendingInbox(ctx context.Context) ([]store.InboxMessage, error)
	InboxByID(ctx context.Context, id int64) (store.InboxMessage, error)
	PositionsByAddress(ctx context.Context, address string) ([]store.Position, error)
	Secret(ctx context.Context) ([]byte, error)
	Durable(ctx context.Context) error
}

// outbox is what publish reads and records.
type outbox interface {
	DueMail(ctx context.Context, now time.Time) ([]store.OutboxMail, error)
	UntoldFailures(ctx context.Context) ([]store.OutboxMail, error)
	SentMail(ctx context.Context, messageID string) (store.OutboxMail, error)
	ClaimMail(ctx context.Context, c store.MailClaim) ([]store.OutboxMail, error)
	RecordAttempt(ctx context.Context, id int64, a store.Attempt) error
}

// games is what resolve, remind and the game master's commands read
// besides a game's log.
type games interface {
	Games(ctx context.Context) ([]store.Game, error)
	Position(ctx context.Context, gameID string, number int) (store.Position, error)
	LatestSnapshot(ctx context.Context, gameID string) (store.Snapshot, error)
	EventsAfter(ctx context.Context, gameID string, after int) ([]store.Event, error)
	OrdersHistory(ctx context.Context, gameID string, before int) (map[int]map[int]bool, error)
	UnconfirmedOrders(ctx context.Context, gameID string, turn int) (map[int]int, error)
	GMActions(ctx context.Context, gameID string) ([]store.GMAction, error)
	UnreportedGMActions(ctx context.Context, gameID string) ([]store.GMAction, error)
	Records(ctx context.Context, title, except string) (map[string]store.FinalScore, error)
}

var _ Store = (store.Store)(nil)
