import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { Logger } from 'pino'
import type { NetFailure } from '../net/net-failure.js'
import type { SafeFetchOptions, SafeResponse } from '../net/safe-fetch.js'

/** Google's real addresses; the settings default to them (tests point them at the stand-in). */
export const GOOGLE_AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth'
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token'
export const GOOGLE_USERINFO_URL = 'https://openidconnect.googleapis.com/v1/userinfo'
export const GOOGLE_API_BASE_URL = 'https://www.googleapis.com/calendar/v3'

/** Read-only calendar access, and the account's email (userinfo). */
export const GOOGLE_SCOPES = ['openid', 'email', 'https://www.googleapis.com/auth/calendar.readonly'] as const

/**
 * safeFetch with the deployment's address policy and extra CA bound in
 * (`allowPrivate`, `ca`); the adapter gives the rest.
 */
export type GoogleFetch = (url: string, options: Omit<SafeFetchOptions, 'allowPrivate' | 'ca' | 'resolve'>) => TE.TaskEither<NetFailure, SafeResponse>

export interface GoogleCalendarDeps {
  readonly clientId: string
  readonly clientSecret: string
  /** The OAuth callback address registered with Google (exactly as registered). */
  readonly redirectUrl: string
  readonly authorizeUrl?: string
  readonly tokenUrl?: string
  readonly userinfoUrl?: string
  readonly apiBaseUrl?: string
  readonly fetch: GoogleFetch
  readonly clock: () => Date
  /** A number in [0, 1), for the backoff's jitter. */
  readonly random: () => number
  readonly sleep: (ms: number) => Promise<void>
  /** A new push channel id (default: a random UUID). */
  readonly newChannelId?: () => string
  /** Per call (default 15 s). */
  readonly timeoutMs?: number
  /** Per answer (default 10 MB). */
  readonly maxBytes?: number
  /** Retries after a 429 / 5xx inside one call (default 3). */
  readonly maxRetries?: number
  /** The longest single wait between retries (default 30 s); a longer Retry-After ends the call with retryAfterSeconds. */
  readonly maxBackoffMs?: number
  readonly logger?: Logger
}

/** The deps with every default filled in. */
export interface GoogleSettings extends Required<Omit<GoogleCalendarDeps, 'logger'>> {
  readonly logger?: Logger
}

export const withDefaults = (deps: GoogleCalendarDeps, newChannelId: () => string): GoogleSettings => ({
  ...deps,
  authorizeUrl: deps.authorizeUrl ?? GOOGLE_AUTHORIZE_URL,
  tokenUrl: deps.tokenUrl ?? GOOGLE_TOKEN_URL,
  userinfoUrl: deps.userinfoUrl ?? GOOGLE_USERINFO_URL,
  apiBaseUrl: (deps.apiBaseUrl ?? GOOGLE_API_BASE_URL).replace(/\/+$/, ''),
  newChannelId: deps.newChannelId ?? newChannelId,
  timeoutMs: deps.timeoutMs ?? 15_000,
  maxBytes: deps.maxBytes ?? 10 * 1024 * 1024,
  maxRetries: deps.maxRetries ?? 3,
  maxBackoffMs: deps.maxBackoffMs ?? 30_000,
})
