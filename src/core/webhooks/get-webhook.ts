import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { DeliveryHealth, WebhookEndpoint } from '../domain/webhook.js'
import { HEALTH_WINDOW_MS } from '../domain/webhook-delivery.js'
import type { AppError } from '../errors.js'
import type { Clock } from '../ports/clock.js'
import type { WebhookStore } from '../ports/webhook-store.js'
import { findOwnWebhook } from './find-own-webhook.js'

export interface WebhookWithHealth {
  readonly endpoint: WebhookEndpoint
  /** Attempts in the last 24 hours. */
  readonly recentDeliveries: DeliveryHealth & { readonly since: string }
}

/** One endpoint with its recent delivery health (and, while disabled, the reason). */
export const getWebhook =
  (deps: { readonly webhooks: WebhookStore; readonly clock: Clock }) =>
  (actor: Actor, id: string): TE.TaskEither<AppError, WebhookWithHealth> =>
    pipe(
      findOwnWebhook(deps)(actor, id),
      TE.flatMap((endpoint) => {
        const since = new Date(deps.clock.now().getTime() - HEALTH_WINDOW_MS).toISOString()
        return TE.map((health: DeliveryHealth) => ({ endpoint, recentDeliveries: { ...health, since } }))(
          deps.webhooks.deliveryHealth(actor.accountId, endpoint.id, since),
        )
      }),
    )
