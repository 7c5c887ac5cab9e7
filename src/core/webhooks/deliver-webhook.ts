import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as T from 'fp-ts/lib/Task.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { DomainEvent } from '../domain/events.js'
import type { DeliveryOutcome, WebhookDelivery, WebhookEndpoint } from '../domain/webhook.js'
import { applyAttempt, countsTowardHealth, judgeAttempt, loggedPayload, retryDelayMs, type SendOutcome, webhookPayload } from '../domain/webhook-delivery.js'
import { finalFailure, retryableFailure, type StoreFailure } from '../errors.js'
import type { Clock } from '../ports/clock.js'
import type { Ids } from '../ports/ids.js'
import type { JobFailure, JobHandler } from '../ports/job-handler.js'
import type { JobQueue } from '../ports/job-queue.js'
import type { SecretBox } from '../ports/secret-box.js'
import type { WebhookSender } from '../ports/webhook-sender.js'
import type { WebhookStore } from '../ports/webhook-store.js'
import { DeliveryJob, enqueueDelivery } from './webhook-delivery-job.js'

export interface DeliverWebhookDeps {
  readonly webhooks: WebhookStore
  readonly jobs: JobQueue
  readonly secretBox: SecretBox
  readonly webhookSender: WebhookSender
  readonly clock: Clock
  readonly ids: Ids
  /** A number in [0, 1) that places the retry jitter. */
  readonly random: () => number
  /** The address the web app is reached at (NOTETAKER_PUBLIC_URL), for links in payloads; '' when unknown. */
  readonly publicUrl?: string
}

// A store hiccup is worth the worker's own retry; the attempt may then be sent twice, which receivers dedupe by webhook-id.
const storeHiccup = (e: StoreFailure): JobFailure => retryableFailure(`the webhook store failed: ${String((e.cause as Error)?.message ?? e.cause)}`)

/**
 * Plaintext secrets that sign now, newest first: the current one, and the
 * rotated-out one during its grace period. Only the current one must open: a
 * previous secret sealed under a lost key must not block the rotation that
 * replaced it.
 */
const signingSecrets = (box: SecretBox, e: WebhookEndpoint, now: Date) => {
  const inGrace = e.sealedPreviousSecret !== null && e.previousSecretExpiresAt !== null && Date.parse(e.previousSecretExpiresAt) > now.getTime()
  const previous = inGrace ? E.match(() => [], (s: string) => [s])(box.open(e.sealedPreviousSecret!)) : []
  return E.map((current: string) => [current, ...previous])(box.open(e.sealedSecret))
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

const send = (deps: DeliverWebhookDeps, endpoint: WebhookEndpoint, body: string, messageId: string, now: Date): T.Task<SendOutcome> => {
  const secrets = signingSecrets(deps.secretBox, endpoint, now)
  if (E.isLeft(secrets)) {
    return T.of({ kind: 'unanswered', reason: 'refused', message: `The signing secret could not be decrypted: ${secrets.left.message}`, durationMs: 0 })
  }
  return deps.webhookSender.send({ url: endpoint.url, messageId, sentAt: now, body, secrets: secrets.right })
}

/** Sends one attempt, logs it, queues the next one when worth it, and updates the endpoint's health. */
const attemptDelivery = (deps: DeliverWebhookDeps, job: DeliveryJob, endpoint: WebhookEndpoint, event: DomainEvent): TE.TaskEither<JobFailure, void> => {
  const startedAt = deps.clock.now()
  const body = JSON.stringify(webhookPayload(event, deps.publicUrl ?? ''))
  const counts = countsTowardHealth(job.trigger)
  return pipe(
    TE.fromTask(send(deps, endpoint, body, event.id, startedAt)),
    TE.flatMap((sent) => {
      const verdict = judgeAttempt(sent)
      const delay = verdict.verdict === 'retryable' && counts ? retryDelayMs(job.attempt, deps.random(), verdict.retryAfterSeconds) : null
      const outcome: DeliveryOutcome = verdict.verdict === 'succeeded' ? 'succeeded' : delay === null ? 'failed' : 'will_retry'
      const nextAt = delay === null ? null : new Date(deps.clock.now().getTime() + delay)
      const delivery: WebhookDelivery = {
        id: deps.ids.uuid(),
        accountId: job.accountId,
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: event.type,
        trigger: job.trigger,
        attempt: job.attempt,
        outcome,
        statusCode: verdict.statusCode,
        durationMs: Math.max(0, Math.round(sent.durationMs)),
        error: verdict.error,
        nextAttemptAt: nextAt?.toISOString() ?? null,
        payload: loggedPayload(body),
        response: sent.kind === 'answered' && sent.bodyExcerpt !== '' ? sent.bodyExcerpt : null,
        createdAt: startedAt.toISOString(),
      }
      const attempt = { at: delivery.createdAt, statusCode: delivery.statusCode, outcome, error: delivery.error }
      return pipe(
        deps.webhooks.addDelivery(delivery),
        TE.flatMap(() => (nextAt === null ? TE.right(undefined) : TE.map(() => undefined)(enqueueDelivery(deps.jobs, { ...job, attempt: job.attempt + 1 }, nextAt)))),
        TE.flatMap(() => (counts ? TE.map(() => undefined)(deps.webhooks.update(job.accountId, endpoint.id, (current) => applyAttempt(current, attempt))) : TE.right(undefined))),
        TE.mapLeft(storeHiccup),
        TE.map(() => undefined),
      )
    }),
  )
}

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
