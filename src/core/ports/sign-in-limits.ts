import type { RateLimiter } from './rate-limiter.js'

/**
 * Sign-in attempts, counted apart from the API's request budget: per email
 * (lowercased) and, more loosely, per client address, so that neither one
 * account's password nor many accounts' can be guessed at speed.
 */
export interface SignInLimits {
  readonly byEmail: RateLimiter
  readonly byAddress: RateLimiter
}
