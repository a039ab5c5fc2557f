package sqldb

import (
	"context"
	"strings"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver, which package postgres registers for callers
	_ "modernc.org/sqlite"             // the "sqlite" driver, which package sqlite registers for callers
)

// The tests open a database by its path or URL as package backend does
// for callers; they cannot import it, which imports this package.

func testOpen(ctx context.Context, dsn string) (*Store, error) {
	if isPostgres(dsn) {
		return OpenPostgres(ctx, dsn, true)
	}
	return OpenSQLite(ctx, dsn)
}

func testOpenExisting(ctx context.Context, dsn string) (*Store, error) {
	if isPostgres(dsn) {
		return OpenPostgres(ctx, dsn, false)
	}
	return OpenExistingSQLite(ctx, dsn)
}

func testOpenReadOnly(ctx context.Context, dsn string) (*Store, error) {
	if isPostgres(dsn) {
		return OpenPostgresReadOnly(ctx, dsn)
	}
	return OpenSQLiteReadOnly(ctx, dsn)
}

func isPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}
