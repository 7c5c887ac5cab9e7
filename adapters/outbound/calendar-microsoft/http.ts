import * as E from 'fp-ts/lib/Either.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import { type CalendarFailure, calendarFailure } from '../../../src/core/ports/calendar-provider.js'
import { readRetryAfter } from '../net/index.js'
import type { NetFailure } from '../net/net-failure.js'
import type { SafeFetchOptions, SafeResponse } from '../net/safe-fetch.js'
import type { Settings } from './deps.js'

/**
 * One call to Microsoft with the in-call retries Graph's throttling guidance
 * asks for: 429, 503 and other 5xx are tried again up to `maxRetries` times,
 * waiting what Retry-After says or else an exponential backoff with full
 * jitter; then, or at once when Retry-After asks for longer than
 * `maxBackoffMs`, the last answer comes back for the caller to put in words.
 * Network failures and timeouts come back at once (the next sync tries again).
 */
export const callWithRetries =
  (s: Settings, url: string, request: Pick<SafeFetchOptions, 'method' | 'headers' | 'body'>): TE.TaskEither<NetFailure, SafeResponse> =>
  async () => {
    for (let attempt = 0; ; attempt++) {
      const answer = await s.fetch(url, request)()
      if (E.isLeft(answer) || !isTransient(answer.right.status) || attempt >= s.maxRetries) return answer
      const wait = backoffMs(s, attempt, retryAfterSeconds(answer.right))
      // Asked to wait longer than a call may: the caller passes retryAfterSeconds on instead.
      if (wait === null) return answer
      await s.sleep(wait)
    }
  }

const isTransient = (status: number): boolean => status === 429 || status >= 500

const backoffMs = (s: Settings, attempt: number, retryAfter: number | undefined): number | null => {
  if (retryAfter !== undefined) return retryAfter * 1000 > s.maxBackoffMs ? null : retryAfter * 1000
  return Math.floor(s.random() * Math.min(s.maxBackoffMs, 500 * 2 ** attempt))
}

/** The answer's Retry-After in seconds, when it says one that reads. */
export const retryAfterSeconds = (r: SafeResponse): number | undefined => readRetryAfter(r.headers['retry-after']) ?? undefined

/** The JSON of an answer, or null when it is not JSON. */
export const jsonOf = (r: SafeResponse): Record<string, unknown> | null => {
  try {
    const parsed: unknown = JSON.parse(r.body.toString('utf8'))
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null
  } catch {
    return null
  }
}

const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1)

/** A network failure or timeout, in words without the host: retryable. */
export const fromNet = (what: string, failure: NetFailure): CalendarFailure => ({
  ...calendarFailure(`Could not reach Microsoft to ${what}: ${lowerFirst(failure.hostless)}`, failure.kind === 'timeout' || failure.kind === 'network'),
  cause: failure.message,
})

/** A Graph error answer in words (never its body): what the account or the operator can do about it. */
export const fromGraphStatus = (what: string, r: SafeResponse, notFound = 'the calendar was not found; it may have been deleted'): CalendarFailure => {
  const status = r.status
  const code = graphErrorCode(r)
  const cause = `Graph HTTP ${status}${code === null ? '' : ` ${code}`}`
  if (status === 401) {
    return { ...calendarFailure(`Microsoft did not accept the access to ${what}; it will be renewed and tried again.`, true), tokenRejected: true, cause }
  }
  if (status === 403) {
    return { ...calendarFailure(`Microsoft refused to ${what}: the connection lacks read access to this calendar. Reconnect it and allow calendar access.`, false), reauthorize: true, cause }
  }
  if (status === 404) return { ...calendarFailure(`Microsoft could not ${what}: ${notFound}.`, false), cause }
  if (isTransient(status)) {
    const wait = retryAfterSeconds(r)
    const busy = status === 429 ? 'Microsoft is limiting requests (HTTP 429)' : `Microsoft is unavailable (HTTP ${status})`
    return {
      ...calendarFailure(`Could not ${what}: ${busy}. It will be tried again${wait === undefined ? '' : ` in ${wait} s`}.`, true),
      ...(wait === undefined ? {} : { retryAfterSeconds: wait }),
      cause,
    }
  }
  return { ...calendarFailure(`Microsoft could not ${what} (HTTP ${status}).`, false), cause }
}

const graphErrorCode = (r: SafeResponse): string | null => {
  const error = jsonOf(r)?.['error']
  if (typeof error !== 'object' || error === null) return null
  const code = (error as Record<string, unknown>)['code']
  return typeof code === 'string' ? code.slice(0, 80) : null
}

/** A bearer-authorized Graph request. */
export const graphHeaders = (accessToken: string, extra: Readonly<Record<string, string>> = {}): Record<string, string> => ({
  authorization: `Bearer ${accessToken}`,
  accept: 'application/json',
  ...extra,
})

/**
 * Links Graph returns (@odata.nextLink, @odata.deltaLink, a 410's Location)
 * are followed with the access token only when they stay on Graph's own
 * origin, so a forged link cannot carry the token elsewhere.
 */
export const onGraph = (s: Settings, link: string): boolean => {
  try {
    return new URL(link).origin === new URL(s.graphBaseUrl).origin
  } catch {
    return false
  }
}
