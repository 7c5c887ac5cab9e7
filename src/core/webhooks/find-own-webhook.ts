import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { WebhookEndpoint } from '../domain/webhook.js'
import { type AppError, forbidden, notFound } from '../errors.js'
import type { WebhookStore } from '../ports/webhook-store.js'

/** The actor's endpoint; another account's id answers NotFound like a missing one. */
export const findOwnWebhook =
  (deps: { readonly webhooks: WebhookStore }) =>
  (actor: Actor, id: string): TE.TaskEither<AppError, WebhookEndpoint> =>
    pipe(deps.webhooks.find(actor.accountId, id), TE.flatMap(TE.fromOption(() => notFound('Webhook endpoint'))))

/** Changes need a full-access key; the HTTP adapter checks it first, the core checks it again for other drivers. */
export const requireFullAccess = (actor: Actor): TE.TaskEither<AppError, Actor> =>
  actor.access === 'full' ? TE.right(actor) : TE.left(forbidden('This key is read-only and cannot change webhooks'))
