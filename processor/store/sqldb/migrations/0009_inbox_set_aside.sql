-- Railpost schema, version 9: a stored mail the read step set aside
-- unjudged, because judging it would cost more than a mail's share of a
-- pass (a forged Subject full of password-shaped words, or a judgement
-- past the per-mail budget). It is finished as 'ignored', so no pass reads
-- it again, and listed for the game master by `railpost outbox`.
ALTER TABLE inbox ADD COLUMN set_aside INTEGER NOT NULL DEFAULT 0;
