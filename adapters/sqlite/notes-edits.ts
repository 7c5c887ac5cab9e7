import type { NotesEditStore } from '../../src/core/ports/notes-edit-store.js'
import { type ActionItemEditRow, type SpeakerNameRow, toActionItemEdit, toSpeakerName } from '../shared/rows/notes-edits.js'
import { attempt, type Db } from './database.js'

export const sqliteNotesEditStore = (db: Db): NotesEditStore => {
  const speakers = db.prepare<[string], SpeakerNameRow>('SELECT speaker_id, name, email, updated_at FROM speaker_names WHERE run_id = ?')
  const items = db.prepare<[string], ActionItemEditRow>('SELECT item_id, changes, updated_at FROM action_item_edits WHERE run_id = ?')
  const putSpeaker = db.prepare('REPLACE INTO speaker_names (run_id, speaker_id, name, email, updated_at) VALUES (?, ?, ?, ?, ?)')
  const putItem = db.prepare('REPLACE INTO action_item_edits (run_id, item_id, changes, updated_at) VALUES (?, ?, ?, ?)')
  const dropSpeakers = db.prepare('DELETE FROM speaker_names WHERE run_id = ?')
  const dropItems = db.prepare('DELETE FROM action_item_edits WHERE run_id = ?')
  const remove = db.transaction((runId: string) => {
    dropSpeakers.run(runId)
    dropItems.run(runId)
  })
  return {
    find: (runId) => attempt(() => ({ speakers: speakers.all(runId).map(toSpeakerName), actionItems: items.all(runId).map(toActionItemEdit) })),
    putSpeaker: (runId, s) => attempt(() => void putSpeaker.run(runId, s.speakerId, s.name, s.email, s.updatedAt)),
    putActionItem: (runId, e) => attempt(() => void putItem.run(runId, e.itemId, JSON.stringify(e.changes), e.updatedAt)),
    remove: (runId) => attempt(() => remove(runId)),
  }
}
