// Package sqlite is Railpost's store on SQLite, the embedded default: one
// file beside the config, nothing to set up, one judge at a time under the
// lock file beside it. The queries it runs are package sqldb's, shared
// with package postgres; this package picks the driver (modernc.org/sqlite,
// pure Go) so that only a binary that opens SQLite links it.
package sqlite

import (
	"context"

	"github.com/railpost/railpost/processor/store/sqldb"
	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// Open opens an SQLite file, creating and migrating it if needed.
func Open(ctx context.Context, path string) (*sqldb.Store, error) {
	return sqldb.OpenSQLite(ctx, path)
}

// OpenExisting opens a file that must already exist (a command that only
// reads must not leave an empty database behind a mistyped path),
// upgrading an older schema.
func OpenExisting(ctx context.Context, path string) (*sqldb.Store, error) {
	return sqldb.OpenExistingSQLite(ctx, path)
}

// OpenReadOnly opens an existing file to read only, changing nothing, so
// that a copy on read-only storage can be read.
func OpenReadOnly(ctx context.Context, path string) (*sqldb.Store, error) {
	return sqldb.OpenSQLiteReadOnly(ctx, path)
}

// LockFile takes the lock beside the database without waiting, as a
// pass's lease does; it returns store.ErrLeased while another holds it.
func LockFile(path string) (*sqldb.FileLock, error) {
	return sqldb.LockFile(path)
}
