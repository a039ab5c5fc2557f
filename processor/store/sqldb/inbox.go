package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/railpost/railpost/processor/store"
)

// Cursor returns the stored cursor of a mailbox; ok is false if it was never read.
func (o ops) Cursor(ctx context.Context, mailbox string) (c MailboxCursor, ok bool, err error) {
	err = o.q.QueryRowContext(ctx, `SELECT uid_validity, last_uid FROM mailboxes WHERE name = ?`, mailbox).Scan(&c.UIDValidity, &c.LastUID)
	if errors.Is(err, sql.ErrNoRows) {
		return c, false, nil
	}
	if err != nil {
		return c, false, fmt.Errorf("cursor %s: %w", mailbox, err)
	}
	return c, true, nil
}

// SetCursor records a mailbox's UIDVALIDITY and the highest UID stored.
func (o ops) SetCursor(ctx context.Context, mailbox string, c MailboxCursor) error {
	_, err := o.q.ExecContext(ctx, `INSERT INTO mailboxes(name, uid_validity, last_uid) VALUES (?, ?, ?)
		ON CONFLICT(name) DO UPDATE SET uid_validity = excluded.uid_validity, last_uid = excluded.last_uid`,
		mailbox, c.UIDValidity, c.LastUID)
	if err != nil {
		return fmt.Errorf("set cursor %s: %w", mailbox, err)
	}
	return nil
}

// Durable puts every committed transaction on disk: the write-ahead log
// is synced and copied into the database file. Ingest calls it before it
// marks mail on the server, since with synchronous=NORMAL a commit in WAL
// mode may not survive a power cut until a checkpoint; one checkpoint a
// mailbox keeps that cost to one sync per batch, not one per mail.
func (s *Store) Durable(ctx context.Context) error {
	if s.d.durable == nil {
		return nil // a server database syncs each commit itself
	}
	return s.d.durable(ctx, s.db)
}

// sqliteCheckpoint is SQLite's Durable.
func sqliteCheckpoint(ctx context.Context, db *sql.DB) error {
	var busy, logged, moved int
	if err := db.QueryRowContext(ctx, `PRAGMA wal_checkpoint(FULL)`).Scan(&busy, &logged, &moved); err != nil {
		return fmt.Errorf("sync the database: %w", err)
	}
	if busy != 0 {
		return fmt.Errorf("sync the database: the checkpoint could not finish (%d of %d pages); the mail stays unmarked until the next pass", moved, logged)
	}
	return nil
}

// IngestMessage stores a raw message exactly once. A message already stored
// under the same mailbox UID, or the same Message-ID and bytes (when
// UIDVALIDITY changed and the server renumbered), is not stored again; fresh
// reports whether this call stored it. The mailbox cursor moves in the same
// transaction, so a crash never leaves a stored message unaccounted for.
func (s *Store) IngestMessage(ctx context.Context, m InboxMessage, at time.Time) (id int64, fresh bool, err error) {
	if m.SHA256 == "" {
		m.SHA256 = store.HashRaw(m.Raw)
	}
	err = s.update(ctx, func(tx *Tx) error {
		var err error
		if id, fresh, err = tx.claimMessage(ctx, m, at); err != nil {
			return err
		}
		cur, _, err := tx.Cursor(ctx, m.Mailbox)
		if err != nil {
			return err
		}
		if cur.UIDValidity != m.UIDValidity || m.UID > cur.LastUID {
			return tx.SetCursor(ctx, m.Mailbox, MailboxCursor{UIDValidity: m.UIDValidity, LastUID: max(m.UID, lastIfSame(cur, m.UIDValidity))})
		}
		return nil
	})
	if err != nil {
		return 0, false, fmt.Errorf("ingest %s uid %d: %w", m.Mailbox, m.UID, err)
	}
	return id, fresh, nil
}

func lastIfSame(c MailboxCursor, validity uint32) uint32 {
	if c.UIDValidity == validity {
		return c.LastUID
	}
	return 0
}

// UnmarkedUIDs lists the UIDs stored from a mailbox that are not yet flagged
// or moved on the server.
func (o ops) UnmarkedUIDs(ctx context.Context, mailbox string, validity uint32) ([]uint32, error) {
	rows, err := o.q.QueryContext(ctx, `SELECT uid FROM inbox WHERE mailbox = ? AND uid_validity = ? AND server_marked = 0 ORDER BY uid`, mailbox, validity)
	if err != nil {
		return nil, fmt.Errorf("unmarked %s: %w", mailbox, err)
	}
	defer rows.Close()
	var out []uint32
	for rows.Next() {
		var u uint32
		if err := rows.Scan(&u); err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

// MarkedOnServer records that these UIDs were flagged or moved on the server.
func (s *Store) MarkedOnServer(ctx context.Context, mailbox string, validity uint32, uids []uint32) error {
	return s.update(ctx, func(tx *Tx) error {
		for _, u := range uids {
			if _, err := tx.q.ExecContext(ctx, `UPDATE inbox SET server_marked = 1 WHERE mailbox = ? AND uid_validity = ? AND uid = ?`, mailbox, validity, u); err != nil {
				return fmt.Errorf("mark %s uid %d: %w", mailbox, u, err)
			}
		}
		return nil
	})
}

const inboxColumns = `id, mailbox, uid_validity, uid, message_id, sha256, raw, arrived_at, received_at, status, COALESCE(game_id, ''), COALESCE(position, 0), outcome`

func scanInbox(row interface{ Scan(...any) error }) (InboxMessage, error) {
	var m InboxMessage
	var arrived, received string
	if err := row.Scan(&m.ID, &m.Mailbox, &m.UIDValidity, &m.UID, &m.MessageID, &m.SHA256, &m.Raw, &arrived, &received, &m.Status, &m.GameID, &m.Position, &m.Outcome); err != nil {
		return m, err
	}
	var err error
	if m.Arrived, err = parseTime(arrived); err != nil {
		return m, err
	}
	m.Received, err = parseTime(received)
	return m, err
}

// PendingInbox lists stored messages not yet read, oldest first.
func (o ops) PendingInbox(ctx context.Context) ([]InboxMessage, error) {
	return o.inbox(ctx, "pending inbox", `status = 'new'`)
}

// inbox lists the stored messages a condition selects, oldest first;
// what names the list in an error.
func (o ops) inbox(ctx context.Context, what, where string) ([]InboxMessage, error) {
	rows, err := o.q.QueryContext(ctx, `SELECT `+inboxColumns+` FROM inbox WHERE `+where+` ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	defer rows.Close()
	var out []InboxMessage
	for rows.Next() {
		m, err := scanInbox(rows)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// InboxByID returns one stored message.
func (o ops) InboxByID(ctx context.Context, id int64) (InboxMessage, error) {
	m, err := scanInbox(o.q.QueryRowContext(ctx, `SELECT `+inboxColumns+` FROM inbox WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return m, fmt.Errorf("inbox %d: %w", id, store.ErrNotFound)
	}
	return m, err
}

// RedactInbox replaces a stored message's bytes with a copy that keeps no
// password. Its hash stays that of the mail as it came, so that the same
// mail fetched again is still recognised.
func (o ops) RedactInbox(ctx context.Context, id int64, raw []byte) error {
	if _, err := o.q.ExecContext(ctx, `UPDATE inbox SET raw = ? WHERE id = ?`, raw, id); err != nil {
		return fmt.Errorf("redact inbox %d: %w", id, err)
	}
	return nil
}

// FinishInbox records how a message was dealt with. It only moves a message
// out of 'new', so a message is finished at most once.
func (o ops) FinishInbox(ctx context.Context, id int64, status, gameID string, position int, outcome string, at time.Time) error {
	gameID, err := o.gameIDAsStored(ctx, gameID)
	if err != nil {
		return fmt.Errorf("finish inbox %d: %w", id, err)
	}
	var game, pos any
	if gameID != "" {
		game = gameID
	}
	if position > 0 {
		pos = position
	}
	res, err := o.q.ExecContext(ctx, `UPDATE inbox SET status = ?, game_id = ?, position = ?, outcome = ?, processed_at = ? WHERE id = ? AND status = 'new'`,
		status, game, pos, outcome, fmtTime(at), id)
	if err != nil {
		return fmt.Errorf("finish inbox %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("finish inbox %d: already finished", id)
	}
	return nil
}

// SetAside finishes a message unjudged, as 'ignored' with why, and marks
// it set aside so the game master sees it (SetAsideInbox): reading it cost
// more than a mail's share of a pass, and the mails behind it must not
// wait on it again.
func (o ops) SetAside(ctx context.Context, id int64, why string, at time.Time) error {
	res, err := o.q.ExecContext(ctx, `UPDATE inbox SET status = 'ignored', set_aside = 1, outcome = ?, processed_at = ? WHERE id = ? AND status = 'new'`,
		why, fmtTime(at), id)
	if err != nil {
		return fmt.Errorf("set aside inbox %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("set aside inbox %d: already finished", id)
	}
	return nil
}

// SetAsideInbox lists the messages set aside unjudged, oldest first.
func (o ops) SetAsideInbox(ctx context.Context) ([]InboxMessage, error) {
	return o.inbox(ctx, "inbox set aside", `set_aside = 1`)
}

// NoteSenderReply records that an unknown sender was answered today. It
// reports false if they were already answered today, in which case the
// caller stays silent.
func (o ops) NoteSenderReply(ctx context.Context, address string, at time.Time) (bool, error) {
	res, err := o.q.ExecContext(ctx, `INSERT INTO sender_replies(address, day) VALUES (?, ?) ON CONFLICT DO NOTHING`,
		store.NormalizeAddress(address), at.UTC().Format("2006-01-02"))
	if err != nil {
		return false, fmt.Errorf("note reply to %s: %w", address, err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// InboxCounts returns how many messages are in each status.
func (o ops) InboxCounts(ctx context.Context) (map[string]int, error) {
	return o.inboxCounts(ctx, `SELECT status, COUNT(*) FROM inbox GROUP BY status`)
}

// GameInboxCounts returns how many messages judged for one game are in
// each status: a demo playing several games on one mailbox counts each
// game's own.
func (o ops) GameInboxCounts(ctx context.Context, gameID string) (map[string]int, error) {
	return o.inboxCounts(ctx, `SELECT status, COUNT(*) FROM inbox WHERE game_id = ? GROUP BY status`, gameID)
}

func (o ops) inboxCounts(ctx context.Context, q string, args ...any) (map[string]int, error) {
	rows, err := o.q.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var s string
		var n int
		if err := rows.Scan(&s, &n); err != nil {
			return nil, err
		}
		out[s] = n
	}
	return out, rows.Err()
}

// claimMessage stores a message unless it is stored already, and says
// which. Several judges may read one mailbox: the insert claims the
// message's UID and its Message-ID with its bytes, and a judge that loses
// the race (its insert does nothing) finds the winner's row.
func (o ops) claimMessage(ctx context.Context, m InboxMessage, at time.Time) (int64, bool, error) {
	var id int64
	const stored = `SELECT id FROM inbox WHERE (mailbox = ? AND uid_validity = ? AND uid = ?) OR (message_id = ? AND sha256 = ?)`
	err := o.q.QueryRowContext(ctx, stored, m.Mailbox, m.UIDValidity, m.UID, m.MessageID, m.SHA256).Scan(&id)
	if !errors.Is(err, sql.ErrNoRows) {
		return id, false, err
	}
	if m.Arrived.IsZero() {
		m.Arrived = at
	}
	err = o.q.QueryRowContext(ctx, `INSERT INTO inbox(mailbox, uid_validity, uid, message_id, sha256, raw, size, arrived_at, received_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id`,
		m.Mailbox, m.UIDValidity, m.UID, m.MessageID, m.SHA256, m.Raw, len(m.Raw), fmtTime(m.Arrived), fmtTime(at)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		err = o.q.QueryRowContext(ctx, stored, m.Mailbox, m.UIDValidity, m.UID, m.MessageID, m.SHA256).Scan(&id)
		return id, false, err
	}
	return id, err == nil, err
}
