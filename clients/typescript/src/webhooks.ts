/**
 * Standard Webhooks verification for receivers (https://www.standardwebhooks.com/):
 * `webhook-signature` holds space-separated `v1,<base64 HMAC-SHA256>` of
 * `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with the base64-decoded part of
 * the `whsec_` secret. Uses WebCrypto only (Node 20+, Deno, Bun, browsers, workers).
 */
import type { WebhookEvent } from './types.js'

export type WebhookVerificationReason =
  | 'missing_header'
  | 'invalid_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_too_new'
  | 'invalid_secret'
  | 'no_matching_signature'
  | 'invalid_body'

/** The delivery is not to be trusted (or not readable); `reason` says why. Answer it with a 4xx. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError'
  readonly reason: WebhookVerificationReason
  constructor(reason: WebhookVerificationReason, message: string) {
    super(message)
    this.reason = reason
  }
}

/** A fetch `Headers`, or Node's `req.headers` (lower-case names, a value may be an array). */
export type HeadersLike = Headers | Readonly<Record<string, string | ReadonlyArray<string> | undefined>>

export interface VerifyOptions {
  /** How far `webhook-timestamp` may be from now, either way; 300 s by default. */
  readonly toleranceSeconds?: number
  /** The time in ms since 1970 (Date.now by default). */
  readonly now?: () => number
}

const header = (headers: HeadersLike, name: string): string | null => {
  // A Headers of any fetch implementation; a plain record never holds a function.
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as Headers).get(name)
  for (const [key, value] of Object.entries(headers as Record<string, string | ReadonlyArray<string> | undefined>)) {
    if (key.toLowerCase() !== name || value === undefined) continue
    return typeof value === 'string' ? value : value.join(' ')
  }
  return null
}

// The return type is left to inference: Uint8Array over a plain ArrayBuffer, as WebCrypto wants, on every TypeScript 5.x.
const fromBase64 = (text: string) => {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 === 1) return null
  try {
    const binary = atob(text)
    const bytes = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
    return bytes
  } catch {
    return null
  }
}

/** Compares in time that depends only on the lengths (which are public: 32 bytes for HMAC-SHA256). */
const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!
  return diff === 0
}

const bytesOf = (body: string | Uint8Array | ArrayBuffer): Uint8Array =>
  typeof body === 'string' ? new TextEncoder().encode(body) : body instanceof Uint8Array ? body : new Uint8Array(body)

/**
 * Checks a delivery and answers its event; throws WebhookVerificationError otherwise.
 * `rawBody` must be the body exactly as received (not parsed and serialized again).
 * Accepts the delivery when any of its signatures matches (two during a secret rotation),
 * and refuses a timestamp more than `toleranceSeconds` old or ahead (replays).
 */
export const verifyWebhook = async (
  secret: string,
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: HeadersLike,
  options: VerifyOptions = {},
): Promise<WebhookEvent> => {
  const id = header(headers, 'webhook-id')
  const timestamp = header(headers, 'webhook-timestamp')
  const signatures = header(headers, 'webhook-signature')
  for (const [name, value] of [['webhook-id', id], ['webhook-timestamp', timestamp], ['webhook-signature', signatures]] as const) {
    if (value === null || value === '') throw new WebhookVerificationError('missing_header', `the ${name} header is missing`)
  }
  if (!/^\d{1,15}$/.test(timestamp!)) throw new WebhookVerificationError('invalid_timestamp', 'webhook-timestamp is not whole seconds since 1970')
  const tolerance = options.toleranceSeconds ?? 300
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000)
  const sent = Number(timestamp)
  if (sent < nowSeconds - tolerance) throw new WebhookVerificationError('timestamp_too_old', `webhook-timestamp is more than ${tolerance} s old`)
  if (sent > nowSeconds + tolerance) throw new WebhookVerificationError('timestamp_too_new', `webhook-timestamp is more than ${tolerance} s ahead`)

  const key = fromBase64(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret)
  if (key === null || key.length === 0) throw new WebhookVerificationError('invalid_secret', 'the secret is not whsec_ followed by base64')
  const body = bytesOf(rawBody)
  const prefix = new TextEncoder().encode(`${id}.${timestamp}.`)
  const signed = new Uint8Array(prefix.length + body.length)
  signed.set(prefix)
  signed.set(body, prefix.length)
  const subtle = globalThis.crypto.subtle
  const hmacKey = await subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const expected = new Uint8Array(await subtle.sign('HMAC', hmacKey, signed))

  let matched = false
  for (const entry of signatures!.split(' ')) {
    const comma = entry.indexOf(',')
    // Other schemes (v1a, asymmetric) are not ours to check.
    if (comma === -1 || entry.slice(0, comma) !== 'v1') continue
    const given = fromBase64(entry.slice(comma + 1))
    // Every v1 signature is compared, so the time taken does not tell which one matched.
    if (given !== null && sameBytes(given, expected)) matched = true
  }
  if (!matched) throw new WebhookVerificationError('no_matching_signature', 'no signature in webhook-signature matches this body and secret')

  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body)) as WebhookEvent
  } catch {
    throw new WebhookVerificationError('invalid_body', 'the body is not JSON')
  }
}
