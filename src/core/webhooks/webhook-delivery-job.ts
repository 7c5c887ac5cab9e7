import * as t from 'io-ts'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { StoreFailure } from '../errors.js'
import type { JobQueue } from '../ports/job-queue.js'

/** The job kind the worker runs `deliverWebhook` for. */
export const WEBHOOK_DELIVERY_JOB = 'webhook.deliver'

/** One attempt to send one event to one endpoint. `series` names a delivery (the first send, or one resend) across its retries. */
export const DeliveryJob = t.type({
  accountId: t.string,
  endpointId: t.string,
  eventId: t.string,
  trigger: t.keyof({ event: null, resend: null, test: null }),
  series: t.string,
  attempt: t.number,
})
export type DeliveryJob = t.TypeOf<typeof DeliveryJob>

/**
 * Queues an attempt. Retries are scheduled by the delivery itself (the worker's
 * own retries only cover store hiccups), so each job is one attempt; the key
 * keeps a re-run job from queueing its next attempt twice.
 */
export const enqueueDelivery = (jobs: JobQueue, job: DeliveryJob, runAt?: Date): TE.TaskEither<StoreFailure, { readonly id: string }> =>
  jobs.enqueue({
    kind: WEBHOOK_DELIVERY_JOB,
    payload: job,
    key: `${WEBHOOK_DELIVERY_JOB}:${job.endpointId}:${job.eventId}:${job.series}:${job.attempt}`,
    maxAttempts: 3,
    ...(runAt === undefined ? {} : { runAt }),
  })
