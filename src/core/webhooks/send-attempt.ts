import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as T from 'fp-ts/lib/Task.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { DomainEvent } from '../domain/events.js'
import type { DeliveryOutcome, DeliveryTrigger, WebhookDelivery, WebhookEndpoint } from '../domain/webhook.js'
import { type AttemptVerdict, applyAttempt, countsTowardHealth, judgeAttempt, loggedPayload, type SendOutcome, webhookPayload } from '../domain/webhook-delivery.js'
import { retryableFailure, type StoreFailure } from '../errors.js'
import type { Clock } from '../ports/clock.js'
import type { Ids } from '../ports/ids.js'
import type { JobFailure } from '../ports/job-handler.js'
import type { SecretBox } from '../ports/secret-box.js'
import type { WebhookSender } from '../ports/webhook-sender.js'
import type { WebhookStore } from '../ports/webhook-store.js'

export interface SendAttemptDeps {
  readonly webhooks: WebhookStore
  readonly secretBox: SecretBox
  readonly webhookSender: WebhookSender
  readonly clock: Clock
  readonly ids: Ids
  /** The address the web app is reached at (NOTETAKER_PUBLIC_URL), for links in payloads; '' when unknown. */
  readonly publicUrl?: string
}

export interface AttemptOf {
  readonly accountId: string
  readonly endpoint: WebhookEndpoint
  readonly event: DomainEvent
  readonly trigger: DeliveryTrigger
  readonly attempt: number
  /** Milliseconds before the next attempt after a retryable failure, or null to give up now. */
  readonly retryDelay: (verdict: AttemptVerdict) => number | null
}

/** What came of one attempt: `nextAt` is set when the attempt is to be tried again then. */
export interface AttemptResult {
  readonly outcome: DeliveryOutcome
  readonly nextAt: Date | null
}

// A store hiccup is worth the worker's own retry; the attempt may then be sent twice, which receivers dedupe by webhook-id.
export const storeHiccup = (e: StoreFailure): JobFailure => retryableFailure(`the webhook store failed: ${String((e.cause as Error)?.message ?? e.cause)}`)

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

const send = (deps: SendAttemptDeps, endpoint: WebhookEndpoint, body: string, messageId: string, now: Date): T.Task<SendOutcome> => {
  const secrets = signingSecrets(deps.secretBox, endpoint, now)
  if (E.isLeft(secrets)) {
    return T.of({ kind: 'unanswered', reason: 'refused', message: `The signing secret could not be decrypted: ${secrets.left.message}`, durationMs: 0 })
  }
  return deps.webhookSender.send({ url: endpoint.url, messageId, sentAt: now, body, secrets: secrets.right })
}

/**
 * Sends one signed attempt, logs it in the delivery log and updates the endpoint's health (a test
 * leaves it as it was); says whether and when to try again. Queueing that next attempt is the caller's.
 */
export const sendAttempt = (deps: SendAttemptDeps, a: AttemptOf): TE.TaskEither<JobFailure, AttemptResult> => {
  const startedAt = deps.clock.now()
  const body = JSON.stringify(webhookPayload(a.event, deps.publicUrl ?? ''))
  return pipe(
    TE.fromTask(send(deps, a.endpoint, body, a.event.id, startedAt)),
    TE.flatMap((sent) => {
      const verdict = judgeAttempt(sent)
      const delay = verdict.verdict === 'retryable' ? a.retryDelay(verdict) : null
      const outcome: DeliveryOutcome = verdict.verdict === 'succeeded' ? 'succeeded' : delay === null ? 'failed' : 'will_retry'
      const nextAt = delay === null ? null : new Date(deps.clock.now().getTime() + delay)
      const delivery: WebhookDelivery = {
        id: deps.ids.uuid(),
        accountId: a.accountId,
        endpointId: a.endpoint.id,
        eventId: a.event.id,
        eventType: a.event.type,
        trigger: a.trigger,
        attempt: a.attempt,
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
        TE.flatMap(() =>
          countsTowardHealth(a.trigger) ? TE.map(() => undefined)(deps.webhooks.update(a.accountId, a.endpoint.id, (current) => applyAttempt(current, attempt))) : TE.right(undefined),
        ),
        TE.mapLeft(storeHiccup),
        TE.map(() => ({ outcome, nextAt })),
      )
    }),
  )
}
