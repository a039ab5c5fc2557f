package sqldb

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// gameIDShape is what an imported game's id may be: the id is written
// into mail subjects and file names, so an archive must not bring a
// stranger one.
var gameIDShape = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

// clip shortens what an archive names to a length an error can show.
func clip(s string) string {
	const most = 40
	if len(s) <= most {
		return s
	}
	return s[:most] + "..."
}

func sortedNames[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// column is one column of a table as the database defines it.
type column struct {
	name  string
	rowid bool // INTEGER PRIMARY KEY: the database gives each row its own
}

// columns reads a table's columns from the schema, in their order, so
// that what an import writes is named by the database, never by the file.
func (o ops) columns(ctx context.Context, table string) ([]column, error) {
	rows, err := o.q.QueryContext(ctx, o.dialect().columns, table)
	if err != nil {
		return nil, fmt.Errorf("the columns of %s: %w", table, err)
	}
	defer rows.Close()
	var cols []column
	for rows.Next() {
		var c column
		if err := rows.Scan(&c.name, &c.rowid); err != nil {
			return nil, fmt.Errorf("the columns of %s: %w", table, err)
		}
		cols = append(cols, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("the columns of %s: %w", table, err)
	}
	if len(cols) == 0 {
		return nil, fmt.Errorf("the columns of %s: the database has no such table", table)
	}
	return cols, nil
}

// ImportGame writes an exported game into this database under the same
// game id, giving its rows new ids and pointing every reference at them.
// Its mail is filed under "archive:<mailbox>", apart from the mailboxes
// this host reads. The archive may come from anyone, so it is checked
// whole before anything is written: every column against the schema,
// every row's game against the archive's, every reference against the
// archive's rows. A game with that id already here is refused, unless
// replace: then its rows are deleted first. Run it in one transaction
// (Store.Update), so that a refusal leaves the database as it was.
func (o ops) ImportGame(ctx context.Context, a *Archive, replace bool) error {
	if err := checkArchive(a); err != nil {
		return fmt.Errorf("import: %w", err)
	}
	schema, err := o.checkRows(ctx, a)
	if err != nil {
		return fmt.Errorf("import %s: %w", a.GameID, err)
	}
	var exists int
	if err := o.q.QueryRowContext(ctx, `SELECT COUNT(*) FROM games WHERE id = ?`, a.GameID).Scan(&exists); err != nil {
		return fmt.Errorf("import %s: %w", a.GameID, err)
	}
	if exists > 0 && !replace {
		return fmt.Errorf("import %s: the game already exists in this database (--replace replaces it)", a.GameID)
	}
	if exists > 0 {
		if err := o.deleteGame(ctx, a.GameID); err != nil {
			return fmt.Errorf("import %s: replace: %w", a.GameID, err)
		}
	}
	ids := map[string]map[int64]int64{} // table -> old id -> new id
	for _, t := range archiveTables {
		ids[t.name] = map[int64]int64{}
		for _, rec := range a.Tables[t.name] {
			if err := o.insertRow(ctx, t, schema[t.name], rec, ids); err != nil {
				return fmt.Errorf("import %s into %s: %w", a.GameID, t.name, err)
			}
		}
	}
	return nil
}

// checkRows checks every row of the archive and returns the columns of
// each table.
func (o ops) checkRows(ctx context.Context, a *Archive) (map[string][]column, error) {
	schema := map[string][]column{}
	seen := map[string]map[int64]bool{} // table -> the archive's ids of its rows
	for _, t := range archiveTables {
		cols, err := o.columns(ctx, t.name)
		if err != nil {
			return nil, err
		}
		schema[t.name] = cols
		seen[t.name] = map[int64]bool{}
		byName := map[string]column{}
		for _, c := range cols {
			byName[c.name] = c
		}
		for i, rec := range a.Tables[t.name] {
			if err := checkRow(a.GameID, t, byName, rec, seen); err != nil {
				return nil, fmt.Errorf("%s row %d: %w", t.name, i, err)
			}
		}
	}
	return schema, nil
}

// checkRow checks one row: its columns are the table's, its cells one
// value each, it is the game's, and its references point at rows before
// it in the archive. It adds the row's id to seen.
func checkRow(gameID string, t archiveTable, byName map[string]column, rec Record, seen map[string]map[int64]bool) error {
	for _, k := range sortedNames(rec) {
		if _, ok := byName[k]; !ok {
			return fmt.Errorf("%q is not a column of %s", clip(k), t.name)
		}
		if err := rec[k].Check(); err != nil {
			return fmt.Errorf("%s: %w", k, err)
		}
	}
	owner := "game_id"
	if t.name == "games" {
		owner = "id"
	}
	if _, ok := byName[owner]; ok {
		if s := rec[owner].Text; s == nil || *s != gameID {
			return fmt.Errorf("%s is %s, not the archive's game %s", owner, describe(rec[owner]), gameID)
		}
	} else if c, ok := rec[t.parent]; t.parent == "" || !ok || c.Int == nil {
		return fmt.Errorf("the row is not tied to the game: %s is %s", t.parent, describe(c))
	}
	for _, col := range sortedNames(t.refs) {
		c, ok := rec[col]
		if !ok || (c.Null && c.Int == nil) {
			continue
		}
		if c.Int == nil {
			return fmt.Errorf("%s is %s, not the id of a %s row", col, describe(c), t.refs[col])
		}
		if !seen[t.refs[col]][*c.Int] {
			return fmt.Errorf("%s points at %s %d, which the archive lacks", col, t.refs[col], *c.Int)
		}
	}
	if t.name == "inbox" {
		if c, ok := rec["mailbox"]; ok && c.Text == nil {
			return fmt.Errorf("mailbox is %s, not text", describe(c))
		}
	}
	if id, ok := byName["id"]; ok && id.rowid {
		if c, ok := rec["id"]; ok {
			if c.Int == nil {
				return fmt.Errorf("id is %s, not an integer", describe(c))
			}
			if seen[t.name][*c.Int] {
				return fmt.Errorf("id %d is another row's too", *c.Int)
			}
			seen[t.name][*c.Int] = true
		}
	}
	return nil
}

// describe names a cell's value for an error, briefly.
func describe(c Cell) string {
	switch {
	case c.Int != nil:
		return fmt.Sprint(*c.Int)
	case c.Text != nil:
		return fmt.Sprintf("%q", clip(*c.Text))
	case c.Blob != nil:
		return fmt.Sprintf("%d bytes", len(c.Blob))
	case c.Null:
		return "null"
	default:
		return "missing"
	}
}

// insertRow writes one checked row, under a new id if the table gives
// its rows ids, and records that id for the rows that point at it. The
// statement names only the schema's columns.
func (o ops) insertRow(ctx context.Context, t archiveTable, cols []column, rec Record, ids map[string]map[int64]int64) error {
	var names, marks []string
	var args []any
	var oldID *int64
	for _, col := range cols {
		cell, ok := rec[col.name]
		if !ok {
			continue
		}
		if col.rowid {
			oldID = cell.Int
			continue
		}
		v := cell.Value()
		if t.name == "inbox" && col.name == "mailbox" {
			// Its UIDs belong to the old host's mailbox, not to this one's.
			v = "archive:" + *cell.Text
		}
		if ref, ok := t.refs[col.name]; ok && cell.Int != nil {
			v = ids[ref][*cell.Int]
		}
		names, marks, args = append(names, `"`+col.name+`"`), append(marks, "?"), append(args, v)
	}
	query := `INSERT INTO ` + t.name + `(` + strings.Join(names, ", ") + `) VALUES (` + strings.Join(marks, ", ") + `)`
	if len(names) == 0 {
		query = `INSERT INTO ` + t.name + ` DEFAULT VALUES`
	}
	if oldID == nil {
		_, err := o.q.ExecContext(ctx, query, args...)
		return err
	}
	var n int64
	if err := o.q.QueryRowContext(ctx, query+` RETURNING id`, args...).Scan(&n); err != nil {
		return err
	}
	ids[t.name][*oldID] = n
	return nil
}

// deleteGame deletes every row a game owns, the tables that point at
// others first, so that no reference is left dangling.
func (o ops) deleteGame(ctx context.Context, gameID string) error {
	for i := len(archiveTables) - 1; i >= 0; i-- {
		t := archiveTables[i]
		if _, err := o.q.ExecContext(ctx, `DELETE FROM `+t.name+` WHERE `+t.where, gameID); err != nil {
			return fmt.Errorf("delete the game's %s: %w", t.name, err)
		}
	}
	return nil
}

// check refuses an archive this railpost cannot read, or whose game id or
// tables are not ones a game can have.
func checkArchive(a *Archive) error {
	if a.Format != 1 {
		return fmt.Errorf("archive format %d; this railpost reads format 1", a.Format)
	}
	if a.Schema < 1 {
		return fmt.Errorf("the archive names schema %d, which no railpost wrote", a.Schema)
	}
	if a.Schema > LatestSchemaVersion() {
		return fmt.Errorf("the archive was written by schema %d; this railpost knows %d: install a newer one", a.Schema, LatestSchemaVersion())
	}
	if !gameIDShape.MatchString(a.GameID) {
		return fmt.Errorf("game id %q: want 1 to 64 letters, digits, '-', '_' or '.'", clip(a.GameID))
	}
	known := map[string]bool{}
	for _, t := range archiveTables {
		known[t.name] = true
	}
	for _, name := range sortedNames(a.Tables) {
		if !known[name] {
			return fmt.Errorf("the archive holds a table %q, which is not one of a game's", clip(name))
		}
	}
	if n := len(a.Tables["games"]); n != 1 {
		return fmt.Errorf("the archive holds %d games rows, want 1", n)
	}
	return nil
}
