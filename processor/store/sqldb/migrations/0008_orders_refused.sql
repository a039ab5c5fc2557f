-- Railpost schema, version 8: how many lines of a turnsheet were refused
-- when it was accepted. Orders with refused lines stand, but do not count
-- as in for early resolution until the player confirms them (CONFIRM sets
-- this to 0) or sends a clean turnsheet (ruling P21).
ALTER TABLE orders ADD COLUMN refused INTEGER NOT NULL DEFAULT 0;
