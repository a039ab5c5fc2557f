-- Each position's final score in each category, written when a game ends
-- (by its rules or by the GM's END). The records across games (rule 11.3)
-- are the best of these; a ROLLBACK of an ended game voids its scores.
CREATE TABLE final_scores (
    id          INTEGER PRIMARY KEY,
    game_id     TEXT NOT NULL REFERENCES games(id),
    title       TEXT NOT NULL,
    position    INTEGER NOT NULL,
    player      TEXT NOT NULL,               -- the name the position played under
    human       INTEGER NOT NULL,            -- 1: a person held it at the end
    category    TEXT NOT NULL,
    points      INTEGER NOT NULL,
    turn        INTEGER NOT NULL,            -- the last turn played
    ended_at    TEXT NOT NULL,
    rolled_back INTEGER REFERENCES gm_actions(id)
);
CREATE INDEX final_scores_by_category ON final_scores(title, category, points);
