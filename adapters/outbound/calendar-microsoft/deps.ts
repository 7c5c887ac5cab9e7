import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { Logger } from 'pino'
import type { NetFailure } from '../net/net-failure.js'
import type { SafeFetchOptions, SafeResponse } from '../net/safe-fetch.js'

/** The identity platform's host (the tenant and `/oauth2/v2.0/...` are appended). */
export const MICROSOFT_LOGIN_BASE_URL = 'https://login.microsoftonline.com'
/** Microsoft Graph v1.0. */
export const MICROSOFT_GRAPH_BASE_URL = 'https://graph.microsoft.com/v1.0'
/** Work, school and personal accounts alike; a single-tenant app sets its directory id. */
export const MICROSOFT_DEFAULT_TENANT = 'common'
/** Read-only: the account's profile (its email) and calendars, and a refresh token. */
export const MICROSOFT_SCOPES = ['offline_access', 'User.Read', 'Calendars.Read'] as const

/** The guarded fetcher with the deployment's limits (allowPrivate, timeoutMs, maxBytes, ca) bound in by the caller. */
export type ProviderFetch = (url: string, request: Pick<SafeFetchOptions, 'method' | 'headers' | 'body'>) => TE.TaskEither<NetFailure, SafeResponse>

export interface MicrosoftCalendarDeps {
  readonly clientId: string
  readonly clientSecret: string
  /** The callback address registered with the app (Web platform). */
  readonly redirectUrl: string
  /** Default MICROSOFT_DEFAULT_TENANT. */
  readonly tenant?: string
  /** Default MICROSOFT_LOGIN_BASE_URL. */
  readonly loginBaseUrl?: string
  /** Default MICROSOFT_GRAPH_BASE_URL. */
  readonly graphBaseUrl?: string
  readonly fetch: ProviderFetch
  readonly clock: () => Date
  /** In [0, 1): the jitter of backoffs. */
  readonly random: () => number
  readonly sleep: (ms: number) => Promise<void>
  /** Retries of a throttled or failing call inside one call (default 3). */
  readonly maxRetries?: number
  /** The longest single wait between retries, Retry-After included (default 30 s). */
  readonly maxBackoffMs?: number
  /** Events per Graph page (Prefer: odata.maxpagesize; default 50). */
  readonly pageSize?: number
  readonly logger?: Logger
}

/** The deps with every default filled in. */
export interface Settings extends Required<Omit<MicrosoftCalendarDeps, 'logger'>> {
  readonly logger?: Logger
}

export const withDefaults = (deps: MicrosoftCalendarDeps): Settings => ({
  ...deps,
  tenant: deps.tenant ?? MICROSOFT_DEFAULT_TENANT,
  maxRetries: deps.maxRetries ?? 3,
  maxBackoffMs: deps.maxBackoffMs ?? 30_000,
  pageSize: deps.pageSize ?? 50,
  loginBaseUrl: (deps.loginBaseUrl ?? MICROSOFT_LOGIN_BASE_URL).replace(/\/+$/, ''),
  graphBaseUrl: (deps.graphBaseUrl ?? MICROSOFT_GRAPH_BASE_URL).replace(/\/+$/, ''),
})
