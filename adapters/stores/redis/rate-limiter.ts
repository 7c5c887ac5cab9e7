import * as TE from 'fp-ts/lib/TaskEither.js'
import { storeFailure } from '../../../src/core/errors.js'
import type { RateLimiter } from '../../../src/core/ports/rate-limiter.js'
import { type RateLimitSettings, slidingWindowDecision } from '../shared/sliding-window.js'
import { type Redis, script } from './client.js'

/**
 * The memory limiter's sliding-window counter, kept in one Redis hash per bucket
 * and updated by a Lua script so that every API process draws on one budget.
 * The script decides and counts atomically; the numbers the client answers with
 * (remaining, Retry-After) come from the same shared function as the memory
 * adapter's, fed with the window the script saw.
 *
 * Time is the caller's clock, as with the memory limiter. When processes'
 * clocks differ slightly, a process behind counts into the window another one
 * already opened rather than resetting it.
 */
const HIT = `
local now = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local start = now - (now % windowMs)
local stored = redis.call('HMGET', KEYS[1], 'start', 'count', 'previous')
local wStart, count, previous = tonumber(stored[1]), tonumber(stored[2]) or 0, tonumber(stored[3]) or 0
if wStart == nil or wStart < start - windowMs then
  wStart, count, previous = start, 0, 0
elseif wStart < start then
  wStart, count, previous = start, 0, count
end
if now < wStart then now = wStart end
local estimate = previous * (1 - (now - wStart) / windowMs) + count
local allowed = estimate + 1 <= limit
if allowed then
  redis.call('HSET', KEYS[1], 'start', string.format('%.0f', wStart), 'count', count + 1, 'previous', previous)
  redis.call('PEXPIRE', KEYS[1], windowMs * 2)
elseif tonumber(stored[1]) ~= wStart then
  redis.call('HSET', KEYS[1], 'start', string.format('%.0f', wStart), 'count', count, 'previous', previous)
  redis.call('PEXPIRE', KEYS[1], windowMs * 2)
end
return { wStart, now, previous, count }
`

/** Shared across processes; `prefix` namespaces the keys (e.g. "notetaker:"). */
export const redisRateLimiter = (client: Redis, settings: RateLimitSettings, prefix: string): RateLimiter => {
  const hit = script(client, 'notetakerRateHit', HIT, 1)
  const windowMs = settings.windowSeconds * 1000
  return {
    hit: (bucket, now) =>
      TE.tryCatch(async () => {
        const [windowStart, at, previous, countBefore] = (await hit(`${prefix}rate:${bucket}`, now.getTime(), windowMs, settings.limit)) as number[]
        // The same arithmetic as the script's (IEEE doubles on both sides), so `allowed` agrees.
        return slidingWindowDecision(settings, at!, windowStart!, previous!, countBefore!)
      }, storeFailure),
  }
}
