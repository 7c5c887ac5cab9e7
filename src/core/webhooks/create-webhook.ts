import { pipe } from 'fp-ts/lib/function.js'
import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { EventName } from '../domain/events.js'
import { MAX_DESCRIPTION_LENGTH, MAX_URL_LENGTH, uniqueEvents, type WebhookEndpoint } from '../domain/webhook.js'
import { type AppError, invalidField } from '../errors.js'
import type { Clock } from '../ports/clock.js'
import type { Ids } from '../ports/ids.js'
import type { SecretBox } from '../ports/secret-box.js'
import type { WebhookSender } from '../ports/webhook-sender.js'
import type { WebhookStore } from '../ports/webhook-store.js'
import { requireFullAccess } from './find-own-webhook.js'

export interface CreateWebhookInput {
  readonly url: string
  readonly events: ReadonlyArray<EventName>
  readonly description?: string | null
}

export interface WebhookWithSecret {
  readonly endpoint: WebhookEndpoint
  /** The plaintext signing secret, shown only in this answer. */
  readonly secret: string
}

export interface CreateWebhookDeps {
  readonly webhooks: WebhookStore
  readonly webhookSender: WebhookSender
  readonly secretBox: SecretBox
  readonly clock: Clock
  readonly ids: Ids
}

/** A URL the sender accepts, not too long; the refusal is a 422 on `url`. */
export const vetWebhookUrl = (sender: WebhookSender, url: string): E.Either<AppError, string> =>
  url.length > MAX_URL_LENGTH
    ? E.left(invalidField('url', `must be at most ${MAX_URL_LENGTH} characters`))
    : E.mapLeft((reason: string) => invalidField('url', reason))(sender.vetUrl(url))

export const vetDescription = (d: string | null | undefined): E.Either<AppError, string | null> =>
  d === undefined || d === null || d.trim() === ''
    ? E.right(null)
    : d.length > MAX_DESCRIPTION_LENGTH
      ? E.left(invalidField('description', `must be at most ${MAX_DESCRIPTION_LENGTH} characters`))
      : E.right(d.trim())

/** Registers an endpoint with a new signing secret, returned once and stored sealed. */
export const createWebhook =
  (deps: CreateWebhookDeps) =>
  (actor: Actor, input: CreateWebhookInput): TE.TaskEither<AppError, WebhookWithSecret> =>
    pipe(
      requireFullAccess(actor),
      TE.flatMap(() => TE.fromEither(vetWebhookUrl(deps.webhookSender, input.url))),
      TE.flatMap((url) =>
        pipe(
          TE.fromEither(vetDescription(input.description)),
          TE.flatMap((description) => {
            const now = deps.clock.now().toISOString()
            const secret = deps.webhookSender.mintSecret()
            const endpoint: WebhookEndpoint = {
              id: deps.ids.uuid(),
              accountId: actor.accountId,
              url,
              description,
              events: uniqueEvents(input.events),
              status: 'active',
              consecutiveFailures: 0,
              lastDeliveryAt: null,
              lastStatus: null,
              disabledReason: null,
              sealedSecret: deps.secretBox.seal(secret),
              sealedPreviousSecret: null,
              previousSecretExpiresAt: null,
              createdAt: now,
              updatedAt: now,
            }
            return TE.map((created: WebhookEndpoint) => ({ endpoint: created, secret }))(deps.webhooks.create(endpoint))
          }),
        ),
      ),
    )
