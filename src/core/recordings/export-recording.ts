import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/api-key.js'
import type { NotesEdits } from '../domain/notes-edits.js'
import { runAsOf } from '../domain/run.js'
import { type Scope, scopeOf, type VisibleRun } from '../domain/share.js'
import type { Utterance } from '../domain/utterance.js'
import type { AppError } from '../errors.js'
import { reachRun } from '../organizations/index.js'
import type { StoredNotes } from '../ports/recording-stores.js'
import { applyNotesEdits, type ReadNotes, renameUtterances } from './apply-notes-edits.js'
import type { ReadDeps } from './read-recordings.js'

/** The transcript a page at a time, speakers named as people named them. */
export interface TranscriptReader {
  readonly total: number
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
}

const readerOf = (deps: ReadDeps, runId: string, edits: NotesEdits, total: number): TranscriptReader => ({
  total,
  page: (offset, limit) =>
    pipe(
      deps.notes.transcript(runId, { offset, limit }),
      TE.map((p) => renameUtterances(runId, edits, p.rows)),
    ),
})

export const exportRecording =
  (deps: ReadDeps) =>
  (actor: Actor, runId: string): TE.TaskEither<AppError, RecordingExport> =>
    pipe(
      reachRun(deps, actor, runId),
      TE.map((run) => runAsOf(run, deps.clock.now())),
      TE.flatMap((run) => {
        const scope = scopeOf(run)
        return pipe(
          TE.Do as TE.TaskEither<AppError, {}>,
          TE.apS('stored', deps.notes.find(run.id) as TE.TaskEither<AppError, O.Option<StoredNotes>>),
          TE.apS('edits', deps.notesEdits.find(run.id) as TE.TaskEither<AppError, NotesEdits>),
          TE.flatMap(({ stored, edits }): TE.TaskEither<AppError, RecordingExport> => {
            const notes = O.map((n: StoredNotes) => applyNotesEdits(run.id, n, edits))(stored)
            if (scope !== 'full') return TE.right({ run, scope, notes, transcript: null })
            // One row to learn the total; the writer pages through the rest.
            return TE.map((p: { total: number }) => ({ run, scope, notes, transcript: readerOf(deps, run.id, edits, p.total) }))(
              deps.notes.transcript(run.id, { offset: 0, limit: 1 }),
            )
          }),
        )
      }),
    )
