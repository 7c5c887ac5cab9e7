import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { pipe } from 'fp-ts/lib/function.js'
import type { OAuthGrant } from '../../../src/core/ports/calendar-oauth.js'
import { type CalendarFailure, calendarFailure } from '../../../src/core/ports/calendar-provider.js'
import type { SafeResponse } from '../net/safe-fetch.js'
import { MICROSOFT_SCOPES, type Settings } from './deps.js'
import { callWithRetries, fromNet, jsonOf, retryAfterSeconds } from './http.js'

/**
 * The identity platform's authorization code flow (v2.0 endpoints) with PKCE:
 * the consent address, the code for a grant, and refreshes. Refresh tokens
 * rotate: every refresh keeps the new one when Microsoft sends it.
 */
const endpoint = (s: Settings, name: 'authorize' | 'token'): string => `${s.loginBaseUrl}/${encodeURIComponent(s.tenant)}/oauth2/v2.0/${name}`

const scope = MICROSOFT_SCOPES.join(' ')

export const authorizationUrl = (s: Settings, request: { readonly state: string; readonly codeChallenge: string }): string => {
  const query = new URLSearchParams({
    client_id: s.clientId,
    response_type: 'code',
    redirect_uri: s.redirectUrl,
    response_mode: 'query',
    scope,
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  })
  return `${endpoint(s, 'authorize')}?${query.toString()}`
}

export const exchangeCode = (s: Settings, code: string, codeVerifier: string): TE.TaskEither<CalendarFailure, OAuthGrant> =>
  tokenCall(s, 'finish connecting the calendar', 'code', { grant_type: 'authorization_code', code, redirect_uri: s.redirectUrl, code_verifier: codeVerifier }, null)

export const refresh = (s: Settings, grant: OAuthGrant): TE.TaskEither<CalendarFailure, OAuthGrant> =>
  tokenCall(s, 'renew access to the calendar', 'refresh', { grant_type: 'refresh_token', refresh_token: grant.refreshToken }, grant.refreshToken)

const tokenCall = (
  s: Settings,
  what: string,
  kind: 'code' | 'refresh',
  fields: Record<string, string>,
  previousRefreshToken: string | null,
): TE.TaskEither<CalendarFailure, OAuthGrant> => {
  const body = new URLSearchParams({ client_id: s.clientId, client_secret: s.clientSecret, scope, ...fields }).toString()
  return pipe(
    callWithRetries(s, endpoint(s, 'token'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body }),
    TE.mapLeft((f) => fromNet(what, f)),
    TE.chainEitherK((r) => (r.status === 200 ? grantOf(s, what, r, previousRefreshToken) : E.left(tokenFailure(what, kind, r)))),
  )
}

const grantOf = (s: Settings, what: string, r: SafeResponse, previousRefreshToken: string | null): E.Either<CalendarFailure, OAuthGrant> => {
  const json = jsonOf(r)
  const accessToken = json?.['access_token']
  const refreshToken = json?.['refresh_token'] ?? previousRefreshToken
  const expiresIn = Number(json?.['expires_in'])
  if (typeof accessToken !== 'string' || typeof refreshToken !== 'string' || !Number.isFinite(expiresIn)) {
    const missing = typeof refreshToken !== 'string' ? ' (no refresh token: was offline access allowed?)' : ''
    return E.left({ ...calendarFailure(`Microsoft answered in a way that could not be read when trying to ${what}${missing}.`, false), cause: 'token answer unreadable' })
  }
  const scopes = typeof json?.['scope'] === 'string' ? json['scope'].split(' ').filter((x) => x !== '') : []
  const grant: OAuthGrant = { accessToken, refreshToken, accessExpiresAt: new Date(s.clock().getTime() + expiresIn * 1000).toISOString(), scopes }
  return E.right(grant)
}

/** The AADSTS code of a token error (e.g. AADSTS50173), to say which without the rest of the body. */
const aadstsCode = (json: Record<string, unknown> | null): string | null => {
  const codes = json?.['error_codes']
  if (Array.isArray(codes) && typeof codes[0] === 'number') return `AADSTS${codes[0]}`
  const match = /AADSTS\d+/.exec(String(json?.['error_description'] ?? ''))
  return match?.[0] ?? null
}

const tokenFailure = (what: string, kind: 'code' | 'refresh', r: SafeResponse): CalendarFailure => {
  const json = jsonOf(r)
  const error = typeof json?.['error'] === 'string' ? json['error'] : null
  const code = aadstsCode(json)
  const cause = `token endpoint HTTP ${r.status} ${error ?? ''} ${code ?? ''}`.trim()
  const which = code === null ? '' : ` (${code})`
  if (error === 'invalid_grant' && kind === 'code') {
    return { ...calendarFailure(`Microsoft did not accept the sign-in${which}: it expired or was already used. Connect the calendar again.`, false), cause }
  }
  if (error === 'invalid_grant') {
    return {
      ...calendarFailure(`Microsoft no longer accepts this calendar's permission${which}: it was revoked, expired or the password changed. Reconnect the calendar to go on.`, false),
      reauthorize: true,
      cause,
    }
  }
  if (error === 'invalid_client' || error === 'unauthorized_client') {
    return { ...calendarFailure(`Microsoft refused this server's app credentials${which}: check the Microsoft client id and secret settings.`, false), cause }
  }
  if (error === 'temporarily_unavailable' || r.status === 429 || r.status >= 500) {
    const wait = retryAfterSeconds(r)
    return {
      ...calendarFailure(`Could not ${what}: Microsoft's sign-in service is unavailable. It will be tried again.`, true),
      ...(wait === undefined ? {} : { retryAfterSeconds: wait }),
      cause,
    }
  }
  if (error === 'invalid_scope' || error === 'consent_required' || error === 'interaction_required') {
    return { ...calendarFailure(`Microsoft needs the account to allow calendar access again${which}. Reconnect the calendar.`, false), reauthorize: true, cause }
  }
  return { ...calendarFailure(`Microsoft refused to ${what}${which}.`, false), cause }
}
