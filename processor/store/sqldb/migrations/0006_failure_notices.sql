-- Railpost schema, version 6: the day each game's game master was last
-- told of the mail the outbox gave up on, so that the notice goes at most
-- once a day.
CREATE TABLE failure_notices (
    game_id TEXT NOT NULL REFERENCES games(id),
    day     TEXT NOT NULL,                      -- YYYY-MM-DD, UTC
    sent_at TEXT NOT NULL,
    PRIMARY KEY (game_id, day)
);
