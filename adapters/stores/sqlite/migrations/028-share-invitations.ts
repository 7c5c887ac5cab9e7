/**
 * The one-time links sent with shared recordings (only a hash of each token): for an email with no
 * account, the link sets a name and password first. They go with the sharing account.
 */
export const sql = `
CREATE TABLE share_invitations (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  run_id TEXT NOT NULL,
  invited_by TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  may_create_account INTEGER NOT NULL CHECK (may_create_account IN (0, 1)),
  public_id TEXT NOT NULL UNIQUE,
  hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX share_invitations_inviter ON share_invitations (invited_by);
`
