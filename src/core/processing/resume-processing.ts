import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { StoreFailure } from '../errors.js'
import type { JobQueue } from '../ports/job-queue.js'
import type { RunStore } from '../ports/recording-stores.js'
import { RESUME_LIMIT, type Requeued, requeue } from './requeue.js'
import { processJob } from './process-job.js'

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
  (): TE.TaskEither<StoreFailure, Requeued> =>
    requeue(deps.runs.inProcessing(RESUME_LIMIT), (run) => deps.jobs.enqueue(processJob(run.accountId, run.id)))
