import type * as E from 'fp-ts/lib/Either.js'
import type { SendOutcome } from '../../../src/core/domain/webhook-delivery.js'
import type { WebhookSender } from '../../../src/core/ports/webhook-sender.js'
import type { NetFailure } from '../net/net-failure.js'
import { readRetryAfter, type Resolve, safeFetch, type SafeResponse } from '../net/index.js'
import { mintWebhookSecret, signedHeaders } from './signing.js'
import { vetWebhookUrl } from './url-policy.js'

export interface HttpWebhookSenderOptions {
  /** Allows http and private, loopback and link-local addresses (local development, tests). */
  readonly allowPrivate: boolean
  /** Bound on one attempt: resolving, connecting, sending and reading the answer. */
  readonly timeoutMs: number
  /** How much of an answer is read; the rest is never downloaded. */
  readonly maxResponseBytes?: number
  readonly resolve?: Resolve
  /** Extra trusted CA (PEM), e.g. for a receiver behind an internal CA. */
  readonly ca?: string | Buffer
}

export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024
const EXCERPT_CHARS = 200

const excerpt = (r: SafeResponse): string =>
  r.body.subarray(0, EXCERPT_CHARS * 4).toString('utf8').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim().slice(0, EXCERPT_CHARS)

const toOutcome = (result: E.Either<NetFailure, SafeResponse>, durationMs: number): SendOutcome => {
  if (result._tag === 'Right') {
    const r = result.right
    const retryAfter = r.status === 429 || r.status === 503 ? readRetryAfter(r.headers['retry-after']) : null
    return { kind: 'answered', status: r.status, retryAfterSeconds: retryAfter, bodyExcerpt: excerpt(r), durationMs }
  }
  const f = result.left
  const reason = f.kind === 'blocked_address' || f.kind === 'bad_url' ? 'refused' : f.kind === 'timeout' ? 'timeout' : 'network'
  return { kind: 'unanswered', reason, message: f.message, durationMs }
}

/**
 * Delivers webhooks over HTTP(S) through the SSRF-guarded fetcher: the address
 * is resolved and checked at every attempt, redirects are not followed (a 3xx
 * is a failed attempt), time and answer size are bounded.
 */
export const httpWebhookSender = (o: HttpWebhookSenderOptions): WebhookSender => ({
  vetUrl: (url) => vetWebhookUrl(url, o.allowPrivate),
  mintSecret: mintWebhookSecret,
  send: (req) => async () => {
    const started = performance.now()
    const result = await safeFetch(req.url, {
      allowPrivate: o.allowPrivate,
      timeoutMs: o.timeoutMs,
      maxBytes: o.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      onOverflow: 'truncate',
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Notetaker-Webhooks/1',
        ...signedHeaders(req.messageId, req.sentAt, req.body, req.secrets),
      },
      body: req.body,
      ...(o.resolve === undefined ? {} : { resolve: o.resolve }),
      ...(o.ca === undefined ? {} : { ca: o.ca }),
    })()
    return toOutcome(result, performance.now() - started)
  },
})
