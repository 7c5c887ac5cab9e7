import type * as E from 'fp-ts/lib/Either.js'
import type * as T from 'fp-ts/lib/Task.js'
import type { SendOutcome } from '../domain/webhook-delivery.js'

export interface WebhookRequest {
  readonly url: string
  /** The `webhook-id` header: the event id, the same on every attempt of one event. */
  readonly messageId: string
  /** When this attempt is sent; `webhook-timestamp` is its whole seconds. */
  readonly sentAt: Date
  /** The JSON body, signed as sent. */
  readonly body: string
  /** Plaintext secrets (`whsec_...`) to sign with, newest first; each adds a signature. */
  readonly secrets: ReadonlyArray<string>
}

/** Signs and sends webhook requests; knows which URLs it may call and what a secret looks like. */
export interface WebhookSender {
  /**
   * Screens a URL a user registers: the scheme, and literal addresses that are
   * private, loopback, link-local or cloud metadata. Host names are checked
   * again after DNS at every delivery. Left: the reason in words.
   */
  vetUrl(url: string): E.Either<string, string>
  /** A new signing secret: `whsec_` and base64 of random bytes. */
  mintSecret(): string
  /** One signed POST with a bounded time and answer size; never fails, every outcome is a value. */
  send(request: WebhookRequest): T.Task<SendOutcome>
}
