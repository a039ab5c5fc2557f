package sqldb

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/railpost/railpost/processor/store"
)

// QueueMail adds a message to the outbox; it is due at once.
func (o ops) QueueMail(ctx context.Context, m OutboxMail, at time.Time) (int64, error) {
	var game, pos, inbox any
	if m.GameID != "" {
		id, err := o.gameIDAsStored(ctx, m.GameID)
		if err != nil {
			return 0, fmt.Errorf("queue mail %s: %w", m.MessageID, err)
		}
		game = id
	}
	if m.Position > 0 {
		pos = m.Position
	}
	if m.InboxID > 0 {
		inbox = m.InboxID
	}
	var id int64
	err := o.q.QueryRowContext(ctx, `INSERT INTO outbox(message_id, kind, game_id, position, inbox_id, sender, recipients, subject, raw, next_attempt_at, created_at, forget)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		m.MessageID, m.Kind, game, pos, inbox, m.Sender, strings.Join(m.Recipients, ","), m.Subject, m.Raw, fmtTime(at), fmtTime(at), strings.Join(m.Forget, "\n")).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("queue mail %s to %v: %w", m.MessageID, m.Recipients, err)
	}
	return id, nil
}

const outboxColumns = `id, message_id, kind, COALESCE(game_id, ''), COALESCE(position, 0), COALESCE(inbox_id, 0), sender, recipients, subject, raw, status, attempts, next_attempt_at, last_answer, forget`

func scanOutbox(row interface{ Scan(...any) error }) (OutboxMail, error) {
	var m OutboxMail
	var rcpt, next, forget string
	if err := row.Scan(&m.ID, &m.MessageID, &m.Kind, &m.GameID, &m.Position, &m.InboxID, &m.Sender, &rcpt, &m.Subject, &m.Raw, &m.Status, &m.Attempts, &next, &m.LastAnswer, &forget); err != nil {
		return m, err
	}
	if forget != "" {
		m.Forget = strings.Split(forget, "\n")
	}
	if rcpt != "" {
		m.Recipients = strings.Split(rcpt, ",")
	}
	var err error
	m.NextAttempt, err = parseTime(next)
	return m, err
}

// DueMail lists queued mail whose next attempt is due, oldest first.
func (o ops) DueMail(ctx context.Context, now time.Time) ([]OutboxMail, error) {
	return o.outbox(ctx, `SELECT `+outboxColumns+` FROM outbox WHERE status = 'queued' AND next_attempt_at <= ? ORDER BY id`, fmtTime(now))
}

// Requeue makes a failed row, or with id 0 every failed row, due again
// now with a fresh count of attempts, and forgets that its failure was
// told, so that failing again is told again; it returns how many it
// requeued.
// A row already sent or still waiting is left alone.
func (o ops) Requeue(ctx context.Context, id int64, now time.Time) (int, error) {
	q := `UPDATE outbox SET status = 'queued', attempts = 0, next_attempt_at = ?, failure_told_at = NULL WHERE status = 'failed'`
	args := []any{fmtTime(now)}
	if id > 0 {
		q += ` AND id = ?`
		args = append(args, id)
	}
	res, err := o.q.ExecContext(ctx, q, args...)
	if err != nil {
		return 0, fmt.Errorf("requeue outbox %d: %w", id, err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// UntoldFailures lists the failed rows of games whose game master has not
// yet been told of them, oldest first.
func (o ops) UntoldFailures(ctx context.Context) ([]OutboxMail, error) {
	return o.outbox(ctx, `SELECT `+outboxColumns+` FROM outbox WHERE status = 'failed' AND failure_told_at IS NULL AND game_id IS NOT NULL ORDER BY id`)
}

// NoteFailuresTold records that the game master has been told of these
// failed rows, so that no later pass tells of them again; it returns how
// many were not told before.
func (o ops) NoteFailuresTold(ctx context.Context, ids []int64, now time.Time) (int, error) {
	told := 0
	for _, id := range ids {
		res, err := o.q.ExecContext(ctx, `UPDATE outbox SET failure_told_at = ? WHERE id = ? AND status = 'failed' AND failure_told_at IS NULL`, fmtTime(now), id)
		if err != nil {
			return told, fmt.Errorf("note the failure of outbox %d as told: %w", id, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return told, fmt.Errorf("note the failure of outbox %d as told: %w", id, err)
		}
		told += int(n)
	}
	return told, nil
}

// SentMail finds an outbox row by its Message-ID, or store.ErrNotFound.
func (o ops) SentMail(ctx context.Context, messageID string) (OutboxMail, error) {
	rows, err := o.outbox(ctx, `SELECT `+outboxColumns+` FROM outbox WHERE message_id = ?`, messageID)
	if err != nil {
		return OutboxMail{}, err
	}
	if len(rows) == 0 {
		return OutboxMail{}, store.ErrNotFound
	}
	return rows[0], nil
}

// Outbox lists every outbox row, oldest first.
func (o ops) Outbox(ctx context.Context) ([]OutboxMail, error) {
	return o.outbox(ctx, `SELECT `+outboxColumns+` FROM outbox ORDER BY id`)
}

func (o ops) outbox(ctx context.Context, query string, args ...any) ([]OutboxMail, error) {
	rows, err := o.q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("outbox: %w", err)
	}
	defer rows.Close()
	var out []OutboxMail
	for rows.Next() {
		m, err := scanOutbox(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// ClaimMail marks up to c.Limit due outbox rows as being sent by c.Judge
// until c.Until and returns them, oldest first, in one short
// transaction. A row claimed by another judge is skipped until its claim
// expires; on PostgreSQL the rows are picked FOR UPDATE SKIP LOCKED, so
// that judges claiming at once never take one row both. On SQLite,
// where the pass holds the lock file and so is the only judge, a claim
// left by an earlier pass is a dead one and is taken over at once.
//
// The mail is then sent outside any transaction and the answer recorded
// with Attempt.Judge, which only the claim's holder can do. A judge that
// outlives its claim (a send slower than the expiry) may find the row
// claimed and sent by another: such a mail goes out twice, which is why
// the expiry is kept well above the send's timeout.
func (s *Store) ClaimMail(ctx context.Context, c store.MailClaim) ([]OutboxMail, error) {
	free := ` AND (claimed_by IS NULL OR claim_expires_at <= ?)`
	args := []any{c.Judge, fmtTime(c.Until), fmtTime(c.Due), fmtTime(c.At), c.Limit}
	if s.d.oneJudge {
		free, args = "", append(args[:3], c.Limit)
	}
	var out []OutboxMail
	err := s.update(ctx, func(tx *Tx) error {
		var err error
		out, err = tx.outbox(ctx, `UPDATE outbox SET claimed_by = ?, claim_expires_at = ?
			WHERE id IN (SELECT id FROM outbox WHERE status = 'queued' AND next_attempt_at <= ?`+free+`
				ORDER BY id LIMIT ?`+s.d.skipLocked+`)
			RETURNING `+outboxColumns, args...)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("claim outbox mail for %s: %w", c.Judge, err)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// RecordAttempt logs a send attempt and moves the row on: sent, back in the
// queue until Next, or failed for good. An attempt made under a claim
// (a.Judge) is recorded only while the claim is the judge's own, and
// releases it.
func (s *Store) RecordAttempt(ctx context.Context, id int64, a Attempt) error {
	return s.update(ctx, func(tx *Tx) error {
		var set string
		var args []any
		switch {
		case a.OK && a.Kept != nil:
			set, args = `status = 'sent', last_answer = ?, sent_at = ?, raw = ?, forget = ''`, []any{a.Answer, fmtTime(a.At), a.Kept}
		case a.OK:
			set, args = `status = 'sent', last_answer = ?, sent_at = ?`, []any{a.Answer, fmtTime(a.At)}
		case a.Next.IsZero():
			set, args = `status = 'failed', last_answer = ?`, []any{a.Answer}
		default:
			set, args = `last_answer = ?, next_attempt_at = ?`, []any{a.Answer, fmtTime(a.Next)}
		}
		q := `UPDATE outbox SET ` + set + `, attempts = attempts + 1, claimed_by = NULL, claim_expires_at = NULL WHERE id = ?`
		args = append(args, id)
		if a.Judge != "" {
			q += ` AND claimed_by = ?`
			args = append(args, a.Judge)
		}
		res, err := tx.q.ExecContext(ctx, q, args...)
		if err != nil {
			return fmt.Errorf("update outbox %d: %w", id, err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			if err == nil {
				err = store.ErrClaimLost
				if a.Judge == "" {
					err = store.ErrNotFound
				}
			}
			return fmt.Errorf("record attempt on outbox %d: %w", id, err)
		}
		if _, err := tx.q.ExecContext(ctx, `INSERT INTO outbox_attempts(outbox_id, at, ok, answer) VALUES (?, ?, ?, ?)`,
			id, fmtTime(a.At), a.OK, a.Answer); err != nil {
			return fmt.Errorf("record attempt on outbox %d: %w", id, err)
		}
		return nil
	})
}

// OutboxCounts returns how many outbox rows are in each status.
func (o ops) OutboxCounts(ctx context.Context) (map[string]int, error) {
	rows, err := o.q.QueryContext(ctx, `SELECT status, COUNT(*) FROM outbox GROUP BY status`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var st string
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return nil, err
		}
		out[st] = n
	}
	return out, rows.Err()
}

// BeginPass records the start of a pass. The caller holds the pass lock, so
// any pass still marked running died without finishing; it is marked
// abandoned.
func (s *Store) BeginPass(ctx context.Context, at time.Time) (int64, error) {
	var id int64
	err := s.update(ctx, func(tx *Tx) error {
		if err := tx.abandonDeadPasses(ctx, at); err != nil {
			return err
		}
		return tx.q.QueryRowContext(ctx, `INSERT INTO passes(started_at, pid) VALUES (?, ?) RETURNING id`, fmtTime(at), os.Getpid()).Scan(&id)
	})
	if err != nil {
		return 0, fmt.Errorf("begin pass: %w", err)
	}
	return id, nil
}

// abandonDeadPasses marks as abandoned the passes left running by a
// process that has died (a crash, a kill) or begun over an hour ago, and
// refuses when one is still running in a live process other than this
// one (on SQLite, where one host runs one pass at a time).
func (o ops) abandonDeadPasses(ctx context.Context, at time.Time) error {
	rows, err := o.q.QueryContext(ctx, `SELECT id, pid, started_at FROM passes WHERE status = 'running'`)
	if err != nil {
		return err
	}
	var dead []int64
	for rows.Next() {
		var id int64
		var pid int
		var started string
		if err := rows.Scan(&id, &pid, &started); err != nil {
			rows.Close()
			return err
		}
		// A pid is taken again by another process in time (after a reboot
		// at once), so only a pass begun within the hour counts as live.
		since, _ := parseTime(started)
		recent := at.Sub(since) < time.Hour
		if !o.dialect().oneJudge {
			// Judges on other hosts run passes side by side, and their
			// process ids mean nothing here: only an hour tells.
			if !recent {
				dead = append(dead, id)
			}
			continue
		}
		if pid != os.Getpid() && alive(pid) && recent {
			rows.Close()
			return fmt.Errorf("%w (pass %d, process %d)", store.ErrPassRunning, id, pid)
		}
		dead = append(dead, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, id := range dead {
		if _, err := o.q.ExecContext(ctx, `UPDATE passes SET status = 'abandoned', finished_at = ? WHERE id = ?`, fmtTime(at), id); err != nil {
			return err
		}
	}
	return nil
}

// alive tells whether a process exists on this machine.
func alive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// FinishPass records how a pass ended.
func (o ops) FinishPass(ctx context.Context, id int64, status, summary string, at time.Time) error {
	_, err := o.q.ExecContext(ctx, `UPDATE passes SET status = ?, summary = ?, finished_at = ? WHERE id = ?`, status, summary, fmtTime(at), id)
	if err != nil {
		return fmt.Errorf("finish pass %d: %w", id, err)
	}
	return nil
}

// Passes lists the pass log, oldest first.
func (o ops) Passes(ctx context.Context) ([]PassRecord, error) {
	rows, err := o.q.QueryContext(ctx, `SELECT id, status, summary FROM passes ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []PassRecord
	for rows.Next() {
		var p PassRecord
		if err := rows.Scan(&p.ID, &p.Status, &p.Summary); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}
