/**
 * The job queue (see ../job-queue.ts). Times are epoch milliseconds. seq keeps
 * jobs due at the same time first in, first out. The partial indexes hold only
 * the jobs a claim can take, so finished jobs never slow it down.
 */
export const sql = `
CREATE TABLE jobs (
  id text COLLATE "C" PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  kind text COLLATE "C" NOT NULL,
  payload jsonb NOT NULL,
  dedupe_key text COLLATE "C",
  status text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'dead')),
  run_at bigint NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL,
  locked_until bigint NOT NULL DEFAULT 0,
  last_error text,
  created_at bigint NOT NULL
);
CREATE INDEX jobs_queued ON jobs (run_at, seq) WHERE status = 'queued';
CREATE INDEX jobs_running ON jobs (locked_until) WHERE status = 'running';
CREATE UNIQUE INDEX jobs_open_key ON jobs (dedupe_key) WHERE dedupe_key IS NOT NULL AND status IN ('queued', 'running');
`
