/**
 * Runs, uploads, notes and transcripts. Notes are json, not jsonb: they are
 * read back whole, keys in the order they were written.
 */
export const sql = `
CREATE TABLE runs (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL,
  reference text COLLATE "C" NOT NULL,
  origin text NOT NULL,
  meeting_id text COLLATE "C",
  title text NOT NULL,
  starts_at text COLLATE "C" NOT NULL,
  platform text,
  join_url text,
  state text NOT NULL,
  detail text,
  joined_at text COLLATE "C",
  waited_seconds integer,
  recording_seconds integer,
  ended_at text COLLATE "C",
  source jsonb,
  audio jsonb,
  has_notes boolean NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  updated_at text COLLATE "C" NOT NULL
);
CREATE INDEX runs_listed ON runs (account_id, starts_at DESC, created_at DESC, id DESC) WHERE state <> 'superseded';
CREATE INDEX runs_created ON runs (account_id, created_at);
CREATE INDEX runs_meeting ON runs (meeting_id, created_at) WHERE meeting_id IS NOT NULL;
CREATE TABLE uploads (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL,
  run_id text COLLATE "C" NOT NULL REFERENCES runs(id),
  reference text COLLATE "C" NOT NULL,
  title text NOT NULL,
  kind text NOT NULL,
  filename text NOT NULL,
  content_type text,
  byte_size bigint,
  duration_ms double precision,
  starts_at text COLLATE "C" NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  updated_at text COLLATE "C" NOT NULL,
  error text
);
CREATE INDEX uploads_listed ON uploads (account_id, created_at DESC, id DESC);
CREATE UNIQUE INDEX uploads_run ON uploads (run_id);
CREATE TABLE notes (
  run_id text COLLATE "C" PRIMARY KEY REFERENCES runs(id),
  body json NOT NULL
);
CREATE TABLE utterances (
  run_id text COLLATE "C" NOT NULL REFERENCES runs(id),
  seq integer NOT NULL,
  start_ms integer NOT NULL,
  end_ms integer NOT NULL,
  speaker text NOT NULL,
  text text NOT NULL,
  PRIMARY KEY (run_id, seq)
);
`
