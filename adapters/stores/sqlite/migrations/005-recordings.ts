export const sql = `
CREATE TABLE runs (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  reference TEXT NOT NULL,
  origin TEXT NOT NULL,
  meeting_id TEXT,
  title TEXT NOT NULL,
  starts_at TEXT NOT NULL,
  platform TEXT,
  join_url TEXT,
  state TEXT NOT NULL,
  detail TEXT,
  joined_at TEXT,
  waited_seconds INTEGER,
  recording_seconds INTEGER,
  ended_at TEXT,
  source TEXT,
  audio TEXT,
  has_notes INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX runs_listed ON runs (account_id, starts_at DESC, created_at DESC, id DESC) WHERE state <> 'superseded';
CREATE INDEX runs_created ON runs (account_id, created_at);
CREATE INDEX runs_meeting ON runs (meeting_id) WHERE meeting_id IS NOT NULL;
CREATE TABLE uploads (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  run_id TEXT NOT NULL REFERENCES runs(id),
  reference TEXT NOT NULL,
  title TEXT NOT NULL,
  kind TEXT NOT NULL,
  filename TEXT NOT NULL,
  content_type TEXT,
  byte_size INTEGER,
  duration_ms INTEGER,
  starts_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  error TEXT
);
CREATE INDEX uploads_listed ON uploads (account_id, created_at DESC, id DESC);
CREATE UNIQUE INDEX uploads_run ON uploads (run_id);
CREATE TABLE notes (
  run_id TEXT PRIMARY KEY REFERENCES runs(id),
  body TEXT NOT NULL
);
CREATE TABLE utterances (
  run_id TEXT NOT NULL REFERENCES runs(id),
  seq INTEGER NOT NULL,
  start_ms INTEGER NOT NULL,
  end_ms INTEGER NOT NULL,
  speaker TEXT NOT NULL,
  text TEXT NOT NULL,
  PRIMARY KEY (run_id, seq)
) WITHOUT ROWID;
`
