import type { NotesEditStore } from '../../../src/core/ports/notes-edit-store.js'
import { type NotesEdits, partKeyOf } from '../../../src/core/domain/notes/notes-edits.js'
import { type ActionItemEditRow, type PartEditRow, type SpeakerNameRow, toActionItemEdit, toPartEdits, toSpeakerName } from '../shared/rows/notes-edits.js'
import { attempt, json, type Pool, type Queryable, rows } from './database.js'

/** Every edit of a run (also inside a transaction: the search document reads them); one query after another on a client. */
export const postgresEditsOf = async (db: Queryable, runId: string): Promise<NotesEdits> => {
  const speakers = await rows<SpeakerNameRow>(db, 'SELECT speaker_id, name, email, updated_at FROM speaker_names WHERE run_id = $1', [runId])
  const items = await rows<ActionItemEditRow>(db, 'SELECT item_id, changes, updated_at FROM action_item_edits WHERE run_id = $1', [runId])
  const parts = await rows<PartEditRow>(db, 'SELECT value FROM notes_part_edits WHERE run_id = $1', [runId])
  return { speakers: speakers.map(toSpeakerName), actionItems: items.map(toActionItemEdit), parts: toPartEdits(parts) }
}

export const postgresNotesEditStore = (pool: Pool): NotesEditStore => ({
  find: (runId) => attempt(() => postgresEditsOf(pool, runId)),
  putSpeaker: (runId, s) =>
    attempt(async () => {
      await pool.query(
        `INSERT INTO speaker_names (run_id, speaker_id, name, email, updated_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (run_id, speaker_id) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email, updated_at = EXCLUDED.updated_at`,
        [runId, s.speakerId, s.name, s.email, s.updatedAt],
      )
    }),
  putActionItem: (runId, e) =>
    attempt(async () => {
      await pool.query(
        `INSERT INTO action_item_edits (run_id, item_id, changes, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (run_id, item_id) DO UPDATE SET changes = EXCLUDED.changes, updated_at = EXCLUDED.updated_at`,
        [runId, e.itemId, json(e.changes), e.updatedAt],
      )
    }),
  putPart: (runId, e) =>
    attempt(async () => {
      await pool.query(
        `INSERT INTO notes_part_edits (run_id, part, value, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (run_id, part) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
        [runId, partKeyOf(e), json(e), e.updatedAt],
      )
    }),
  dropPart: (runId, key) =>
    attempt(async () => {
      await pool.query('DELETE FROM notes_part_edits WHERE run_id = $1 AND part = $2', [runId, key])
    }),
  remove: (runId) =>
    attempt(async () => {
      await pool.query('DELETE FROM speaker_names WHERE run_id = $1', [runId])
      await pool.query('DELETE FROM action_item_edits WHERE run_id = $1', [runId])
      await pool.query('DELETE FROM notes_part_edits WHERE run_id = $1', [runId])
    }),
})
