import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { StoreFailure } from '../errors.js'
import type { JobQueue } from '../ports/job-queue.js'
import type { RunStore } from '../ports/recording-stores.js'
import { queueBot } from './bot-job.js'
import { RESUME_LIMIT, type Requeued, requeue } from '../processing/index.js'

export interface ResumeBotsDeps {
  readonly runs: RunStore
  readonly jobs: JobQueue
}

/**
 * Sending a bot creates its `queued` run, then queues the job that runs the
 * bot: two writes. A crash between them would leave a run that never sets off
 * and, being the account's live bot, refuses every other bot (409) until someone
 * asks it to leave. A starting worker queues the bot of every `queued` run
 * again; the job key (one open job per run) makes this a no-op for those whose
 * job is there. Answers how many bots were queued again.
 */
export const resumeBots =
  (deps: ResumeBotsDeps) =>
  (): TE.TaskEither<StoreFailure, Requeued> =>
    requeue(deps.runs.queuedBots(RESUME_LIMIT), (run) => queueBot(deps.jobs)(run, null))
