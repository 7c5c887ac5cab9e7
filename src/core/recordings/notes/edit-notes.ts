/**
 * People correct generated notes: name a speaker (or map "Speaker 1" to an
 * attendee) and edit action items (done, owner, due date, title); the other
 * corrections are in ./correct-notes.ts. Edits are
 * stored apart from the notes (NotesEditStore) and applied on reading, so
 * processing the recording again keeps them. Only the owner edits: like every
 * write on a recording, a recipient of a share gets 404 (ownRun).
 */
import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { Email, normaliseEmail } from '../../domain/identity/account.js'
import type { Actor } from '../../domain/identity/api-key.js'
import type { ActionItemStatus } from '../../domain/notes/notes.js'
import { type ActionItemChanges, MAX_NAME_LENGTH, MAX_TITLE_LENGTH, type NotesEdits, speakerIdOf } from '../../domain/notes/notes-edits.js'
import { type AppError, type FieldIssue, notFound, validation } from '../../errors.js'
import { ownRun, type ReachDeps } from '../../organizations/index.js'
import type { Clock } from '../../ports/clock.js'
import type { NotesEditStore } from '../../ports/notes-edit-store.js'
import type { ActionItem, NotesStore, StoredNotes } from '../../ports/recording-stores.js'
import { applyNotesEdits, type Speaker } from './apply-notes-edits.js'

export interface EditNotesDeps extends ReachDeps {
  readonly notes: NotesStore
  readonly notesEdits: NotesEditStore
  readonly clock: Clock
}

export interface SpeakerPatch {
  readonly name?: string
  /** null forgets the email. */
  readonly email?: string | null
}

export interface ActionItemPatch {
  readonly title?: string
  readonly owner?: string | null
  readonly due?: string | null
  readonly status?: ActionItemStatus
}

export const issue = (path: string, message: string): FieldIssue => ({ path, message })

export const checkName = (path: string, value: string): FieldIssue[] => {
  const v = value.trim()
  if (v === '') return [issue(path, `${path} must not be empty`)]
  return v.length > MAX_NAME_LENGTH ? [issue(path, `${path} must be at most ${MAX_NAME_LENGTH} characters`)] : []
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
/** A real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export const isDay = (s: string): boolean => {
  const m = DATE.exec(s)
  if (m === null) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.toISOString().slice(0, 10) === s
}

export const refuse = (issues: ReadonlyArray<FieldIssue>): TE.TaskEither<AppError, never> => TE.left(validation(issues, issues.map((i) => i.message).join('; ')))

/** The run's notes and edits, for its owner; 404 when the run has no notes yet. */
export const ownNotes = (deps: EditNotesDeps, actor: Actor, runId: string, what: string): TE.TaskEither<AppError, { runId: string; notes: StoredNotes; edits: NotesEdits }> =>
  pipe(
    ownRun(deps, actor, runId),
    TE.flatMap((run) =>
      pipe(
        TE.Do as TE.TaskEither<AppError, {}>,
        TE.apS('notes', pipe(deps.notes.find(run.id), TE.flatMap(TE.fromOption((): AppError => notFound(what))))),
        TE.apS('edits', deps.notesEdits.find(run.id) as TE.TaskEither<AppError, NotesEdits>),
        TE.map(({ notes, edits }) => ({ runId: run.id, notes, edits })),
      ),
    ),
  )

/** The run's search document holds the edited notes: written again after each edit. */
export const reindexed = (deps: Pick<EditNotesDeps, 'notes'>, runId: string): TE.TaskEither<AppError, void> => deps.notes.reindex(runId)

/** Names a speaker of the recording; the answer is the speaker as it now reads. */
export const renameSpeaker =
  (deps: EditNotesDeps) =>
  (actor: Actor, runId: string, speakerId: string, patch: SpeakerPatch): TE.TaskEither<AppError, Speaker> => {
    const email = typeof patch.email === 'string' ? normaliseEmail(patch.email) : patch.email
    const issues = [
      ...(patch.name === undefined ? [] : checkName('name', patch.name)),
      ...(typeof email === 'string' && !Email.is(email) ? [issue('email', 'email must be an email address, or null')] : []),
      ...(patch.name === undefined && patch.email === undefined ? [issue('name', 'give a name, an email, or both')] : []),
    ]
    if (issues.length > 0) return refuse(issues)
    return pipe(
      ownNotes(deps, actor, runId, 'Speaker'),
      TE.flatMap(({ runId: id, notes, edits }) => {
        const label = notes.speakers.find((s) => speakerIdOf(id, s.name) === speakerId)?.name
        if (label === undefined) return TE.left(notFound('Speaker'))
        const before = edits.speakers.find((s) => s.speakerId === speakerId)
        const named = {
          speakerId,
          name: patch.name?.trim() ?? before?.name ?? label,
          email: email === undefined ? (before?.email ?? null) : email,
          updatedAt: deps.clock.now().toISOString(),
        }
        return pipe(
          deps.notesEdits.putSpeaker(id, named),
          TE.flatMap(() => reindexed(deps, id)),
          TE.map(() => applyNotesEdits(id, notes, { ...edits, speakers: [...edits.speakers.filter((s) => s.speakerId !== speakerId), named] })),
          TE.flatMap((read) => TE.fromOption(() => notFound('Speaker'))(O.fromNullable(read.speakers.find((s) => s.id === speakerId)))),
        )
      }),
    )
  }

/** Sets fields of an action item; fields left out keep their value. The answer is the item as it now reads. */
export const editActionItem =
  (deps: EditNotesDeps) =>
  (actor: Actor, runId: string, itemId: string, patch: ActionItemPatch): TE.TaskEither<AppError, ActionItem> => {
    const issues = [
      ...(patch.title === undefined ? [] : patch.title.trim() === '' ? [issue('title', 'title must not be empty')] : []),
      ...(patch.title !== undefined && patch.title.trim().length > MAX_TITLE_LENGTH ? [issue('title', `title must be at most ${MAX_TITLE_LENGTH} characters`)] : []),
      ...(typeof patch.owner === 'string' ? checkName('owner', patch.owner) : []),
      ...(typeof patch.due === 'string' && !isDay(patch.due) ? [issue('due', 'due must be a date written YYYY-MM-DD, or null')] : []),
      ...(Object.values(patch).every((v) => v === undefined) ? [issue('status', 'give at least one of status, owner, due, title')] : []),
    ]
    if (issues.length > 0) return refuse(issues)
    const changes: ActionItemChanges = {
      ...(patch.title === undefined ? {} : { title: patch.title.trim() }),
      ...(patch.owner === undefined ? {} : { owner: patch.owner === null ? null : patch.owner.trim() }),
      ...(patch.due === undefined ? {} : { due: patch.due }),
      ...(patch.status === undefined ? {} : { status: patch.status }),
    }
    return pipe(
      ownNotes(deps, actor, runId, 'Action item'),
      TE.flatMap(({ runId: id, notes, edits }) => {
        // the items as they read: an added one is there, a deleted one is not
        if (!applyNotesEdits(id, notes, edits).actionItems.some((a) => a.id === itemId)) return TE.left(notFound('Action item'))
        const before = edits.actionItems.find((e) => e.itemId === itemId)
        const edit = { itemId, changes: { ...before?.changes, ...changes }, updatedAt: deps.clock.now().toISOString() }
        return pipe(
          deps.notesEdits.putActionItem(id, edit),
          TE.flatMap(() => reindexed(deps, id)),
          TE.map(() => applyNotesEdits(id, notes, { ...edits, actionItems: [...edits.actionItems.filter((e) => e.itemId !== itemId), edit] })),
          TE.flatMap((read) => TE.fromOption(() => notFound('Action item'))(O.fromNullable(read.actionItems.find((a) => a.id === itemId)))),
        )
      }),
    )
  }
