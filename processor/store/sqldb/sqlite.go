package sqldb

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"strings"
)

// sqlite is the embedded default: one file, its schema version in PRAGMA
// user_version, and one pass at a time under a lock file beside it.
var sqlite = &dialect{
	name:     "sqlite",
	rowOrder: func(string) string { return "rowid" },
	version:  sqliteVersion,
	setVersion: func(ctx context.Context, tx *sql.Tx, v int) error {
		_, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", v))
		return err
	},
	lockSchema: func(context.Context, *sql.DB) (func(), error) { return func() {}, nil },
	schema:     func(s string) string { return s },
	columns:    `SELECT name, upper(type) = 'INTEGER' AND pk = 1 FROM pragma_table_info(?) ORDER BY cid`,
	oneJudge:   true,
	durable:    sqliteCheckpoint,
}

func sqliteVersion(ctx context.Context, db *sql.DB) (int, error) {
	var v int
	err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v)
	return v, err
}

// escapeFile makes a path safe inside a file: URI, where '#' and '?'
// would cut it short.
func escapeFile(file string) string {
	return strings.NewReplacer("%", "%25", "#", "%23", "?", "%3F").Replace(file)
}

func openExistingSQLite(ctx context.Context, path string) (*Store, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("open %s: %w (run `railpost init` first, or give --db)", path, err)
	}
	return openWith(ctx, path, migrations)
}

func openWith(ctx context.Context, file string, migs fs.FS) (*Store, error) {
	q := url.Values{}
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+escapeFile(file)+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", file, err)
	}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", file, err)
	}
	s := newStore(db, sqlite, file)
	if err := s.migrate(ctx, migs); err != nil {
		db.Close()
		return nil, fmt.Errorf("migrate %s: %w", file, err)
	}
	return s, nil
}

func openSQLiteReadOnly(ctx context.Context, path string) (*Store, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("open %s: %w (run `railpost init` first, or give --db)", path, err)
	}
	var firstErr error
	// A database on writable storage is read under the usual locks; on
	// read-only storage, where SQLite cannot make its shared-memory file,
	// it is read as immutable.
	for _, extra := range []string{"", "&immutable=1"} {
		db, err := sql.Open("sqlite", "file:"+escapeFile(path)+"?mode=ro&_pragma=busy_timeout(10000)&_pragma=query_only(1)"+extra)
		if err == nil {
			var v int
			if v, err = sqliteVersion(ctx, db); err == nil {
				if v < LatestSchemaVersion() {
					db.Close()
					return nil, fmt.Errorf("open %s: the database is at schema version %d and this railpost reads %d: upgrade it with `railpost init --db %s` where it can be written", path, v, LatestSchemaVersion(), path)
				}
				return newStore(db, sqlite, path), nil
			}
			db.Close()
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	return nil, fmt.Errorf("open %s read-only: %w", path, firstErr)
}
