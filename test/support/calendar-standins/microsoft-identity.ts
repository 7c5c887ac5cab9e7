/**
 * The Microsoft identity platform's authorization code flow with PKCE, as the stand-in plays it:
 * `/{tenant}/oauth2/v2.0/authorize` (a consent page with Allow / Deny, or an immediate answer),
 * `/{tenant}/oauth2/v2.0/token` (authorization_code and refresh_token grants, the documented error bodies
 * with AADSTS codes), and the bearer tokens Graph checks.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { aadError, BoundedMap, escapeHtml, isLoopbackUrl, pushBounded, readBody, sendHtml, sendJson } from './microsoft-http.js'

export type ConsentMode = 'page' | 'allow' | 'deny'

export interface Authorization {
  readonly tenant: string
  readonly clientId: string
  readonly redirectUri: string
  /** The scopes as asked (space-separated in the request). */
  readonly scopes: readonly string[]
  readonly state: string
  readonly codeChallengeMethod: string
  readonly outcome: 'consent page' | 'allowed' | 'denied' | 'refused'
}

/** One call of the token endpoint, without its secrets. */
export interface TokenRequest {
  readonly grantType: string
  readonly clientId: string
  readonly clientAuth: 'body' | 'basic' | 'none'
  readonly redirectUri: string | null
  readonly scope: string | null
  readonly codeVerifierSent: boolean
  /** `issued`, or the `error` answered with its AADSTS code, e.g. `invalid_grant AADSTS50173`. */
  readonly outcome: string
}

/** The read-only scopes the stand-in grants; anything else is refused with invalid_scope. */
const GRANTABLE = ['openid', 'profile', 'email', 'offline_access', 'user.read', 'calendars.read', 'calendars.readbasic']
const OIDC = new Set(['openid', 'profile', 'email', 'offline_access'])
const GRAPH_PREFIX = 'https://graph.microsoft.com/'

const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`
const normalScope = (s: string) => (s.toLowerCase().startsWith(GRAPH_PREFIX) ? s.slice(GRAPH_PREFIX.length) : s).toLowerCase()

interface Pending {
  readonly tenant: string
  readonly clientId: string
  readonly redirectUri: string
  readonly scopes: string[]
  readonly state: string
  readonly challenge: string
}

interface Code extends Pending {
  readonly expiresAt: number
  used: boolean
}

interface Grant {
  readonly id: number
  readonly clientId: string
  readonly scopes: string[]
  readonly issuedAt: Date
  revoked: null | 'revoked' | 'inactivity'
}

interface AccessToken {
  readonly grant: Grant
  readonly scopes: string[]
  expiresAt: number
}

export type TokenCheck = { readonly ok: true; readonly scopes: readonly string[] } | { readonly ok: false; readonly message: string }

export interface IdentityOptions {
  readonly clientId: string
  readonly clientSecret: string
  readonly tenantId: string
  /** Registered redirect URIs; when absent, any loopback http(s) URI is accepted. */
  readonly redirectUris?: readonly string[]
  readonly consent: ConsentMode
  readonly userEmail: () => string
}

export class Identity {
  consent: ConsentMode
  accessTokenLifetimeSeconds = 3600
  codeLifetimeSeconds = 600
  readonly authorizations: Authorization[] = []
  readonly tokenRequests: TokenRequest[] = []
  private readonly pending = new BoundedMap<string, Pending>(50)
  private readonly codes = new BoundedMap<string, Code>(100)
  private readonly refreshTokens = new BoundedMap<string, Grant>(200)
  private readonly accessTokens = new BoundedMap<string, AccessToken>(200)
  private grantCount = 0

  constructor(private readonly options: IdentityOptions) {
    this.consent = options.consent
  }

  /** Refresh tokens stop working (AADSTS50173, or AADSTS700082 for inactivity); access tokens too unless kept. */
  revokeGrant(reason: 'revoked' | 'inactivity', keepAccessTokens: boolean): void {
    for (const grant of this.refreshTokens.values()) grant.revoked = reason
    for (const access of this.accessTokens.values()) access.grant.revoked = reason
    if (!keepAccessTokens) for (const [t, a] of this.accessTokens) if (a.grant.revoked !== null) this.accessTokens.delete(t)
  }

  expireAccessTokens(): void {
    for (const a of this.accessTokens.values()) a.expiresAt = Date.now() - 1
  }

  checkAccessToken(authorization: string | undefined): TokenCheck {
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1]
    if (bearer === undefined) return { ok: false, message: 'Access token is empty.' }
    const known = this.accessTokens.get(bearer)
    if (known === undefined) return { ok: false, message: 'Access token validation failure. Invalid audience.' }
    if (known.expiresAt <= Date.now()) return { ok: false, message: 'Lifetime validation failed, the token is expired.' }
    return { ok: true, scopes: known.scopes }
  }

  /** Answers the identity paths; false when the path is not one of them. */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const m = /^\/([^/]+)\/oauth2\/v2\.0\/(authorize|consent|token)$/.exec(url.pathname)
    if (m === null) return false
    const tenant = decodeURIComponent(m[1] ?? '')
    if (!['common', 'organizations', 'consumers', this.options.tenantId].includes(tenant)) {
      const body = aadError('invalid_request', 90002, `Tenant '${tenant}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud.`)
      if (m[2] === 'token') sendJson(res, 400, body)
      else sendHtml(res, 400, errorPage(body.error_description))
      return true
    }
    if (m[2] === 'authorize' && req.method === 'GET') this.authorize(res, tenant, url.searchParams)
    else if (m[2] === 'consent' && req.method === 'POST') this.decide(res, new URLSearchParams(await readBody(req)))
    else if (m[2] === 'token' && req.method === 'POST') await this.token(req, res)
    else res.writeHead(405, { allow: m[2] === 'authorize' ? 'GET' : 'POST' }).end()
    return true
  }

  private redirectAllowed(uri: string): boolean {
    return this.options.redirectUris === undefined ? isLoopbackUrl(uri) : this.options.redirectUris.includes(uri)
  }

  private authorize(res: ServerResponse, tenant: string, q: URLSearchParams): void {
    const clientId = q.get('client_id') ?? ''
    const redirectUri = q.get('redirect_uri') ?? ''
    const scopes = (q.get('scope') ?? '').split(' ').filter((s) => s !== '')
    const state = q.get('state') ?? ''
    const method = q.get('code_challenge_method') ?? ''
    const log = (outcome: Authorization['outcome']) =>
      pushLog(this.authorizations, { tenant, clientId, redirectUri, scopes, state, codeChallengeMethod: method, outcome })
    // Errors that cannot be trusted to the redirect URI are shown on the page itself.
    if (clientId !== this.options.clientId) {
      log('refused')
      return sendHtml(res, 400, errorPage(aadError('unauthorized_client', 700016, `Application with identifier '${clientId}' was not found in the directory.`).error_description))
    }
    if (!this.redirectAllowed(redirectUri)) {
      log('refused')
      return sendHtml(res, 400, errorPage(aadError('invalid_request', 50011, `The redirect URI '${redirectUri}' specified in the request does not match the redirect URIs configured for the application '${clientId}'.`).error_description))
    }
    const fail = (error: string, code: number, message: string) => {
      log('refused')
      redirect(res, redirectUri, { error, error_description: aadError(error, code, message).error_description, state })
    }
    if (q.get('response_type') !== 'code') return fail('unsupported_response_type', 700054, `response_type '${q.get('response_type') ?? ''}' is not enabled for the application.`)
    if ((q.get('response_mode') ?? 'query') !== 'query') return fail('invalid_request', 900144, 'The stand-in answers with response_mode=query only.')
    if (scopes.length === 0) return fail('invalid_request', 900144, "The request body must contain the following parameter: 'scope'.")
    const refused = scopes.filter((s) => !GRANTABLE.includes(normalScope(s)))
    if (refused.length > 0) return fail('invalid_scope', 70011, `The provided value for the input parameter 'scope' is not valid. The scope '${refused.join(' ')}' is not read-only calendar access.`)
    if (state === '') return fail('invalid_request', 900144, "The request body must contain the following parameter: 'state'.")
    const challenge = q.get('code_challenge') ?? ''
    if (!/^[A-Za-z0-9_-]{43}$/.test(challenge) || method !== 'S256') return fail('invalid_request', 9002325, 'Proof Key for Code Exchange with code_challenge_method S256 is required.')
    const pending: Pending = { tenant, clientId, redirectUri, scopes, state, challenge }
    if (this.consent === 'page') {
      const id = token('')
      this.pending.set(id, pending)
      log('consent page')
      return sendHtml(res, 200, consentPage(`/${encodeURIComponent(tenant)}/oauth2/v2.0/consent`, id, clientId, this.options.userEmail(), scopes))
    }
    log(this.consent === 'allow' ? 'allowed' : 'denied')
    this.answer(res, pending, this.consent === 'allow')
  }

  private decide(res: ServerResponse, form: URLSearchParams): void {
    const pending = this.pending.get(form.get('request') ?? '')
    if (pending === undefined) return sendHtml(res, 400, errorPage('AADSTS900561: The consent request is unknown or was already answered.'))
    this.pending.delete(form.get('request') ?? '')
    const allowed = form.get('decision') === 'allow'
    pushLog(this.authorizations, { ...pending, codeChallengeMethod: 'S256', outcome: allowed ? 'allowed' : 'denied' })
    this.answer(res, pending, allowed)
  }

  private answer(res: ServerResponse, pending: Pending, allowed: boolean): void {
    if (!allowed) {
      const description = aadError('access_denied', 65004, 'User declined to consent to access the app.').error_description
      return redirect(res, pending.redirectUri, { error: 'access_denied', error_subcode: 'cancel', error_description: description, state: pending.state })
    }
    const code = token('0.ARcode.')
    this.codes.set(code, { ...pending, expiresAt: Date.now() + this.codeLifetimeSeconds * 1000, used: false })
    redirect(res, pending.redirectUri, { code, state: pending.state })
  }

  private async token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req))
    const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1]
    const [basicId, basicSecret] = basic === undefined ? [] : Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent)
    const clientId = form.get('client_id') ?? basicId ?? ''
    const secret = form.get('client_secret') ?? basicSecret
    const record = (outcome: string) =>
      pushBounded(
        this.tokenRequests,
        {
          grantType: form.get('grant_type') ?? '',
          clientId,
          clientAuth: form.has('client_secret') ? 'body' : basicSecret !== undefined ? 'basic' : 'none',
          redirectUri: form.get('redirect_uri'),
          scope: form.get('scope'),
          codeVerifierSent: form.has('code_verifier'),
          outcome,
        },
        100,
      )
    const fail = (status: number, error: string, code: number, message: string) => {
      record(`${error} AADSTS${code}`)
      sendJson(res, status, aadError(error, code, message), { 'cache-control': 'no-store' })
    }
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      return fail(400, 'invalid_request', 900144, "The request body must contain the following parameter: 'grant_type'.")
    if (clientId !== this.options.clientId) return fail(400, 'unauthorized_client', 700016, `Application with identifier '${clientId}' was not found in the directory.`)
    if (secret === undefined || secret === '') return fail(401, 'invalid_client', 7000218, "The request body must contain the following parameter: 'client_assertion' or 'client_secret'.")
    if (secret !== this.options.clientSecret)
      return fail(401, 'invalid_client', 7000215, 'Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID.')
    const grantType = form.get('grant_type') ?? ''
    if (grantType === 'authorization_code') {
      const raw = form.get('code') ?? ''
      if (raw === '') return fail(400, 'invalid_request', 900144, "The request body must contain the following parameter: 'code'.")
      const code = this.codes.get(raw)
      if (code === undefined || code.clientId !== clientId) return fail(400, 'invalid_grant', 9002313, 'Invalid request. Request is malformed or invalid.')
      if (code.used) return fail(400, 'invalid_grant', 54005, 'OAuth2 Authorization code was already redeemed, please retry with a new valid code or use an existing refresh token.')
      if (code.expiresAt <= Date.now())
        return fail(400, 'invalid_grant', 70008, 'The provided authorization code or refresh token has expired due to inactivity. Send a new interactive authorization request for this user and resource.')
      if (form.get('redirect_uri') !== code.redirectUri)
        return fail(400, 'invalid_grant', 70000, "The provided value for the 'redirect_uri' is not valid. The value must exactly match the redirect URI used to obtain the authorization code.")
      const verifier = form.get('code_verifier') ?? ''
      // RFC 7636: 43 to 128 unreserved characters.
      if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || createHash('sha256').update(verifier).digest('base64url') !== code.challenge)
        return fail(400, 'invalid_grant', 501481, 'The Code_Verifier does not match the code_challenge supplied in the authorization request.')
      code.used = true
      record('issued')
      const grant: Grant = { id: ++this.grantCount, clientId, scopes: code.scopes.map(normalScope), issuedAt: new Date(), revoked: null }
      return this.issue(res, grant, grant.scopes)
    }
    if (grantType === 'refresh_token') {
      const grant = this.refreshTokens.get(form.get('refresh_token') ?? '')
      if (grant === undefined || grant.clientId !== clientId) return fail(400, 'invalid_grant', 9002313, 'Invalid request. Request is malformed or invalid.')
      if (grant.revoked === 'revoked')
        return fail(400, 'invalid_grant', 50173, `The provided grant has expired due to it being revoked, a fresh auth token is needed. The user might have changed or reset their password. The grant was issued on '${grant.issuedAt.toISOString()}' and the TokensValidFrom date (before which tokens are not valid) for this user is '${new Date().toISOString()}'.`)
      if (grant.revoked === 'inactivity')
        return fail(400, 'invalid_grant', 700082, `The refresh token has expired due to inactivity. The token was issued on ${grant.issuedAt.toISOString()} and was inactive for 90.00:00:00.`)
      const asked = (form.get('scope') ?? '').split(' ').filter((s) => s !== '').map(normalScope)
      const beyond = asked.filter((s) => !grant.scopes.includes(s) && !OIDC.has(s))
      if (beyond.length > 0) return fail(400, 'invalid_grant', 65001, `The user or administrator has not consented to use the application with ID '${clientId}'. Send an interactive authorization request for this user and resource.`)
      record('issued')
      return this.issue(res, grant, asked.length > 0 ? asked : grant.scopes)
    }
    fail(400, 'unsupported_grant_type', 70003, `The app requested an unsupported grant type '${grantType}'.`)
  }

  /** The documented success body; a new refresh token each time (earlier ones stay valid, as Microsoft's do). */
  private issue(res: ServerResponse, grant: Grant, scopes: string[]): void {
    const access = token('EwBIA8l6BAAU')
    const now = Date.now()
    for (const [t, a] of this.accessTokens) if (a.expiresAt <= now) this.accessTokens.delete(t)
    this.accessTokens.set(access, { grant, scopes, expiresAt: now + this.accessTokenLifetimeSeconds * 1000 })
    const graphScopes = scopes.filter((s) => !OIDC.has(s))
    const body: Record<string, unknown> = {
      token_type: 'Bearer',
      scope: [...graphScopes.map((s) => GRAPH_PREFIX + canonical(s)), ...scopes.filter((s) => OIDC.has(s) && s !== 'offline_access')].join(' '),
      expires_in: this.accessTokenLifetimeSeconds,
      ext_expires_in: this.accessTokenLifetimeSeconds,
      access_token: access,
    }
    if (grant.scopes.includes('offline_access')) {
      const refresh = token('M.C5xx_BAY.0.U.-')
      this.refreshTokens.set(refresh, grant)
      body['refresh_token'] = refresh
    }
    sendJson(res, 200, body, { 'cache-control': 'no-store', pragma: 'no-cache' })
  }
}

const canonical = (s: string): string => ({ 'user.read': 'User.Read', 'calendars.read': 'Calendars.Read', 'calendars.readbasic': 'Calendars.ReadBasic' })[s] ?? s

const pushLog = (log: Authorization[], entry: Authorization) => {
  log.push(entry)
  if (log.length > 100) log.shift()
}

const redirect = (res: ServerResponse, to: string, params: Record<string, string>): void => {
  const url = new URL(to)
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
  res.writeHead(302, { location: url.toString(), 'cache-control': 'no-store' }).end()
}

const errorPage = (description: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in to your account</title></head><body><h1>Sorry, but we’re having trouble signing you in.</h1><p id="error">${escapeHtml(description)}</p></body></html>`

const consentPage = (action: string, request: string, clientId: string, email: string, scopes: readonly string[]): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Permissions requested</title></head>
<body>
<h1>Permissions requested</h1>
<p>Signed in as <strong id="account">${escapeHtml(email)}</strong></p>
<p>The application <code>${escapeHtml(clientId)}</code> would like to:</p>
<ul id="scopes">${scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="request" value="${escapeHtml(request)}">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>
</body></html>`
