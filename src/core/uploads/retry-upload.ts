import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import { stageOf, type Upload } from '../domain/recordings/upload.js'
import { type AppError, conflict, notFound } from '../errors.js'
import type { Clock } from '../ports/clock.js'
import type { JobQueue } from '../ports/job-queue.js'
import type { RunStore, UploadStore } from '../ports/recording-stores.js'
import { moveRun } from '../recordings/index.js'
import { processJob } from '../processing/index.js'

export interface RetryUploadDeps {
  readonly uploads: UploadStore
  readonly runs: RunStore
  readonly jobs: JobQueue
  readonly clock: Clock
}

/**
 * Re-runs processing on the file already stored, from the stage that failed; nothing is re-sent.
 * Only a failed upload can be retried.
 */
export const retryUpload =
  (deps: RetryUploadDeps) =>
  (actor: Actor, uploadId: string): TE.TaskEither<AppError, Upload> =>
    pipe(
      deps.uploads.find(actor.accountId, uploadId),
      TE.flatMap(TE.fromOption(() => notFound('Upload'))),
      TE.flatMap((upload) =>
        pipe(
          deps.runs.find(actor.accountId, upload.runId),
          TE.flatMap(TE.fromOption(() => notFound('Upload'))),
          TE.filterOrElse(
            (run) => run.state === 'failed',
            (run) => conflict(`Only a failed upload can be retried; this one is ${stageOf(run.state)}`),
          ),
          // A failed analysis keeps its transcript: the retry starts again from there, without transcribing.
          TE.flatMap((run) => moveRun(deps)(run, run.failedStage === 'analysing' ? 'analysing' : 'stored', { detail: null, failedStage: null })),
          TE.flatMap(() => deps.uploads.update({ ...upload, error: null, updatedAt: deps.clock.now().toISOString() })),
          TE.tap(() => deps.jobs.enqueue(processJob(actor.accountId, upload.runId))),
        ),
      ),
    )
