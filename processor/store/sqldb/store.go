// Package sqldb keeps everything Railpost knows in one SQL database:
// games, positions, every raw message in and out, orders, snapshots,
// events and the pass log. It is the layer packages store/sqlite (the
// embedded default, one file) and store/postgres (several judges on one
// database) share to implement the interfaces of package store: the
// queries are written once, in the subset both speak; a dialect rewrites
// what differs (placeholders, column types, the schema version's home,
// how a lease is held). It registers no driver: each of those packages
// registers its own.
package sqldb

import (
	"context"
	"crypto/rand"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/railpost/railpost/processor/store"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Store is an open Railpost database.
type Store struct {
	ops
	db   *sql.DB
	name string
	d    *dialect
}

var _ store.Store = (*Store)(nil)

// OpenSQLite opens an SQLite file, creating and migrating it if needed;
// package store/sqlite is its front door, which also registers the
// driver.
func OpenSQLite(ctx context.Context, path string) (*Store, error) {
	return openWith(ctx, path, migrations)
}

// OpenExistingSQLite opens an SQLite file that must already exist and be
// at this binary's schema or older (which it upgrades): a command that
// only reads must not leave an empty database behind a mistyped path.
func OpenExistingSQLite(ctx context.Context, path string) (*Store, error) {
	return openExistingSQLite(ctx, path)
}

// OpenSQLiteReadOnly opens an existing SQLite file to read only, changing
// nothing (no migration), so that the commands that only read (game show,
// replay, report, records, archive export) work on a copy kept on
// read-only storage. A database too old for this binary is refused with
// how to upgrade it.
func OpenSQLiteReadOnly(ctx context.Context, path string) (*Store, error) {
	return openSQLiteReadOnly(ctx, path)
}

// OpenPostgres opens a PostgreSQL database by its URL and migrates it.
// create: an empty database is given the schema (railpost init, run,
// daemon); otherwise it is refused, as a missing SQLite file is. Package
// store/postgres is its front door, which also registers the driver.
func OpenPostgres(ctx context.Context, dsn string, create bool) (*Store, error) {
	return openPostgres(ctx, dsn, migrations, create)
}

// OpenPostgresReadOnly opens a PostgreSQL database in read-only sessions,
// as OpenSQLiteReadOnly does a file.
func OpenPostgresReadOnly(ctx context.Context, dsn string) (*Store, error) {
	return openPostgresReadOnly(ctx, dsn)
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// Path names the database: the SQLite file, or the PostgreSQL URL without
// its password.
func (s *Store) Path() string { return s.name }

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

// SchemaVersion is the schema version recorded in the database.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	return s.d.version(ctx, s.db)
}

// LatestSchemaVersion is the schema version this binary writes.
func LatestSchemaVersion() int {
	m, err := loadMigrations(migrations)
	if err != nil {
		return 0
	}
	return len(m)
}

// tooNew is the error for a database a newer railpost has migrated.
func tooNew(have, know int) error {
	return fmt.Errorf("the database has schema version %d but this binary knows only %d: install a newer railpost", have, know)
}

// migrate applies the migrations the database lacks, each in its own
// transaction with the new version. It is this package's own runner
// rather than a migration library (pressly/goose was weighed): the SQLite
// files in use keep their version in PRAGMA user_version, which goose
// would need a bridge to read, and one file per migration for both
// databases needs the dialect's type translation, which goose's SQL
// files do not do.
func (s *Store) migrate(ctx context.Context, migs fs.FS) error {
	all, err := loadMigrations(migs)
	if err != nil {
		return err
	}
	unlock, err := s.d.lockSchema(ctx, s.db)
	if err != nil {
		return err
	}
	defer unlock()
	have, err := s.SchemaVersion(ctx)
	if err != nil {
		return err
	}
	if have > len(all) {
		return tooNew(have, len(all))
	}
	for _, m := range all[have:] {
		tx, err := s.db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.d.schema(m.sql)); err != nil {
			tx.Rollback()
			return fmt.Errorf("%s: %w", m.name, err)
		}
		if err := s.d.setVersion(ctx, tx, m.version); err != nil {
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
func (s *Store) Update(ctx context.Context, fn func(store.Tx) error) error {
	return s.update(ctx, func(tx *Tx) error { return fn(tx) })
}

// update is Update for the queries of this package, which reach the
// transaction's own querier.
func (s *Store) update(ctx context.Context, fn func(*Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(&Tx{ops{q: rewriter{q: tx, d: s.d}}}); err != nil {
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
	err := s.q.QueryRowContext(ctx, "SELECT value FROM settings WHERE key = 'token_secret'").Scan(&v)
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
	err := s.q.QueryRowContext(ctx, "SELECT value FROM settings WHERE key = 'token_secret'").Scan(&v)
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
	if _, err := s.q.ExecContext(ctx, "INSERT INTO settings(key, value) VALUES ('token_secret', ?) ON CONFLICT DO NOTHING", v); err != nil {
		return nil, fmt.Errorf("store token secret: %w", err)
	}
	// Another process may have won the race; read back what is stored.
	err = s.q.QueryRowContext(ctx, "SELECT value FROM settings WHERE key = 'token_secret'").Scan(&v)
	return v, err
}
