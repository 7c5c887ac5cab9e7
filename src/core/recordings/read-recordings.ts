import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/api-key.js'
import type { Page, PageQuery } from '../domain/page.js'
import { type Scope, scopeOf, type VisibleRun } from '../domain/share.js'
import type { Utterance } from '../domain/utterance.js'
import { type AppError, notFound } from '../errors.js'
import type { Bytes, BlobStore } from '../ports/blob-store.js'
import type { NotesStore, StoredNotes } from '../ports/recording-stores.js'
import { emailOf, type ReachDeps, reachRun, visiblePage } from '../organizations/index.js'

export interface ReadDeps extends ReachDeps {
  readonly notes: NotesStore
  readonly blobs: BlobStore
}

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
  readonly notes: O.Option<StoredNotes>
  /** Present when asked for and the scope allows it: the first INCLUDED_UTTERANCES and how many there are in all. */
  readonly transcript: O.Option<{ readonly rows: ReadonlyArray<Utterance>; readonly total: number }>
}

/** The caller's own runs and the runs shared with it, newest start first. */
export const listRecordings =
  (deps: ReadDeps) =>
  (actor: Actor, page: PageQuery): TE.TaskEither<AppError, Page<VisibleRun>> =>
    pipe(
      emailOf(deps, actor),
      TE.flatMap((email) => deps.shares.listVisible(actor.accountId, email, page)),
      TE.flatMap((p) => visiblePage(deps, p)),
    )

export const getRecording =
  (deps: ReadDeps) =>
  (actor: Actor, runId: string, withTranscript: boolean): TE.TaskEither<AppError, RecordingDetail> =>
    pipe(
      reachRun(deps, actor, runId),
      TE.flatMap((run) => {
        const scope = scopeOf(run)
        return pipe(
          deps.notes.find(run.id),
          TE.flatMap((notes): TE.TaskEither<AppError, RecordingDetail> =>
            withTranscript && scope === 'full'
              ? TE.map((p: Page<Utterance>) => ({ run, scope, notes, transcript: O.some({ rows: p.rows, total: p.total }) }))(
                  deps.notes.transcript(run.id, { limit: INCLUDED_UTTERANCES, offset: 0 }),
                )
              : TE.right({ run, scope, notes, transcript: O.none }),
          ),
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
          ? TE.map((p: Page<Utterance>) => ({ page: p, scope: 'full' as const }))(deps.notes.transcript(run.id, page))
          : TE.right({ page: { rows: [], total: 0, limit: page.limit, offset: page.offset }, scope: 'summary' }),
      ),
    )

export interface AudioFile {
  readonly size: number
  readonly mimeType: string
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
          deps.blobs.size(audio.key),
          TE.flatMap(TE.fromOption(() => notFound('Audio of this recording'))),
          TE.map(
            (size): AudioFile => ({
              size,
              mimeType: audio.mimeType,
              read: (range) => pipe(deps.blobs.read(audio.key, range), TE.flatMap(TE.fromOption(() => notFound('Audio of this recording')))),
            }),
          ),
        ),
      ),
    )
