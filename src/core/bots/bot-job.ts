import * as t from 'io-ts'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { Run } from '../domain/recordings/run.js'
import type { StoreFailure } from '../errors.js'
import type { JobQueue } from '../ports/job-queue.js'

/** The job kind that runs one bot through its meeting. */
export const BOT_JOB = 'bot.run'

export const BotJobPayload = t.type({ accountId: t.string, runId: t.string })

/**
 * Queues the bot of a run, to start at `at` (now when null). Keyed by run, so
 * it is never queued twice. Two attempts: the second only runs when the first's
 * process died, and finishes the run with what was recorded.
 */
export const queueBot =
  (jobs: JobQueue) =>
  (run: Pick<Run, 'id' | 'accountId'>, at: Date | null): TE.TaskEither<StoreFailure, { readonly id: string; readonly created: boolean }> =>
    jobs.enqueue({
      kind: BOT_JOB,
      payload: { accountId: run.accountId, runId: run.id },
      key: `${BOT_JOB}:${run.id}`,
      ...(at === null ? {} : { runAt: at }),
      maxAttempts: 2,
    })
