/**
 * Calendar connections and meetings. A connection's feed address is stored
 * sealed (the SecretBox key lives outside the database). Meetings are removed
 * softly (removed_at): runs keep pointing at them, and a meeting the user
 * removed must stay removed when its calendar event is synced again.
 * ends_at is starts_at plus the duration, kept so window queries use an index.
 */
export const sql = `
CREATE TABLE calendar_connections (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  account_email TEXT NOT NULL,
  calendar_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'active', 'error')),
  auto_join TEXT NOT NULL CHECK (auto_join IN ('all', 'hosted', 'manual')),
  join_rules TEXT NOT NULL,
  bar_rules TEXT NOT NULL,
  last_synced_at TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  sealed_url TEXT NOT NULL,
  cursor TEXT,
  next_sync_at TEXT,
  consecutive_failures INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX calendar_connections_feed ON calendar_connections (account_id, calendar_id);
CREATE INDEX calendar_connections_account ON calendar_connections (account_id, created_at, id);
CREATE TABLE meetings (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  connection_id TEXT,
  external_id TEXT,
  source TEXT NOT NULL,
  title TEXT NOT NULL,
  link TEXT,
  description TEXT NOT NULL,
  location TEXT NOT NULL,
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL,
  duration_minutes INTEGER NOT NULL,
  is_all_day INTEGER NOT NULL,
  is_recurring INTEGER NOT NULL,
  attendees TEXT NOT NULL,
  attendee_count INTEGER NOT NULL,
  organizer TEXT,
  response_status TEXT,
  external_url TEXT,
  record_override INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  removed_at TEXT,
  removed_by TEXT CHECK (removed_by IN ('user', 'calendar'))
);
CREATE INDEX meetings_listed ON meetings (account_id, starts_at, id) WHERE removed_at IS NULL;
CREATE UNIQUE INDEX meetings_external ON meetings (connection_id, external_id) WHERE connection_id IS NOT NULL;
CREATE INDEX meetings_connection_window ON meetings (connection_id, starts_at) WHERE removed_at IS NULL AND connection_id IS NOT NULL;
`
