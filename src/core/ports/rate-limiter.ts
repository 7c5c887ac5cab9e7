import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { StoreFailure } from '../errors.js'

export interface RateDecision {
  readonly allowed: boolean
  readonly limit: number
  readonly remaining: number
  /** Seconds until the window frees a request (Retry-After when refused). */
  readonly resetSeconds: number
}

/** Counts requests per bucket (one bucket per API key) in a sliding window. */
export interface RateLimiter {
  hit(bucket: string, now: Date): TE.TaskEither<StoreFailure, RateDecision>
}
