-- Part 2 (issue 38): competitions. A competition is one run of a contest file's competition
-- entry (a test competition runs again and again, the final once): a tournament in its own folder
-- under competitions/, over the bots fixed at its start.

CREATE TABLE competition (
    id             INTEGER PRIMARY KEY,
    -- The contest file's entry it runs.
    entry          TEXT NOT NULL,
    kind           TEXT NOT NULL CHECK (kind IN ('test', 'final')),
    -- Its name on the site and its folder: the entry's name, and for a test competition its number.
    name           TEXT NOT NULL UNIQUE,
    state          TEXT NOT NULL CHECK (state IN ('queued', 'running', 'stopped', 'done', 'failed', 'cancelled')),
    -- Why it failed, stopped or was cancelled (one line).
    reason         TEXT,
    games_total    INTEGER,
    games_played   INTEGER NOT NULL DEFAULT 0,
    job            INTEGER REFERENCES job (id),
    created        TEXT NOT NULL,
    started        TEXT,
    finished       TEXT
);
CREATE INDEX competition_by_entry ON competition (entry, id);

-- The bots of a competition, fixed when it starts: which submission of each participant plays
-- (a submission chosen or admitted later does not enter it), and the house bots.
CREATE TABLE competition_bot (
    competition    INTEGER NOT NULL REFERENCES competition (id),
    bot            TEXT NOT NULL,
    participant    INTEGER REFERENCES participant (id),
    submission     INTEGER REFERENCES submission (id),
    PRIMARY KEY (competition, bot)
);
CREATE INDEX competition_bot_by_participant ON competition_bot (participant);
