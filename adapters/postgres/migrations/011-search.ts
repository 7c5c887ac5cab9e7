/**
 * Full-text search (SQLite migration 13), with the `english` configuration:
 * one row per recording with notes, written by NotesStore.replace
 * (adapters/postgres/search-documents.ts) and removed with its notes:
 * `notes_tsv` over the notes part (title, both summaries, action item titles)
 * and `doc_tsv` over notes and transcript together, both stripped of positions
 * (a search needs only which words a recording holds), each with a GIN index.
 * Documents for the runs that already have notes are built here.
 */
export const sql = `
CREATE TABLE search_docs (
  run_id text COLLATE "C" PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
  notes_tsv tsvector NOT NULL,
  doc_tsv tsvector NOT NULL
);
CREATE INDEX search_docs_doc ON search_docs USING gin (doc_tsv);
CREATE INDEX search_docs_notes ON search_docs USING gin (notes_tsv);
INSERT INTO search_docs (run_id, notes_tsv, doc_tsv)
  SELECT t.run_id, strip(t.notes), strip(t.notes || to_tsvector('english', t.transcript))
  FROM (
    SELECT n.run_id,
      to_tsvector('english', concat_ws(E'\\n', r.title, n.body->>'shortSummary', n.body->>'detailedSummary',
        (SELECT string_agg(a->>'title', E'\\n') FROM json_array_elements(n.body->'actionItems') a))) AS notes,
      coalesce((SELECT string_agg(u.text, E'\\n' ORDER BY u.seq) FROM utterances u WHERE u.run_id = n.run_id), '') AS transcript
    FROM notes n JOIN runs r ON r.id = n.run_id
  ) t;
`
