-- Railpost schema, version 3: what a game master needs to run games for
-- months: schedules, grace, reminders, a policy for missed orders, the GM's
-- own password, and a log of every GM action. Rolled-back turns are marked,
-- never deleted: the archive keeps them.
ALTER TABLE games ADD COLUMN schedule TEXT NOT NULL DEFAULT '';      -- as the GM wrote it, e.g. 'every Monday 18:00'
ALTER TABLE games ADD COLUMN grace TEXT;                             -- Go duration after the deadline; NULL none
ALTER TABLE games ADD COLUMN remind TEXT;                            -- Go duration before the deadline; NULL none
ALTER TABLE games ADD COLUMN missed TEXT NOT NULL DEFAULT 'computer' -- who plays a position that sent no orders
    CHECK (missed IN ('computer', 'standpat'));
ALTER TABLE games ADD COLUMN gm_address TEXT;                        -- where GM notices go
ALTER TABLE games ADD COLUMN gm_password_hash BLOB;                  -- bcrypt; signs GM mail

CREATE TABLE gm_actions (
    id         INTEGER PRIMARY KEY,
    game_id    TEXT NOT NULL REFERENCES games(id),
    turn       INTEGER NOT NULL,                 -- the turn open when it was taken
    verb       TEXT NOT NULL,                    -- pause, resume, deadline, process, rollback, ...
    args       TEXT NOT NULL DEFAULT '',         -- the command line as given
    reason     TEXT NOT NULL DEFAULT '',
    actor      TEXT NOT NULL,                    -- 'cli' or the GM's address
    inbox_id   INTEGER REFERENCES inbox(id),     -- the GM mail it came in, if any
    once_key   TEXT UNIQUE,                      -- a command that must take effect once, e.g. 'process 5'
    headline   TEXT NOT NULL DEFAULT '',         -- what the next report's headlines say of it; '' for none
    reported   INTEGER NOT NULL DEFAULT 0,       -- 1: a turn's headlines carried it
    created_at TEXT NOT NULL
);
CREATE INDEX gm_actions_by_game ON gm_actions(game_id, id);

CREATE TABLE reminders (
    game_id  TEXT NOT NULL REFERENCES games(id),
    turn     INTEGER NOT NULL,
    position INTEGER NOT NULL,
    sent_at  TEXT NOT NULL,
    PRIMARY KEY (game_id, turn, position)
);

ALTER TABLE snapshots ADD COLUMN rolled_back INTEGER REFERENCES gm_actions(id);
-- What a resolution took besides the orders (who was human, who stood pat),
-- as JSON, so that replay can feed it the same.
ALTER TABLE snapshots ADD COLUMN inputs TEXT NOT NULL DEFAULT '';
ALTER TABLE events ADD COLUMN rolled_back INTEGER REFERENCES gm_actions(id);
ALTER TABLE orders ADD COLUMN rolled_back INTEGER REFERENCES gm_actions(id);
