/**
 * Each account's in-app notifications: an invite into an organization, a recording shared with it.
 * `link` is a path in the web app (an invite's, which holds its one-time token, sealed by the secret box).
 * Listed newest first per account, and counted while unread. SQLite migration 30.
 */
export const sql = `
CREATE TABLE notifications (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL,
  kind text NOT NULL,
  text text NOT NULL,
  link text NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  read_at text
);
CREATE INDEX notifications_of_account ON notifications (account_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread ON notifications (account_id) WHERE read_at IS NULL;
`
