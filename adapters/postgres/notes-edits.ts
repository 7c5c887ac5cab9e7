import type { NotesEditStore } from '../../src/core/ports/notes-edit-store.js'
import { type ActionItemEditRow, type SpeakerNameRow, toActionItemEdit, toSpeakerName } from '../shared/rows/notes-edits.js'
import { attempt, json, type Pool, rows } from './database.js'

export const postgresNotesEditStore = (pool: Pool): NotesEditStore => ({
  find: (runId) =>
    attempt(async () => {
      const [speakers, items] = await Promise.all([
        rows<SpeakerNameRow>(pool, 'SELECT speaker_id, name, email, updated_at FROM speaker_names WHERE run_id = $1', [runId]),
        rows<ActionItemEditRow>(pool, 'SELECT item_id, changes, updated_at FROM action_item_edits WHERE run_id = $1', [runId]),
      ])
      return { speakers: speakers.map(toSpeakerName), actionItems: items.map(toActionItemEdit) }
    }),
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
  remove: (runId) =>
    attempt(async () => {
      await pool.query('DELETE FROM speaker_names WHERE run_id = $1', [runId])
      await pool.query('DELETE FROM action_item_edits WHERE run_id = $1', [runId])
    }),
})
