/**
 * Google's OAuth 2.0 for web server apps, in memory: the authorization endpoint (with its consent page),
 * the token endpoint (authorization_code with PKCE S256, refresh_token), revocation, and who holds a
 * valid access token (for the Calendar API and the OpenID userinfo endpoint).
 * Error bodies follow Google's: `{ error, error_description }` with the documented codes.
 */
import { createHash, randomBytes } from 'node:crypto'
import type http from 'node:http'
import { escapeHtml, formOf, redirect, sendHtml, sendJson } from './google-http.js'

/** Read-only Calendar scopes and the OpenID ones; anything else the stand-in refuses (invalid_scope). */
export const GOOGLE_READONLY_SCOPES: ReadonlyArray<string> = [
  'https://www.googleapis.com/auth/calendar.readonly',
  'https://www.googleapis.com/auth/calendar.events.readonly',
  'https://www.googleapis.com/auth/calendar.calendarlist.readonly',
  'openid',
  'email',
  'profile',
  'https://www.googleapis.com/auth/userinfo.email',
  'https://www.googleapis.com/auth/userinfo.profile',
]

export type Consent = 'page' | 'allow' | 'deny'

/** What one visit to the authorization endpoint asked for, and how it ended. */
export interface AuthorizationRecord {
  readonly clientId: string
  readonly redirectUri: string
  readonly scopes: ReadonlyArray<string>
  readonly state: string | null
  readonly accessType: string | null
  readonly prompt: string | null
  readonly codeChallengeMethod: string | null
  outcome: 'consent_page' | 'allowed' | 'denied' | `refused: ${string}`
}

export interface OAuthConfig {
  readonly clientId: string
  readonly clientSecret: string
  /** Registered redirect URIs; null: any http(s) address on 127.0.0.1 or localhost. */
  redirectUris: ReadonlyArray<string> | null
  consent: Consent
  accessTokenSeconds: number
  /** How long an authorization code can be redeemed. */
  codeSeconds: number
  readonly user: () => { email: string; name: string; sub: string }
}

interface Pending {
  readonly clientId: string
  readonly redirectUri: string
  readonly scopes: ReadonlyArray<string>
  readonly state: string
  readonly offline: boolean
  readonly forceConsent: boolean
  readonly challenge: string
  readonly record: AuthorizationRecord
  readonly expiresAt: number
}

interface Code extends Omit<Pending, 'record'> {
  used: boolean
}

interface Grant {
  readonly clientId: string
  scopes: ReadonlyArray<string>
  revoked: boolean
}

export interface AccessTokenInfo {
  readonly scopes: ReadonlyArray<string>
}

/** How long the consent page waits for a click. */
const CONSENT_LIFETIME_MS = 10 * 60_000
const PENDING_LIMIT = 100
const TOKEN_LIMIT = 1000

const opaque = (prefix: string): string => `${prefix}${randomBytes(24).toString('base64url')}`
const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url')
const tokenError = (res: http.ServerResponse, status: number, error: string, description: string): void =>
  sendJson(res, status, { error, error_description: description }, { 'cache-control': 'no-store', pragma: 'no-cache' })

/** Keeps a map below `limit` entries by dropping the oldest (insertion order). */
const bound = <K, V>(map: Map<K, V>, limit: number): void => {
  for (const key of map.keys()) {
    if (map.size <= limit) return
    map.delete(key)
  }
}

const isLoopbackUri = (uri: string): boolean => {
  try {
    const u = new URL(uri)
    return (u.protocol === 'http:' || u.protocol === 'https:') && (u.hostname === '127.0.0.1' || u.hostname === 'localhost' || u.hostname === '[::1]')
  } catch {
    return false
  }
}

const errorPage = (res: http.ServerResponse, status: number, error: string, words: string): void =>
  sendHtml(res, status, `<!doctype html><title>Error ${status}: ${error}</title><h1>Access blocked: this app's request is invalid</h1><p>Error ${status}: ${escapeHtml(error)}</p><p>${escapeHtml(words)}</p>`)

export const createGoogleOAuth = (config: OAuthConfig) => {
  const pending = new Map<string, Pending>()
  const codes = new Map<string, Code>()
  /** One grant per client (a single signed-in user); consent again replaces its scopes. */
  const grants = new Map<string, Grant>()
  const accessTokens = new Map<string, { grant: Grant; scopes: ReadonlyArray<string>; expiresAt: number }>()
  const refreshTokens = new Map<string, { grant: Grant; scopes: ReadonlyArray<string> }>()
  const authorizations: AuthorizationRecord[] = []

  const registered = (uri: string): boolean => (config.redirectUris === null ? isLoopbackUri(uri) : config.redirectUris.includes(uri))

  const withParams = (uri: string, params: Record<string, string>): string => {
    const u = new URL(uri)
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v)
    return u.toString()
  }

  const finish = (res: http.ServerResponse, p: Pending, allow: boolean): void => {
    if (!allow) {
      p.record.outcome = 'denied'
      return redirect(res, withParams(p.redirectUri, { error: 'access_denied', state: p.state }))
    }
    p.record.outcome = 'allowed'
    const code = opaque('4/0A')
    codes.set(code, { ...p, used: false, expiresAt: Date.now() + config.codeSeconds * 1000 })
    for (const [k, c] of codes) if (c.used || c.expiresAt <= Date.now()) codes.delete(k)
    bound(codes, PENDING_LIMIT)
    redirect(res, withParams(p.redirectUri, { state: p.state, code, scope: p.scopes.join(' '), authuser: '0', prompt: 'consent' }))
  }

  /** GET /o/oauth2/v2/auth */
  const authorize = (res: http.ServerResponse, q: URLSearchParams): void => {
    const clientId = q.get('client_id') ?? ''
    const redirectUri = q.get('redirect_uri') ?? ''
    const scopes = (q.get('scope') ?? '').split(/\s+/).filter((s) => s !== '')
    const record: AuthorizationRecord = {
      clientId,
      redirectUri,
      scopes,
      state: q.get('state'),
      accessType: q.get('access_type'),
      prompt: q.get('prompt'),
      codeChallengeMethod: q.get('code_challenge_method'),
      outcome: 'consent_page',
    }
    authorizations.push(record)
    if (authorizations.length > PENDING_LIMIT) authorizations.shift()
    // Errors about the client or the redirect address are shown to the user, never sent to an unverified address.
    if (clientId !== config.clientId) {
      record.outcome = 'refused: invalid_client'
      return errorPage(res, 401, 'invalid_client', 'The OAuth client was not found.')
    }
    if (redirectUri === '' || !registered(redirectUri)) {
      record.outcome = 'refused: redirect_uri_mismatch'
      return errorPage(res, 400, 'redirect_uri_mismatch', `You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy. redirect_uri=${redirectUri}`)
    }
    const refuse = (error: string, description: string): void => {
      record.outcome = `refused: ${error}`
      const params: Record<string, string> = { error, error_description: description }
      if (record.state !== null) params.state = record.state
      redirect(res, withParams(redirectUri, params))
    }
    if (q.get('response_type') !== 'code') return refuse('unsupported_response_type', `Invalid response_type: ${q.get('response_type') ?? ''}`)
    if (scopes.length === 0) return refuse('invalid_request', 'Missing required parameter: scope')
    const unknown = scopes.filter((s) => !GOOGLE_READONLY_SCOPES.includes(s))
    if (unknown.length > 0) return refuse('invalid_scope', `Some requested scopes are not allowed here (read-only calendar only): ${unknown.join(' ')}`)
    if (record.state === null || record.state === '') return refuse('invalid_request', 'Missing required parameter: state')
    const challenge = q.get('code_challenge') ?? ''
    if (challenge === '') return refuse('invalid_request', 'Missing required parameter: code_challenge')
    if (record.codeChallengeMethod !== 'S256') return refuse('invalid_request', 'Invalid code_challenge_method: only S256 is accepted')
    if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) return refuse('invalid_request', 'Invalid code_challenge')
    const accessType = record.accessType ?? 'online'
    if (accessType !== 'online' && accessType !== 'offline') return refuse('invalid_request', `Invalid access_type: ${accessType}`)
    const prompts = (record.prompt ?? '').split(/\s+/).filter((s) => s !== '')
    if (prompts.some((p) => !['none', 'consent', 'select_account'].includes(p))) return refuse('invalid_request', `Invalid prompt: ${record.prompt ?? ''}`)
    const granted = grants.get(clientId)
    if (prompts.includes('none') && (granted === undefined || granted.revoked || scopes.some((s) => !granted.scopes.includes(s)))) {
      return refuse('consent_required', 'The user has not granted the requested scopes.')
    }
    const p: Pending = {
      clientId,
      redirectUri,
      scopes,
      state: record.state,
      offline: accessType === 'offline',
      forceConsent: prompts.includes('consent'),
      challenge,
      record,
      expiresAt: Date.now() + CONSENT_LIFETIME_MS,
    }
    // prompt=none never shows a page: the grant checked above answers at once.
    if (config.consent === 'allow' || prompts.includes('none')) return finish(res, p, true)
    if (config.consent === 'deny') return finish(res, p, false)
    const id = opaque('')
    pending.set(id, p)
    bound(pending, PENDING_LIMIT)
    const user = config.user()
    sendHtml(
      res,
      200,
      `<!doctype html><html><head><meta charset="utf-8"><title>Sign in - Google Accounts</title></head><body>
<h1>Notetaker wants to access your Google Account</h1>
<p id="account">${escapeHtml(user.email)}</p>
<p>This will allow the app to:</p><ul id="scopes">${scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>
<form method="post" action="/o/oauth2/v2/auth/consent">
<input type="hidden" name="request" value="${escapeHtml(id)}">
<button type="submit" name="decision" value="deny">Deny</button>
<button type="submit" name="decision" value="allow">Allow</button>
</form></body></html>`,
    )
  }

  /** POST /o/oauth2/v2/auth/consent: the consent page's buttons (the stand-in's own path). */
  const decide = (res: http.ServerResponse, body: string): void => {
    const form = formOf(body)
    const p = pending.get(form.get('request') ?? '')
    if (p === undefined || p.expiresAt < Date.now()) return errorPage(res, 400, 'invalid_request', 'This sign-in request has expired. Start again.')
    pending.delete(form.get('request') ?? '')
    finish(res, p, form.get('decision') === 'allow')
  }

  const issueAccessToken = (grant: Grant, scopes: ReadonlyArray<string>): string => {
    const token = opaque('ya29.')
    const now = Date.now()
    for (const [k, t] of accessTokens) if (t.expiresAt < now) accessTokens.delete(k)
    accessTokens.set(token, { grant, scopes, expiresAt: now + config.accessTokenSeconds * 1000 })
    bound(accessTokens, TOKEN_LIMIT)
    return token
  }

  const clientOf = (req: http.IncomingMessage, form: URLSearchParams): { id: string; secret: string } => {
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '')
    if (basic?.[1] !== undefined) {
      const [id = '', secret = ''] = Buffer.from(basic[1], 'base64').toString('utf8').split(':')
      return { id: decodeURIComponent(id), secret: decodeURIComponent(secret) }
    }
    return { id: form.get('client_id') ?? '', secret: form.get('client_secret') ?? '' }
  }

  /** POST https://oauth2.googleapis.com/token */
  const token = (req: http.IncomingMessage, res: http.ServerResponse, body: string): void => {
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return tokenError(res, 400, 'invalid_request', 'Invalid Content-Type: expected application/x-www-form-urlencoded')
    }
    const form = formOf(body)
    const client = clientOf(req, form)
    if (client.id !== config.clientId) return tokenError(res, 401, 'invalid_client', 'The OAuth client was not found.')
    if (client.secret !== config.clientSecret) return tokenError(res, 401, 'invalid_client', 'Unauthorized')
    const grantType = form.get('grant_type') ?? ''
    if (grantType === 'authorization_code') return redeemCode(res, form)
    if (grantType === 'refresh_token') return refresh(res, form)
    tokenError(res, 400, 'unsupported_grant_type', `Invalid grant_type: ${grantType}`)
  }

  const redeemCode = (res: http.ServerResponse, form: URLSearchParams): void => {
    const code = codes.get(form.get('code') ?? '')
    if (code === undefined || code.used || code.expiresAt <= Date.now() || code.clientId !== config.clientId) {
      return tokenError(res, 400, 'invalid_grant', 'Bad Request')
    }
    if ((form.get('redirect_uri') ?? '') !== code.redirectUri) return tokenError(res, 400, 'redirect_uri_mismatch', 'Bad Request')
    const verifier = form.get('code_verifier')
    if (verifier === null || verifier === '') return tokenError(res, 400, 'invalid_grant', 'Missing code verifier.')
    if (s256(verifier) !== code.challenge) return tokenError(res, 400, 'invalid_grant', 'Invalid code verifier.')
    code.used = true
    const earlier = grants.get(code.clientId)
    const firstConsent = earlier === undefined || earlier.revoked
    const grant: Grant = firstConsent ? { clientId: code.clientId, scopes: code.scopes, revoked: false } : earlier
    grant.scopes = [...new Set([...(firstConsent ? [] : grant.scopes), ...code.scopes])]
    grants.set(code.clientId, grant)
    const answer: Record<string, string | number> = {
      access_token: issueAccessToken(grant, code.scopes),
      expires_in: config.accessTokenSeconds,
      scope: code.scopes.join(' '),
      token_type: 'Bearer',
    }
    // Google sends a refresh token for offline access on first consent, or when consent was prompted again.
    if (code.offline && (firstConsent || code.forceConsent)) {
      const refreshToken = opaque('1//0g')
      refreshTokens.set(refreshToken, { grant, scopes: code.scopes })
      bound(refreshTokens, TOKEN_LIMIT)
      answer.refresh_token = refreshToken
    }
    sendJson(res, 200, answer, { 'cache-control': 'no-store', pragma: 'no-cache' })
  }

  const refresh = (res: http.ServerResponse, form: URLSearchParams): void => {
    const held = refreshTokens.get(form.get('refresh_token') ?? '')
    if (held === undefined || held.grant.revoked) return tokenError(res, 400, 'invalid_grant', 'Token has been expired or revoked.')
    if (held.grant.clientId !== config.clientId) return tokenError(res, 400, 'unauthorized_client', 'Unauthorized')
    sendJson(
      res,
      200,
      { access_token: issueAccessToken(held.grant, held.scopes), expires_in: config.accessTokenSeconds, scope: held.scopes.join(' '), token_type: 'Bearer' },
      { 'cache-control': 'no-store', pragma: 'no-cache' },
    )
  }

  /** POST https://oauth2.googleapis.com/revoke (token in the form or the query): the whole grant goes. */
  const revoke = (res: http.ServerResponse, body: string, q: URLSearchParams): void => {
    const value = formOf(body).get('token') ?? q.get('token') ?? ''
    const grant = refreshTokens.get(value)?.grant ?? accessTokens.get(value)?.grant
    if (grant === undefined || grant.revoked) return sendJson(res, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' })
    grant.revoked = true
    sendJson(res, 200, {})
  }

  /** The access token in `Authorization: Bearer`, if it is current: 'missing', 'invalid', or its scopes. */
  const bearer = (req: http.IncomingMessage): 'missing' | 'invalid' | AccessTokenInfo => {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')
    if (m?.[1] === undefined) return 'missing'
    const t = accessTokens.get(m[1])
    if (t === undefined || t.grant.revoked || t.expiresAt <= Date.now()) return 'invalid'
    return { scopes: t.scopes }
  }

  return {
    authorize,
    decide,
    token,
    revoke,
    bearer,
    authorizations: authorizations as ReadonlyArray<AuthorizationRecord>,
    /** The user removed the app's access (or an admin did): every token of every grant stops working. */
    revokeGrant: (): void => {
      for (const g of grants.values()) g.revoked = true
    },
    /** Every access token issued so far is expired from now on (refresh tokens still work). */
    expireAccessTokens: (): void => {
      for (const t of accessTokens.values()) t.expiresAt = 0
    },
  }
}
