import { pipe } from 'fp-ts/function'
import * as A from 'fp-ts/ReadonlyArray'
import * as TE from 'fp-ts/TaskEither'
import type { StoreFailure } from '../errors.js'
import type { JobQueue } from '../ports/job-queue.js'
import type { RunStore } from '../ports/recording-stores.js'
import { processJob } from './store-upload-content.js'

/** How many recordings one start looks at; more than this waiting at once is a backlog the queue already holds. */
export const RESUME_LIMIT = 10_000

export interface ResumeProcessingDeps {
  readonly runs: RunStore
  readonly jobs: JobQueue
}

/**
 * Storing a recording and queueing its processing job are two writes: a crash
 * between them would leave the recording `stored` forever. A starting worker
 * queues the job of every recording waiting for processing or in it; the job
 * key (one open job per recording) makes this a no-op for those that have one.
 * Answers how many recordings were given a job again.
 */
export const resumeProcessing =
  (deps: ResumeProcessingDeps) =>
  (): TE.TaskEither<StoreFailure, { readonly looked: number; readonly resumed: number }> =>
    pipe(
      deps.runs.inProcessing(RESUME_LIMIT),
      TE.flatMap((runs) =>
        pipe(
          runs,
          A.traverse(TE.ApplicativeSeq)((run) => deps.jobs.enqueue(processJob(run.accountId, run.id))),
          TE.map((queued) => ({ looked: runs.length, resumed: queued.filter((q) => q.created).length })),
        ),
      ),
    )
