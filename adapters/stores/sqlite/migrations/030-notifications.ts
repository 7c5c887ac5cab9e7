/**
 * Each account's in-app notifications: an invite into an organization, a recording shared with it.
 * `link` is a path in the web app (an invite's, which holds its one-time token, sealed by the secret box).
 * Listed newest first per account, and counted while unread.
 */
export const sql = `
CREATE TABLE notifications (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  text TEXT NOT NULL,
  link TEXT NOT NULL,
  created_at TEXT NOT NULL,
  read_at TEXT
);
CREATE INDEX notifications_of_account ON notifications (account_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread ON notifications (account_id) WHERE read_at IS NULL;
`
