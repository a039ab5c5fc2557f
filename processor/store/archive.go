package store

import (
	"context"
	"fmt"
	"strings"
)

// Archive is every row a game owns, table by table, as the database holds
// it: the unit a game moves in between hosts (DESIGN.md, "Where it grows").
type Archive struct {
	Format int                 `json:"format"`
	Schema int                 `json:"schema"` // the schema version the rows are written in
	GameID string              `json:"game_id"`
	Tables map[string][]Record `json:"tables"`
}

// Record is one row: column name to value.
type Record map[string]Cell

// Cell is one value, typed so that JSON keeps blobs apart from text.
type Cell struct {
	Int  *int64  `json:"i,omitempty"`
	Text *string `json:"s,omitempty"`
	Blob []byte  `json:"b,omitempty"`
	Null bool    `json:"null,omitempty"`
}

// archiveTables are a game's tables in the order they import, each with
// the query that selects the game's rows and the columns that point at
// other archived rows by id.
var archiveTables = []struct {
	name  string
	where string
	refs  map[string]string // column -> table whose ids it holds
}{
	{"games", "id = ?", nil},
	{"positions", "game_id = ?", nil},
	{"inbox", "game_id = ?", nil},
	{"gm_actions", "game_id = ?", map[string]string{"inbox_id": "inbox"}},
	{"orders", "game_id = ?", map[string]string{"inbox_id": "inbox", "rolled_back": "gm_actions"}},
	{"snapshots", "game_id = ?", map[string]string{"rolled_back": "gm_actions"}},
	{"events", "game_id = ?", map[string]string{"rolled_back": "gm_actions"}},
	{"outbox", "game_id = ?", map[string]string{"inbox_id": "inbox"}},
	{"outbox_attempts", "outbox_id IN (SELECT id FROM outbox WHERE game_id = ?)", map[string]string{"outbox_id": "outbox"}},
	{"reminders", "game_id = ?", nil},
	{"final_scores", "game_id = ?", map[string]string{"rolled_back": "gm_actions"}},
	{"moves", "game_id = ?", map[string]string{"inbox_id": "inbox"}},
	{"seat_prefs", "game_id = ?", nil},
	{"failure_notices", "game_id = ?", nil},
}

// ExportGame reads every row of a game.
func (o ops) ExportGame(ctx context.Context, gameID string) (*Archive, error) {
	if _, err := o.Game(ctx, gameID); err != nil {
		return nil, err
	}
	a := &Archive{Format: 1, Schema: LatestSchemaVersion(), GameID: gameID, Tables: map[string][]Record{}}
	for _, t := range archiveTables {
		rows, err := o.q.QueryContext(ctx, `SELECT * FROM `+t.name+` WHERE `+t.where+` ORDER BY rowid`, gameID)
		if err != nil {
			return nil, fmt.Errorf("export %s %s: %w", gameID, t.name, err)
		}
		cols, err := rows.Columns()
		if err != nil {
			rows.Close()
			return nil, err
		}
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				rows.Close()
				return nil, fmt.Errorf("export %s %s: %w", gameID, t.name, err)
			}
			rec := Record{}
			for i, c := range cols {
				rec[c] = toCell(vals[i])
			}
			a.Tables[t.name] = append(a.Tables[t.name], rec)
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, err
		}
	}
	return a, nil
}

func toCell(v any) Cell {
	switch x := v.(type) {
	case nil:
		return Cell{Null: true}
	case int64:
		return Cell{Int: &x}
	case string:
		return Cell{Text: &x}
	case []byte:
		return Cell{Blob: append([]byte{}, x...)}
	case bool:
		n := int64(0)
		if x {
			n = 1
		}
		return Cell{Int: &n}
	case float64:
		n := int64(x)
		return Cell{Int: &n}
	default:
		s := fmt.Sprint(x)
		return Cell{Text: &s}
	}
}

func (c Cell) value() any {
	switch {
	case c.Int != nil:
		return *c.Int
	case c.Text != nil:
		return *c.Text
	case c.Blob != nil:
		return c.Blob
	default:
		return nil
	}
}

// ImportGame writes an exported game into this database under the same
// game id, giving its rows new ids and pointing every reference at them.
// A game with that id must not exist yet. Its mail is filed under
// "archive:<mailbox>", apart from the mailboxes this host reads.
func (o ops) ImportGame(ctx context.Context, a *Archive) error {
	if a.Format != 1 {
		return fmt.Errorf("import: archive format %d; this railpost reads format 1", a.Format)
	}
	if a.Schema > LatestSchemaVersion() {
		return fmt.Errorf("import: the archive was written by schema %d; this railpost knows %d: install a newer one", a.Schema, LatestSchemaVersion())
	}
	if _, err := o.Game(ctx, a.GameID); err == nil {
		return fmt.Errorf("import: game %s already exists in this database", a.GameID)
	}
	if len(a.Tables["games"]) != 1 {
		return fmt.Errorf("import: the archive holds %d games rows, want 1", len(a.Tables["games"]))
	}
	ids := map[string]map[int64]int64{} // table -> old id -> new id
	for _, t := range archiveTables {
		ids[t.name] = map[int64]int64{}
		for _, rec := range a.Tables[t.name] {
			var cols, marks []string
			var args []any
			var oldID int64
			hasID := false
			for c, cell := range rec {
				if c == "id" && cell.Int != nil {
					oldID, hasID = *cell.Int, true
					continue
				}
				v := cell.value()
				if t.name == "inbox" && c == "mailbox" {
					// Its UIDs belong to the old host's mailbox, not to this one's.
					v = "archive:" + fmt.Sprint(v)
				}
				if ref, ok := t.refs[c]; ok && cell.Int != nil {
					n, known := ids[ref][*cell.Int]
					if !known {
						return fmt.Errorf("import: %s.%s points at %s %d, which the archive lacks", t.name, c, ref, *cell.Int)
					}
					v = n
				}
				cols, marks, args = append(cols, c), append(marks, "?"), append(args, v)
			}
			res, err := o.q.ExecContext(ctx, `INSERT INTO `+t.name+`(`+strings.Join(cols, ", ")+`) VALUES (`+strings.Join(marks, ", ")+`)`, args...)
			if err != nil {
				return fmt.Errorf("import %s into %s: %w", a.GameID, t.name, err)
			}
			if hasID {
				n, err := res.LastInsertId()
				if err != nil {
					return err
				}
				ids[t.name][oldID] = n
			}
		}
	}
	return nil
}
