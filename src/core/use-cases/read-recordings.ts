import { pipe } from 'fp-ts/function'
import * as O from 'fp-ts/Option'
import * as TE from 'fp-ts/TaskEither'
import type { Actor } from '../domain/api-key.js'
import type { Page, PageQuery } from '../domain/page.js'
import type { Run } from '../domain/run.js'
import type { Upload } from '../domain/upload.js'
import type { Utterance } from '../domain/utterance.js'
import { type AppError, notFound } from '../errors.js'
import type { Bytes, BlobStore } from '../ports/blob-store.js'
import type { NotesStore, RunStore, StoredNotes, UploadStore } from '../ports/recording-stores.js'

export interface ReadDeps {
  readonly runs: RunStore
  readonly uploads: UploadStore
  readonly notes: NotesStore
  readonly blobs: BlobStore
}

/** What the caller may see of a recording: everything, or (shared at summary scope) no transcript or audio. */
export type Scope = 'full' | 'summary'

export interface RecordingDetail {
  readonly run: Run
  readonly scope: Scope
  readonly notes: O.Option<StoredNotes>
  /** Present when asked for and the scope allows it. */
  readonly transcript: O.Option<ReadonlyArray<Utterance>>
}

const visibleRun = (deps: ReadDeps, actor: Actor, runId: string) =>
  pipe(
    deps.runs.find(actor.accountId, runId),
    TE.flatMap(TE.fromOption(() => notFound('Recording'))),
    TE.filterOrElse((run) => run.state !== 'superseded', () => notFound('Recording')),
  )

export const listRecordings = (deps: ReadDeps) => (actor: Actor, page: PageQuery): TE.TaskEither<AppError, Page<Run>> => deps.runs.list(actor.accountId, page)

const ALL = { limit: Number.MAX_SAFE_INTEGER, offset: 0 }

export const getRecording =
  (deps: ReadDeps) =>
  (actor: Actor, runId: string, withTranscript: boolean): TE.TaskEither<AppError, RecordingDetail> =>
    pipe(
      visibleRun(deps, actor, runId),
      TE.flatMap((run) =>
        pipe(
          deps.notes.find(run.id),
          TE.flatMap((notes) =>
            withTranscript
              ? TE.map((p: Page<Utterance>) => ({ run, scope: 'full' as const, notes, transcript: O.some(p.rows) }))(deps.notes.transcript(run.id, ALL))
              : TE.right({ run, scope: 'full' as const, notes, transcript: O.none }),
          ),
        ),
      ),
    )

export const pageTranscript =
  (deps: ReadDeps) =>
  (actor: Actor, runId: string, page: PageQuery): TE.TaskEither<AppError, { page: Page<Utterance>; scope: Scope }> =>
    pipe(
      visibleRun(deps, actor, runId),
      TE.flatMap((run) => deps.notes.transcript(run.id, page)),
      TE.map((p) => ({ page: p, scope: 'full' as const })),
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
      visibleRun(deps, actor, runId),
      TE.flatMap((run) => (run.audio === null ? TE.left(notFound('Audio of this recording')) : TE.right(run.audio))),
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

export interface UploadView {
  readonly upload: Upload
  readonly run: Run
}

const withRun = (deps: ReadDeps, actor: Actor) => (upload: Upload) =>
  pipe(
    deps.runs.find(actor.accountId, upload.runId),
    TE.flatMap(TE.fromOption(() => notFound('Upload'))),
    TE.map((run): UploadView => ({ upload, run })),
  )

export const getUpload = (deps: ReadDeps) => (actor: Actor, uploadId: string): TE.TaskEither<AppError, UploadView> =>
  pipe(deps.uploads.find(actor.accountId, uploadId), TE.flatMap(TE.fromOption(() => notFound('Upload'))), TE.flatMap(withRun(deps, actor)))

export const listUploads = (deps: ReadDeps) => (actor: Actor, page: PageQuery): TE.TaskEither<AppError, Page<UploadView>> =>
  pipe(
    deps.uploads.list(actor.accountId, page),
    TE.flatMap((p) => pipe(TE.sequenceSeqArray(p.rows.map(withRun(deps, actor))), TE.map((rows) => ({ ...p, rows })))),
  )
