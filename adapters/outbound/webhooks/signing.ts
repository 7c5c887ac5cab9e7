import { randomBytes } from 'node:crypto'
import { Webhook } from 'standardwebhooks'

/** `whsec_` and base64 of 32 random bytes: the Standard Webhooks secret form. */
export const mintWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`

/**
 * The Standard Webhooks headers of one request. Each secret adds a
 * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, space-separated, so during
 * a rotation receivers holding either secret accept the request.
 */
export const signedHeaders = (messageId: string, sentAt: Date, body: string, secrets: ReadonlyArray<string>): Record<string, string> => ({
  'webhook-id': messageId,
  'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
  'webhook-signature': secrets.map((s) => new Webhook(s).sign(messageId, sentAt, body)).join(' '),
})
