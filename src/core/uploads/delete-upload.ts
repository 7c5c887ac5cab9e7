import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import { type AppError, conflict, forbidden, notFound } from '../errors.js'
import { type EraseDeps, eraseRun } from '../recordings/index.js'

/**
 * Deletes an upload whose file was never sent, with its recording: nothing was
 * produced, so it does not count against the allowance. Once the file is sent
 * the upload is a recording like any other: 409 says to delete that instead.
 */
export const deleteUpload =
  (deps: EraseDeps) =>
  (actor: Actor, uploadId: string): TE.TaskEither<AppError, void> =>
    actor.access !== 'full'
      ? TE.left(forbidden('This key is read-only and cannot make changes'))
      : pipe(
          deps.uploads.find(actor.accountId, uploadId),
          TE.flatMap(TE.fromOption(() => notFound('Upload'))),
          TE.flatMap((upload) => pipe(deps.runs.find(actor.accountId, upload.runId), TE.flatMap(TE.fromOption(() => notFound('Upload'))))),
          TE.filterOrElse(
            (run) => run.state === 'awaiting_upload',
            (run) =>
              conflict(`The file of this upload was already sent; delete its recording instead: DELETE /recordings/${run.id} removes the upload, the recording and its notes`),
          ),
          TE.flatMap((run) => eraseRun(deps)(actor.accountId, run.id, run)),
          TE.flatMap((removed): TE.TaskEither<AppError, void> => (removed ? TE.right(undefined) : TE.left(notFound('Upload')))),
        )
