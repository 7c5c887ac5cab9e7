/**
 * Calendars connected over OAuth (Google, Microsoft 365) beside ICS feeds. `sealed_url` becomes
 * `sealed_credential` (the feed address, or the OAuth grant as JSON, sealed as before); `cursor` becomes
 * `sealed_cursor`, the provider's sync token, now sealed: the old cursors were not, so they are cleared
 * (feeds never had one). A connection whose grant was revoked has status `reauthorization_required`, and
 * one with a push channel at its provider keeps the channel's id (unique: the push route finds the
 * connection by it), resource id, expiry and sealed token. SQLite cannot change a CHECK or rename into
 * one, so the table is rebuilt and its indexes made again.
 */
export const sql = `
CREATE TABLE calendar_connections_new (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  provider TEXT NOT NULL CHECK (provider IN ('ics', 'google', 'microsoft')),
  account_email TEXT NOT NULL,
  calendar_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'active', 'error', 'reauthorization_required')),
  auto_join TEXT NOT NULL CHECK (auto_join IN ('all', 'hosted', 'manual')),
  join_rules TEXT NOT NULL,
  bar_rules TEXT NOT NULL,
  last_synced_at TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  sealed_credential TEXT NOT NULL,
  sealed_cursor TEXT,
  next_sync_at TEXT,
  consecutive_failures INTEGER NOT NULL DEFAULT 0,
  warnings TEXT NOT NULL DEFAULT '[]',
  record_declined INTEGER NOT NULL DEFAULT 0 CHECK (record_declined IN (0, 1)),
  name TEXT,
  feed_name TEXT,
  push_channel_id TEXT,
  push_resource_id TEXT,
  push_expires_at TEXT,
  push_sealed_token TEXT,
  CHECK ((push_channel_id IS NULL) = (push_expires_at IS NULL) AND (push_channel_id IS NULL) = (push_sealed_token IS NULL)
    AND (push_channel_id IS NOT NULL OR push_resource_id IS NULL))
);
INSERT INTO calendar_connections_new (id, account_id, provider, account_email, calendar_id, status, auto_join, join_rules, bar_rules,
  last_synced_at, last_error, created_at, updated_at, sealed_credential, sealed_cursor, next_sync_at, consecutive_failures, warnings,
  record_declined, name, feed_name)
  SELECT id, account_id, provider, account_email, calendar_id, status, auto_join, join_rules, bar_rules,
  last_synced_at, last_error, created_at, updated_at, sealed_url, NULL, next_sync_at, consecutive_failures, warnings,
  record_declined, name, feed_name FROM calendar_connections;
DROP TABLE calendar_connections;
ALTER TABLE calendar_connections_new RENAME TO calendar_connections;
CREATE UNIQUE INDEX calendar_connections_feed ON calendar_connections (account_id, calendar_id);
CREATE INDEX calendar_connections_account ON calendar_connections (account_id, created_at, id);
CREATE UNIQUE INDEX calendar_connections_push ON calendar_connections (push_channel_id) WHERE push_channel_id IS NOT NULL;
`
