import * as t from 'io-ts'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { StoreFailure } from '../errors.js'
import type { JobQueue } from '../ports/job-queue.js'

/** The job kind that delivers one run's live lines to one endpoint, a step at a time. */
export const LIVE_DELIVERY_JOB = 'webhook.live'

/**
 * One step of the deliveries of a run's live lines to one endpoint. Each step queues the next, so
 * there is one chain per run and endpoint and the cursor travels in it: nothing from outside joins
 * the chain, so no queued wake-up can be swallowed by a step that is finishing (the step polls instead).
 */
export const LiveDeliveryJob = t.type({
  accountId: t.string,
  endpointId: t.string,
  /** The run's identity, as its `meeting.started` event carried it. */
  run: t.type({ runId: t.string, reference: t.string, meetingId: t.union([t.string, t.null]), title: t.string, platform: t.union([t.string, t.null]), origin: t.string }),
  /** The feed is delivered (or passed over) through this seq. */
  afterSeq: t.number,
  /** 0, 1, 2 …: names the job, so each step is a new job and a step run twice queues its next one once while that one is open. */
  step: t.number,
  /** A `transcript.data` delivery that failed and is tried again; the cursor moves past it once it succeeds or is given up. */
  pending: t.union([t.null, t.type({ eventId: t.string, throughSeq: t.number, attempt: t.number })]),
  /** Since when the feed has had nothing new, in a row; null after a read that found something. */
  idleSince: t.union([t.null, t.string]),
})
export type LiveDeliveryJob = t.TypeOf<typeof LiveDeliveryJob>

export const enqueueLiveStep = (jobs: JobQueue, job: LiveDeliveryJob, runAt?: Date): TE.TaskEither<StoreFailure, { readonly id: string }> =>
  jobs.enqueue({
    kind: LIVE_DELIVERY_JOB,
    payload: job,
    key: `${LIVE_DELIVERY_JOB}:${job.endpointId}:${job.run.runId}:${job.step}`,
    maxAttempts: 3,
    ...(runAt === undefined ? {} : { runAt }),
  })
