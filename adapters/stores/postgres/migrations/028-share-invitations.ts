/**
 * The one-time links sent with shared recordings (only a hash of each token): for an email with no
 * account, the link sets a name and password first. They go with the sharing account. SQLite migration 28.
 */
export const sql = `
CREATE TABLE share_invitations (
  id text COLLATE "C" PRIMARY KEY,
  email text COLLATE "C" NOT NULL,
  run_id text COLLATE "C" NOT NULL,
  invited_by text COLLATE "C" NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  may_create_account boolean NOT NULL,
  public_id text COLLATE "C" NOT NULL UNIQUE,
  hash text NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  expires_at text COLLATE "C" NOT NULL
);
CREATE INDEX share_invitations_inviter ON share_invitations (invited_by);
`
