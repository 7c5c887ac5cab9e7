import { timingSafeEqual } from 'node:crypto'
import * as E from 'fp-ts/lib/Either.js'

/**
 * What our public notification route does with Graph's requests, as pure
 * functions: the validation handshake (echo `validationToken` as text/plain,
 * 200, within 10 s) and change or lifecycle notifications, each checked
 * against its subscription's clientState in constant time. A notification's
 * body is trusted only as "something changed on this subscription": the route
 * queues a sync and answers 202.
 */

/** Graph's validation tokens are short; anything longer is not one of them. */
const MAX_VALIDATION_TOKEN = 1024

/** When the request is Graph's validation handshake: the text to answer (200, `text/plain`); null otherwise. */
export const microsoftValidationRequest = (query: Readonly<Record<string, string | ReadonlyArray<string> | undefined>>): { readonly echo: string } | null => {
  const raw = query['validationToken']
  const token = typeof raw === 'string' ? raw : undefined
  return token === undefined || token === '' || token.length > MAX_VALIDATION_TOKEN ? null : { echo: token }
}

export interface MicrosoftNotice {
  /** Subscriptions whose calendar changed (each once): sync their connections. */
  readonly changed: ReadonlyArray<string>
  /** Lifecycle events (`reauthorizationRequired`, `subscriptionRemoved`, `missed`) by subscription: renew, watch anew, or sync. */
  readonly lifecycle: ReadonlyArray<{ readonly subscriptionId: string; readonly event: string }>
  /** How many items were refused (unknown subscription or wrong clientState); they are ignored. */
  readonly refused: number
}

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given, 'utf8')
  const b = Buffer.from(expected, 'utf8')
  // Compared in constant time; different lengths are refused after a same-length comparison, to keep the timing flat.
  return timingSafeEqual(a.length === b.length ? a : b, b) && a.length === b.length
}

/**
 * Reads a notification body (`{ value: [...] }`). `clientStateOf` answers the
 * clientState we gave a subscription, or null when it is not ours. Left, in
 * words, when the body is unreadable or no item in it is genuine.
 */
export const readMicrosoftNotification = (body: string, clientStateOf: (subscriptionId: string) => string | null): E.Either<string, MicrosoftNotice> => {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return E.left('The notification is not JSON.')
  }
  const value = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>)['value'] : undefined
  if (!Array.isArray(value) || value.length === 0) return E.left('The notification has no items.')
  const changed = new Set<string>()
  const lifecycle: Array<{ subscriptionId: string; event: string }> = []
  let refused = 0
  for (const item of value) {
    const n = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {}
    const id = n['subscriptionId']
    const given = n['clientState']
    const expected = typeof id === 'string' ? clientStateOf(id) : null
    if (typeof id !== 'string' || expected === null || typeof given !== 'string' || !sameSecret(given, expected)) {
      refused++
      continue
    }
    if (typeof n['lifecycleEvent'] === 'string') lifecycle.push({ subscriptionId: id, event: n['lifecycleEvent'] })
    else changed.add(id)
  }
  if (changed.size === 0 && lifecycle.length === 0) return E.left('The notification is for no subscription of ours, or its clientState does not match.')
  return E.right({ changed: [...changed], lifecycle, refused })
}
