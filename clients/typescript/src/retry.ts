/** How a call is retried: bounded attempts, exponential backoff with full jitter, a cap on every wait. */
export interface RetryPolicy {
  /** Retries after the first attempt (so `retries + 1` attempts at most). */
  readonly retries: number
  /** The backoff of the first retry before jitter; it doubles on each further retry. */
  readonly baseDelayMs: number
  /**
   * The longest the client waits before one retry. A `Retry-After` asking for longer is not
   * shortened: the call gives up at once with the error (its `retryAfterMs` says how long).
   */
  readonly maxDelayMs: number
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 500, maxDelayMs: 30_000 }

/**
 * "Full jitter": a uniform wait between 0 and min(cap, base * 2^(retry-1)), which spreads
 * the retries of many clients instead of having them come back together.
 * `retry` counts from 1; `random` answers in [0, 1).
 */
export const backoffMs = (retry: number, policy: RetryPolicy, random: () => number): number =>
  Math.floor(random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1)))

/** `Retry-After` as ms from now: whole seconds, or an HTTP date; null when absent or unreadable. */
export const parseRetryAfter = (value: string | null, nowMs: number): number | null => {
  if (value === null) return null
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const at = Date.parse(text)
  // An HTTP date always names its zone (GMT); anything else Date.parse happens to read is not one.
  if (Number.isNaN(at) || !/GMT$/i.test(text)) return null
  return Math.max(0, at - nowMs)
}

/** Waits `ms`, or rejects with the signal's reason once it aborts. */
export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason)
      return
    }
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
