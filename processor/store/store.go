// Package store keeps everything Railpost knows in one SQLite file: games,
// positions, every raw message in and out, orders, snapshots, events and
// the pass log. Each write that must be all-or-nothing goes through Tx.
package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

//go:embed migrations/*.sql
var migrations embed.FS

// ErrNotFound is returned when a looked-up row does not exist.
var ErrNotFound = errors.New("not found")

// Store is an open Railpost database.
type Store struct {
	ops
	db   *sql.DB
	path string
}

// Open opens (creating if needed) the database at path and brings its schema
// up to date, so that a newer binary upgrades an older file in place.
func Open(ctx context.Context, path string) (*Store, error) {
	return openWith(ctx, path, migrations)
}

// OpenExisting opens a database that must already exist: a command that
// only reads must not leave an empty database behind a mistyped path.
func OpenExisting(ctx context.Context, path string) (*Store, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("open %s: %w (run `railpost init` first, or give --db)", path, err)
	}
	return Open(ctx, path)
}

func openWith(ctx context.Context, file string, migs fs.FS) (*Store, error) {
	q := url.Values{}
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Set("_txlock", "immediate")
	// The name is a URI: '#' and '?' in a path would cut it short.
	escaped := strings.NewReplacer("%", "%25", "#", "%23", "?", "%3F").Replace(file)
	db, err := sql.Open("sqlite", "file:"+escaped+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", file, err)
	}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", file, err)
	}
	s := &Store{ops: ops{q: db}, db: db, path: file}
	if err := s.migrate(ctx, migs); err != nil {
		db.Close()
		return nil, fmt.Errorf("migrate %s: %w", file, err)
	}
	return s, nil
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// Path is the file the store was opened from.
func (s *Store) Path() string { return s.path }

type migration struct {
	version int
	name    string
	sql     string
}

func loadMigrations(migs fs.FS) ([]migration, error) {
	entries, err := fs.ReadDir(migs, "migrations")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, e := range entries {
		name := e.Name()
		num, _, ok := strings.Cut(name, "_")
		if !ok || !strings.HasSuffix(name, ".sql") {
			return nil, fmt.Errorf("migration %q: want NNNN_name.sql", name)
		}
		v, err := strconv.Atoi(num)
		if err != nil {
			return nil, fmt.Errorf("migration %q: %w", name, err)
		}
		body, err := fs.ReadFile(migs, path.Join("migrations", name))
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: name, sql: string(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	for i, m := range out {
		if m.version != i+1 {
			return nil, fmt.Errorf("migration %q: versions must run 1, 2, 3… without gaps", m.name)
		}
	}
	return out, nil
}

// OpenReadOnly opens an existing database to read only, changing nothing:
// no migration, no write-ahead log created, so that the commands that only
// read (game show, replay, report, records, archive export) work on a
// copy kept on read-only storage. A database too old for this binary is
// refused with how to upgrade it.
func OpenReadOnly(ctx context.Context, path string) (*Store, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("open %s: %w (run `railpost init` first, or give --db)", path, err)
	}
	escaped := strings.NewReplacer("%", "%25", "#", "%23", "?", "%3F").Replace(path)
	var firstErr error
	// A database on writable storage is read under the usual locks; on
	// read-only storage, where SQLite cannot make its shared-memory file,
	// it is read as immutable.
	for _, extra := range []string{"", "&immutable=1"} {
		db, err := sql.Open("sqlite", "file:"+escaped+"?mode=ro&_pragma=busy_timeout(10000)&_pragma=query_only(1)"+extra)
		if err == nil {
			var v int
			if err = db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err == nil {
				if v < LatestSchemaVersion() {
					db.Close()
					return nil, fmt.Errorf("open %s: the database is at schema version %d and this railpost reads %d: upgrade it with `railpost init --db %s` where it can be written", path, v, LatestSchemaVersion(), path)
				}
				return &Store{ops: ops{q: db}, db: db, path: path}, nil
			}
			db.Close()
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	return nil, fmt.Errorf("open %s read-only: %w", path, firstErr)
}

// SchemaVersion is the schema version recorded in the file (PRAGMA user_version).
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := s.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v)
	return v, err
}

// LatestSchemaVersion is the schema version this binary writes.
func LatestSchemaVersion() int {
	m, err := loadMigrations(migrations)
	if err != nil {
		return 0
	}
	return len(m)
}

func (s *Store) migrate(ctx context.Context, migs fs.FS) error {
	all, err := loadMigrations(migs)
	if err != nil {
		return err
	}
	have, err := s.SchemaVersion(ctx)
	if err != nil {
		return err
	}
	if have > len(all) {
		return fmt.Errorf("the database has schema version %d but this binary knows only %d: install a newer railpost", have, len(all))
	}
	for _, m := range all[have:] {
		tx, err := s.db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			tx.Rollback()
			return fmt.Errorf("%s: %w", m.name, err)
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", m.version)); err != nil {
			tx.Rollback()
			return fmt.Errorf("%s: %w", m.name, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("%s: %w", m.name, err)
		}
	}
	return nil
}

// Tx is one all-or-nothing unit of work.
type Tx struct {
	ops
}

// Update runs fn in one immediate transaction and commits it if fn returns nil.
func (s *Store) Update(ctx context.Context, fn func(*Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(&Tx{ops{q: tx}}); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// ops holds every query; Store runs them on the database and Tx inside its
// transaction, so each is written once.
type ops struct {
	q querier
}

// querier is what both *sql.DB and *sql.Tx offer, so reads work inside and
// outside a transaction.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Times are stored as fixed-width UTC text so that they sort as strings.
const timeLayout = "2006-01-02T15:04:05.000000000Z"

func fmtTime(t time.Time) string { return t.UTC().Format(timeLayout) }

func parseTime(s string) (time.Time, error) {
	return time.Parse(time.RFC3339Nano, s)
}

func nullTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return fmtTime(t)
}

func scanNullTime(ns sql.NullString) (time.Time, error) {
	if !ns.Valid || ns.String == "" {
		return time.Time{}, nil
	}
	return parseTime(ns.String)
}

// StoredSecret is the secret behind turnsheet tokens if one was made,
// else nil: it only reads, so that a read-only command (a publishable
// export, which must find every token issued) works on a database no
// pass has written to.
func (s *Store) StoredSecret(ctx context.Context) ([]byte, error) {
	var v []byte
	err := s.db.QueryRowContext(ctx, "SELECT value FROM settings WHERE key = 'token_secret'").Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read token secret: %w", err)
	}
	return v, nil
}

// Secret returns the process-wide secret behind turnsheet tokens, creating it
// on first use. It lives in the database so that tokens survive a config change.
func (s *Store) Secret(ctx context.Context) ([]byte, error) {
	var v []byte
	err := s.db.QueryRowContext(ctx, "SELECT value FROM settings WHERE key = 'token_secret'").Scan(&v)
	if err == nil {
		return v, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("read token secret: %w", err)
	}
	v = make([]byte, 32)
	if _, err := rand.Read(v); err != nil {
		return nil, fmt.Errorf("make token secret: %w", err)
	}
	if _, err := s.db.ExecContext(ctx, "INSERT OR IGNORE INTO settings(key, value) VALUES ('token_secret', ?)", v); err != nil {
		return nil, fmt.Errorf("store token secret: %w", err)
	}
	// Another process may have won the race; read back what is stored.
	err = s.db.QueryRowContext(ctx, "SELECT value FROM settings WHERE key = 'token_secret'").Scan(&v)
	return v, err
}
