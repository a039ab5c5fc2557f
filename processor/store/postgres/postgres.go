// Package postgres is Railpost's store on PostgreSQL, for several judges
// on one database: a game's lease is an advisory lock, outbox rows are
// claimed FOR UPDATE SKIP LOCKED. The queries it runs are package sqldb's,
// shared with package sqlite; this package picks the driver
// (github.com/jackc/pgx/v5) so that only a binary that opens PostgreSQL
// links it.
package postgres

import (
	"context"
	"strings"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver

	"github.com/railpost/railpost/processor/store/sqldb"
)

// IsURL reports whether a configured database names a PostgreSQL server
// (postgres:// or postgresql://) rather than an SQLite file.
func IsURL(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// Open opens the database a URL names and gives an empty one the schema
// (railpost init, run, daemon).
func Open(ctx context.Context, url string) (*sqldb.Store, error) {
	return sqldb.OpenPostgres(ctx, url, true)
}

// OpenExisting opens a database that must already hold Railpost's
// schema, upgrading an older one; an empty database is refused, as a
// missing SQLite file is.
func OpenExisting(ctx context.Context, url string) (*sqldb.Store, error) {
	return sqldb.OpenPostgres(ctx, url, false)
}

// OpenReadOnly opens a database in read-only sessions: the server itself
// refuses every write.
func OpenReadOnly(ctx context.Context, url string) (*sqldb.Store, error) {
	return sqldb.OpenPostgresReadOnly(ctx, url)
}
