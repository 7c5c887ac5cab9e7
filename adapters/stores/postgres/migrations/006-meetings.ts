/**
 * Calendar connections and meetings. A connection's feed address is stored
 * sealed. Meetings are removed softly (removed_at). ends_at is starts_at plus
 * the duration, kept so window queries use an index.
 */
export const sql = `
CREATE TABLE calendar_connections (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL,
  provider text NOT NULL,
  account_email text NOT NULL,
  calendar_id text COLLATE "C" NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'active', 'error')),
  auto_join text NOT NULL CHECK (auto_join IN ('all', 'hosted', 'manual')),
  join_rules jsonb NOT NULL,
  bar_rules jsonb NOT NULL,
  last_synced_at text COLLATE "C",
  last_error text,
  created_at text COLLATE "C" NOT NULL,
  updated_at text COLLATE "C" NOT NULL,
  sealed_url text NOT NULL,
  cursor text,
  next_sync_at text COLLATE "C",
  consecutive_failures integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX calendar_connections_feed ON calendar_connections (account_id, calendar_id);
CREATE INDEX calendar_connections_account ON calendar_connections (account_id, created_at, id);
CREATE TABLE meetings (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL,
  connection_id text COLLATE "C",
  external_id text COLLATE "C",
  source text NOT NULL,
  title text NOT NULL,
  link text,
  description text NOT NULL,
  location text NOT NULL,
  starts_at text COLLATE "C" NOT NULL,
  ends_at text COLLATE "C" NOT NULL,
  duration_minutes integer NOT NULL,
  is_all_day boolean NOT NULL,
  is_recurring boolean NOT NULL,
  attendees jsonb NOT NULL,
  attendee_count integer NOT NULL,
  organizer jsonb,
  response_status text,
  external_url text,
  record_override boolean,
  created_at text COLLATE "C" NOT NULL,
  updated_at text COLLATE "C" NOT NULL,
  removed_at text COLLATE "C",
  removed_by text CHECK (removed_by IN ('user', 'calendar'))
);
CREATE INDEX meetings_listed ON meetings (account_id, starts_at, id) WHERE removed_at IS NULL;
CREATE UNIQUE INDEX meetings_external ON meetings (connection_id, external_id) WHERE connection_id IS NOT NULL;
CREATE INDEX meetings_connection_window ON meetings (connection_id, starts_at) WHERE removed_at IS NULL AND connection_id IS NOT NULL;
`
