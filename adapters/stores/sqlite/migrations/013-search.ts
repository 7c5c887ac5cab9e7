/**
 * Full-text search: one document per recording with notes, in two columns,
 * `notes` (title, both summaries, action item titles) and `transcript` (every
 * utterance), written by NotesStore.replace (adapters/stores/sqlite/search-documents.ts).
 *
 * search_fts is contentless (the texts stay in notes and utterances, stored
 * once) with contentless_delete, so a re-processed run's document is deleted
 * and written again; `detail=column` keeps which column holds a word (the
 * notes tier of the ranking) but no positions. A document's rowid is
 * search_docs.id: the account's key (search_accounts) times 2^24 plus a number
 * within the account, so one account's documents are one rowid range that a
 * search reads alone, whatever the other accounts hold.
 *
 * Removing a run's notes removes its document (the trigger), whoever removes them.
 * Documents for the runs that already have notes are built here.
 */
export const sql = `
CREATE TABLE search_accounts (
  key INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL UNIQUE
);
CREATE TABLE search_docs (
  id INTEGER PRIMARY KEY,
  run_id TEXT NOT NULL UNIQUE
);
CREATE VIRTUAL TABLE search_fts USING fts5(
  notes, transcript, content='', contentless_delete=1, detail=column, tokenize='porter unicode61'
);
CREATE TRIGGER notes_search_delete AFTER DELETE ON notes BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE run_id = OLD.run_id);
  DELETE FROM search_docs WHERE run_id = OLD.run_id;
END;

INSERT INTO search_accounts (account_id) SELECT DISTINCT runs.account_id FROM notes JOIN runs ON runs.id = notes.run_id ORDER BY 1;
INSERT INTO search_docs (id, run_id)
  SELECT a.key * 16777216 + row_number() OVER (PARTITION BY a.key ORDER BY runs.created_at, runs.id), runs.id
  FROM notes JOIN runs ON runs.id = notes.run_id JOIN search_accounts a ON a.account_id = runs.account_id;
INSERT INTO search_fts (rowid, notes, transcript)
  SELECT d.id,
    concat_ws(char(10), runs.title, json_extract(n.body, '$.shortSummary'), json_extract(n.body, '$.detailedSummary'),
      (SELECT group_concat(json_extract(a.value, '$.title'), char(10)) FROM json_each(n.body, '$.actionItems') a)),
    (SELECT group_concat(u.text, char(10) ORDER BY u.seq) FROM utterances u WHERE u.run_id = d.run_id)
  FROM search_docs d JOIN runs ON runs.id = d.run_id JOIN notes n ON n.run_id = d.run_id;
`
