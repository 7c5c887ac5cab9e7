/**
 * Bots (SQLite migration 7): a live bot can be asked to leave; an account has at
 * most one live bot (the states are LIVE_BOT_STATES as of this migration) and a
 * meeting at most one run per start, enforced by the database so they hold
 * across processes; meetings about to start are found across accounts.
 */
export const sql = `
ALTER TABLE runs ADD COLUMN leave_requested_at text COLLATE "C";
CREATE UNIQUE INDEX runs_one_live_bot ON runs (account_id) WHERE state IN ('queued', 'joining', 'waiting_room', 'recording');
CREATE UNIQUE INDEX runs_one_per_meeting_start ON runs (meeting_id, starts_at)
  WHERE meeting_id IS NOT NULL AND state NOT IN ('superseded', 'cancelled');
CREATE INDEX meetings_starting ON meetings (starts_at, id) WHERE removed_at IS NULL;
`
