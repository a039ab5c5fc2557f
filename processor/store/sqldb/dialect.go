package sqldb

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
)

// dialect is what differs between the databases Railpost runs on. The
// queries are written once, in SQLite's spelling of the subset both
// share; a dialect rewrites them where the other database differs.
type dialect struct {
	name string
	// rewrite turns a query as written into this database's SQL; nil
	// leaves it as it is.
	rewrite func(q string) string
	// args turns Go values the driver would refuse into ones it takes.
	args func([]any) []any
	// rowOrder orders a table's rows the way they were written.
	rowOrder func(table string) string
	// version reads and setVersion writes the schema version.
	version    func(ctx context.Context, db *sql.DB) (int, error)
	setVersion func(ctx context.Context, tx *sql.Tx, v int) error
	// lockSchema keeps two judges from migrating at once.
	lockSchema func(ctx context.Context, db *sql.DB) (func(), error)
	// schema translates a migration's column types.
	schema func(sql string) string
	// columns lists a table's columns and whether the database numbers
	// the column's rows itself (an id it assigns).
	columns string
	// oneJudge: the database serves one host, so a pass recorded as
	// running in a live process there means another pass is running.
	oneJudge bool
	// durable, if set, syncs every commit to disk (SQLite's checkpoint).
	durable func(ctx context.Context, db *sql.DB) error
	// skipLocked ends the select of rows to claim: PostgreSQL's FOR
	// UPDATE SKIP LOCKED, so that judges claiming at once each take
	// other rows without waiting; SQLite has one writer and needs none.
	skipLocked string
}

// rewriter runs queries through a dialect.
type rewriter struct {
	q querier
	d *dialect
}

func (r rewriter) query(q string) string {
	if r.d.rewrite == nil {
		return q
	}
	return r.d.rewrite(q)
}

func (r rewriter) values(args []any) []any {
	if r.d.args == nil {
		return args
	}
	return r.d.args(args)
}

func (r rewriter) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return r.q.ExecContext(ctx, r.query(q), r.values(args)...)
}

func (r rewriter) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return r.q.QueryContext(ctx, r.query(q), r.values(args)...)
}

func (r rewriter) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return r.q.QueryRowContext(ctx, r.query(q), r.values(args)...)
}

// numberPlaceholders turns each ? outside quotes into $1, $2, …
func numberPlaceholders(q string) string {
	var b strings.Builder
	n := 0
	var quote byte
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '?':
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

func newStore(db *sql.DB, d *dialect, name string) *Store {
	return &Store{ops: ops{q: rewriter{q: db, d: d}}, db: db, name: name, d: d}
}

// dialect is the dialect the queries run through.
func (o ops) dialect() *dialect { return o.q.(rewriter).d }

// isUnique reports whether an insert broke a unique constraint, in either
// database's words.
func isUnique(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "UNIQUE") || strings.Contains(msg, "duplicate key") || strings.Contains(msg, "23505")
}
