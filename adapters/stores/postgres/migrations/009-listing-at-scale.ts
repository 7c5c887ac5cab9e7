/**
 * Lists that stay fast with a million runs or 100,000 meetings in one account
 * (SQLite migration 9).
 *
 * run_counts holds each account's listed runs (not superseded), and
 * meeting_counts its listed meetings (not removed), kept by triggers inside
 * the writing transaction, so a page's total is one row instead of a count
 * over the account's rows (for meetings: when no window is asked for).
 * Inserts and deletes are counted per statement (a bulk insert updates the
 * counter once); an update per row, only when it moves a row into or out of
 * the list. The counter row serialises inserts of one account, which
 * RunStore.create does anyway (its per-account advisory lock). The tables are
 * locked first, so no write lands between the counts below and the triggers.
 *
 * meetings_window replaces meetings_listed with ends_at included, so paging
 * through and counting a window is an index-only scan. A meeting in a window
 * starts at most a day before it unless it lasts longer than a day:
 * meetings_long finds those few, so a window is two index ranges instead of
 * everything that started before it.
 *
 * runs_created_counted replaces runs_created with the state included, so the
 * allowance count (runs created this month that count) is an index-only scan.
 */
export const sql = `
LOCK TABLE runs, meetings IN SHARE ROW EXCLUSIVE MODE;
CREATE TABLE run_counts (
  account_id text COLLATE "C" PRIMARY KEY,
  listed bigint NOT NULL
);
CREATE FUNCTION runs_count_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO run_counts AS c (account_id, listed)
    SELECT account_id, count(*) FROM added WHERE state <> 'superseded' GROUP BY account_id
    ON CONFLICT (account_id) DO UPDATE SET listed = c.listed + EXCLUDED.listed;
  RETURN NULL;
END $$;
CREATE TRIGGER runs_count_insert AFTER INSERT ON runs REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION runs_count_added();
CREATE FUNCTION runs_count_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE run_counts c SET listed = c.listed - r.n
    FROM (SELECT account_id, count(*) AS n FROM removed WHERE state <> 'superseded' GROUP BY account_id) r
    WHERE c.account_id = r.account_id;
  RETURN NULL;
END $$;
CREATE TRIGGER runs_count_delete AFTER DELETE ON runs REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION runs_count_removed();
CREATE FUNCTION runs_count_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.state <> 'superseded' THEN
    UPDATE run_counts SET listed = listed - 1 WHERE account_id = OLD.account_id;
  END IF;
  IF NEW.state <> 'superseded' THEN
    INSERT INTO run_counts AS c (account_id, listed) VALUES (NEW.account_id, 1)
      ON CONFLICT (account_id) DO UPDATE SET listed = c.listed + 1;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER runs_count_update AFTER UPDATE OF account_id, state ON runs FOR EACH ROW
  WHEN ((OLD.state <> 'superseded') <> (NEW.state <> 'superseded') OR OLD.account_id <> NEW.account_id)
  EXECUTE FUNCTION runs_count_moved();
INSERT INTO run_counts (account_id, listed) SELECT account_id, count(*) FROM runs WHERE state <> 'superseded' GROUP BY account_id;
CREATE TABLE meeting_counts (
  account_id text COLLATE "C" PRIMARY KEY,
  listed bigint NOT NULL
);
CREATE FUNCTION meetings_count_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO meeting_counts AS c (account_id, listed)
    SELECT account_id, count(*) FROM added WHERE removed_at IS NULL GROUP BY account_id
    ON CONFLICT (account_id) DO UPDATE SET listed = c.listed + EXCLUDED.listed;
  RETURN NULL;
END $$;
CREATE TRIGGER meetings_count_insert AFTER INSERT ON meetings REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION meetings_count_added();
CREATE FUNCTION meetings_count_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE meeting_counts c SET listed = c.listed - r.n
    FROM (SELECT account_id, count(*) AS n FROM removed WHERE removed_at IS NULL GROUP BY account_id) r
    WHERE c.account_id = r.account_id;
  RETURN NULL;
END $$;
CREATE TRIGGER meetings_count_delete AFTER DELETE ON meetings REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION meetings_count_removed();
CREATE FUNCTION meetings_count_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.removed_at IS NULL THEN
    UPDATE meeting_counts SET listed = listed - 1 WHERE account_id = OLD.account_id;
  END IF;
  IF NEW.removed_at IS NULL THEN
    INSERT INTO meeting_counts AS c (account_id, listed) VALUES (NEW.account_id, 1)
      ON CONFLICT (account_id) DO UPDATE SET listed = c.listed + 1;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER meetings_count_update AFTER UPDATE OF account_id, removed_at ON meetings FOR EACH ROW
  WHEN ((OLD.removed_at IS NULL) <> (NEW.removed_at IS NULL) OR OLD.account_id <> NEW.account_id)
  EXECUTE FUNCTION meetings_count_moved();
INSERT INTO meeting_counts (account_id, listed) SELECT account_id, count(*) FROM meetings WHERE removed_at IS NULL GROUP BY account_id;
CREATE INDEX meetings_window ON meetings (account_id, starts_at, id) INCLUDE (ends_at) WHERE removed_at IS NULL;
DROP INDEX meetings_listed;
CREATE INDEX meetings_long ON meetings (account_id, ends_at) INCLUDE (starts_at, id) WHERE removed_at IS NULL AND duration_minutes > 1440;
CREATE INDEX runs_created_counted ON runs (account_id, created_at) INCLUDE (state);
DROP INDEX runs_created;
`
