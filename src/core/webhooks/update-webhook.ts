import { pipe } from 'fp-ts/lib/function.js'
import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { EventName } from '../domain/events.js'
import { uniqueEvents, type WebhookEndpoint, type WebhookStatus } from '../domain/webhook.js'
import { type AppError, notFound } from '../errors.js'
import type { Clock } from '../ports/clock.js'
import type { WebhookSender } from '../ports/webhook-sender.js'
import type { WebhookStore } from '../ports/webhook-store.js'
import { vetDescription, vetWebhookUrl } from './create-webhook.js'
import { requireFullAccess } from './find-own-webhook.js'

export interface WebhookPatch {
  readonly url?: string
  readonly events?: ReadonlyArray<EventName>
  readonly status?: WebhookStatus
  readonly description?: string | null
}

export const PAUSED_REASON = 'Paused with PATCH status "disabled"; PATCH status "active" to resume'

/**
 * `active` on a disabled endpoint re-enables it and clears the failure count
 * and the reason (without the clearing, the next failure would disable it
 * again at once); `disabled` pauses an active one. Both are no-ops when the
 * endpoint is already in that state.
 */
export const withStatus = (e: WebhookEndpoint, status: WebhookStatus): WebhookEndpoint => {
  if (status === e.status) return e
  return status === 'active'
    ? { ...e, status, consecutiveFailures: 0, disabledReason: null }
    : { ...e, status, disabledReason: PAUSED_REASON }
}

export const updateWebhook =
  (deps: { readonly webhooks: WebhookStore; readonly webhookSender: WebhookSender; readonly clock: Clock }) =>
  (actor: Actor, id: string, patch: WebhookPatch): TE.TaskEither<AppError, WebhookEndpoint> =>
    pipe(
      requireFullAccess(actor),
      TE.flatMap(() =>
        TE.fromEither(
          pipe(
            E.Do,
            E.apS('url', patch.url === undefined ? E.right(undefined) : vetWebhookUrl(deps.webhookSender, patch.url)),
            E.apS('description', patch.description === undefined ? E.right(undefined) : vetDescription(patch.description)),
          ),
        ),
      ),
      TE.flatMap((vetted) => {
        const at = deps.clock.now().toISOString()
        const change = (current: WebhookEndpoint): WebhookEndpoint => {
          const next: WebhookEndpoint = {
            ...current,
            ...(vetted.url === undefined ? {} : { url: vetted.url }),
            ...(vetted.description === undefined ? {} : { description: vetted.description }),
            ...(patch.events === undefined ? {} : { events: uniqueEvents(patch.events) }),
            updatedAt: at,
          }
          return patch.status === undefined ? next : withStatus(next, patch.status)
        }
        return deps.webhooks.update(actor.accountId, id, change)
      }),
      TE.flatMap(TE.fromOption(() => notFound('Webhook endpoint'))),
    )
