import type { Logger } from 'pino'
import type { IdempotencyStore } from '../../../src/core/ports/idempotency-store.js'
import type { RateLimiter } from '../../../src/core/ports/rate-limiter.js'
import type { SignInLimits } from '../../../src/core/ports/sign-in-limits.js'
import { type SignInLimitSettings, signInLimits } from '../shared/sign-in-limits.js'
import type { RateLimitSettings } from '../shared/sliding-window.js'
import { openRedis, pingRedis } from './client.js'
import { redisIdempotencyStore } from './idempotency.js'
import { redisRateLimiter } from './rate-limiter.js'
import { redisLiveFeed } from './live-feed.js'
import type { LiveFeed } from '../../../src/core/ports/live-feed.js'

export { openRedis, pingRedis } from './client.js'
export { redisIdempotencyStore } from './idempotency.js'
export { redisRateLimiter } from './rate-limiter.js'
export { redisLiveFeed } from './live-feed.js'

/** Every key this service writes to Redis starts with this, so it can share a Redis with others. */
export const REDIS_KEY_PREFIX = 'notetaker:'

export interface RedisSettings {
  /** REDIS_URL; empty when Redis is not configured. */
  readonly url: string
  readonly rateLimiter: 'memory' | 'redis'
  readonly idempotency: 'store' | 'redis'
  readonly rateLimit: RateLimitSettings
  /** Sign-in attempts, on Redis with the API's limiter (`NOTETAKER_RATE_LIMITER=redis`). */
  readonly signIn?: SignInLimitSettings
  readonly idempotencyRetentionMs: number
  readonly logger?: Logger
}

export interface RedisPorts {
  /** Only the ports the settings put on Redis; the caller keeps its own for the others. */
  readonly ports: { rateLimiter?: RateLimiter; signInLimits?: SignInLimits; idempotency?: IdempotencyStore }
  /** Readiness: a PING on the connection; null when no port uses Redis. */
  readonly ping: (() => Promise<void>) | null
  close(): Promise<void>
}

/** Opens one Redis connection when a port is configured to use it; none otherwise. */
export const redisPorts = (settings: RedisSettings): RedisPorts => {
  if (settings.rateLimiter !== 'redis' && settings.idempotency !== 'redis') return { ports: {}, ping: null, close: async () => {} }
  if (settings.url === '') {
    throw new Error('NOTETAKER_RATE_LIMITER=redis and NOTETAKER_IDEMPOTENCY=redis need REDIS_URL, e.g. redis://127.0.0.1:6379')
  }
  const client = openRedis(settings.url, settings.logger)
  return {
    ports: {
      ...(settings.rateLimiter === 'redis' ? { rateLimiter: redisRateLimiter(client, settings.rateLimit, REDIS_KEY_PREFIX) } : {}),
      ...(settings.rateLimiter === 'redis' && settings.signIn !== undefined
        ? { signInLimits: signInLimits(settings.signIn, (limit, name) => redisRateLimiter(client, limit, `${REDIS_KEY_PREFIX}${name}:`)) }
        : {}),
      ...(settings.idempotency === 'redis'
        ? { idempotency: redisIdempotencyStore(client, settings.idempotencyRetentionMs, REDIS_KEY_PREFIX) }
        : {}),
    },
    ping: () => pingRedis(client),
    close: async () => {
      await client.quit().catch(() => client.disconnect())
    },
  }
}

/** The live feed on Redis, on a connection of its own (its subscribers read on one more, made at the first). */
export const openRedisLiveFeed = (url: string, logger?: Logger): { readonly liveFeed: LiveFeed; close(): Promise<void> } => {
  const client = openRedis(url, logger)
  const liveFeed = redisLiveFeed(client, REDIS_KEY_PREFIX, logger === undefined ? {} : { logger })
  return {
    liveFeed,
    close: async () => {
      await liveFeed.close()
      await client.quit().catch(() => client.disconnect())
    },
  }
}
