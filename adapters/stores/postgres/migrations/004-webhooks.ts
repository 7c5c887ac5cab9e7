/**
 * Webhook endpoints, the events sent to them and the delivery log (one row per
 * attempt). Secrets are stored sealed. Deleting an endpoint deletes its log.
 * Event data is json, not jsonb: a re-sent event carries the original bytes' key order.
 */
export const sql = `
CREATE TABLE webhook_endpoints (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL,
  url text NOT NULL,
  description text,
  events jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'disabled')),
  consecutive_failures integer NOT NULL DEFAULT 0,
  last_delivery_at text COLLATE "C",
  last_status integer,
  disabled_reason text,
  sealed_secret text NOT NULL,
  sealed_previous_secret text,
  previous_secret_expires_at text COLLATE "C",
  created_at text COLLATE "C" NOT NULL,
  updated_at text COLLATE "C" NOT NULL
);
CREATE INDEX webhook_endpoints_account ON webhook_endpoints (account_id, created_at, id);
CREATE TABLE webhook_events (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL,
  type text NOT NULL,
  occurred_at text COLLATE "C" NOT NULL,
  data json NOT NULL
);
CREATE TABLE webhook_deliveries (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL,
  endpoint_id text COLLATE "C" NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_id text COLLATE "C" NOT NULL,
  event_type text NOT NULL,
  trigger_kind text NOT NULL CHECK (trigger_kind IN ('event', 'resend')),
  attempt integer NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('succeeded', 'will_retry', 'failed')),
  status_code integer,
  duration_ms integer NOT NULL,
  error text,
  next_attempt_at text COLLATE "C",
  created_at text COLLATE "C" NOT NULL
);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at, id);
`
