import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { Run } from '../domain/recordings/run.js'
import { sizeInWords } from '../domain/size-words.js'
import { audioMimeType, type Upload } from '../domain/recordings/upload.js'
import { type AppError, conflict, invalidField, notFound } from '../errors.js'
import type { BlobStore, Bytes } from '../ports/blob-store.js'
import type { Clock } from '../ports/clock.js'
import type { Ids } from '../ports/ids.js'
import type { JobQueue } from '../ports/job-queue.js'
import type { RunStore, UploadStore } from '../ports/recording-stores.js'
import { processJob } from '../processing/index.js'
import { moveRun } from '../recordings/index.js'
import { uploadLimit } from './create-upload.js'

export interface StoreUploadContentDeps {
  readonly uploads: UploadStore
  readonly runs: RunStore
  readonly blobs: BlobStore
  readonly jobs: JobQueue
  readonly clock: Clock
  readonly ids: Ids
  readonly maxUploadBytes: number
  readonly maxTranscriptBytes: number
}


const alreadySent = conflict('The content of this upload was already sent; create a new upload for another file')

/**
 * The second upload request: streams the bytes to the blob store, checks them
 * against the declared size, and queues processing. Each attempt writes its own
 * file, so two racing requests cannot mix their bytes; the loser's file is removed.
 */
export const storeUploadContent =
  (deps: StoreUploadContentDeps) =>
  (actor: Actor, uploadId: string, bytes: Bytes): TE.TaskEither<AppError, Upload> =>
    pipe(
      deps.uploads.find(actor.accountId, uploadId),
      TE.flatMap(TE.fromOption(() => notFound('Upload'))),
      TE.bindTo('upload'),
      TE.bind('run', ({ upload }) => pipe(deps.runs.find(actor.accountId, upload.runId), TE.flatMap(TE.fromOption(() => notFound('Upload'))))),
      TE.filterOrElse(({ run }) => run.state === 'awaiting_upload' && run.source !== null, () => alreadySent),
      TE.flatMap(({ upload, run }): TE.TaskEither<AppError, Upload> => {
        const source = run.source!
        const key = `${source.key.replace(/\.[^.]+$/, '')}-${deps.ids.uuid().slice(0, 8)}.${source.format}`
        const declared = upload.byteSize
        const cap = uploadLimit(upload.kind, deps)
        const limit = declared ?? cap.bytes
        const discard = (e: AppError): TE.TaskEither<AppError, never> => pipe(deps.blobs.remove(key), TE.flatMap(() => TE.left(e)))
        return pipe(
          deps.blobs.put(key, bytes, { maxBytes: limit }),
          TE.mapLeft((e): AppError => {
            if (e._tag !== 'Validation') return e
            return invalidField('content', declared !== null ? `the file is larger than the ${sizeInWords(declared)} declared when the upload was created` : `the file is larger than ${cap.words}`)
          }),
          TE.flatMap(({ bytes: received }): TE.TaskEither<AppError, number> => {
            if (received === 0) return discard(invalidField('content', 'the file is empty'))
            if (declared !== null && received !== declared) {
              return discard(invalidField('content', `the file ended before the size declared when the upload was created (${sizeInWords(declared)}); send the whole file`))
            }
            return TE.right(received)
          }),
          TE.flatMap((received): TE.TaskEither<AppError, Upload> =>
            pipe(
              moveRun(deps)(run, 'stored', {
                source: { ...source, key },
                audio: upload.kind === 'audio' ? { key, mimeType: audioMimeType(source.format, upload.contentType) } : null,
              }),
              TE.orElse((e): TE.TaskEither<AppError, Run> => discard(e._tag === 'Conflict' ? alreadySent : e)),
              TE.flatMap(() => deps.uploads.update({ ...upload, byteSize: received, updatedAt: deps.clock.now().toISOString() })),
            ),
          ),
          TE.tap((stored: Upload) => deps.jobs.enqueue(processJob(actor.accountId, stored.runId))),
        )
      }),
    )
