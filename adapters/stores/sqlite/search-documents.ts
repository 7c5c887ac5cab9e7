// The search document of a recording (migration 13): written with its notes, in the caller's transaction.
import type { StoredNotes } from '../../../src/core/ports/recording-stores.js'
import { applyNotesEdits } from '../../../src/core/recordings/index.js'
import { notesPartOf } from '../shared/search/match.js'
import type { Db } from './database.js'
import { sqliteEditsOf } from './notes-edits.js'

/** Documents per account: an account's rowids are [key × SPAN, (key + 1) × SPAN). */
export const ACCOUNT_SPAN = 16_777_216

/** The rowid range of an account's documents, [lo, hi); empty when it has none. */
export const sqliteAccountRange = (db: Db) => {
  const key = db.prepare<[string], number>('SELECT key FROM search_accounts WHERE account_id = ?').pluck()
  return (accountId: string): { lo: number; hi: number } => {
    const k = key.get(accountId) as number | undefined
    return k === undefined ? { lo: 0, hi: 0 } : { lo: k * ACCOUNT_SPAN, hi: (k + 1) * ACCOUNT_SPAN }
  }
}

/**
 * Writes (or rewrites) a run's search document; call inside a transaction. Nothing when the run is not there.
 * `transcript` is its transcript part, the distinct chunks of the utterances (./transcript-chunks.ts), computed
 * before the transaction; a document holding the whole text (written before, or by migration 13) is found alike.
 * The notes part is the notes as people edited them (their edits read in the same transaction), so a
 * search finds what the recording shows.
 */
export const sqliteSearchDocuments = (db: Db) => {
  const runOf = db.prepare<[string], { account_id: string; title: string }>('SELECT account_id, title FROM runs WHERE id = ?')
  const addAccount = db.prepare('INSERT OR IGNORE INTO search_accounts (account_id) VALUES (?)')
  const range = sqliteAccountRange(db)
  const docOf = db.prepare<[string], number>('SELECT id FROM search_docs WHERE run_id = ?').pluck()
  const nextDoc = db.prepare<[number, number, number], number>('SELECT coalesce(max(id), ?) + 1 FROM search_docs WHERE id >= ? AND id < ?').pluck()
  const addDoc = db.prepare('INSERT INTO search_docs (id, run_id) VALUES (?, ?)')
  const dropText = db.prepare('DELETE FROM search_fts WHERE rowid = ?')
  const putText = db.prepare('INSERT INTO search_fts (rowid, notes, transcript) VALUES (?, ?, ?)')
  const editsOf = sqliteEditsOf(db)
  return (runId: string, notes: StoredNotes, transcript: string): void => {
    const run = runOf.get(runId)
    if (run === undefined) return
    let id = docOf.get(runId) as number | undefined
    if (id === undefined) {
      addAccount.run(run.account_id)
      const { lo, hi } = range(run.account_id)
      id = nextDoc.get(lo, lo, hi) as number
      addDoc.run(id, runId)
    } else dropText.run(id)
    putText.run(id, notesPartOf(run.title, applyNotesEdits(runId, notes, editsOf(runId))), transcript)
  }
}
