import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import { type DomainEvent, TEST_EVENT } from '../domain/events.js'
import type { AppError } from '../errors.js'
import type { Clock } from '../ports/clock.js'
import type { Ids } from '../ports/ids.js'
import type { JobQueue } from '../ports/job-queue.js'
import type { WebhookStore } from '../ports/webhook-store.js'
import { findOwnWebhook, requireFullAccess } from './find-own-webhook.js'
import type { QueuedResend } from './resend-webhook-delivery.js'
import { enqueueDelivery } from './webhook-delivery-job.js'

export interface SendTestEventDeps {
  readonly webhooks: WebhookStore
  readonly jobs: JobQueue
  readonly clock: Clock
  readonly ids: Ids
}

/**
 * Queues a signed `webhook.test` event to one endpoint, whatever its events and also while it is
 * disabled (to check a receiver before re-enabling it). The worker sends it once, like any delivery,
 * and logs it with `trigger: "test"`; it is not retried and leaves the failure count as it was.
 */
export const sendTestEvent =
  (deps: SendTestEventDeps) =>
  (actor: Actor, endpointId: string): TE.TaskEither<AppError, QueuedResend> =>
    pipe(
      requireFullAccess(actor),
      TE.flatMap(() => findOwnWebhook(deps)(actor, endpointId)),
      TE.flatMap((endpoint) => {
        const now = deps.clock.now().toISOString()
        const event: DomainEvent = {
          id: deps.ids.uuid(),
          type: TEST_EVENT,
          accountId: actor.accountId,
          occurredAt: now,
          data: { endpointId: endpoint.id, message: 'A test event from Notetaker: if you can read this, the endpoint receives deliveries.' },
        }
        const job = { accountId: actor.accountId, endpointId: endpoint.id, eventId: event.id, trigger: 'test' as const, series: 'test', attempt: 1 }
        return pipe(
          deps.webhooks.saveEvent(event),
          TE.flatMap(() => enqueueDelivery(deps.jobs, job)),
          TE.map(() => ({ endpointId: endpoint.id, eventId: event.id, eventType: event.type, queuedAt: now })),
        )
      }),
    )
