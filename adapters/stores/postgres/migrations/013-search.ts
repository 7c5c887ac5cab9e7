/**
 * Full-text search (SQLite migration 13), with the `english` configuration:
 * one row per recording with notes, written by NotesStore.replace
 * (adapters/stores/postgres/search-documents.ts) and removed with its notes.
 * `notes_tsv` is the notes part (title, both summaries, action item titles);
 * `doc_tsv` the notes and the transcript together plus one lexeme naming the
 * account, 'A' and its id (the configuration lowercases every lexeme it makes,
 * so no word is ever that one). Both are stripped of positions: a search needs
 * only which words a recording holds.
 *
 * A search asks `doc_tsv` for its words and the account's lexeme at once, so
 * the one GIN index yields only that account's documents holding every word,
 * whatever the other accounts hold; the notes part is then tested on those
 * rows only (it is small and stored inline), so it needs no index. The
 * alternative, a column account_id and a GIN index (account_id, doc_tsv) with
 * the btree_gin extension, was measured and dropped: the planner took such an
 * index for the account alone and tested each of its documents (de-TOASTing
 * every one), and an extension belongs to the database, not the schema, so
 * one schema dropped with CASCADE would take the indexes of every other.
 * Documents for the runs that already have notes are built here, before the
 * index (one build is faster than growing it row by row).
 */
export const sql = `
CREATE TABLE search_docs (
  run_id text COLLATE "C" PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
  notes_tsv tsvector NOT NULL,
  doc_tsv tsvector NOT NULL
);
INSERT INTO search_docs (run_id, notes_tsv, doc_tsv)
  SELECT t.run_id, strip(t.notes), strip(t.notes || to_tsvector('english', t.transcript)) || array_to_tsvector(ARRAY['A' || t.account_id])
  FROM (
    SELECT n.run_id, r.account_id,
      to_tsvector('english', concat_ws(E'\\n', r.title, n.body->>'shortSummary', n.body->>'detailedSummary',
        (SELECT string_agg(a->>'title', E'\\n') FROM json_array_elements(n.body->'actionItems') a))) AS notes,
      coalesce((SELECT string_agg(u.text, E'\\n' ORDER BY u.seq) FROM utterances u WHERE u.run_id = n.run_id), '') AS transcript
    FROM notes n JOIN runs r ON r.id = n.run_id
  ) t;
CREATE INDEX search_docs_doc ON search_docs USING gin (doc_tsv);
`
