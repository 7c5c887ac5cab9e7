/**
 * Each run's live events (issue #35), kept for LIVE_BUFFER_MINUTES to be replayed: seq counts 1, 2, 3
 * per run, and pollers in other processes read a run's rows after the last seq they told. Old rows
 * go by `at`, through its index.
 */
export const sql = `
CREATE TABLE live_events (
  run_id TEXT NOT NULL,
  seq INTEGER NOT NULL CHECK (seq > 0),
  at TEXT NOT NULL,
  kind TEXT NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (run_id, seq)
);
CREATE INDEX live_events_at ON live_events (at);
`
