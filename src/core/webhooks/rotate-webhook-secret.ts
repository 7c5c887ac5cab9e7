import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { WebhookEndpoint } from '../domain/webhook.js'
import { SECRET_ROTATION_GRACE_MS } from '../domain/webhook-delivery.js'
import { type AppError, notFound } from '../errors.js'
import type { Clock } from '../ports/clock.js'
import type { SecretBox } from '../ports/secret-box.js'
import type { WebhookSender } from '../ports/webhook-sender.js'
import type { WebhookStore } from '../ports/webhook-store.js'
import type { WebhookWithSecret } from './create-webhook.js'
import { requireFullAccess } from './find-own-webhook.js'

export interface RotateWebhookSecretDeps {
  readonly webhooks: WebhookStore
  readonly webhookSender: WebhookSender
  readonly secretBox: SecretBox
  readonly clock: Clock
}

/**
 * A new signing secret, returned once. For SECRET_ROTATION_GRACE_MS the
 * replaced secret still signs too (deliveries carry both signatures), so a
 * receiver can switch without losing events. Rotating again within the grace
 * period drops the oldest secret: only the two newest ever sign.
 */
export const rotateWebhookSecret =
  (deps: RotateWebhookSecretDeps) =>
  (actor: Actor, id: string): TE.TaskEither<AppError, WebhookWithSecret> =>
    pipe(
      requireFullAccess(actor),
      TE.flatMap(() => {
        const now = deps.clock.now()
        const secret = deps.webhookSender.mintSecret()
        const sealed = deps.secretBox.seal(secret)
        const change = (e: WebhookEndpoint): WebhookEndpoint => ({
          ...e,
          sealedSecret: sealed,
          sealedPreviousSecret: e.sealedSecret,
          previousSecretExpiresAt: new Date(now.getTime() + SECRET_ROTATION_GRACE_MS).toISOString(),
          updatedAt: now.toISOString(),
        })
        return pipe(
          deps.webhooks.update(actor.accountId, id, change),
          TE.flatMap(TE.fromOption(() => notFound('Webhook endpoint'))),
          TE.map((endpoint) => ({ endpoint, secret })),
        )
      }),
    )
