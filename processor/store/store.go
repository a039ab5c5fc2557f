// Package store holds the records Railpost keeps (Game, Position, Move,
// Event, Snapshot, OutboxMail and the rest) and the interfaces a database
// implements to keep them. It is a leaf: it imports no driver, so the
// processor, the titles and the web page depend on it and never on a
// database. The implementations sit beside it: store/sqlite (the embedded
// default) and store/postgres (several judges on one database), which run
// the same queries from store/sqldb, each with its own lease; store/backend
// opens the one a config's `database` names.
package store

import (
	"context"
	"time"
)

// Queries are every read and write a pass makes, the same inside a
// transaction and outside one.
type Queries interface {
	AddEvents(ctx context.Context, gameID string, turn int, events []Event) error
	AddFinalScores(ctx context.Context, scores []FinalScore) error
	AddGMAction(ctx context.Context, a GMAction) (int64, error)
	AddMove(ctx context.Context, m Move) error
	AddPosition(ctx context.Context, p Position) error
	AdvanceTurn(ctx context.Context, gameID string, from int, deadline time.Time) error
	ConfirmOrders(ctx context.Context, gameID string, turn int, position int) (int, error)
	CountSnapshots(ctx context.Context, gameID string, turn int) (live int, rolledBack int, err error)
	CreateGame(ctx context.Context, g Game) error
	CurrentOrders(ctx context.Context, gameID string, turn int) (map[int][]byte, error)
	Cursor(ctx context.Context, mailbox string) (c MailboxCursor, ok bool, err error)
	DueMail(ctx context.Context, now time.Time) ([]OutboxMail, error)
	Events(ctx context.Context, gameID string, turn int) ([]Event, error)
	EventsAfter(ctx context.Context, gameID string, after int) ([]Event, error)
	ExportGame(ctx context.Context, gameID string) (*Archive, error)
	FinalScores(ctx context.Context, gameID string) ([]FinalScore, error)
	FinishInbox(ctx context.Context, id int64, status string, gameID string, position int, outcome string, at time.Time) error
	FinishPass(ctx context.Context, id int64, status string, summary string, at time.Time) error
	GMActions(ctx context.Context, gameID string) ([]GMAction, error)
	Game(ctx context.Context, id string) (Game, error)
	Games(ctx context.Context) ([]Game, error)
	ImportGame(ctx context.Context, a *Archive, replace bool) error
	InboxByID(ctx context.Context, id int64) (InboxMessage, error)
	InboxCounts(ctx context.Context) (map[string]int, error)
	LatestSnapshot(ctx context.Context, gameID string) (Snapshot, error)
	MarkGMActionsReported(ctx context.Context, ids []int64) error
	MarkRefused(ctx context.Context, gameID string, turn int, position int, refused int) error
	Moves(ctx context.Context, gameID string) ([]Move, error)
	NoteFailuresTold(ctx context.Context, ids []int64, now time.Time) (int, error)
	NoteReminder(ctx context.Context, gameID string, turn int, position int, at time.Time) (bool, error)
	NoteSenderReply(ctx context.Context, address string, at time.Time) (bool, error)
	OrdersHistory(ctx context.Context, gameID string, before int) (map[int]map[int]bool, error)
	Outbox(ctx context.Context) ([]OutboxMail, error)
	OutboxCounts(ctx context.Context) (map[string]int, error)
	Passes(ctx context.Context) ([]PassRecord, error)
	PendingInbox(ctx context.Context) ([]InboxMessage, error)
	Position(ctx context.Context, gameID string, number int) (Position, error)
	Positions(ctx context.Context, gameID string) ([]Position, error)
	PositionsByAddress(ctx context.Context, address string) ([]Position, error)
	Prefs(ctx context.Context, gameID string, position int) (SeatPrefs, error)
	QueueMail(ctx context.Context, m OutboxMail, at time.Time) (int64, error)
	Records(ctx context.Context, title string, except string) (map[string]FinalScore, error)
	RedactInbox(ctx context.Context, id int64, raw []byte) error
	Reopen(ctx context.Context, gameID string, action int64) error
	ReplaceSetup(ctx context.Context, gameID string, state []byte) error
	Requeue(ctx context.Context, id int64, now time.Time) (int, error)
	RollBack(ctx context.Context, gameID string, to int, action int64, deadline time.Time) error
	SaveOrders(ctx context.Context, gameID string, turn int, position int, inboxID int64, body []byte, echo string, at time.Time) error
	SaveSnapshot(ctx context.Context, s Snapshot, at time.Time) error
	SentMail(ctx context.Context, messageID string) (OutboxMail, error)
	SetAside(ctx context.Context, id int64, why string, at time.Time) error
	SetAsideInbox(ctx context.Context) ([]InboxMessage, error)
	SetCursor(ctx context.Context, mailbox string, c MailboxCursor) error
	SetGameStatus(ctx context.Context, id string, status string) error
	SetMoveNumber(ctx context.Context, gameID string, from int, to int) error
	SetPrefs(ctx context.Context, gameID string, position int, p SeatPrefs) error
	SnapshotAt(ctx context.Context, gameID string, turn int) (Snapshot, error)
	Snapshots(ctx context.Context, gameID string) ([]Snapshot, error)
	UnconfirmedOrders(ctx context.Context, gameID string, turn int) (map[int]int, error)
	UnmarkedUIDs(ctx context.Context, mailbox string, validity uint32) ([]uint32, error)
	UnreportedGMActions(ctx context.Context, gameID string) ([]GMAction, error)
	UntoldFailures(ctx context.Context) ([]OutboxMail, error)
	UpdateGame(ctx context.Context, g Game) error
	UpdatePosition(ctx context.Context, p Position) error
}

// Tx is one all-or-nothing unit of work: what a transaction callback may
// read and write (the game's log writer, the outbox and the rest).
type Tx interface {
	Queries
}

// Store is an open Railpost database.
type Store interface {
	Queries
	BeginPass(ctx context.Context, at time.Time) (int64, error)
	Close() error
	Durable(ctx context.Context) error
	IngestMessage(ctx context.Context, m InboxMessage, at time.Time) (id int64, fresh bool, err error)
	MarkedOnServer(ctx context.Context, mailbox string, validity uint32, uids []uint32) error
	// ClaimMail marks due outbox rows as being sent by one judge until
	// the claim expires, and returns them; see MailClaim.
	ClaimMail(ctx context.Context, c MailClaim) ([]OutboxMail, error)
	RecordAttempt(ctx context.Context, id int64, a Attempt) error
	SchemaVersion(ctx context.Context) (int, error)
	Secret(ctx context.Context) ([]byte, error)
	StoredSecret(ctx context.Context) ([]byte, error)
	// Update runs fn in one transaction and commits it if fn returns nil.
	Update(ctx context.Context, fn func(Tx) error) error
	// Lease takes the right to change one game, without waiting: see
	// Lease. It returns ErrLeased if another judge holds it.
	Lease(ctx context.Context, gameID string) (Lease, error)
	// Claim is Lease for one piece of work other than a game: an inbox
	// message being read, an outbox mail being sent.
	Claim(ctx context.Context, what string) (Lease, error)
	// Path names the database for people and for the SQLite lock: the
	// file's path, or the PostgreSQL URL without its password.
	Path() string
}

// Lease is the right to change one game. One judge at a time holds a
// game's lease, so that no game is resolved twice; a judge that dies
// loses its leases with its process (SQLite's lock and PostgreSQL's
// session both end with it), so nothing stays held.
type Lease interface {
	// Release gives the lease up.
	Release() error
}

type leaseKey struct{}

// WithLease marks ctx as running under a lease, so that a store whose one
// lease covers every game (SQLite's lock on the whole database) knows the
// work below already holds it.
func WithLease(ctx context.Context, l Lease) context.Context {
	return context.WithValue(ctx, leaseKey{}, l)
}

// HeldLease is the lease ctx runs under, or nil.
func HeldLease(ctx context.Context) Lease {
	l, _ := ctx.Value(leaseKey{}).(Lease)
	return l
}
