-- Railpost schema, version 7: what a queued mail must not keep once it is
-- sent, such as the password a welcome tells, one string a line. The
-- stored copy of the mail loses them when the server takes it, and this
-- column is emptied then.
ALTER TABLE outbox ADD COLUMN forget TEXT NOT NULL DEFAULT '';
