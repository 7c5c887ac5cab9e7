import * as E from 'fp-ts/lib/Either.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import { type CalendarFailure, calendarFailure } from '../../../src/core/ports/calendar-provider.js'
import { readRetryAfter } from '../net/index.js'
import type { NetFailure } from '../net/net-failure.js'
import type { SafeResponse } from '../net/safe-fetch.js'
import type { GoogleSettings } from './deps.js'

/** A request to Google: a form post (token endpoint) or a JSON one (watch, stop), or a GET. */
export interface GoogleRequest {
  readonly url: string
  readonly method?: 'GET' | 'POST'
  readonly accessToken?: string
  readonly form?: Readonly<Record<string, string>>
  readonly json?: unknown
}

/** Google's final answer to a request, after the retries. */
export interface GoogleAnswer {
  readonly status: number
  /** The parsed JSON body; null when it was not JSON. */
  readonly json: unknown
  /** What Google's Retry-After said, in seconds, when it said. */
  readonly retryAfterSeconds?: number
}

const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded'])

/** The reason of a Calendar API error (`{ error: { errors: [{ reason }] } }`) or the OAuth error code (`{ error: 'invalid_grant' }`). */
export const errorReason = (json: unknown): string | null => {
  if (typeof json !== 'object' || json === null) return null
  const error = (json as { error?: unknown }).error
  if (typeof error === 'string') return error
  const first = (error as { errors?: Array<{ reason?: unknown }> } | undefined)?.errors?.[0]?.reason
  return typeof first === 'string' ? first : null
}

/** 429, 5xx, and Google's 403 rate limits: worth another try after a wait. */
const isTransient = (status: number, json: unknown): boolean =>
  status === 429 || status === 500 || status === 502 || status === 503 || status === 504 || (status === 403 && RATE_LIMIT_REASONS.has(errorReason(json) ?? ''))

const parseJson = (body: Buffer): unknown => {
  try {
    return JSON.parse(body.toString('utf8'))
  } catch {
    return null
  }
}

const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1)

const fromNet = (failure: NetFailure): CalendarFailure => ({
  ...calendarFailure(`Could not reach Google: ${lowerFirst(failure.hostless)}`, failure.kind === 'timeout' || failure.kind === 'network'),
  cause: failure.message,
})

const send = (s: GoogleSettings, r: GoogleRequest): TE.TaskEither<NetFailure, SafeResponse> => {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (r.accessToken !== undefined) headers.authorization = `Bearer ${r.accessToken}`
  let body: string | undefined
  if (r.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(r.form).toString()
  } else if (r.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(r.json)
  }
  return s.fetch(r.url, {
    method: r.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    ...(body === undefined ? {} : { body }),
    timeoutMs: s.timeoutMs,
    maxBytes: s.maxBytes,
  })
}

/**
 * One request to Google, retried on 429 / 5xx / rate-limit 403 up to
 * `maxRetries` times: it waits what Retry-After says, else a full-jitter
 * exponential backoff (random × min(cap, 1 s × 2^n)). A Retry-After longer
 * than the cap ends the retries at once (the caller's failure carries it).
 * Right: Google's final answer, whatever its status. Left: no answer
 * (timeout, network), in words.
 */
export const googleCall =
  (s: GoogleSettings, r: GoogleRequest): TE.TaskEither<CalendarFailure, GoogleAnswer> =>
  async () => {
    for (let attempt = 0; ; attempt++) {
      const res = await send(s, r)()
      if (E.isLeft(res)) return E.left(fromNet(res.left))
      const json = parseJson(res.right.body)
      const wait = readRetryAfter(res.right.headers['retry-after'], s.clock().getTime()) ?? undefined
      const answer: GoogleAnswer = { status: res.right.status, json, ...(wait === undefined ? {} : { retryAfterSeconds: wait }) }
      if (!isTransient(answer.status, json) || attempt >= s.maxRetries) return E.right(answer)
      const delayMs = wait !== undefined ? wait * 1000 : Math.floor(s.random() * Math.min(s.maxBackoffMs, 1000 * 2 ** attempt))
      if (delayMs > s.maxBackoffMs) return E.right(answer)
      s.logger?.info({ status: answer.status, attempt: attempt + 1, delayMs }, 'Google asked to wait; retrying')
      await s.sleep(delayMs)
    }
  }

const withWait = (failure: CalendarFailure, answer: GoogleAnswer): CalendarFailure =>
  answer.retryAfterSeconds === undefined ? failure : { ...failure, retryAfterSeconds: answer.retryAfterSeconds }

const transientFailure = (answer: GoogleAnswer, service: string): CalendarFailure | null => {
  if (answer.status === 429 || (answer.status === 403 && RATE_LIMIT_REASONS.has(errorReason(answer.json) ?? ''))) {
    return withWait(calendarFailure(`${service} asked this server to slow down (rate limit); the next sync tries again.`, true), answer)
  }
  if (answer.status >= 500) return withWait(calendarFailure(`${service} is unavailable at the moment (HTTP ${answer.status}); the next sync tries again.`, true), answer)
  return null
}

/** A Calendar API or userinfo answer that is not a success, in words for the account owner. */
export const apiFailure = (answer: GoogleAnswer): CalendarFailure => {
  const reason = errorReason(answer.json)
  const cause = { status: answer.status, reason }
  const transient = transientFailure(answer, 'Google Calendar')
  if (transient !== null) return { ...transient, cause }
  if (answer.status === 401) {
    return { ...calendarFailure('Google did not accept the access token; it is renewed before the next try.', true), tokenRejected: true, cause }
  }
  if (answer.status === 403 && (reason === 'insufficientPermissions' || reason === 'ACCESS_TOKEN_SCOPE_INSUFFICIENT')) {
    return {
      ...calendarFailure('The Google account did not grant read access to its calendars; connect it again and allow calendar access.', false),
      reauthorize: true,
      cause,
    }
  }
  if (answer.status === 403) {
    return { ...calendarFailure('Google Calendar refused access to this calendar (HTTP 403); it may no longer be shared with the account.', false), cause }
  }
  if (answer.status === 404) {
    return { ...calendarFailure('Google Calendar does not know this calendar any more (deleted, or no longer shared with the account).', false), cause }
  }
  return { ...calendarFailure(`Google Calendar refused the request (HTTP ${answer.status}).`, false), cause }
}

/** A token endpoint answer that is not a success; `during` says whether a code was being redeemed or a grant refreshed. */
export const tokenFailure = (answer: GoogleAnswer, during: 'exchange' | 'refresh'): CalendarFailure => {
  const reason = errorReason(answer.json)
  const cause = { status: answer.status, reason }
  const transient = transientFailure(answer, 'Google sign-in')
  if (transient !== null) return { ...transient, cause }
  if (reason === 'invalid_grant') {
    return during === 'refresh'
      ? {
          ...calendarFailure('Google no longer accepts this connection (access was revoked or has expired); the account owner must reconnect it.', false),
          reauthorize: true,
          cause,
        }
      : { ...calendarFailure('Google did not accept the sign-in (it expired or was already used); try connecting again.', false), cause }
  }
  if (reason === 'invalid_client' || reason === 'unauthorized_client' || answer.status === 401) {
    return { ...calendarFailure("Google refused this server's OAuth client; check the Google client id and secret settings.", false), cause }
  }
  if (reason === 'redirect_uri_mismatch') {
    return { ...calendarFailure('The Google redirect URL setting does not match the one registered with Google.', false), cause }
  }
  return { ...calendarFailure(`Google sign-in refused the request (HTTP ${answer.status}).`, false), cause }
}
