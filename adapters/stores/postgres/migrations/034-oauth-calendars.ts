/**
 * Calendars connected over OAuth (Google, Microsoft 365) beside ICS feeds. `sealed_url` becomes
 * `sealed_credential` (the feed address, or the OAuth grant as JSON, sealed as before); `cursor` becomes
 * `sealed_cursor`, the provider's sync token, now sealed: the old cursors were not, so they are cleared
 * (feeds never had one). A connection whose grant was revoked has status `reauthorization_required`, and
 * one with a push channel at its provider keeps the channel's id (unique: the push route finds the
 * connection by it), resource id, expiry and sealed token. SQLite migration 34.
 */
export const sql = `
ALTER TABLE calendar_connections RENAME COLUMN sealed_url TO sealed_credential;
ALTER TABLE calendar_connections RENAME COLUMN cursor TO sealed_cursor;
UPDATE calendar_connections SET sealed_cursor = NULL WHERE sealed_cursor IS NOT NULL;
ALTER TABLE calendar_connections DROP CONSTRAINT calendar_connections_status_check;
ALTER TABLE calendar_connections ADD CONSTRAINT calendar_connections_status_check
  CHECK (status IN ('pending', 'active', 'error', 'reauthorization_required'));
ALTER TABLE calendar_connections ADD CONSTRAINT calendar_connections_provider_check CHECK (provider IN ('ics', 'google', 'microsoft'));
ALTER TABLE calendar_connections
  ADD COLUMN push_channel_id text COLLATE "C",
  ADD COLUMN push_resource_id text,
  ADD COLUMN push_expires_at text COLLATE "C",
  ADD COLUMN push_sealed_token text,
  ADD CONSTRAINT calendar_connections_push_check
    CHECK ((push_channel_id IS NULL) = (push_expires_at IS NULL) AND (push_channel_id IS NULL) = (push_sealed_token IS NULL)
      AND (push_channel_id IS NOT NULL OR push_resource_id IS NULL));
CREATE UNIQUE INDEX calendar_connections_push ON calendar_connections (push_channel_id) WHERE push_channel_id IS NOT NULL;
`
