import * as TE from 'fp-ts/lib/TaskEither.js'
import type { RateLimiter } from '../../../src/core/ports/rate-limiter.js'
import { type RateLimitSettings, slidingWindowDecision } from '../shared/sliding-window.js'

interface Window {
  start: number
  count: number
  previous: number
}

/** One process's counters; several API processes need the Redis limiter instead. */
export const memoryRateLimiter = (settings: RateLimitSettings): RateLimiter => {
  const windows = new Map<string, Window>()
  const windowMs = settings.windowSeconds * 1000
  return {
    hit: (bucket, now) => {
      const t = now.getTime()
      const start = t - (t % windowMs)
      const w = windows.get(bucket)
      const current: Window =
        w === undefined || w.start < start - windowMs
          ? { start, count: 0, previous: 0 }
          : w.start === start
            ? w
            : { start, count: 0, previous: w.count }
      const decision = slidingWindowDecision(settings, t, current.start, current.previous, current.count)
      if (decision.allowed) current.count += 1
      windows.set(bucket, current)
      return TE.right(decision)
    },
  }
}
