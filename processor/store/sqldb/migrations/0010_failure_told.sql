-- Railpost schema, version 10: when the game master was told that the
-- outbox gave up on a mail, so that each failure is told at the next pass,
-- once, rather than the whole list once a day. A requeue clears it, so a
-- mail that fails again is told again. A failed mail a daily notice (the
-- failure_notices table, no longer written) already listed on or after its
-- last attempt counts as told.
ALTER TABLE outbox ADD COLUMN failure_told_at TEXT;
UPDATE outbox SET failure_told_at = (SELECT MAX(n.sent_at) FROM failure_notices n WHERE n.game_id = outbox.game_id)
WHERE status = 'failed' AND EXISTS (
    SELECT 1 FROM failure_notices n
    WHERE n.game_id = outbox.game_id
      AND n.sent_at >= (SELECT MAX(a.at) FROM outbox_attempts a WHERE a.outbox_id = outbox.id));
