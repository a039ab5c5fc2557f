package sqldb

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"net/url"
	"regexp"
	"strings"
)

// postgres is PostgreSQL: several judges on one database. The schema's
// version lives in a table of its own, a migration runs under an advisory
// lock so that two judges starting at once do not both apply it, and
// leases are advisory locks (lease.go).
var postgres = &dialect{
	name:       "postgres",
	rewrite:    pgRewrite,
	args:       pgArgs,
	rowOrder:   pgRowOrder,
	version:    pgVersion,
	setVersion: pgSetVersion,
	lockSchema: pgLockSchema,
	schema:     pgSchema,
	skipLocked: " FOR UPDATE SKIP LOCKED",
	columns: `SELECT column_name::text, is_identity = 'YES' FROM information_schema.columns
		WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position`,
}

// openPostgres opens a PostgreSQL database. create: migrate an empty
// database (railpost init, run, daemon); otherwise an empty one is
// refused, as a missing SQLite file is.
func openPostgres(ctx context.Context, dsn string, migs fs.FS, create bool) (*Store, error) {
	s, err := connectPostgres(ctx, dsn, redactURL(dsn))
	if err != nil {
		return nil, err
	}
	if !create {
		v, err := s.SchemaVersion(ctx)
		if err == nil && v == 0 {
			err = fmt.Errorf("it holds no railpost schema (run `railpost init` first)")
		}
		if err != nil {
			s.Close()
			return nil, fmt.Errorf("open %s: %w", s.name, err)
		}
	}
	if err := s.migrate(ctx, migs); err != nil {
		s.Close()
		return nil, fmt.Errorf("migrate %s: %w", s.name, err)
	}
	return s, nil
}

func openPostgresReadOnly(ctx context.Context, dsn string) (*Store, error) {
	// The server itself refuses every write in these sessions.
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	s, err := connectPostgres(ctx, dsn+sep+"default_transaction_read_only=on", redactURL(dsn))
	if err != nil {
		return nil, err
	}
	v, err := s.SchemaVersion(ctx)
	switch {
	case err != nil:
	case v > LatestSchemaVersion():
		err = tooNew(v, LatestSchemaVersion())
	case v < LatestSchemaVersion():
		err = fmt.Errorf("the database is at schema version %d and this railpost reads %d: upgrade it with `railpost init --db URL`", v, LatestSchemaVersion())
	}
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("open %s: %w", s.name, err)
	}
	return s, nil
}

// keepalives are the server's TCP keepalive settings for our sessions
// unless the URL gives its own: a judge whose host vanishes without
// closing its connections (a power cut, a network split) loses its leases
// within about a minute, not the two hours of the usual default.
var keepalives = [][2]string{{"tcp_keepalives_idle", "30"}, {"tcp_keepalives_interval", "10"}, {"tcp_keepalives_count", "3"}}

// withKeepalives adds keepalives to a URL that does not set them.
func withKeepalives(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return dsn // the driver says what is wrong with it
	}
	q := u.Query()
	for _, kv := range keepalives {
		if !q.Has(kv[0]) {
			q.Set(kv[0], kv[1])
		}
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// connectPostgres opens a connection pool; name is the URL to show.
func connectPostgres(ctx context.Context, dsn, name string) (*Store, error) {
	dsn = withKeepalives(dsn)
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", name, err)
	}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", name, err)
	}
	return newStore(db, postgres, name), nil
}

// redactURL is a database URL fit to print: without its password.
func redactURL(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "postgres://(unreadable URL)"
	}
	return u.Redacted()
}

// pgArgs turns the Go values SQLite takes loosely into the integers the
// schema's columns hold.
func pgArgs(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case bool:
			if v {
				out[i] = int64(1)
			} else {
				out[i] = int64(0)
			}
		case uint32:
			out[i] = int64(v)
		case uint:
			out[i] = int64(v)
		default:
			out[i] = a
		}
	}
	return out
}

// pgKeys orders the rows of the tables whose rows the database does not
// number, in place of SQLite's rowid.
var pgKeys = map[string]string{
	"games":           "id",
	"positions":       "game_id, number",
	"reminders":       "game_id, turn, position",
	"moves":           "game_id, n",
	"seat_prefs":      "game_id, position",
	"failure_notices": "game_id, day",
	"settings":        "key",
	"mailboxes":       "name",
	"sender_replies":  "address, day",
}

func pgRowOrder(table string) string {
	if k, ok := pgKeys[table]; ok {
		return k
	}
	return "id"
}

func pgVersion(ctx context.Context, db *sql.DB) (int, error) {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT to_regclass('railpost_schema') IS NOT NULL`).Scan(&exists); err != nil {
		return 0, fmt.Errorf("read the schema version: %w", err)
	}
	if !exists {
		return 0, nil
	}
	var v int
	err := db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM railpost_schema`).Scan(&v)
	return v, err
}

func pgSetVersion(ctx context.Context, tx *sql.Tx, v int) error {
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS railpost_schema (version INTEGER NOT NULL)`); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM railpost_schema`); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO railpost_schema(version) VALUES ($1)`, v)
	return err
}

// pgLockSchema holds an advisory lock while migrations run, so that two
// judges started together apply each migration once.
func pgLockSchema(ctx context.Context, db *sql.DB) (func(), error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	key := leaseKey("schema")
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, key); err != nil {
		conn.Close()
		return nil, fmt.Errorf("lock the schema: %w", err)
	}
	return func() {
		conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock($1)`, key)
		conn.Close()
	}, nil
}

var (
	rowidColumn = regexp.MustCompile(`\bINTEGER PRIMARY KEY\b`)
	integerType = regexp.MustCompile(`\bINTEGER\b`)
	blobType    = regexp.MustCompile(`\bBLOB\b`)
	textType    = regexp.MustCompile(`\bTEXT\b`)
)

// pgSchema translates a migration written for SQLite: the rows' own ids
// become identity columns, integers 64-bit, blobs bytea, and text is
// compared byte by byte (collation "C") as SQLite compares it, so that
// the times stored as text sort the same on both.
func pgSchema(sql string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(sql, "\n") {
		code, comment, _ := strings.Cut(line, "--")
		code = rowidColumn.ReplaceAllString(code, "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY")
		code = integerType.ReplaceAllString(code, "BIGINT")
		code = blobType.ReplaceAllString(code, "BYTEA")
		code = textType.ReplaceAllString(code, `TEXT COLLATE "C"`)
		b.WriteString(code)
		if comment != "" || strings.Contains(line, "--") {
			b.WriteString("--" + comment)
		}
	}
	return b.String()
}

// blobLiteral is SQLite's x'hex' blob, which PostgreSQL spells as bytea.
var blobLiteral = regexp.MustCompile(`\bx'([0-9a-fA-F]*)'`)

func pgRewrite(q string) string {
	if strings.Contains(q, "x'") {
		q = blobLiteral.ReplaceAllString(q, `'\x$1'::bytea`)
	}
	return numberPlaceholders(q)
}
