import type { RateLimiter } from '../../../src/core/ports/rate-limiter.js'
import type { SignInLimits } from '../../../src/core/ports/sign-in-limits.js'
import type { RateLimitSettings } from './sliding-window.js'

export interface SignInLimitSettings {
  /** Attempts per email per window (`NOTETAKER_SIGNIN_ATTEMPTS`). */
  readonly attempts: number
  readonly windowSeconds: number
}

/** A client address may try five times as often as one email: an office or a household shares one address. */
export const ADDRESS_FACTOR = 5

/**
 * Two limiters of the API's kind (memory or Redis) with their own budgets.
 * `name` tells them apart, so that on Redis their keys never meet each other's
 * or the API limiter's.
 */
export const signInLimits = (settings: SignInLimitSettings, limiter: (limit: RateLimitSettings, name: string) => RateLimiter): SignInLimits => ({
  byEmail: limiter({ limit: settings.attempts, windowSeconds: settings.windowSeconds }, 'signin-email'),
  byAddress: limiter({ limit: settings.attempts * ADDRESS_FACTOR, windowSeconds: settings.windowSeconds }, 'signin-address'),
})
