/**
 * What people change in generated notes: speaker names and action items. They
 * are kept apart from the notes, keyed by ids derived from the input (so the
 * same transcript processed again gives the same ids), and applied on reading:
 * re-processing replaces the notes and keeps the edits.
 */
import * as t from 'io-ts'
import { ActionItemStatus } from './notes.js'
import { stableId } from './stable-id.js'

/** A speaker's id: the same label of the same run always has the same id. */
export const speakerIdOf = (runId: string, label: string): string => stableId('speaker', runId, label)

/**
 * An action item's id, from the sentence it came from and how many items of
 * that run came from the same sentence before it (two tasks in one sentence).
 */
export const actionItemIdOf = (runId: string, context: string, occurrence: number): string =>
  stableId('action-item', runId, context, String(occurrence))

/** Gives each generated item its stable id, in order. */
export const withActionItemIds = <I extends { readonly context: string }>(runId: string, items: ReadonlyArray<I>): Array<I & { id: string }> => {
  const seen = new Map<string, number>()
  return items.map((item) => {
    const n = seen.get(item.context) ?? 0
    seen.set(item.context, n + 1)
    return { ...item, id: actionItemIdOf(runId, item.context, n) }
  })
}

/** The name people gave a speaker of a run (and the email, when mapped to an attendee). */
export interface SpeakerName {
  readonly speakerId: string
  readonly name: string
  readonly email: string | null
  readonly updatedAt: string
}

export const MAX_NAME_LENGTH = 200
export const MAX_TITLE_LENGTH = 500

/** The fields of an action item a person set; a field left out keeps what the analyzer said. */
export const ActionItemChanges = t.exact(
  t.partial({
    title: t.string,
    owner: t.union([t.string, t.null]),
    due: t.union([t.string, t.null]),
    status: ActionItemStatus,
  }),
  'ActionItemChanges',
)
export type ActionItemChanges = t.TypeOf<typeof ActionItemChanges>

export interface ActionItemEdit {
  readonly itemId: string
  readonly changes: ActionItemChanges
  readonly updatedAt: string
}

/** Every edit of one run. */
export interface NotesEdits {
  readonly speakers: ReadonlyArray<SpeakerName>
  readonly actionItems: ReadonlyArray<ActionItemEdit>
}

export const NO_EDITS: NotesEdits = { speakers: [], actionItems: [] }
