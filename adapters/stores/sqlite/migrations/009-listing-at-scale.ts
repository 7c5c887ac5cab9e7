/**
 * Lists that stay fast with a million runs or 100,000 meetings in one account.
 *
 * run_counts holds each account's listed runs (not superseded), and
 * meeting_counts its listed meetings (not removed), kept by triggers inside
 * the writing transaction, so a page's total is one row instead of a count
 * over the account's rows (for meetings: when no window is asked for).
 * Meetings are written with an upsert, never REPLACE: REPLACE deletes the old
 * row without firing delete triggers.
 *
 * meetings_window replaces meetings_listed with ends_at beside the key, so
 * paging through and counting a window reads the index alone. A meeting in a
 * window starts at most a day before it unless it lasts longer than a day:
 * meetings_long finds those few, so a window is two index ranges instead of
 * everything that started before it.
 *
 * runs_created_counted replaces runs_created with the state beside the key, so
 * the allowance count (runs created this month that count) reads the index alone.
 */
export const sql = `
CREATE TABLE run_counts (
  account_id TEXT PRIMARY KEY,
  listed INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO run_counts (account_id, listed) SELECT account_id, count(*) FROM runs WHERE state <> 'superseded' GROUP BY account_id;
CREATE TRIGGER runs_count_insert AFTER INSERT ON runs WHEN NEW.state <> 'superseded' BEGIN
  INSERT INTO run_counts (account_id, listed) VALUES (NEW.account_id, 1) ON CONFLICT (account_id) DO UPDATE SET listed = listed + 1;
END;
CREATE TRIGGER runs_count_delete AFTER DELETE ON runs WHEN OLD.state <> 'superseded' BEGIN
  UPDATE run_counts SET listed = listed - 1 WHERE account_id = OLD.account_id;
END;
CREATE TRIGGER runs_count_update AFTER UPDATE OF account_id, state ON runs
  WHEN (OLD.state <> 'superseded') <> (NEW.state <> 'superseded') OR OLD.account_id <> NEW.account_id BEGIN
  UPDATE run_counts SET listed = listed - 1 WHERE account_id = OLD.account_id AND OLD.state <> 'superseded';
  INSERT INTO run_counts (account_id, listed) SELECT NEW.account_id, 1 WHERE NEW.state <> 'superseded'
    ON CONFLICT (account_id) DO UPDATE SET listed = listed + 1;
END;
CREATE TABLE meeting_counts (
  account_id TEXT PRIMARY KEY,
  listed INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO meeting_counts (account_id, listed) SELECT account_id, count(*) FROM meetings WHERE removed_at IS NULL GROUP BY account_id;
CREATE TRIGGER meetings_count_insert AFTER INSERT ON meetings WHEN NEW.removed_at IS NULL BEGIN
  INSERT INTO meeting_counts (account_id, listed) VALUES (NEW.account_id, 1) ON CONFLICT (account_id) DO UPDATE SET listed = listed + 1;
END;
CREATE TRIGGER meetings_count_delete AFTER DELETE ON meetings WHEN OLD.removed_at IS NULL BEGIN
  UPDATE meeting_counts SET listed = listed - 1 WHERE account_id = OLD.account_id;
END;
CREATE TRIGGER meetings_count_update AFTER UPDATE OF account_id, removed_at ON meetings
  WHEN (OLD.removed_at IS NULL) <> (NEW.removed_at IS NULL) OR OLD.account_id <> NEW.account_id BEGIN
  UPDATE meeting_counts SET listed = listed - 1 WHERE account_id = OLD.account_id AND OLD.removed_at IS NULL;
  INSERT INTO meeting_counts (account_id, listed) SELECT NEW.account_id, 1 WHERE NEW.removed_at IS NULL
    ON CONFLICT (account_id) DO UPDATE SET listed = listed + 1;
END;
CREATE INDEX meetings_window ON meetings (account_id, starts_at, id, ends_at) WHERE removed_at IS NULL;
DROP INDEX meetings_listed;
CREATE INDEX meetings_long ON meetings (account_id, ends_at, starts_at, id) WHERE removed_at IS NULL AND duration_minutes > 1440;
CREATE INDEX runs_created_counted ON runs (account_id, created_at, state);
DROP INDEX runs_created;
`
