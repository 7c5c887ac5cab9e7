import type { NotesEditStore } from '../../../src/core/ports/notes-edit-store.js'
import { type NotesEdits, partKeyOf } from '../../../src/core/domain/notes/notes-edits.js'
import { type ActionItemEditRow, type PartEditRow, type SpeakerNameRow, toActionItemEdit, toPartEdits, toSpeakerName } from '../shared/rows/notes-edits.js'
import { attempt, type Db } from './database.js'

/** Every edit of a run, read at once (also inside a transaction: the search document reads them). */
export const sqliteEditsOf = (db: Db): ((runId: string) => NotesEdits) => {
  const speakers = db.prepare<[string], SpeakerNameRow>('SELECT speaker_id, name, email, updated_at FROM speaker_names WHERE run_id = ?')
  const items = db.prepare<[string], ActionItemEditRow>('SELECT item_id, changes, updated_at FROM action_item_edits WHERE run_id = ?')
  const parts = db.prepare<[string], PartEditRow>('SELECT value FROM notes_part_edits WHERE run_id = ?')
  return (runId) => ({ speakers: speakers.all(runId).map(toSpeakerName), actionItems: items.all(runId).map(toActionItemEdit), parts: toPartEdits(parts.all(runId)) })
}

export const sqliteNotesEditStore = (db: Db): NotesEditStore => {
  const editsOf = sqliteEditsOf(db)
  const putSpeaker = db.prepare('REPLACE INTO speaker_names (run_id, speaker_id, name, email, updated_at) VALUES (?, ?, ?, ?, ?)')
  const putItem = db.prepare('REPLACE INTO action_item_edits (run_id, item_id, changes, updated_at) VALUES (?, ?, ?, ?)')
  const putPart = db.prepare('REPLACE INTO notes_part_edits (run_id, part, value, updated_at) VALUES (?, ?, ?, ?)')
  const dropPart = db.prepare('DELETE FROM notes_part_edits WHERE run_id = ? AND part = ?')
  const dropParts = db.prepare('DELETE FROM notes_part_edits WHERE run_id = ?')
  const dropSpeakers = db.prepare('DELETE FROM speaker_names WHERE run_id = ?')
  const dropItems = db.prepare('DELETE FROM action_item_edits WHERE run_id = ?')
  const remove = db.transaction((runId: string) => {
    dropSpeakers.run(runId)
    dropItems.run(runId)
    dropParts.run(runId)
  })
  return {
    find: (runId) => attempt(() => editsOf(runId)),
    putSpeaker: (runId, s) => attempt(() => void putSpeaker.run(runId, s.speakerId, s.name, s.email, s.updatedAt)),
    putActionItem: (runId, e) => attempt(() => void putItem.run(runId, e.itemId, JSON.stringify(e.changes), e.updatedAt)),
    putPart: (runId, e) => attempt(() => void putPart.run(runId, partKeyOf(e), JSON.stringify(e), e.updatedAt)),
    dropPart: (runId, key) => attempt(() => void dropPart.run(runId, key)),
    remove: (runId) => attempt(() => remove(runId)),
  }
}
