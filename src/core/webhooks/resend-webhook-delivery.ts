import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import { type EventName, TEST_EVENT } from '../domain/events.js'
import { type AppError, conflict, notFound } from '../errors.js'
import type { Clock } from '../ports/clock.js'
import type { Ids } from '../ports/ids.js'
import type { JobQueue } from '../ports/job-queue.js'
import type { WebhookStore } from '../ports/webhook-store.js'
import { findOwnWebhook, requireFullAccess } from './find-own-webhook.js'
import { enqueueDelivery } from './webhook-delivery-job.js'

export interface QueuedResend {
  readonly endpointId: string
  readonly eventId: string
  readonly eventType: EventName
  readonly queuedAt: string
}

export interface ResendWebhookDeliveryDeps {
  readonly webhooks: WebhookStore
  readonly jobs: JobQueue
  readonly clock: Clock
  readonly ids: Ids
}

/**
 * Sends the event of a logged delivery to its endpoint again, as a new delivery
 * (attempt 1, retried on the usual schedule) with the same webhook-id, so a
 * receiver that already has it can tell. A disabled endpoint is not sent to.
 */
export const resendWebhookDelivery =
  (deps: ResendWebhookDeliveryDeps) =>
  (actor: Actor, endpointId: string, deliveryId: string): TE.TaskEither<AppError, QueuedResend> =>
    pipe(
      requireFullAccess(actor),
      TE.flatMap(() => findOwnWebhook(deps)(actor, endpointId)),
      TE.flatMap((endpoint) =>
        endpoint.status === 'active'
          ? TE.right(endpoint)
          : TE.left(conflict('The webhook endpoint is disabled; PATCH its status to "active" before re-sending')),
      ),
      TE.flatMap((endpoint) => deps.webhooks.findDelivery(actor.accountId, endpoint.id, deliveryId)),
      TE.flatMap(TE.fromOption(() => notFound('Delivery'))),
      TE.flatMap((delivery) => {
        // A test sent again is still a test: once, and not counted.
        const trigger = delivery.eventType === TEST_EVENT ? ('test' as const) : ('resend' as const)
        const job = { accountId: actor.accountId, endpointId, eventId: delivery.eventId, trigger, series: deps.ids.uuid(), attempt: 1 }
        return TE.map(() => ({ endpointId, eventId: delivery.eventId, eventType: delivery.eventType, queuedAt: deps.clock.now().toISOString() }))(
          enqueueDelivery(deps.jobs, job),
        )
      }),
    )
