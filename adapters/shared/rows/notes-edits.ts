// The speaker_names and action_item_edits rows (SQLite migration 15, Postgres 13) as the domain's edits, shared by the SQL adapters.
import * as E from 'fp-ts/lib/Either.js'
import { type ActionItemEdit, ActionItemChanges, type SpeakerName } from '../../../src/core/domain/notes-edits.js'

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
