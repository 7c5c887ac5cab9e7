import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { NotesEdits } from '../domain/notes/notes-edits.js'
import { PROCESSING_STATES, type Run, runAsOf } from '../domain/recordings/run.js'
import { type Scope, scopeOf, type VisibleRun } from '../domain/recordings/share.js'
import type { Utterance } from '../domain/recordings/utterance.js'
import type { AppError } from '../errors.js'
import { reachRun } from '../organizations/index.js'
import type { StoredNotes } from '../ports/recording-stores.js'
import { applyNotesEdits, type ReadNotes, renameUtterances } from './notes/apply-notes-edits.js'
import type { ReadDeps } from './read-recordings.js'

/** The transcript a page at a time, speakers named as people named them. */
export interface TranscriptReader {
  readonly total: number
  /**
   * Changes whenever the pages would read otherwise: how many there are, the run's last move
   * (processing writes the transcript), and the names given to its speakers.
   */
  readonly version: string
  page(offset: number, limit: number): TE.TaskEither<AppError, ReadonlyArray<Utterance>>
}

/**
 * What an export holds: the recording, its notes as edited, and its transcript
 * (null at summary scope, which exports only the notes). The transcript is read
 * in pages by whoever writes the export, so a long meeting is never held whole.
 */
export interface RecordingExport {
  readonly run: VisibleRun
  readonly scope: Scope
  readonly notes: O.Option<ReadNotes>
  readonly transcript: TranscriptReader | null
  /**
   * The latest change to what the export holds (ISO 8601): the run's last update or the last
   * edit of its notes; now while it is recording or being processed, when it changes by the second.
   */
  readonly changedAt: string
}

/** While recording (its length grows) or processing (its progress moves), a run changes without an update. */
const CHANGING: ReadonlyArray<Run['state']> = ['recording', ...PROCESSING_STATES]

const latestChange = (run: Run, edits: NotesEdits, now: Date): string =>
  CHANGING.includes(run.state)
    ? now.toISOString()
    : [run.updatedAt, ...edits.speakers.map((s) => s.updatedAt), ...edits.actionItems.map((a) => a.updatedAt), ...edits.parts.map((p) => p.updatedAt)].reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a))

const transcriptVersion = (run: Run, edits: NotesEdits, total: number): string =>
  JSON.stringify([total, run.state, run.updatedAt, [...edits.speakers].sort((a, b) => a.speakerId.localeCompare(b.speakerId)).map((s) => [s.speakerId, s.name, s.email])])

const readerOf = (deps: ReadDeps, run: Run, edits: NotesEdits, total: number): TranscriptReader => ({
  total,
  version: transcriptVersion(run, edits, total),
  page: (offset, limit) =>
    pipe(
      deps.notes.transcript(run.id, { offset, limit }),
      TE.map((p) => renameUtterances(run.id, edits, p.rows)),
    ),
})

export const exportRecording =
  (deps: ReadDeps) =>
  (actor: Actor, runId: string): TE.TaskEither<AppError, RecordingExport> =>
    pipe(
      reachRun(deps, actor, runId),
      TE.flatMap((found) => {
        const now = deps.clock.now()
        const run = runAsOf(found, now)
        const scope = scopeOf(run)
        return pipe(
          TE.Do as TE.TaskEither<AppError, {}>,
          TE.apS('stored', deps.notes.find(run.id) as TE.TaskEither<AppError, O.Option<StoredNotes>>),
          TE.apS('edits', deps.notesEdits.find(run.id) as TE.TaskEither<AppError, NotesEdits>),
          TE.flatMap(({ stored, edits }): TE.TaskEither<AppError, RecordingExport> => {
            const notes = O.map((n: StoredNotes) => applyNotesEdits(run.id, n, edits))(stored)
            const changedAt = latestChange(run, edits, now)
            if (scope !== 'full') return TE.right({ run, scope, notes, transcript: null, changedAt })
            // One row to learn the total; the writer pages through the rest.
            return TE.map((p: { total: number }) => ({ run, scope, notes, transcript: readerOf(deps, run, edits, p.total), changedAt }))(
              deps.notes.transcript(run.id, { offset: 0, limit: 1 }),
            )
          }),
        )
      }),
    )
