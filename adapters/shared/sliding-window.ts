import type { RateDecision } from '../../src/core/ports/rate-limiter.js'

export interface RateLimitSettings {
  /** Requests allowed per window. */
  readonly limit: number
  readonly windowSeconds: number
}

/**
 * The sliding-window-counter estimate (as Cloudflare and others use it): the
 * previous window's count weighted by how much of it still overlaps the
 * sliding window, plus the current window's count. Constant memory per bucket.
 */
export const slidingWindowDecision = (
  settings: RateLimitSettings,
  nowMs: number,
  windowStartMs: number,
  previousCount: number,
  currentCount: number,
): RateDecision => {
  const windowMs = settings.windowSeconds * 1000
  const elapsed = (nowMs - windowStartMs) / windowMs
  const estimate = previousCount * (1 - elapsed) + currentCount
  const allowed = estimate + 1 <= settings.limit
  const remaining = Math.max(0, Math.floor(settings.limit - estimate - (allowed ? 1 : 0)))
  const resetSeconds = Math.max(1, Math.ceil((windowStartMs + windowMs - nowMs) / 1000))
  return { allowed, limit: settings.limit, remaining, resetSeconds }
}
