import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { WebhookEndpoint } from '../domain/webhook.js'
import type { AppError } from '../errors.js'
import type { WebhookStore } from '../ports/webhook-store.js'

/** Every endpoint of the actor's account, oldest first (the spec returns this collection whole). */
export const listWebhooks =
  (deps: { readonly webhooks: WebhookStore }) =>
  (actor: Actor): TE.TaskEither<AppError, ReadonlyArray<WebhookEndpoint>> =>
    deps.webhooks.list(actor.accountId)
