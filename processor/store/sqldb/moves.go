package sqldb

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// AddMove appends to a game's log. The action number is the key, so two
// passes cannot both answer the same action.
func (o ops) AddMove(ctx context.Context, m Move) error {
	var inbox any
	if m.InboxID > 0 {
		inbox = m.InboxID
	}
	if _, err := o.q.ExecContext(ctx, `INSERT INTO moves(game_id, n, position, line, source, inbox_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		m.GameID, m.N, m.Position, m.Line, m.Source, inbox, fmtTime(m.At)); err != nil {
		return fmt.Errorf("add move %s #%d: %w", m.GameID, m.N, err)
	}
	return nil
}

// Moves is a game's whole log, oldest first.
func (o ops) Moves(ctx context.Context, gameID string) ([]Move, error) {
	rows, err := o.q.QueryContext(ctx, `SELECT n, position, line, source, inbox_id, created_at FROM moves WHERE game_id = ? ORDER BY n`, gameID)
	if err != nil {
		return nil, fmt.Errorf("moves of %s: %w", gameID, err)
	}
	defer rows.Close()
	var out []Move
	for rows.Next() {
		m := Move{GameID: gameID}
		var inbox sql.NullInt64
		var at string
		if err := rows.Scan(&m.N, &m.Position, &m.Line, &m.Source, &inbox, &at); err != nil {
			return nil, err
		}
		m.InboxID = inbox.Int64
		if m.At, err = parseTime(at); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// SetMoveNumber records the action a game now waits for, checking the one
// it expected so that a stale caller cannot move a game twice.
func (o ops) SetMoveNumber(ctx context.Context, gameID string, from, to int) error {
	res, err := o.q.ExecContext(ctx, `UPDATE games SET turn = ? WHERE id = ? AND turn = ?`, to, gameID, from)
	if err != nil {
		return fmt.Errorf("move %s from action %d: %w", gameID, from, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("move %s from action %d: the game is no longer there", gameID, from)
	}
	return nil
}

// Prefs reads a seat's preferences; a seat that asked for nothing has the
// zero value.
func (o ops) Prefs(ctx context.Context, gameID string, position int) (SeatPrefs, error) {
	var p SeatPrefs
	var at, from, until sql.NullString
	err := o.q.QueryRowContext(ctx, `SELECT digest, digest_upto, digest_at, autopass, away_from, away_until FROM seat_prefs WHERE game_id = ? AND position = ?`,
		gameID, position).Scan(&p.Digest, &p.DigestUpTo, &at, &p.AutoPass, &from, &until)
	if err == sql.ErrNoRows {
		return p, nil
	}
	if err != nil {
		return p, fmt.Errorf("prefs %s/%d: %w", gameID, position, err)
	}
	for _, t := range []struct {
		into *time.Time
		from sql.NullString
	}{{&p.DigestAt, at}, {&p.AwayFrom, from}, {&p.AwayUntil, until}} {
		if *t.into, err = scanNullTime(t.from); err != nil {
			return p, fmt.Errorf("prefs %s/%d: %w", gameID, position, err)
		}
	}
	return p, nil
}

// SetPrefs writes a seat's preferences.
func (o ops) SetPrefs(ctx context.Context, gameID string, position int, p SeatPrefs) error {
	_, err := o.q.ExecContext(ctx, `INSERT INTO seat_prefs(game_id, position, digest, digest_upto, digest_at, autopass, away_from, away_until)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT(game_id, position) DO UPDATE SET digest = excluded.digest, digest_upto = excluded.digest_upto, digest_at = excluded.digest_at,
		autopass = excluded.autopass, away_from = excluded.away_from, away_until = excluded.away_until`,
		gameID, position, p.Digest, p.DigestUpTo, nullTime(p.DigestAt), p.AutoPass, nullTime(p.AwayFrom), nullTime(p.AwayUntil))
	if err != nil {
		return fmt.Errorf("set prefs %s/%d: %w", gameID, position, err)
	}
	return nil
}

// EventsAfter are the events of every action after the given one, in order.
func (o ops) EventsAfter(ctx context.Context, gameID string, after int) ([]Event, error) {
	return o.events(ctx, `SELECT kind, visible_to, text FROM events WHERE game_id = ? AND turn > ? AND rolled_back IS NULL ORDER BY turn, seq`, gameID, after)
}
