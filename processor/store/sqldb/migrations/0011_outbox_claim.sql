-- Railpost schema, version 11: which judge is sending a queued mail, and
-- until when. A judge claims due rows (on PostgreSQL with FOR UPDATE SKIP
-- LOCKED, so that two judges never claim one row), sends them outside any
-- transaction, and records the answer only while the claim is still its
-- own. A judge killed mid-send leaves a claim that expires, so no row is
-- claimed forever.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claim_expires_at TEXT;
