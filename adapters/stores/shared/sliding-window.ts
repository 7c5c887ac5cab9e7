import type { RateDecision } from '../../../src/core/ports/rate-limiter.js'

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
  const untilMs = allowed ? windowStartMs + windowMs - nowMs : waitMs(settings.limit, windowStartMs, windowMs, previousCount, currentCount) - nowMs
  const resetSeconds = Math.max(1, Math.ceil(untilMs / 1000))
  return { allowed, limit: settings.limit, remaining, resetSeconds }
}

/**
 * When a refused bucket next allows a request, if nothing more is counted: the
 * previous window's weight falls off through this window; when this window's own
 * count is already at the limit, its weight must fall off through the next one.
 * Retry-After is never shorter than this (the window's end alone can be short by
 * up to the whole weight of the window's count).
 */
const waitMs = (limit: number, windowStartMs: number, windowMs: number, previous: number, current: number): number => {
  const room = limit - 1 - current
  if (room >= 0 && previous > 0) return windowStartMs + (1 - room / previous) * windowMs
  const nextStart = windowStartMs + windowMs
  return current > 0 ? nextStart + Math.max(0, 1 - (limit - 1) / current) * windowMs : nextStart
}
