package sqldb

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/railpost/railpost/processor/store"
)

// AddGMAction logs a GM action and returns its id.
func (o ops) AddGMAction(ctx context.Context, a GMAction) (int64, error) {
	var inbox any
	if a.InboxID > 0 {
		inbox = a.InboxID
	}
	var id int64
	err := o.q.QueryRowContext(ctx, `INSERT INTO gm_actions(game_id, turn, verb, args, reason, actor, inbox_id, once_key, headline, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, a.GameID, a.Turn, a.Verb, a.Args, a.Reason, a.Actor, inbox, nullString(a.OnceKey), a.Headline, fmtTime(a.At)).Scan(&id)
	if err != nil {
		if a.OnceKey != "" && isUnique(err) {
			return 0, fmt.Errorf("%s %s: %w", a.GameID, a.OnceKey, store.ErrDone)
		}
		return 0, fmt.Errorf("log gm action %s %s: %w", a.GameID, a.Verb, err)
	}
	return id, nil
}

// GMActions lists a game's moderation log, oldest first.
func (o ops) GMActions(ctx context.Context, gameID string) ([]GMAction, error) {
	return o.gmActions(ctx, `WHERE game_id = ? ORDER BY id`, gameID)
}

// UnreportedGMActions are the public actions no turn's headlines have
// carried yet.
func (o ops) UnreportedGMActions(ctx context.Context, gameID string) ([]GMAction, error) {
	return o.gmActions(ctx, `WHERE game_id = ? AND headline != '' AND reported = 0 ORDER BY id`, gameID)
}

// MarkGMActionsReported records that a turn's headlines carried actions.
func (o ops) MarkGMActionsReported(ctx context.Context, ids []int64) error {
	for _, id := range ids {
		if _, err := o.q.ExecContext(ctx, `UPDATE gm_actions SET reported = 1 WHERE id = ?`, id); err != nil {
			return fmt.Errorf("mark gm action %d reported: %w", id, err)
		}
	}
	return nil
}

func (o ops) gmActions(ctx context.Context, where string, args ...any) ([]GMAction, error) {
	rows, err := o.q.QueryContext(ctx, `SELECT id, game_id, turn, verb, args, reason, actor, inbox_id, once_key, headline, created_at FROM gm_actions `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []GMAction
	for rows.Next() {
		var a GMAction
		var inbox sql.NullInt64
		var once sql.NullString
		var at string
		if err := rows.Scan(&a.ID, &a.GameID, &a.Turn, &a.Verb, &a.Args, &a.Reason, &a.Actor, &inbox, &once, &a.Headline, &at); err != nil {
			return nil, err
		}
		a.InboxID, a.OnceKey = inbox.Int64, once.String
		if a.At, err = parseTime(at); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// NoteReminder records that a position was reminded of a turn's deadline,
// and reports false if it already was.
func (o ops) NoteReminder(ctx context.Context, gameID string, turn, position int, at time.Time) (bool, error) {
	res, err := o.q.ExecContext(ctx, `INSERT INTO reminders(game_id, turn, position, sent_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`, gameID, turn, position, fmtTime(at))
	if err != nil {
		return false, fmt.Errorf("note reminder %s/%d turn %d: %w", gameID, position, turn, err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// RollBack reopens turn `to` of a game: the snapshots and events of every
// turn from it on, and the orders of every later turn, are marked with the
// action that rolled them back, so the archive keeps them but the game no
// longer follows them, and so are its final scores, if it had ended. Orders
// already given for turn `to` stand.
func (o ops) RollBack(ctx context.Context, gameID string, to int, action int64, deadline time.Time) error {
	for _, q := range []string{
		`UPDATE snapshots SET rolled_back = ? WHERE game_id = ? AND turn >= ? AND rolled_back IS NULL`,
		`UPDATE events SET rolled_back = ? WHERE game_id = ? AND turn >= ? AND rolled_back IS NULL`,
		`UPDATE orders SET rolled_back = ? WHERE game_id = ? AND turn > ? AND rolled_back IS NULL`,
	} {
		if _, err := o.q.ExecContext(ctx, q, action, gameID, to); err != nil {
			return fmt.Errorf("roll back %s to turn %d: %w", gameID, to, err)
		}
	}
	// A game reopened has not ended: its final scores are no records.
	if _, err := o.q.ExecContext(ctx, `UPDATE final_scores SET rolled_back = ? WHERE game_id = ? AND rolled_back IS NULL`, action, gameID); err != nil {
		return fmt.Errorf("roll back %s to turn %d: %w", gameID, to, err)
	}
	res, err := o.q.ExecContext(ctx, `UPDATE games SET turn = ?, deadline = ?, status = CASE status WHEN 'ended' THEN 'active' ELSE status END WHERE id = ?`,
		to, nullTime(deadline), gameID)
	if err != nil {
		return fmt.Errorf("roll back %s to turn %d: %w", gameID, to, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("roll back %s: %w", gameID, store.ErrNotFound)
	}
	return nil
}

// UpdatePosition writes a seat's name, address, password and controller.
func (o ops) UpdatePosition(ctx context.Context, p Position) error {
	res, err := o.q.ExecContext(ctx, `UPDATE positions SET name = ?, address = ?, password_hash = ?, controller = ? WHERE game_id = ? AND number = ?`,
		p.Name, nullString(store.NormalizeAddress(p.Address)), p.PasswordHash, controller(p), p.GameID, p.Number)
	if err != nil {
		return fmt.Errorf("update position %s/%d: %w", p.GameID, p.Number, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("update position %s/%d: %w", p.GameID, p.Number, store.ErrNotFound)
	}
	return nil
}

// OrdersHistory is, for each turn from 1 to before, the positions that
// sent orders which still stand: what the missed-orders policy counts.
func (o ops) OrdersHistory(ctx context.Context, gameID string, before int) (map[int]map[int]bool, error) {
	rows, err := o.q.QueryContext(ctx, `SELECT DISTINCT turn, position FROM orders WHERE game_id = ? AND turn < ? AND rolled_back IS NULL`, gameID, before)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int]map[int]bool{}
	for rows.Next() {
		var turn, pos int
		if err := rows.Scan(&turn, &pos); err != nil {
			return nil, err
		}
		if out[turn] == nil {
			out[turn] = map[int]bool{}
		}
		out[turn][pos] = true
	}
	return out, rows.Err()
}

// CountSnapshots counts a turn's snapshots: those the game follows and
// those rolled back, which the archive keeps.
func (o ops) CountSnapshots(ctx context.Context, gameID string, turn int) (live, rolledBack int, err error) {
	err = o.q.QueryRowContext(ctx, `SELECT COUNT(*) - COUNT(rolled_back), COUNT(rolled_back) FROM snapshots WHERE game_id = ? AND turn = ?`, gameID, turn).
		Scan(&live, &rolledBack)
	if err != nil {
		err = fmt.Errorf("count snapshots %s turn %d: %w", gameID, turn, err)
	}
	return live, rolledBack, err
}

// Reopen makes an ended game played by mail active again after a
// rollback: its final scores are no longer records. The log itself is
// never cut; the rollback is an entry in it.
func (o ops) Reopen(ctx context.Context, gameID string, action int64) error {
	if _, err := o.q.ExecContext(ctx, `UPDATE final_scores SET rolled_back = ? WHERE game_id = ? AND rolled_back IS NULL`, action, gameID); err != nil {
		return fmt.Errorf("reopen %s: %w", gameID, err)
	}
	if _, err := o.q.ExecContext(ctx, `UPDATE games SET status = 'active' WHERE id = ? AND status = 'ended'`, gameID); err != nil {
		return fmt.Errorf("reopen %s: %w", gameID, err)
	}
	return nil
}
