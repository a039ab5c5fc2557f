package sqldb

import (
	"context"
	"fmt"
)

// archiveTable is one table a game owns: the query that selects the
// game's rows and the columns that point at other archived rows by id.
// A row is the game's by its game_id, or, in a table without one, by
// parent: the reference every row must carry to a row that is the game's.
type archiveTable struct {
	name   string
	where  string
	refs   map[string]string // column -> table whose ids it holds
	parent string
}

// archiveTables are a game's tables in the order they import: a table
// comes after every table its references point at, and is emptied of a
// game's rows, in the reverse order, before the table it points at.
var archiveTables = []archiveTable{
	{"games", "id = ?", nil, ""},
	{"positions", "game_id = ?", nil, ""},
	{"inbox", "game_id = ?", nil, ""},
	{"gm_actions", "game_id = ?", map[string]string{"inbox_id": "inbox"}, ""},
	{"orders", "game_id = ?", map[string]string{"inbox_id": "inbox", "rolled_back": "gm_actions"}, ""},
	{"snapshots", "game_id = ?", map[string]string{"rolled_back": "gm_actions"}, ""},
	{"events", "game_id = ?", map[string]string{"rolled_back": "gm_actions"}, ""},
	{"outbox", "game_id = ?", map[string]string{"inbox_id": "inbox"}, ""},
	{"outbox_attempts", "outbox_id IN (SELECT id FROM outbox WHERE game_id = ?)", map[string]string{"outbox_id": "outbox"}, "outbox_id"},
	{"reminders", "game_id = ?", nil, ""},
	{"final_scores", "game_id = ?", map[string]string{"rolled_back": "gm_actions"}, ""},
	{"moves", "game_id = ?", map[string]string{"inbox_id": "inbox"}, ""},
	{"seat_prefs", "game_id = ?", nil, ""},
	{"failure_notices", "game_id = ?", nil, ""},
}

// ExportGame reads every row of a game.
func (o ops) ExportGame(ctx context.Context, gameID string) (*Archive, error) {
	if _, err := o.Game(ctx, gameID); err != nil {
		return nil, err
	}
	a := &Archive{Format: 1, Schema: LatestSchemaVersion(), GameID: gameID, Tables: map[string][]Record{}}
	for _, t := range archiveTables {
		rows, err := o.q.QueryContext(ctx, `SELECT * FROM `+t.name+` WHERE `+t.where+` ORDER BY `+o.dialect().rowOrder(t.name), gameID)
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
