import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { Page, PageQuery } from '../domain/page.js'
import type { Run } from '../domain/recordings/run.js'
import type { Upload } from '../domain/recordings/upload.js'
import { type AppError, notFound } from '../errors.js'
import type { RunStore, UploadStore } from '../ports/recording-stores.js'

export interface ReadUploadDeps {
  readonly uploads: UploadStore
  readonly runs: RunStore
}

export interface UploadView {
  readonly upload: Upload
  readonly run: Run
}

const withRun = (deps: ReadUploadDeps, actor: Actor) => (upload: Upload) =>
  pipe(
    deps.runs.find(actor.accountId, upload.runId),
    TE.flatMap(TE.fromOption(() => notFound('Upload'))),
    TE.map((run): UploadView => ({ upload, run })),
  )

export const getUpload = (deps: ReadUploadDeps) => (actor: Actor, uploadId: string): TE.TaskEither<AppError, UploadView> =>
  pipe(deps.uploads.find(actor.accountId, uploadId), TE.flatMap(TE.fromOption(() => notFound('Upload'))), TE.flatMap(withRun(deps, actor)))

export const listUploads = (deps: ReadUploadDeps) => (actor: Actor, page: PageQuery): TE.TaskEither<AppError, Page<UploadView>> =>
  pipe(
    deps.uploads.list(actor.accountId, page),
    TE.flatMap((p) => pipe(TE.sequenceSeqArray(p.rows.map(withRun(deps, actor))), TE.map((rows) => ({ ...p, rows })))),
  )
