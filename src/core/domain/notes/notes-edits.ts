/**
 * What people change in generated notes: speaker names, action items (edited,
 * added, deleted), the summaries, the decisions and topic labels. They
 * are kept apart from the notes, keyed by ids derived from the input (so the
 * same transcript processed again gives the same ids), and applied on reading:
 * re-processing replaces the notes and keeps the edits.
 */
import * as t from 'io-ts'
import { ActionItemStatus } from './notes.js'
import { stableId } from '../stable-id.js'

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

/** A topic's id: the same label at the same place among the run's topics gives the same id. */
export const topicIdOf = (runId: string, label: string, occurrence: number): string => stableId('topic', runId, label, String(occurrence))

/** Gives each generated topic its stable id, in order (two topics with one label told apart by their order). */
export const withTopicIds = <T extends { readonly label: string }>(runId: string, topics: ReadonlyArray<T>): Array<T & { id: string }> => {
  const seen = new Map<string, number>()
  return topics.map((topic) => {
    const n = seen.get(topic.label) ?? 0
    seen.set(topic.label, n + 1)
    return { ...topic, id: topicIdOf(runId, topic.label, n) }
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
export const MAX_SHORT_SUMMARY_LENGTH = 2_000
/** As long as any text a request carries (MAX_TEXT_LENGTH of the HTTP adapter). */
export const MAX_DETAILED_SUMMARY_LENGTH = 10_000
export const MAX_DECISION_LENGTH = 2_000
export const MAX_DECISIONS = 200
export const MAX_TOPIC_LENGTH = 200

/** The fields of an action item a person set; a field left out keeps what the analyzer said. */
export const ActionItemChanges = t.exact(
  t.partial({
    title: t.string,
    owner: t.union([t.string, t.null]),
    due: t.union([t.string, t.null]),
    status: ActionItemStatus,
    /** Set on an item a person added (not generated): when; such an edit carries the whole item. */
    addedAt: t.string,
    /** A deleted item (generated or added) stays deleted, even after re-processing. */
    deleted: t.boolean,
  }),
  'ActionItemChanges',
)
export type ActionItemChanges = t.TypeOf<typeof ActionItemChanges>

export interface ActionItemEdit {
  readonly itemId: string
  readonly changes: ActionItemChanges
  readonly updatedAt: string
}

/**
 * A part of the notes a person rewrote: a summary, the decisions (the whole
 * edited list, as text), or a topic's label. Dropping it goes back to the
 * generated text.
 */
export const PartEdit = t.union([
  t.type({ part: t.literal('shortSummary'), text: t.string, updatedAt: t.string }),
  t.type({ part: t.literal('detailedSummary'), text: t.string, updatedAt: t.string }),
  t.type({ part: t.literal('decisions'), decisions: t.array(t.string), updatedAt: t.string }),
  t.type({ part: t.literal('topic'), topicId: t.string, label: t.string, updatedAt: t.string }),
], 'PartEdit')
export type PartEdit = t.TypeOf<typeof PartEdit>

/** The key a store keeps a part edit under: one edit per summary, one for the decisions, one per topic. */
export const partKeyOf = (edit: Pick<PartEdit, 'part'> & { readonly topicId?: string }): string =>
  edit.part === 'topic' ? `topic:${edit.topicId}` : edit.part

/** Every edit of one run. */
export interface NotesEdits {
  readonly speakers: ReadonlyArray<SpeakerName>
  readonly actionItems: ReadonlyArray<ActionItemEdit>
  readonly parts: ReadonlyArray<PartEdit>
}

export const NO_EDITS: NotesEdits = { speakers: [], actionItems: [], parts: [] }
