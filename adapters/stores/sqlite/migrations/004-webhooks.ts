/**
 * Webhook endpoints, the events sent to them and the delivery log (one row per
 * attempt). Secrets are stored sealed (AES-256-GCM, key outside the database).
 * Deleting an endpoint deletes its log.
 */
export const sql = `
CREATE TABLE webhook_endpoints (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  url TEXT NOT NULL,
  description TEXT,
  events TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('active', 'disabled')),
  consecutive_failures INTEGER NOT NULL DEFAULT 0,
  last_delivery_at TEXT,
  last_status INTEGER,
  disabled_reason TEXT,
  sealed_secret TEXT NOT NULL,
  sealed_previous_secret TEXT,
  previous_secret_expires_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX webhook_endpoints_account ON webhook_endpoints (account_id, created_at, id);
CREATE TABLE webhook_events (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  type TEXT NOT NULL,
  occurred_at TEXT NOT NULL,
  data TEXT NOT NULL
);
CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  trigger_kind TEXT NOT NULL CHECK (trigger_kind IN ('event', 'resend')),
  attempt INTEGER NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('succeeded', 'will_retry', 'failed')),
  status_code INTEGER,
  duration_ms INTEGER NOT NULL,
  error TEXT,
  next_attempt_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at, id);
`
