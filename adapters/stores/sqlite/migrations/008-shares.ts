/**
 * Recordings shared by email. A share is found by its run (the owner's list, the
 * unique email per run) and by its email (what a recipient can reach).
 */
export const sql = `
CREATE TABLE recording_shares (
  id TEXT PRIMARY KEY,
  run_id TEXT NOT NULL REFERENCES runs(id),
  owner_account_id TEXT NOT NULL,
  email TEXT NOT NULL,
  scope TEXT NOT NULL CHECK (scope IN ('full', 'summary')),
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX recording_shares_run_email ON recording_shares (run_id, email);
CREATE INDEX recording_shares_email ON recording_shares (email, run_id);
`
