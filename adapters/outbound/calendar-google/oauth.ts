import * as TE from 'fp-ts/lib/TaskEither.js'
import { pipe } from 'fp-ts/lib/function.js'
import type { OAuthGrant, ProviderCalendar } from '../../../src/core/ports/calendar-oauth.js'
import { type CalendarFailure, calendarFailure } from '../../../src/core/ports/calendar-provider.js'
import { GOOGLE_SCOPES, type GoogleSettings } from './deps.js'
import { type GoogleAnswer, apiFailure, googleCall, tokenFailure } from './http.js'

/** The consent address: offline access (a refresh token) and the consent screen every time, so a reconnect gets a new refresh token. */
export const authorizationUrl = (s: GoogleSettings, request: { readonly state: string; readonly codeChallenge: string }): string => {
  const url = new URL(s.authorizeUrl)
  const params = {
    client_id: s.clientId,
    redirect_uri: s.redirectUrl,
    response_type: 'code',
    scope: GOOGLE_SCOPES.join(' '),
    access_type: 'offline',
    prompt: 'consent',
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  }
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
  return url.toString()
}

const record = (json: unknown): Record<string, unknown> => (typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : {})

const unreadable = (what: string): CalendarFailure => calendarFailure(`Google answered ${what} in a form this server cannot read.`, true)

/** Google's token answer as a grant; `previous` supplies what a refresh does not repeat (the refresh token, the scopes). */
const grantOf = (s: GoogleSettings, answer: GoogleAnswer, previous: OAuthGrant | null): TE.TaskEither<CalendarFailure, OAuthGrant> => {
  const j = record(answer.json)
  const accessToken = j.access_token
  const expiresIn = Number(j.expires_in)
  const refreshToken = typeof j.refresh_token === 'string' ? j.refresh_token : previous?.refreshToken
  if (typeof accessToken !== 'string' || !Number.isFinite(expiresIn)) return TE.left(unreadable('the sign-in'))
  if (refreshToken === undefined) {
    return TE.left(calendarFailure('Google gave no lasting access (no refresh token); remove the app from the Google account and connect again.', false))
  }
  const scopes = typeof j.scope === 'string' ? j.scope.split(' ').filter((x) => x !== '') : (previous?.scopes ?? [])
  return TE.right({ refreshToken, accessToken, accessExpiresAt: new Date(s.clock().getTime() + expiresIn * 1000).toISOString(), scopes })
}

const tokenCall = (s: GoogleSettings, form: Record<string, string>, during: 'exchange' | 'refresh', previous: OAuthGrant | null) =>
  pipe(
    googleCall(s, { url: s.tokenUrl, form: { ...form, client_id: s.clientId, client_secret: s.clientSecret } }),
    TE.flatMap((answer) => (answer.status === 200 ? grantOf(s, answer, previous) : TE.left(tokenFailure(answer, during)))),
  )

export const exchangeCode = (s: GoogleSettings, code: string, codeVerifier: string): TE.TaskEither<CalendarFailure, OAuthGrant> =>
  tokenCall(s, { grant_type: 'authorization_code', code, code_verifier: codeVerifier, redirect_uri: s.redirectUrl }, 'exchange', null)

export const refresh = (s: GoogleSettings, grant: OAuthGrant): TE.TaskEither<CalendarFailure, OAuthGrant> =>
  tokenCall(s, { grant_type: 'refresh_token', refresh_token: grant.refreshToken }, 'refresh', grant)

/** A GET on the API (or userinfo) that must answer 200; its JSON as a record. */
export const apiGet = (s: GoogleSettings, url: string, accessToken: string): TE.TaskEither<CalendarFailure, Record<string, unknown>> =>
  pipe(
    googleCall(s, { url, accessToken }),
    TE.flatMap((answer) => (answer.status === 200 ? TE.right(record(answer.json)) : TE.left(apiFailure(answer)))),
  )

export const accountEmail = (s: GoogleSettings, accessToken: string): TE.TaskEither<CalendarFailure, string> =>
  pipe(
    apiGet(s, s.userinfoUrl, accessToken),
    TE.flatMap((j) =>
      typeof j.email === 'string' && j.email !== ''
        ? TE.right(j.email.toLowerCase())
        : TE.left(calendarFailure('Google did not tell which account this is (the email permission was not granted); connect again and allow it.', false)),
    ),
  )

/** Pages through calendarList.list; the primary calendar first. */
export const calendars = (s: GoogleSettings, accessToken: string): TE.TaskEither<CalendarFailure, ReadonlyArray<ProviderCalendar>> => {
  const page = (pageToken: string | null, found: ProviderCalendar[], pagesLeft: number): TE.TaskEither<CalendarFailure, ProviderCalendar[]> => {
    const url = new URL(`${s.apiBaseUrl}/users/me/calendarList`)
    url.searchParams.set('maxResults', '250')
    if (pageToken !== null) url.searchParams.set('pageToken', pageToken)
    return pipe(
      apiGet(s, url.toString(), accessToken),
      TE.flatMap((j) => {
        const items = Array.isArray(j.items) ? j.items.map(record) : []
        const more = items.flatMap((c): ProviderCalendar[] =>
          typeof c.id === 'string' ? [{ id: c.id, name: typeof c.summaryOverride === 'string' ? c.summaryOverride : typeof c.summary === 'string' ? c.summary : c.id, primary: c.primary === true }] : [],
        )
        const all = [...found, ...more]
        return typeof j.nextPageToken === 'string' && pagesLeft > 1 ? page(j.nextPageToken, all, pagesLeft - 1) : TE.right(all)
      }),
    )
  }
  return pipe(
    page(null, [], 20),
    TE.map((list) => [...list.filter((c) => c.primary), ...list.filter((c) => !c.primary)]),
  )
}
