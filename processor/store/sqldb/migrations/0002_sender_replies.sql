-- Railpost schema, version 2: remember whom we answered without knowing them,
-- so that an unknown sender gets at most one reply per day.
CREATE TABLE sender_replies (
    address TEXT NOT NULL,
    day     TEXT NOT NULL,                       -- YYYY-MM-DD, UTC
    PRIMARY KEY (address, day)
);
