// Package backend opens the store a config's `database` names: a
// postgres:// or postgresql:// URL is package postgres, anything else the
// path of a file for package sqlite. It is the one place that knows both,
// so that the commands, the demo and the tests open either the same way.
package backend

import (
	"context"

	"github.com/railpost/railpost/processor/store/postgres"
	"github.com/railpost/railpost/processor/store/sqldb"
	"github.com/railpost/railpost/processor/store/sqlite"
)

// IsPostgres reports whether a configured database names a PostgreSQL
// server rather than an SQLite file.
func IsPostgres(dsn string) bool { return postgres.IsURL(dsn) }

// Open opens the database, creating and migrating it if needed.
func Open(ctx context.Context, dsn string) (*sqldb.Store, error) {
	if IsPostgres(dsn) {
		return postgres.Open(ctx, dsn)
	}
	return sqlite.Open(ctx, dsn)
}

// OpenExisting opens a database that must already exist and be at this
// binary's schema or older (which it upgrades).
func OpenExisting(ctx context.Context, dsn string) (*sqldb.Store, error) {
	if IsPostgres(dsn) {
		return postgres.OpenExisting(ctx, dsn)
	}
	return sqlite.OpenExisting(ctx, dsn)
}

// OpenReadOnly opens an existing database to read only, changing nothing.
func OpenReadOnly(ctx context.Context, dsn string) (*sqldb.Store, error) {
	if IsPostgres(dsn) {
		return postgres.OpenReadOnly(ctx, dsn)
	}
	return sqlite.OpenReadOnly(ctx, dsn)
}
