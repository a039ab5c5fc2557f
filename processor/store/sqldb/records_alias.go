package sqldb

import "github.com/railpost/railpost/processor/store"

// The records live in the leaf package store; these names keep the
// queries short.
type (
	Archive       = store.Archive
	Record        = store.Record
	Cell          = store.Cell
	Game          = store.Game
	Position      = store.Position
	Snapshot      = store.Snapshot
	Event         = store.Event
	GMAction      = store.GMAction
	InboxMessage  = store.InboxMessage
	MailboxCursor = store.MailboxCursor
	Move          = store.Move
	SeatPrefs     = store.SeatPrefs
	OutboxMail    = store.OutboxMail
	Attempt       = store.Attempt
	PassRecord    = store.PassRecord
	FinalScore    = store.FinalScore
)
