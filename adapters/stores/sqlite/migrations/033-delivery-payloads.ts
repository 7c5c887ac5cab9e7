/**
 * The delivery log keeps what was sent (the JSON body, cut when long) and the first characters of the
 * answer; a delivery may be a test (`trigger_kind` 'test', POST /webhooks/{id}/test). SQLite cannot
 * change a CHECK, so the table is rebuilt; rows logged before keep null payloads.
 */
export const sql = `
CREATE TABLE webhook_deliveries_new (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  trigger_kind TEXT NOT NULL CHECK (trigger_kind IN ('event', 'resend', 'test')),
  attempt INTEGER NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('succeeded', 'will_retry', 'failed')),
  status_code INTEGER,
  duration_ms INTEGER NOT NULL,
  error TEXT,
  next_attempt_at TEXT,
  created_at TEXT NOT NULL,
  payload TEXT,
  response TEXT
);
INSERT INTO webhook_deliveries_new (id, account_id, endpoint_id, event_id, event_type, trigger_kind, attempt, outcome, status_code, duration_ms, error, next_attempt_at, created_at)
  SELECT id, account_id, endpoint_id, event_id, event_type, trigger_kind, attempt, outcome, status_code, duration_ms, error, next_attempt_at, created_at FROM webhook_deliveries;
DROP TABLE webhook_deliveries;
ALTER TABLE webhook_deliveries_new RENAME TO webhook_deliveries;
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at, id);
`
