package processor

import "github.com/railpost/railpost/processor/store"

// ErrBusy means another judge holds the lease this one needs: on SQLite
// the database itself (another pass is running), on PostgreSQL the game.
// The store's lease (store.Store.Lease) replaced the lock file of old; the
// SQLite store keeps that file as its lease.
var ErrBusy = store.ErrLeased
