import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { DomainEvent } from '../domain/events.js'
import type { WebhookEndpoint } from '../domain/webhook.js'
import { countsTowardHealth, retryDelayMs } from '../domain/webhook-delivery.js'
import { finalFailure } from '../errors.js'
import type { JobFailure, JobHandler } from '../ports/job-handler.js'
import type { JobQueue } from '../ports/job-queue.js'
import { type SendAttemptDeps, sendAttempt, storeHiccup } from './send-attempt.js'
import { DeliveryJob, enqueueDelivery } from './webhook-delivery-job.js'

export interface DeliverWebhookDeps extends SendAttemptDeps {
  readonly jobs: JobQueue
  /** A number in [0, 1) that places the retry jitter. */
  readonly random: () => number
}

/**
 * The endpoint and event of a job, or none when the attempt should be dropped (endpoint gone, disabled, or
 * no longer subscribed). A test goes to a disabled endpoint too: it is how a receiver is checked before re-enabling it.
 */
const loadTarget = (deps: DeliverWebhookDeps, job: DeliveryJob): TE.TaskEither<JobFailure, O.Option<{ endpoint: WebhookEndpoint; event: DomainEvent }>> =>
  pipe(
    deps.webhooks.find(job.accountId, job.endpointId),
    TE.mapLeft(storeHiccup),
    TE.flatMap(
      O.match(
        () => TE.right(O.none),
        (endpoint) =>
          endpoint.status !== 'active' && job.trigger !== 'test'
            ? TE.right(O.none)
            : pipe(
                deps.webhooks.findEvent(job.accountId, job.eventId),
                TE.mapLeft(storeHiccup),
                TE.flatMap(TE.fromOption(() => finalFailure(`event ${job.eventId} is no longer stored`))),
                TE.map((event) => (job.trigger === 'event' && !endpoint.events.includes(event.type) ? O.none : O.some({ endpoint, event }))),
              ),
      ),
    ),
  )

/** Sends one attempt and queues the next one when worth it (a test is tried once). */
const attemptDelivery = (deps: DeliverWebhookDeps, job: DeliveryJob, endpoint: WebhookEndpoint, event: DomainEvent): TE.TaskEither<JobFailure, void> =>
  pipe(
    sendAttempt(deps, {
      accountId: job.accountId,
      endpoint,
      event,
      trigger: job.trigger,
      attempt: job.attempt,
      retryDelay: (verdict) => (countsTowardHealth(job.trigger) ? retryDelayMs(job.attempt, deps.random(), verdict.retryAfterSeconds) : null),
    }),
    TE.flatMap(({ nextAt }) =>
      nextAt === null ? TE.right(undefined) : pipe(enqueueDelivery(deps.jobs, { ...job, attempt: job.attempt + 1 }, nextAt), TE.mapLeft(storeHiccup), TE.map(() => undefined)),
    ),
  )

/**
 * The `webhook.deliver` job: one attempt to send one event to one endpoint.
 * Failed attempts are retried on the schedule in webhook-delivery.ts by queueing
 * the next attempt, so the handler succeeds once the attempt is logged.
 */
export const deliverWebhook =
  (deps: DeliverWebhookDeps): JobHandler =>
  (payload) => {
    const decoded = DeliveryJob.decode(payload)
    if (E.isLeft(decoded)) return TE.left(finalFailure('the job payload is not a webhook delivery'))
    const job = decoded.right
    return pipe(
      loadTarget(deps, job),
      TE.flatMap(O.match(() => TE.right(undefined), ({ endpoint, event }) => attemptDelivery(deps, job, endpoint, event))),
    )
  }
