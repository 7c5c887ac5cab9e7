/**
 * The corrections people make beside speaker names and item edits: rename the
 * recording, rewrite the summaries, the decisions and topic labels (null goes
 * back to the generated text), add action items and delete any. Like every
 * edit they are kept apart from the notes and applied on reading, so
 * re-processing keeps them; only the owner makes them (ownRun: a recipient of
 * a share gets 404). Each one writes the search document again.
 */
import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../../domain/identity/api-key.js'
import {
  MAX_DECISION_LENGTH, MAX_DECISIONS, MAX_DETAILED_SUMMARY_LENGTH, MAX_SHORT_SUMMARY_LENGTH, MAX_TITLE_LENGTH, MAX_TOPIC_LENGTH,
  type ActionItemEdit, type PartEdit, partKeyOf,
} from '../../domain/notes/notes-edits.js'
import { addedActionItem } from '../../domain/notes/notes.js'
import type { Run } from '../../domain/recordings/run.js'
import { type AppError, type FieldIssue, notFound } from '../../errors.js'
import { ownRun } from '../../organizations/index.js'
import type { Ids } from '../../ports/ids.js'
import type { ActionItem } from '../../ports/recording-stores.js'
import { applyNotesEdits, type ReadNotes, type ReadTopic } from './apply-notes-edits.js'
import { checkName, type EditNotesDeps, isDay, issue, ownNotes, refuse, reindexed } from './edit-notes.js'

export interface CorrectNotesDeps extends EditNotesDeps {
  readonly ids: Ids
}

/** A text of 1 to `max` characters once trimmed. */
const checkText = (path: string, value: string, max: number, what = path): FieldIssue[] => {
  const v = value.trim()
  if (v === '') return [issue(path, `${what} must not be empty`)]
  return v.length > max ? [issue(path, `${what} must be at most ${max.toLocaleString('en')} characters`)] : []
}

/** Renames the recording: the title lives on the run (RunStore.rename), which processing and bots never write. */
export const renameRecording =
  (deps: CorrectNotesDeps) =>
  (actor: Actor, runId: string, title: string): TE.TaskEither<AppError, Run> => {
    const issues = checkText('title', title, MAX_TITLE_LENGTH)
    if (issues.length > 0) return refuse(issues)
    return pipe(
      ownRun(deps, actor, runId),
      TE.flatMap((run) => deps.runs.rename(actor.accountId, run.id, title.trim())),
      TE.flatMap(TE.fromOption((): AppError => notFound('Recording'))),
      TE.tap((run) => reindexed(deps, run.id)),
    )
  }

export interface NotesPatch {
  /** null goes back to the generated text. */
  readonly shortSummary?: string | null
  readonly detailedSummary?: string | null
  /** The whole edited list, in order; [] for none; null goes back to the generated decisions. */
  readonly decisions?: ReadonlyArray<string> | null
}

const checkDecisions = (decisions: ReadonlyArray<string>): FieldIssue[] =>
  decisions.length > MAX_DECISIONS
    ? [issue('decisions', `there can be at most ${MAX_DECISIONS} decisions`)]
    : decisions.flatMap((d, i) => checkText(`decisions.${i}`, d, MAX_DECISION_LENGTH, 'a decision'))

/** Applies each part's change: a text or list is kept, null drops the part's edit. */
const writeParts = (deps: CorrectNotesDeps, runId: string, changes: ReadonlyArray<{ key: string; edit: PartEdit | null }>): TE.TaskEither<AppError, void> =>
  pipe(
    TE.traverseSeqArray(({ key, edit }: { key: string; edit: PartEdit | null }) =>
      edit === null ? deps.notesEdits.dropPart(runId, key) : deps.notesEdits.putPart(runId, edit),
    )(changes),
    TE.flatMap(() => reindexed(deps, runId)),
  )

/** Rewrites the summaries and the decisions; the answer is the notes as they now read. */
export const editNotes =
  (deps: CorrectNotesDeps) =>
  (actor: Actor, runId: string, patch: NotesPatch): TE.TaskEither<AppError, ReadNotes> => {
    const issues = [
      ...(typeof patch.shortSummary === 'string' ? checkText('shortSummary', patch.shortSummary, MAX_SHORT_SUMMARY_LENGTH, 'the short summary') : []),
      ...(typeof patch.detailedSummary === 'string' ? checkText('detailedSummary', patch.detailedSummary, MAX_DETAILED_SUMMARY_LENGTH, 'the detailed summary') : []),
      ...(patch.decisions == null ? [] : checkDecisions(patch.decisions)),
      ...(Object.values(patch).every((v) => v === undefined) ? [issue('shortSummary', 'give at least one of the short summary, the detailed summary or the decisions')] : []),
    ]
    if (issues.length > 0) return refuse(issues)
    const updatedAt = deps.clock.now().toISOString()
    const text = (part: 'shortSummary' | 'detailedSummary', value: string | null | undefined) =>
      value === undefined ? [] : [{ key: part, edit: value === null ? null : { part, text: value.trim(), updatedAt } }]
    const changes = [
      ...text('shortSummary', patch.shortSummary),
      ...text('detailedSummary', patch.detailedSummary),
      ...(patch.decisions === undefined
        ? []
        : [{ key: 'decisions', edit: patch.decisions === null ? null : { part: 'decisions' as const, decisions: patch.decisions.map((d) => d.trim()), updatedAt } }]),
    ]
    return pipe(
      ownNotes(deps, actor, runId, 'Notes of this recording'),
      TE.flatMap(({ runId: id }) => TE.map(() => id)(writeParts(deps, id, changes))),
      TE.flatMap((id) => ownNotes(deps, actor, id, 'Notes of this recording')),
      TE.map(({ runId: id, notes, edits }) => applyNotesEdits(id, notes, edits)),
    )
  }

/** Relabels a topic (null goes back to the generated label); the answer is the topic as it now reads. */
export const editTopic =
  (deps: CorrectNotesDeps) =>
  (actor: Actor, runId: string, topicId: string, label: string | null): TE.TaskEither<AppError, ReadTopic> => {
    const issues = label === null ? [] : checkText('label', label, MAX_TOPIC_LENGTH)
    if (issues.length > 0) return refuse(issues)
    return pipe(
      ownNotes(deps, actor, runId, 'Topic'),
      TE.flatMap(({ runId: id, notes, edits }) => {
        if (!applyNotesEdits(id, notes, edits).topics.some((t) => t.id === topicId)) return TE.left(notFound('Topic'))
        const key = partKeyOf({ part: 'topic', topicId })
        const edit: PartEdit | null = label === null ? null : { part: 'topic', topicId, label: label.trim(), updatedAt: deps.clock.now().toISOString() }
        return pipe(
          writeParts(deps, id, [{ key, edit }]),
          TE.flatMap(() => ownNotes(deps, actor, id, 'Topic')),
          TE.flatMap((after) => TE.fromOption(() => notFound('Topic'))(O.fromNullable(applyNotesEdits(id, after.notes, after.edits).topics.find((t) => t.id === topicId)))),
        )
      }),
    )
  }

export interface NewActionItem {
  readonly title: string
  readonly owner?: string | null
  readonly due?: string | null
}

/** When an item is added: now, or just after the last added one, so added items keep their order even within a millisecond. */
const addedAfter = (now: Date, edits: ReadonlyArray<ActionItemEdit>): string => {
  const last = edits.reduce((max, e) => Math.max(max, e.changes.addedAt === undefined ? 0 : Date.parse(e.changes.addedAt)), 0)
  return new Date(Math.max(now.getTime(), last + 1)).toISOString()
}

/** Adds an action item the analyzer missed; it follows the generated ones. The answer is the new item. */
export const addActionItem =
  (deps: CorrectNotesDeps) =>
  (actor: Actor, runId: string, input: NewActionItem): TE.TaskEither<AppError, ActionItem> => {
    const issues = [
      ...checkText('title', input.title, MAX_TITLE_LENGTH),
      ...(typeof input.owner === 'string' ? checkName('owner', input.owner) : []),
      ...(typeof input.due === 'string' && !isDay(input.due) ? [issue('due', 'due must be a date written YYYY-MM-DD, or null')] : []),
    ]
    if (issues.length > 0) return refuse(issues)
    const now = deps.clock.now()
    const itemId = deps.ids.uuid()
    const fields = { title: input.title.trim(), owner: typeof input.owner === 'string' ? input.owner.trim() : null, due: input.due ?? null, status: 'active' as const }
    return pipe(
      ownNotes(deps, actor, runId, 'Notes of this recording'),
      TE.flatMap(({ runId: id, edits }) => {
        const changes = { ...fields, addedAt: addedAfter(now, edits.actionItems) }
        return pipe(deps.notesEdits.putActionItem(id, { itemId, changes, updatedAt: now.toISOString() }), TE.flatMap(() => reindexed(deps, id)))
      }),
      TE.map((): ActionItem => ({ id: itemId, ...addedActionItem(fields) })),
    )
  }

/** Deletes an action item, generated or added; a deleted generated item stays deleted when the recording is processed again. */
export const deleteActionItem =
  (deps: CorrectNotesDeps) =>
  (actor: Actor, runId: string, itemId: string): TE.TaskEither<AppError, void> =>
    pipe(
      ownNotes(deps, actor, runId, 'Action item'),
      TE.flatMap(({ runId: id, notes, edits }) => {
        if (!applyNotesEdits(id, notes, edits).actionItems.some((a) => a.id === itemId)) return TE.left(notFound('Action item'))
        const before = edits.actionItems.find((e) => e.itemId === itemId)
        const edit = { itemId, changes: { ...before?.changes, deleted: true }, updatedAt: deps.clock.now().toISOString() }
        return pipe(deps.notesEdits.putActionItem(id, edit), TE.flatMap(() => reindexed(deps, id)))
      }),
    )
