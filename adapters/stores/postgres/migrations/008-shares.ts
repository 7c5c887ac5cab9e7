/**
 * Recordings shared by email (SQLite migration 8). A share is found by its run
 * (the owner's list, the unique email per run) and by its email (what a
 * recipient can reach).
 */
export const sql = `
CREATE TABLE recording_shares (
  id text COLLATE "C" PRIMARY KEY,
  run_id text COLLATE "C" NOT NULL REFERENCES runs(id),
  owner_account_id text COLLATE "C" NOT NULL,
  email text NOT NULL,
  scope text NOT NULL CHECK (scope IN ('full', 'summary')),
  created_at text COLLATE "C" NOT NULL
);
CREATE UNIQUE INDEX recording_shares_run_email ON recording_shares (run_id, email);
CREATE INDEX recording_shares_email ON recording_shares (email, run_id);
`
