/**
 * A stand-in for Google's OAuth 2.0 and Calendar API v3, for tests: one HTTPS server on 127.0.0.1 serving
 * the real hosts' paths (accounts.google.com, oauth2.googleapis.com, openidconnect.googleapis.com,
 * www.googleapis.com/calendar/v3), everything in memory. A test drives it through the control methods
 * (events, the account, grant revocation, sync-token invalidation, failures, latency, push channels) and
 * reads `requests` to see what the client asked. See README-google.md for what is emulated and what is not.
 *
 * Push: every change made through the control methods sends `exists` to each open channel on that calendar
 * at once; `notifyChange` sends one more on demand. `settle()` waits for the notifications to be answered.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loopbackCertificate } from '../model-mirror.js'
import { createGoogleCalendars, type GoogleCalendarInput, type GoogleEventInput, notFound, type ResponseStatus } from './google-calendar.js'
import { apiError, type ApiErrorDetail, formOf, injectedFailure, readBody, redacted, redactedJson, sendJson, sleep } from './google-http.js'
import { type AuthorizationRecord, type Consent, createGoogleOAuth } from './google-oauth.js'
import { createGooglePush, type GoogleChannel, type GoogleDelivery } from './google-push.js'

export type { GoogleCalendarInput, GoogleEventInput, ResponseStatus } from './google-calendar.js'
export type { AuthorizationRecord, Consent } from './google-oauth.js'
export type { GoogleChannel, GoogleDelivery } from './google-push.js'
export { GOOGLE_READONLY_SCOPES } from './google-oauth.js'

export interface GoogleStandinOptions {
  /** Paths of a PEM key and certificate (as `loopbackCertificate` makes); without it the stand-in makes its own. */
  readonly tls?: { readonly key: string; readonly cert: string }
  readonly clientId?: string
  readonly clientSecret?: string
  /** Registered redirect URIs; by default any http(s) address on 127.0.0.1 / localhost is accepted. */
  readonly redirectUris?: ReadonlyArray<string>
  /** 'page' (default): the consent page with Allow / Deny; 'allow' / 'deny': redirect at once with that answer. */
  readonly consent?: Consent
  /** expires_in of new access tokens (Google's: 3599). */
  readonly accessTokenSeconds?: number
  readonly user?: { readonly email: string; readonly name?: string }
  /** 'loopback' (default): web_hook addresses may be http:// on 127.0.0.1 / localhost; 'never': https only, as Google. */
  readonly httpWebhooks?: 'loopback' | 'never'
  /** PEM the stand-in trusts when posting notifications to an https receiver (default: its own certificate). */
  readonly webhookCa?: string
}

/** One request the stand-in answered; secrets (code, verifier, tokens, client secret) are redacted. */
export interface GoogleRequest {
  readonly method: string
  readonly path: string
  readonly query: Readonly<Record<string, string>>
  /** The form fields of token / revoke / consent posts, or the JSON body of a watch / stop. */
  readonly body: Readonly<Record<string, unknown>> | null
  /** The Authorization scheme sent ('Bearer', 'Basic'), never its value. */
  readonly authorization: string | null
  status: number
}

export interface GoogleStandin {
  /** The origin every path below is served from. */
  readonly url: string
  /** https://accounts.google.com/o/oauth2/v2/auth */
  readonly authorizeUrl: string
  /** https://oauth2.googleapis.com/token */
  readonly tokenUrl: string
  /** https://oauth2.googleapis.com/revoke */
  readonly revokeUrl: string
  /** https://openidconnect.googleapis.com/v1/userinfo (also served at /oauth2/v3/userinfo, as www.googleapis.com does) */
  readonly userinfoUrl: string
  /** https://www.googleapis.com/calendar/v3 (calendarList, events.list/get/watch, channels.stop under it) */
  readonly apiBaseUrl: string
  readonly clientId: string
  readonly clientSecret: string
  /** The certificate the server presents: its PEM (pass as `ca`) and its file (for NODE_EXTRA_CA_CERTS). */
  readonly certificate: { readonly pem: string; readonly path: string }
  readonly requests: ReadonlyArray<GoogleRequest>
  readonly authorizations: ReadonlyArray<AuthorizationRecord>
  readonly deliveries: ReadonlyArray<GoogleDelivery>

  setConsent(consent: Consent): void
  setRedirectUris(uris: ReadonlyArray<string> | null): void
  setAccessTokenLifetimeSeconds(seconds: number): void
  /** Codes issued from now on can be redeemed for this long (default 300 s); 0 makes them expire at once. */
  setCodeSeconds(seconds: number): void
  /** Every access token issued so far expires now (a refresh gives a working one). */
  expireAccessTokens(): void
  /** The account's email (and name); the primary calendar, if its id was the old email, takes the new one. */
  setUser(user: { email: string; name?: string }): void
  /** The account's calendars (calendarList); calendars kept by id keep their events. */
  setCalendars(calendars: ReadonlyArray<GoogleCalendarInput>): void
  /** Adds an event (or a recurring series with `recurrence`); answers its id. 'primary' names the primary calendar. */
  addEvent(calendarId: string, event: GoogleEventInput): string
  changeEvent(calendarId: string, eventId: string, patch: Partial<GoogleEventInput>): void
  /** Deletes an event or a whole series (it stays as status "cancelled" for sync). */
  cancelEvent(calendarId: string, eventId: string): void
  /** Changes one occurrence of a series (an exception); `originalStart` is its RFC 3339 start, or its date if all-day. Answers the instance id. */
  changeInstance(calendarId: string, seriesId: string, originalStart: string, patch: Partial<GoogleEventInput>): string
  /** Cancels one occurrence of a series. Answers the instance id. */
  cancelInstance(calendarId: string, seriesId: string, originalStart: string): string
  /** The signed-in account's responseStatus among the event's attendees (added as an attendee if absent). */
  setResponseStatus(calendarId: string, eventId: string, status: ResponseStatus): void
  /** The user (or an admin) removed the app's access: refresh answers invalid_grant, access tokens 401. */
  revokeGrant(): void
  /** Every sync token and page token issued so far answers 410 Gone (fullSyncRequired). */
  invalidateSyncTokens(): void
  /** The next `times` (default 1) Calendar API / userinfo calls answer `status` (429, 403, 500, 503…), with Retry-After if given. */
  failNext(status: number, options?: { retryAfterSeconds?: number; times?: number; on?: 'api' | 'token' | 'any' }): void
  /** Every answer waits this long first. */
  setLatencyMs(ms: number): void
  /** Open (unexpired, unstopped) channels. */
  channels(): ReadonlyArray<GoogleChannel>
  /** The channel expires now: no more notifications reach it. */
  expireChannel(channelId: string): void
  /** Sends one more `exists` notification to each open channel on the calendar (changes already send one each). */
  notifyChange(calendarId: string): void
  /** Resolves once every notification sent so far has been answered or has failed. */
  settle(): Promise<void>
  close(): Promise<void>
}

const REQUEST_LOG_LIMIT = 1000

const CALENDAR_SCOPES = ['https://www.googleapis.com/auth/calendar.readonly']
const EVENT_SCOPES = [...CALENDAR_SCOPES, 'https://www.googleapis.com/auth/calendar.events.readonly']
const LIST_SCOPES = [...CALENDAR_SCOPES, 'https://www.googleapis.com/auth/calendar.calendarlist.readonly']
const EMAIL_SCOPES = ['email', 'https://www.googleapis.com/auth/userinfo.email']

const isLoopbackHost = (host: string): boolean => host === '127.0.0.1' || host === 'localhost' || host === '[::1]'

export const startGoogleStandin = async (options: GoogleStandinOptions = {}): Promise<GoogleStandin> => {
  const ownDir = options.tls === undefined ? mkdtempSync(join(tmpdir(), 'google-standin-')) : null
  const tls = options.tls ?? loopbackCertificate(ownDir ?? '')
  const certPem = readFileSync(tls.cert, 'utf8')
  let user = { email: options.user?.email ?? 'ada@example.com', name: options.user?.name ?? 'Ada Lovelace', sub: '107300000000000000001' }
  const config = {
    clientId: options.clientId ?? 'notetaker-test.apps.googleusercontent.com',
    clientSecret: options.clientSecret ?? 'GOCSPX-stand-in-secret',
    redirectUris: options.redirectUris ?? null,
    consent: options.consent ?? ('page' as Consent),
    accessTokenSeconds: options.accessTokenSeconds ?? 3599,
    codeSeconds: 300,
    user: () => user,
  }
  const oauth = createGoogleOAuth(config)
  const store = createGoogleCalendars(() => user.email)
  store.setCalendars([{ id: user.email, summary: user.email, primary: true, timeZone: 'UTC' }])
  const requests: GoogleRequest[] = []
  const failures: Array<{ status: number; retryAfterSeconds?: number; on: 'api' | 'token' | 'any' }> = []
  let latencyMs = 0
  let base = ''
  const push = createGooglePush({
    ca: () => options.webhookCa ?? certPem,
    resourceUri: (calendarId) => `${base}/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events?alt=json`,
  })

  const unauthorized = (res: http.ServerResponse, missing: boolean): void =>
    sendJson(
      res,
      401,
      apiError(
        401,
        missing
          ? { reason: 'required', message: 'Login Required.', location: 'Authorization', locationType: 'header' }
          : { reason: 'authError', message: 'Invalid Credentials', location: 'Authorization', locationType: 'header' },
      ),
      { 'www-authenticate': `Bearer realm="https://accounts.google.com/"${missing ? '' : ', error="invalid_token"'}` },
    )

  /** Whether the request's access token is current and carries one of `scopes`; if not, answers 401 / 403. */
  const authorized = (req: http.IncomingMessage, res: http.ServerResponse, scopes: ReadonlyArray<string>): boolean => {
    const t = oauth.bearer(req)
    if (t === 'missing' || t === 'invalid') {
      unauthorized(res, t === 'missing')
      return false
    }
    if (!t.scopes.some((s) => scopes.includes(s))) {
      sendJson(res, 403, apiError(403, { reason: 'insufficientPermissions', message: 'Request had insufficient authentication scopes.' }), {
        'www-authenticate': `Bearer realm="https://accounts.google.com/", error="insufficient_scope", scope="${scopes.join(' ')}"`,
      })
      return false
    }
    return true
  }

  const userinfo = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const t = oauth.bearer(req)
    if (t === 'missing' || t === 'invalid') {
      return sendJson(res, 401, { error: 'invalid_request', error_description: 'Invalid Credentials' }, { 'www-authenticate': 'Bearer error="invalid_token"' })
    }
    const withEmail = t.scopes.some((s) => EMAIL_SCOPES.includes(s))
    const withProfile = t.scopes.some((s) => s === 'profile' || s === 'https://www.googleapis.com/auth/userinfo.profile')
    sendJson(res, 200, { sub: user.sub, ...(withProfile ? { name: user.name } : {}), ...(withEmail ? { email: user.email, email_verified: true } : {}) })
  }

  const watchRefusal = (body: Record<string, unknown>): ApiErrorDetail | null => {
    const id = body.id
    const address = body.address
    if (typeof id !== 'string' || !/^[A-Za-z0-9\-_+/=]{1,64}$/.test(id)) return { reason: 'required', message: 'Invalid channel id: 1 to 64 characters of [A-Za-z0-9-_+/=].' }
    if (body.type !== 'web_hook' && body.type !== 'webhook') return { reason: 'push.channelTypeUnsupported', message: `Unsupported channel type: ${String(body.type)}` }
    if (typeof address !== 'string') return { reason: 'required', message: 'Required: address' }
    let url: URL
    try {
      url = new URL(address)
    } catch {
      return { reason: 'push.webhookUrlUnparseable', message: `WebHook callback must be a URL: ${address}` }
    }
    const httpAllowed = (options.httpWebhooks ?? 'loopback') === 'loopback' && isLoopbackHost(url.hostname)
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && httpAllowed)) return { reason: 'push.webhookUrlNotHttps', message: `WebHook callback must be HTTPS: ${address}` }
    if (push.has(id)) return { reason: 'channelIdNotUnique', message: 'Channel id not unique' }
    if (body.token !== undefined && (typeof body.token !== 'string' || body.token.length > 256)) return { reason: 'invalid', message: 'Channel token: a string of at most 256 characters.' }
    return null
  }

  const jsonBody = (text: string): Record<string, unknown> | null => {
    try {
      const v: unknown = JSON.parse(text)
      return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null
    } catch {
      return null
    }
  }

  const api = async (req: http.IncomingMessage, res: http.ServerResponse, path: string, q: URLSearchParams, body: string): Promise<void> => {
    const method = req.method ?? 'GET'
    if (method === 'GET' && path === '/users/me/calendarList') {
      if (authorized(req, res, LIST_SCOPES)) sendJson(res, 200, store.calendarList())
      return
    }
    if (method === 'POST' && path === '/channels/stop') {
      if (!authorized(req, res, EVENT_SCOPES)) return
      const b = jsonBody(body) ?? {}
      const id = typeof b.id === 'string' ? b.id : ''
      if (!push.stop(id, typeof b.resourceId === 'string' ? b.resourceId : '')) {
        return sendJson(res, 404, apiError(404, { reason: 'notFound', message: `Channel '${id}' not found for project '000000000000'` }))
      }
      res.writeHead(204).end()
      return
    }
    const m = /^\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path)
    if (m?.[1] === undefined) return sendJson(res, 404, notFound().body)
    if (!authorized(req, res, EVENT_SCOPES)) return
    const calendarId = decodeURIComponent(m[1])
    const sub = m[2] === undefined ? null : decodeURIComponent(m[2])
    if (method === 'GET' && sub === null) {
      const a = store.list(calendarId, q)
      return sendJson(res, a.status, a.body)
    }
    if (method === 'POST' && sub === 'watch') {
      const entry = store.calendarOf(calendarId)
      if (entry === undefined) return sendJson(res, 404, notFound().body)
      const b = jsonBody(body)
      if (b === null) return sendJson(res, 400, apiError(400, { reason: 'parseError', message: 'Parse Error' }))
      const refusal = watchRefusal(b)
      if (refusal !== null) return sendJson(res, 400, apiError(400, refusal, refusal.reason.startsWith('push.') ? 'push' : 'global'))
      const expiration = b.expiration === undefined ? undefined : Number(b.expiration)
      const channel = push.open(entry.id, {
        id: String(b.id),
        address: String(b.address),
        ...(typeof b.token === 'string' ? { token: b.token } : {}),
        ...(expiration === undefined || Number.isNaN(expiration) ? {} : { expiration }),
      })
      return sendJson(res, 200, {
        kind: 'api#channel',
        id: channel.id,
        resourceId: channel.resourceId,
        resourceUri: channel.resourceUri,
        ...(channel.token === null ? {} : { token: channel.token }),
        expiration: String(channel.expiration),
      })
    }
    if (method === 'GET' && sub !== null) {
      const a = store.get(calendarId, sub)
      return sendJson(res, a.status, a.body)
    }
    sendJson(res, 405, apiError(405, { reason: 'httpMethodNotAllowed', message: 'Method Not Allowed' }))
  }

  const kindOf = (path: string): 'api' | 'token' | 'other' =>
    path.startsWith('/calendar/v3/') || path.endsWith('/userinfo') ? 'api' : path === '/token' || path === '/revoke' ? 'token' : 'other'

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'https://127.0.0.1')
    const path = url.pathname
    const body = req.method === 'POST' ? await readBody(req) : ''
    const isForm = path === '/token' || path === '/revoke' || path.endsWith('/auth/consent')
    const entry: GoogleRequest = {
      method: req.method ?? 'GET',
      path,
      query: redacted(url.searchParams),
      body: body === '' ? null : isForm ? redacted(formOf(body)) : redactedJson(jsonBody(body) ?? { raw: '[unparsed]' }),
      authorization: /^(\w+)\s/.exec(req.headers.authorization ?? '')?.[1] ?? null,
      status: 0,
    }
    requests.push(entry)
    if (requests.length > REQUEST_LOG_LIMIT) requests.shift()
    res.on('finish', () => {
      entry.status = res.statusCode
    })
    if (latencyMs > 0) await sleep(latencyMs)
    const kind = kindOf(path)
    const failure = failures[0]
    if (failure !== undefined && kind !== 'other' && (failure.on === 'any' || failure.on === kind)) {
      failures.shift()
      const headers: Record<string, string> = failure.retryAfterSeconds === undefined ? {} : { 'retry-after': String(failure.retryAfterSeconds) }
      if (kind === 'token') return sendJson(res, failure.status, { error: failure.status >= 500 ? 'server_error' : 'temporarily_unavailable', error_description: 'Injected failure' }, headers)
      return sendJson(res, failure.status, apiError(failure.status, injectedFailure(failure.status), failure.status === 403 ? 'usageLimits' : 'global'), headers)
    }
    const method = req.method ?? 'GET'
    if (method === 'GET' && path === '/o/oauth2/v2/auth') return oauth.authorize(res, url.searchParams)
    if (method === 'POST' && path === '/o/oauth2/v2/auth/consent') return oauth.decide(res, body)
    if (method === 'POST' && path === '/token') return oauth.token(req, res, body)
    if (method === 'POST' && path === '/revoke') return oauth.revoke(res, body, url.searchParams)
    if (method === 'GET' && (path === '/v1/userinfo' || path === '/oauth2/v3/userinfo')) return userinfo(req, res)
    if (path.startsWith('/calendar/v3/')) return api(req, res, path.slice('/calendar/v3'.length), url.searchParams, body)
    sendJson(res, 404, notFound().body)
  }

  const server = https.createServer({ key: readFileSync(tls.key), cert: certPem }, (req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) sendJson(res, 500, apiError(500, { reason: 'backendError', message: e instanceof Error ? e.message : String(e) }))
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`

  /** Runs a change to the events, then notifies the calendar's channels. */
  const changing = <A>(calendarId: string, f: () => A): A => {
    const a = f()
    const entry = store.calendarOf(calendarId)
    if (entry !== undefined) push.changed(entry.id)
    return a
  }

  return {
    url: base,
    authorizeUrl: `${base}/o/oauth2/v2/auth`,
    tokenUrl: `${base}/token`,
    revokeUrl: `${base}/revoke`,
    userinfoUrl: `${base}/v1/userinfo`,
    apiBaseUrl: `${base}/calendar/v3`,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    certificate: { pem: certPem, path: tls.cert },
    requests,
    authorizations: oauth.authorizations,
    deliveries: push.deliveries,
    setConsent: (c) => {
      config.consent = c
    },
    setRedirectUris: (uris) => {
      config.redirectUris = uris
    },
    setAccessTokenLifetimeSeconds: (s) => {
      config.accessTokenSeconds = s
    },
    setCodeSeconds: (s) => {
      config.codeSeconds = s
    },
    expireAccessTokens: () => oauth.expireAccessTokens(),
    setUser: (u) => {
      store.renameCalendar(user.email, u.email)
      user = { ...user, email: u.email, name: u.name ?? user.name }
    },
    setCalendars: (list) => store.setCalendars(list),
    addEvent: (calendarId, event) => changing(calendarId, () => store.add(calendarId, event)),
    changeEvent: (calendarId, id, patch) => changing(calendarId, () => store.change(calendarId, id, patch)),
    cancelEvent: (calendarId, id) => changing(calendarId, () => store.cancel(calendarId, id)),
    changeInstance: (calendarId, seriesId, at, patch) => changing(calendarId, () => store.changeInstance(calendarId, seriesId, at, patch)),
    cancelInstance: (calendarId, seriesId, at) => changing(calendarId, () => store.changeInstance(calendarId, seriesId, at, { status: 'cancelled' })),
    setResponseStatus: (calendarId, id, status) => changing(calendarId, () => store.setResponse(calendarId, id, status)),
    revokeGrant: () => oauth.revokeGrant(),
    invalidateSyncTokens: () => store.invalidateSyncTokens(),
    failNext: (status, o = {}) => {
      for (let i = 0; i < (o.times ?? 1); i++) failures.push({ status, on: o.on ?? 'api', ...(o.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: o.retryAfterSeconds }) })
    },
    setLatencyMs: (ms) => {
      latencyMs = ms
    },
    channels: () => push.active(),
    expireChannel: (id) => push.expire(id),
    notifyChange: (calendarId) => {
      const entry = store.calendarOf(calendarId)
      if (entry === undefined) throw new Error(`no calendar ${calendarId}`)
      push.changed(entry.id)
    },
    settle: () => push.settle(),
    close: async () => {
      await push.settle()
      await new Promise<void>((ok) => {
        server.closeAllConnections()
        server.close(() => ok())
      })
      if (ownDir !== null) rmSync(ownDir, { recursive: true, force: true })
    },
  }
}
