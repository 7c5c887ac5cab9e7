import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import { type AppError, notFound } from '../errors.js'
import type { WebhookStore } from '../ports/webhook-store.js'
import { requireFullAccess } from './find-own-webhook.js'

/** Removes the endpoint and its delivery log; queued attempts for it find nothing and are dropped. */
export const deleteWebhook =
  (deps: { readonly webhooks: WebhookStore }) =>
  (actor: Actor, id: string): TE.TaskEither<AppError, { readonly id: string }> =>
    pipe(
      requireFullAccess(actor),
      TE.flatMap(() => deps.webhooks.remove(actor.accountId, id)),
      TE.flatMap((removed) => (removed ? TE.right({ id }) : TE.left(notFound('Webhook endpoint')))),
    )
