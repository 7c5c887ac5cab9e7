/**
 * Deleting recordings and keeping them for a while only (SQLite migration 14).
 *
 * run_tombstones keeps, for each deleted run that still counts against its
 * month's allowance, only its account and creation time: RunStore.countSince
 * adds them, so deleting gives back nothing already used. account_settings
 * holds each account's retention (null days: kept forever); the sweep walks the
 * accounts that have one (account_settings_retention) and each one's runs by
 * when they ended, or started when they never ended (runs_ended).
 */
export const sql = `
CREATE TABLE run_tombstones (
  account_id text COLLATE "C" NOT NULL,
  created_at text COLLATE "C" NOT NULL
);
CREATE INDEX run_tombstones_created ON run_tombstones (account_id, created_at);
CREATE TABLE account_settings (
  account_id text COLLATE "C" PRIMARY KEY,
  retention_days integer,
  retention_scope text NOT NULL CHECK (retention_scope IN ('audio', 'everything')),
  updated_at text COLLATE "C" NOT NULL
);
CREATE INDEX account_settings_retention ON account_settings (account_id) WHERE retention_days IS NOT NULL;
CREATE INDEX runs_ended ON runs (account_id, (coalesce(ended_at, starts_at)));
`
