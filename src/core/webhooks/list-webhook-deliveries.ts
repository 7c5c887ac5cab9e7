import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { Page, PageQuery } from '../domain/page.js'
import type { WebhookDelivery } from '../domain/webhook.js'
import type { AppError } from '../errors.js'
import type { WebhookStore } from '../ports/webhook-store.js'
import { findOwnWebhook } from './find-own-webhook.js'

/** The endpoint's delivery log, one row per attempt, newest first. */
export const listWebhookDeliveries =
  (deps: { readonly webhooks: WebhookStore }) =>
  (actor: Actor, endpointId: string, page: PageQuery): TE.TaskEither<AppError, Page<WebhookDelivery>> =>
    pipe(
      findOwnWebhook(deps)(actor, endpointId),
      TE.flatMap((endpoint) => deps.webhooks.listDeliveries(actor.accountId, endpoint.id, page)),
    )
