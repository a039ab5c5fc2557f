-- Railpost schema, version 1.
-- Times are TEXT in RFC 3339, always UTC. Money never appears here: it lives
-- inside each title's state snapshots.

-- Process-wide settings, such as the secret behind turnsheet tokens.
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value BLOB NOT NULL
);

-- One row per game. The game is its title, seed and ordered accepted orders;
-- the snapshots below are a cache of where that log leads.
CREATE TABLE games (
    id          TEXT PRIMARY KEY,               -- short id players write after GAME:
    title       TEXT NOT NULL,                  -- rules engine, e.g. 'contrails'
    name        TEXT NOT NULL,                  -- human-readable name
    status      TEXT NOT NULL DEFAULT 'active'  -- active | paused | ended
                CHECK (status IN ('active', 'paused', 'ended')),
    turn        INTEGER NOT NULL DEFAULT 1,     -- the turn now open for orders
    seed        INTEGER NOT NULL,               -- seeds every random draw, with the turn
    deadline    TEXT,                           -- UTC; NULL means no deadline
    period      TEXT,                           -- Go duration between deadlines, e.g. '168h'
    time_zone   TEXT NOT NULL DEFAULT 'UTC',    -- IANA zone deadlines are shown in
    early       INTEGER NOT NULL DEFAULT 1,     -- 1: resolve as soon as every human is in
    created_at  TEXT NOT NULL
);

-- The seats in a game. A human position has a registered address and a
-- password hash; a computer position is played by the engine.
CREATE TABLE positions (
    game_id       TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    number        INTEGER NOT NULL CHECK (number > 0),
    name          TEXT NOT NULL DEFAULT '',
    address       TEXT,                          -- registered address, lower case
    password_hash BLOB,                          -- bcrypt
    controller    TEXT NOT NULL DEFAULT 'computer' CHECK (controller IN ('human', 'computer')),
    PRIMARY KEY (game_id, number)
);
CREATE INDEX positions_by_address ON positions(address);

-- How far each IMAP mailbox has been read: the highest UID stored under the
-- current UIDVALIDITY.
CREATE TABLE mailboxes (
    name         TEXT PRIMARY KEY,
    uid_validity INTEGER NOT NULL,
    last_uid     INTEGER NOT NULL
);

-- Every message ever received, stored raw before anything parses it.
CREATE TABLE inbox (
    id            INTEGER PRIMARY KEY,
    mailbox       TEXT NOT NULL,
    uid_validity  INTEGER NOT NULL,
    uid           INTEGER NOT NULL,
    message_id    TEXT NOT NULL,                 -- Message-ID header, '' if absent
    sha256        TEXT NOT NULL,                 -- hex hash of raw
    raw           BLOB NOT NULL,
    size          INTEGER NOT NULL,
    arrived_at    TEXT NOT NULL,                 -- the server's INTERNALDATE: judges lateness
    received_at   TEXT NOT NULL,                 -- when this pass stored it
    server_marked INTEGER NOT NULL DEFAULT 0,    -- 1 once flagged or moved on the server
    status        TEXT NOT NULL DEFAULT 'new'    -- new | accepted | rejected | ignored
                  CHECK (status IN ('new', 'accepted', 'rejected', 'ignored')),
    game_id       TEXT,                          -- filled when the header block named one
    position      INTEGER,
    outcome       TEXT NOT NULL DEFAULT '',      -- one line: why it ended as it did
    processed_at  TEXT,
    UNIQUE (mailbox, uid_validity, uid),
    UNIQUE (message_id, sha256)                  -- the fallback identity when UIDVALIDITY changes
);
CREATE INDEX inbox_by_status ON inbox(status);

-- Accepted orders. A later valid turnsheet for the same turn supersedes the
-- earlier one; nothing is deleted.
CREATE TABLE orders (
    id         INTEGER PRIMARY KEY,
    game_id    TEXT NOT NULL REFERENCES games(id),
    turn       INTEGER NOT NULL,
    position   INTEGER NOT NULL,
    inbox_id   INTEGER REFERENCES inbox(id),     -- NULL for orders entered by the GM
    body       BLOB NOT NULL,                    -- the title's canonical form
    echo       TEXT NOT NULL DEFAULT '',         -- the orders as understood, for the player
    superseded INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
);
CREATE INDEX orders_by_turn ON orders(game_id, turn, position, superseded);

-- The state after each resolved turn (turn 0 is the setup). A cache of the
-- log: replay rebuilds and compares it.
CREATE TABLE snapshots (
    id         INTEGER PRIMARY KEY,
    game_id    TEXT NOT NULL REFERENCES games(id),
    turn       INTEGER NOT NULL,                 -- the turn whose resolution produced it
    state      BLOB NOT NULL,
    seed       INTEGER NOT NULL,                 -- the seed of the generator that produced it
    created_at TEXT NOT NULL
);
CREATE INDEX snapshots_by_game ON snapshots(game_id, turn);

-- What happened, in order, and who may see it.
CREATE TABLE events (
    id         INTEGER PRIMARY KEY,
    game_id    TEXT NOT NULL REFERENCES games(id),
    turn       INTEGER NOT NULL,
    seq        INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    visible_to INTEGER,                          -- NULL: everyone; else one position
    text       TEXT NOT NULL
);
CREATE INDEX events_by_turn ON events(game_id, turn, seq);

-- Mail waiting to go out, and mail that went. The Message-ID is fixed when
-- the row is queued, so a retry is the same message.
CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY,
    message_id      TEXT NOT NULL UNIQUE,
    kind            TEXT NOT NULL,               -- reply | report | notice
    game_id         TEXT,
    position        INTEGER,
    inbox_id        INTEGER REFERENCES inbox(id),  -- the message this answers
    sender          TEXT NOT NULL,
    recipients      TEXT NOT NULL,               -- comma-separated envelope recipients
    subject         TEXT NOT NULL,
    raw             BLOB NOT NULL,
    status          TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    last_answer     TEXT NOT NULL DEFAULT '',
    created_at      TEXT NOT NULL,
    sent_at         TEXT
);
CREATE INDEX outbox_due ON outbox(status, next_attempt_at);

-- Every answer the SMTP server gave, one row per attempt.
CREATE TABLE outbox_attempts (
    id        INTEGER PRIMARY KEY,
    outbox_id INTEGER NOT NULL REFERENCES outbox(id),
    at        TEXT NOT NULL,
    ok        INTEGER NOT NULL,
    answer    TEXT NOT NULL
);

-- One row per processing pass: when, by which process, and how it ended.
CREATE TABLE passes (
    id          INTEGER PRIMARY KEY,
    started_at  TEXT NOT NULL,
    finished_at TEXT,
    pid         INTEGER NOT NULL,
    status      TEXT NOT NULL DEFAULT 'running'  -- running | ok | failed | abandoned
                CHECK (status IN ('running', 'ok', 'failed', 'abandoned')),
    summary     TEXT NOT NULL DEFAULT ''
);
