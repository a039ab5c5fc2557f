-- Railpost schema, version 5: games played one action per mail. Such a
-- game is its setup (snapshot 0) and its log of moves; games.turn is the
-- number of the action it waits for, which every move must quote.
CREATE TABLE moves (
    game_id    TEXT NOT NULL REFERENCES games(id),
    n          INTEGER NOT NULL,                -- the action number it answered, from 1
    position   INTEGER NOT NULL,                -- who moved; 0: the game master
    line       TEXT NOT NULL,                   -- the move as the engine reads it, e.g. 'BID 12' or 'UNDO 40'
    source     TEXT NOT NULL                    -- who sent it
               CHECK (source IN ('player', 'gm', 'timeout', 'autopass', 'away', 'forced', 'computer')),
    inbox_id   INTEGER REFERENCES inbox(id),
    created_at TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
);

-- What a player asked for: the daily digest instead of a mail per move, an
-- automatic pass in auctions, dates away.
CREATE TABLE seat_prefs (
    game_id     TEXT NOT NULL REFERENCES games(id),
    position    INTEGER NOT NULL,
    digest      INTEGER NOT NULL DEFAULT 0,
    digest_upto INTEGER NOT NULL DEFAULT 0,     -- the last action number a digest covered
    digest_at   TEXT,
    autopass    TEXT NOT NULL DEFAULT '' CHECK (autopass IN ('', 'auctions')),
    away_from   TEXT,                           -- UTC; the player's moves pass while away
    away_until  TEXT,
    PRIMARY KEY (game_id, position)
);

-- How long a move may wait: after games.remind the player is reminded, and
-- after move_timeout the policy acts: 'pass' passes for them where the
-- rules allow it (else tells the GM), 'gm' tells the GM.
ALTER TABLE games ADD COLUMN move_timeout TEXT;
ALTER TABLE games ADD COLUMN timeout_policy TEXT NOT NULL DEFAULT 'pass' CHECK (timeout_policy IN ('pass', 'gm'));
