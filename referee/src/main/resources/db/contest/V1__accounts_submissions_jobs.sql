-- The contest's first schema (docs/contest-server.md, "The database"). Never edit a migration
-- once it has landed: add the next one. Times are ISO-8601 UTC text, ids are SQLite rowids.

CREATE TABLE participant (
    id                INTEGER PRIMARY KEY,
    name              TEXT NOT NULL UNIQUE COLLATE NOCASE,
    role              TEXT NOT NULL CHECK (role IN ('organiser', 'participant')),
    password_hash     TEXT,
    submit_token      TEXT NOT NULL UNIQUE,
    disabled          INTEGER NOT NULL DEFAULT 0,
    active_submission INTEGER REFERENCES submission (id),
    created           TEXT NOT NULL
);

CREATE TABLE invitation (
    code_hash      TEXT PRIMARY KEY,
    participant    INTEGER NOT NULL REFERENCES participant (id),
    created        TEXT NOT NULL,
    expires        TEXT NOT NULL,
    used           TEXT
);

-- The organiser's link printed at each start: good for one login.
CREATE TABLE one_time_login (
    token_hash     TEXT PRIMARY KEY,
    participant    INTEGER NOT NULL REFERENCES participant (id),
    created        TEXT NOT NULL,
    expires        TEXT NOT NULL,
    used           TEXT
);

CREATE TABLE session (
    id_hash        TEXT PRIMARY KEY,
    participant    INTEGER NOT NULL REFERENCES participant (id),
    csrf_token     TEXT NOT NULL,
    created        TEXT NOT NULL,
    expires        TEXT NOT NULL
);

CREATE TABLE login_failure (
    name           TEXT NOT NULL COLLATE NOCASE,
    time           TEXT NOT NULL
);
CREATE INDEX login_failure_by_name ON login_failure (name, time);

CREATE TABLE submission (
    id             INTEGER PRIMARY KEY,
    participant    INTEGER NOT NULL REFERENCES participant (id),
    number         INTEGER NOT NULL,
    file_name      TEXT NOT NULL,
    language       TEXT NOT NULL,
    bytes          INTEGER NOT NULL,
    sha256         TEXT NOT NULL,
    state          TEXT NOT NULL CHECK (state IN ('queued', 'building', 'testing', 'admitted', 'not-admitted')),
    reason         TEXT,
    created        TEXT NOT NULL,
    updated        TEXT NOT NULL,
    UNIQUE (participant, number)
);

CREATE TABLE job (
    id             INTEGER PRIMARY KEY,
    kind           TEXT NOT NULL CHECK (kind IN ('admission', 'competition')),
    subject        INTEGER NOT NULL,
    state          TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
    attempts       INTEGER NOT NULL DEFAULT 0,
    error          TEXT,
    created        TEXT NOT NULL,
    started        TEXT,
    finished       TEXT
);
CREATE INDEX job_by_state ON job (state, id);

-- What the running server says of itself, for the command line: its URL.
CREATE TABLE setting (
    key            TEXT PRIMARY KEY,
    value          TEXT NOT NULL
);
