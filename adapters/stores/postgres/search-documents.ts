// The search document of a recording (migration 11): written with its notes, in the caller's transaction.
import type pg from 'pg'
import type { Utterance } from '../../../src/core/domain/recordings/utterance.js'
import type { StoredNotes } from '../../../src/core/ports/recording-stores.js'
import { applyNotesEdits } from '../../../src/core/recordings/index.js'
import { searchDocumentOf } from '../shared/search/match.js'
import { postgresEditsOf } from './notes-edits.js'

/**
 * The lexeme naming an account in its documents, as SQL over an expression
 * for the account id: 'A' and the id (the `english` configuration lowercases
 * every lexeme it makes, so no word is ever this one).
 */
export const accountLexeme = (accountId: string) => `('A' || ${accountId}::text)`

/** Writes the documents of runs given as arrays: $1 run ids, $2 notes parts, $3 transcript parts. */
export const PUT_SEARCH_DOCUMENTS = `
  INSERT INTO search_docs (run_id, notes_tsv, doc_tsv)
  SELECT t.run_id, strip(t.v), strip(t.v || to_tsvector('english', t.transcript)) || array_to_tsvector(ARRAY[${accountLexeme('t.account_id')}])
  FROM (SELECT d.run_id, r.account_id, to_tsvector('english', d.notes) AS v, d.transcript
    FROM unnest($1::text[], $2::text[], $3::text[]) AS d(run_id, notes, transcript) JOIN runs r ON r.id = d.run_id) t
  ON CONFLICT (run_id) DO UPDATE SET notes_tsv = EXCLUDED.notes_tsv, doc_tsv = EXCLUDED.doc_tsv`

/** Writes (or rewrites) a run's search document; its notes part is the notes as people edited them. */
export const putSearchDocument = async (db: pg.ClientBase, runId: string, notes: StoredNotes, utterances: ReadonlyArray<Pick<Utterance, 'text'>>) => {
  const title = await db.query<{ title: string }>('SELECT title FROM runs WHERE id = $1', [runId])
  if (title.rows.length === 0) return
  const doc = searchDocumentOf(title.rows[0]!.title, applyNotesEdits(runId, notes, await postgresEditsOf(db, runId)), utterances)
  await db.query(PUT_SEARCH_DOCUMENTS, [[runId], [doc.notes], [doc.transcript]])
}
