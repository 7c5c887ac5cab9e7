import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { Page, PageQuery } from '../domain/page.js'
import type { SearchMatch } from '../domain/recordings/recording-filter.js'
import { type Run, runAsOf } from '../domain/recordings/run.js'
import { type Scope, scopeOf, type VisibleRun } from '../domain/recordings/share.js'
import type { Utterance } from '../domain/recordings/utterance.js'
import { type AppError, notFound } from '../errors.js'
import type { Bytes, BlobStore } from '../ports/blob-store.js'
import type { Clock } from '../ports/clock.js'
import type { NotesEditStore } from '../ports/notes-edit-store.js'
import type { NotesStore, StoredNotes } from '../ports/recording-stores.js'
import { emailOf, type ReachDeps, reachRun, visiblePage } from '../organizations/index.js'
import { readRecordingFilter, type RecordingListFilters } from './recording-filter.js'
import { applyNotesEdits, type ReadNotes, renameUtterances, speakerNames } from './notes/apply-notes-edits.js'
import type { NotesEdits } from '../domain/notes/notes-edits.js'

export interface ReadDeps extends ReachDeps {
  readonly notes: NotesStore
  /** Speaker names and action item edits, applied to every read. */
  readonly notesEdits: NotesEditStore
  readonly blobs: BlobStore
  readonly clock: Clock
}

/** A run as callers read it: as of now (a recording bot's seconds so far, see runAsOf). */
const asOfNow = (deps: Pick<ReadDeps, 'clock'>) => <R extends Run>(run: R): R => runAsOf(run, deps.clock.now())

/** What the caller may see of a recording: everything, or (shared at summary scope) no transcript or audio. */
export type { Scope }

/**
 * How many utterances a recording's detail carries at most (a meeting of two
 * hours or more); the transcript route pages through the rest. Keeps every
 * answer, and the memory it takes, bounded however long the meeting.
 */
export const INCLUDED_UTTERANCES = 2_000

export interface RecordingDetail {
  /** With `sharedAccess` null when the caller owns it. */
  readonly run: VisibleRun
  readonly scope: Scope
  /** With people's edits applied (speaker names, action items). */
  readonly notes: O.Option<ReadNotes>
  /** Present when asked for and the scope allows it: the first INCLUDED_UTTERANCES and how many there are in all. */
  readonly transcript: O.Option<{ readonly rows: ReadonlyArray<Utterance>; readonly total: number }>
}

/** A listed recording; `match` says where a search found it (null when the list has no search). */
export type ListedRecording = VisibleRun & { readonly match: SearchMatch | null }

/**
 * The caller's own runs and the runs shared with it, newest start first;
 * narrowed by the filters when given (a bad one is 422 naming it), and with a
 * search `q` most relevant first.
 */
export const listRecordings =
  (deps: ReadDeps) =>
  (actor: Actor, page: PageQuery, filters: RecordingListFilters = {}): TE.TaskEither<AppError, Page<ListedRecording>> =>
    pipe(
      TE.fromEither(readRecordingFilter(filters)),
      TE.flatMap((filter) =>
        pipe(
          emailOf(deps, actor),
          TE.flatMap((email) => deps.shares.listVisible(actor.accountId, email, page, filter)),
          TE.flatMap((p) =>
            TE.map((v: Page<VisibleRun>) => ({ ...v, rows: v.rows.map((run, i) => ({ ...run, match: p.rows[i]!.match ?? null })) }))(visiblePage(deps, p)),
          ),
        ),
      ),
      TE.flatMap((p) => TE.map((rows: ReadonlyArray<ListedRecording>) => ({ ...p, rows: rows.map(asOfNow(deps)) }))(TE.traverseSeqArray(namedMatch(deps))(p.rows))),
    )

/** A match in the transcript shows the name people gave its speaker, as the transcript does. */
const namedMatch =
  (deps: ReadDeps) =>
  (row: ListedRecording): TE.TaskEither<AppError, ListedRecording> =>
    row.match?.speaker == null
      ? TE.right(row)
      : TE.map((edits: NotesEdits) => {
          const speaker = row.match!.speaker!
          return { ...row, match: { ...row.match!, speaker: speakerNames(row.id, edits)(speaker)?.name ?? speaker } }
        })(deps.notesEdits.find(row.id))

export const getRecording =
  (deps: ReadDeps) =>
  (actor: Actor, runId: string, withTranscript: boolean): TE.TaskEither<AppError, RecordingDetail> =>
    pipe(
      reachRun(deps, actor, runId),
      TE.map(asOfNow(deps)),
      TE.flatMap((run) => {
        const scope = scopeOf(run)
        return pipe(
          TE.Do,
          TE.apS('stored', deps.notes.find(run.id)),
          TE.apS('edits', deps.notesEdits.find(run.id)),
          TE.flatMap(({ stored, edits }): TE.TaskEither<AppError, RecordingDetail> => {
            const notes = O.map((n: StoredNotes) => applyNotesEdits(run.id, n, edits))(stored)
            return withTranscript && scope === 'full'
              ? TE.map((p: Page<Utterance>) => ({ run, scope, notes, transcript: O.some({ rows: renameUtterances(run.id, edits, p.rows), total: p.total }) }))(
                  deps.notes.transcript(run.id, { limit: INCLUDED_UTTERANCES, offset: 0 }),
                )
              : TE.right({ run, scope, notes, transcript: O.none })
          }),
        )
      }),
    )

/** At summary scope the page is empty (total 0) and says so in `scope`. */
export const pageTranscript =
  (deps: ReadDeps) =>
  (actor: Actor, runId: string, page: PageQuery): TE.TaskEither<AppError, { page: Page<Utterance>; scope: Scope }> =>
    pipe(
      reachRun(deps, actor, runId),
      TE.flatMap((run): TE.TaskEither<AppError, { page: Page<Utterance>; scope: Scope }> =>
        scopeOf(run) === 'full'
          ? pipe(
              TE.Do,
              TE.apS('p', deps.notes.transcript(run.id, page)),
              TE.apS('edits', deps.notesEdits.find(run.id)),
              TE.map(({ p, edits }) => ({ page: { ...p, rows: renameUtterances(run.id, edits, p.rows) }, scope: 'full' as const })),
            )
          : TE.right({ page: { rows: [], total: 0, limit: page.limit, offset: page.offset }, scope: 'summary' }),
      ),
    )

export interface AudioFile {
  readonly size: number
  readonly mimeType: string
  /** When the stored file last changed (ISO 8601). */
  readonly modifiedAt: string
  /** Changes whenever the answer's bytes or type would (the file, its key, its type), and only then: what an ETag is made from. */
  readonly version: string
  read(range?: { start: number; end: number }): TE.TaskEither<AppError, Bytes>
}

/** The recording's audio, when it has any and the caller has full access to it. */
export const openAudio =
  (deps: ReadDeps) =>
  (actor: Actor, runId: string): TE.TaskEither<AppError, AudioFile> =>
    pipe(
      reachRun(deps, actor, runId),
      // Summary scope gives no audio; answered like a recording without any.
      TE.flatMap((run) => (run.audio === null || scopeOf(run) !== 'full' ? TE.left(notFound('Audio of this recording')) : TE.right(run.audio))),
      TE.flatMap((audio) =>
        pipe(
          deps.blobs.stat(audio.key),
          TE.flatMap(TE.fromOption(() => notFound('Audio of this recording'))),
          TE.map(
            (stat): AudioFile => ({
              size: stat.bytes,
              mimeType: audio.mimeType,
              modifiedAt: stat.modifiedAt,
              version: JSON.stringify([audio.key, audio.mimeType, stat.bytes, stat.version]),
              read: (range) => pipe(deps.blobs.read(audio.key, range), TE.flatMap(TE.fromOption(() => notFound('Audio of this recording')))),
            }),
          ),
        ),
      ),
    )
