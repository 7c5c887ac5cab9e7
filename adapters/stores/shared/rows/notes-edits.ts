// The speaker_names, action_item_edits (SQLite migration 15, Postgres 13) and notes_part_edits rows (SQLite 27, Postgres 25) as the domain's edits, shared by the SQL adapters.
import * as E from 'fp-ts/lib/Either.js'
import { type ActionItemEdit, ActionItemChanges, PartEdit, type SpeakerName } from '../../../../src/core/domain/notes/notes-edits.js'

export interface SpeakerNameRow {
  speaker_id: string
  name: string
  email: string | null
  updated_at: string
}

/** `changes` is JSON text on SQLite; Postgres returns its json column parsed. */
export interface ActionItemEditRow {
  item_id: string
  changes: string | object
  updated_at: string
}

export const toSpeakerName = (r: SpeakerNameRow): SpeakerName => ({ speakerId: r.speaker_id, name: r.name, email: r.email, updatedAt: r.updated_at })

/** A row whose changes do not decode (a hand-edited database) counts as no change rather than failing every read of the recording. */
export const toActionItemEdit = (r: ActionItemEditRow): ActionItemEdit => {
  const raw = typeof r.changes === 'string' ? (JSON.parse(r.changes) as unknown) : r.changes
  const changes = ActionItemChanges.decode(raw)
  return { itemId: r.item_id, changes: E.isRight(changes) ? changes.right : {}, updatedAt: r.updated_at }
}

/** `value` is the whole edit as JSON (text on SQLite, parsed by Postgres). */
export interface PartEditRow {
  value: string | object
}

/** A row that does not decode (a hand-edited database) is left out: the generated text shows. */
export const toPartEdits = (rows: ReadonlyArray<PartEditRow>): PartEdit[] =>
  rows.flatMap((r) => {
    const edit = PartEdit.decode(typeof r.value === 'string' ? (JSON.parse(r.value) as unknown) : r.value)
    return E.isRight(edit) ? [edit.right] : []
  })
