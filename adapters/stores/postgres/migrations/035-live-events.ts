/**
 * The live feed (adapters/stores/postgres/live-feed.ts): each run's recent live events, kept
 * LIVE_BUFFER_MINUTES to be replayed, and each run's last seq in `live_runs`, kept a day, so a
 * run's numbering goes on after its old events are let go. `data` is json, not jsonb: the text is
 * only handed back, in the order its keys were written. SQLite migration 35.
 */
export const sql = `
CREATE TABLE live_events (
  run_id text COLLATE "C" NOT NULL,
  seq integer NOT NULL,
  at text COLLATE "C" NOT NULL,
  kind text NOT NULL,
  data json NOT NULL,
  PRIMARY KEY (run_id, seq)
);
CREATE INDEX live_events_at ON live_events (at);
CREATE TABLE live_runs (
  run_id text COLLATE "C" PRIMARY KEY,
  seq integer NOT NULL,
  at text COLLATE "C" NOT NULL
);
CREATE INDEX live_runs_at ON live_runs (at);
`
