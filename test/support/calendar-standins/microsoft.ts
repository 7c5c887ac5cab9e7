/**
 * A stand-in for Microsoft 365 calendars on 127.0.0.1: the Microsoft identity platform (authorization
 * code flow with PKCE, refresh tokens, revocation) and Microsoft Graph v1.0 (`/me`, `/me/calendars`,
 * calendarView delta, change-notification subscriptions), in memory, written from Microsoft's public
 * documentation (see README-microsoft.md). One server answers every path; the product takes its URLs as
 * settings. Tests drive the mailbox (add / change / cancel events, series with exceptions), the grant
 * (revoke, expire), the delta tokens (410), failures (429 / 503 with Retry-After) and latency.
 *
 * Push: every change to an event is sent at once to the active subscriptions on its calendar (there is
 * no separate "notify" step); `settle()` waits until the receivers have answered.
 */
import { readFileSync } from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { type CalendarInfo, type EventFields, type EventInput, Mailbox, type ResponseType, type User } from './microsoft-calendar.js'
import { Graph, type DeltaReset } from './microsoft-graph.js'
import { pushBounded, sendGraphError, sendJson, aadError, sleep } from './microsoft-http.js'
import { type Authorization, type ConsentMode, Identity, type TokenRequest } from './microsoft-identity.js'
import { type Delivery, type Subscription, Subscriptions } from './microsoft-subscriptions.js'

export type { Attendee, CalendarInfo, EventFields, EventInput, Person, ResponseType, User } from './microsoft-calendar.js'
export type { PatternedRecurrence } from './microsoft-recurrence.js'
export type { Authorization, ConsentMode, TokenRequest } from './microsoft-identity.js'
export type { Delivery, Subscription } from './microsoft-subscriptions.js'

export interface MicrosoftStandinOptions {
  /** Key and certificate paths (`loopbackCertificate(dir)`); without them the stand-in speaks plain http. */
  readonly tls?: { readonly key: string; readonly cert: string }
  readonly clientId?: string
  readonly clientSecret?: string
  /** The directory (tenant) id; `common`, `organizations` and `consumers` are accepted in paths too. */
  readonly tenantId?: string
  /** Registered redirect URIs; when absent any loopback http(s) URI is accepted. */
  readonly redirectUris?: readonly string[]
  /** `page` (default): the authorize endpoint answers a consent page with Allow / Deny; `allow` / `deny`: it redirects at once. */
  readonly consent?: ConsentMode
}

export interface LoggedRequest {
  readonly method: string
  readonly path: string
  readonly query: Readonly<Record<string, string>>
  /** Secrets left out: `authorization` is reduced to its scheme (`Bearer`, `Basic`). */
  readonly headers: { readonly authorization: string | null; readonly prefer: string | null; readonly contentType: string | null }
}

export interface FailureOptions {
  readonly retryAfterSeconds?: number
  /** How many requests in a row fail (default 1). */
  readonly times?: number
  /** Which requests fail: Graph calls (default), the token endpoint, or any. */
  readonly on?: 'graph' | 'token' | 'any'
}

export interface MicrosoftStandin {
  /** The origin (stands for https://login.microsoftonline.com and https://graph.microsoft.com alike). */
  readonly url: string
  /** Stands for https://login.microsoftonline.com (the authority host; append `/{tenant}/oauth2/v2.0/...`). */
  readonly loginBaseUrl: string
  /** Stands for https://login.microsoftonline.com/common/oauth2/v2.0/authorize. */
  readonly authorizeUrl: string
  /** Stands for https://login.microsoftonline.com/common/oauth2/v2.0/token. */
  readonly tokenUrl: string
  /** Stands for https://graph.microsoft.com/v1.0. */
  readonly graphBaseUrl: string
  readonly clientId: string
  readonly clientSecret: string
  readonly tenantId: string
  /** Every request, oldest first (the last 500). */
  readonly requests: LoggedRequest[]
  /** What the authorize endpoint was asked (client, redirect URI, scopes, state) and how it ended. */
  readonly authorizations: Authorization[]
  /** Every call of the token endpoint: grant type, client, redirect URI, scope, whether a code_verifier came, the outcome (no secrets). */
  readonly tokenRequests: TokenRequest[]
  /** Notifications sent to receivers and their answers (the last 200). */
  readonly deliveries: Delivery[]

  setConsent(mode: ConsentMode): void
  setUser(user: Partial<User>): void
  setCalendars(calendars: CalendarInfo[]): void
  defaultCalendarId(): string
  addEvent(event: EventInput): string
  updateEvent(id: string, patch: Partial<EventFields>): void
  /** Changes one occurrence (by its original start, ISO): it becomes an `exception`. Answers the occurrence id. */
  updateOccurrence(seriesId: string, originalStart: string, patch: Partial<EventFields>): string
  /** Cancels one occurrence: it leaves the calendar view (delta: `@removed`). Answers the occurrence id. */
  cancelOccurrence(seriesId: string, originalStart: string): string
  /** The organizer cancels: deleted from the organizer's calendar, `isCancelled` in an attendee's. */
  cancelEvent(id: string): void
  deleteEvent(id: string): void
  setResponse(id: string, response: ResponseType): void

  /**
   * Refresh tokens answer invalid_grant (AADSTS50173, or AADSTS700082 for `inactivity`); access tokens stop working too unless
   * `keepAccessTokens`. Subscriptions stop notifying until reauthorized, and their lifecycle URLs get `reauthorizationRequired`.
   */
  revokeGrant(options?: { reason?: 'revoked' | 'inactivity'; keepAccessTokens?: boolean }): void
  /** Access tokens issued from now on live this long (`expires_in`). */
  setAccessTokenLifetimeSeconds(seconds: number): void
  /** Every access token issued so far is expired (Graph answers 401). */
  expireAccessTokens(): void
  setCodeLifetimeSeconds(seconds: number): void
  /** Every delta link and next link answers 410 Gone with this code (default `syncStateNotFound`). */
  invalidateDeltaTokens(code?: DeltaReset): void

  failNext(status: number, options?: FailureOptions): void
  setLatencyMs(ms: number): void

  subscriptions(): Subscription[]
  /** Ends a subscription as its expiry would (with a `subscriptionRemoved` lifecycle notification if it asked for them). */
  expireSubscription(id: string): void
  /** How long the validation handshake waits for the receiver (10 s, as documented). */
  setValidationTimeoutMs(ms: number): void
  /** Resolves when every notification sent so far was answered. */
  settle(): Promise<void>
  close(): Promise<void>
}

const TENANT_ID = '9188040d-6c67-4c5b-b112-36a304b66dad'
const USER_ID = '48d31887-5fad-4d73-a9f5-3c356e68a038'

export const startMicrosoftStandin = async (options: MicrosoftStandinOptions = {}): Promise<MicrosoftStandin> => {
  const clientId = options.clientId ?? '6731de76-14a6-49ae-97bc-6eba6914391e'
  const clientSecret = options.clientSecret ?? 'stand-in-client-secret'
  const tenantId = options.tenantId ?? TENANT_ID
  const mailbox = new Mailbox(
    { id: USER_ID, displayName: 'Adele Vance', mail: 'adele@contoso.example', userPrincipalName: 'adele@contoso.example' },
    [{ id: 'AAMkCal0001', name: 'Calendar', isDefaultCalendar: true }],
  )
  const identity = new Identity({
    clientId,
    clientSecret,
    tenantId,
    ...(options.redirectUris === undefined ? {} : { redirectUris: options.redirectUris }),
    consent: options.consent ?? 'page',
    userEmail: () => mailbox.user.mail ?? mailbox.user.userPrincipalName,
  })
  const cert = options.tls === undefined ? undefined : readFileSync(options.tls.cert)
  const subscriptions = new Subscriptions(tenantId, () => mailbox.user.id, cert)
  mailbox.onChange((change) => subscriptions.notify(change))

  const requests: LoggedRequest[] = []
  const failures: Array<{ status: number; retryAfterSeconds?: number; on: 'graph' | 'token' | 'any' }> = []
  let latencyMs = 0
  let graph: Graph | undefined

  const handler = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://standin')
    const scheme = /^(\w+)\s/.exec(req.headers.authorization ?? '')?.[1] ?? null
    pushBounded(
      requests,
      {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: { authorization: scheme, prefer: req.headers.prefer ?? null, contentType: req.headers['content-type'] ?? null },
      },
      500,
    )
    if (latencyMs > 0) await sleep(latencyMs)
    const isGraph = url.pathname.startsWith('/v1.0/')
    const isToken = url.pathname.endsWith('/oauth2/v2.0/token')
    const failure = failures[0]
    if (failure !== undefined && (failure.on === 'any' || (failure.on === 'graph' && isGraph) || (failure.on === 'token' && isToken))) {
      failures.shift()
      const headers: Record<string, string> = failure.retryAfterSeconds === undefined ? {} : { 'retry-after': String(failure.retryAfterSeconds) }
      if (isToken) return sendJson(res, failure.status, aadError('temporarily_unavailable', 90033, 'A transient error has occurred. Please try again.'), headers)
      const [code, message] = failure.status === 429 ? ['TooManyRequests', 'Too many requests. Please retry after the time in the Retry-After header.'] : failure.status === 503 ? ['serviceNotAvailable', 'The service is temporarily unavailable. Please retry after a delay.'] : ['generalException', 'An unspecified error has occurred.']
      return sendGraphError(res, failure.status, code, message, headers)
    }
    if (await identity.handle(req, res, url)) return
    if (graph !== undefined && (await graph.handle(req, res, url))) return
    sendGraphError(res, 404, 'NotFound', `No stand-in route for ${req.method ?? 'GET'} ${url.pathname}`)
  }
  const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
    handler(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendGraphError(res, 500, 'generalException', error instanceof Error ? error.message : String(error))
    })
  }
  const server = options.tls === undefined ? http.createServer(listener) : https.createServer({ key: readFileSync(options.tls.key), cert: cert as Buffer }, listener)
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const url = `${options.tls === undefined ? 'http' : 'https'}://127.0.0.1:${(server.address() as AddressInfo).port}`
  graph = new Graph(url, mailbox, identity, subscriptions, clientId)
  const g = graph

  return {
    url,
    loginBaseUrl: url,
    authorizeUrl: `${url}/common/oauth2/v2.0/authorize`,
    tokenUrl: `${url}/common/oauth2/v2.0/token`,
    graphBaseUrl: `${url}/v1.0`,
    clientId,
    clientSecret,
    tenantId,
    requests,
    authorizations: identity.authorizations,
    tokenRequests: identity.tokenRequests,
    deliveries: subscriptions.deliveries,
    setConsent: (mode) => void (identity.consent = mode),
    setUser: (user) => void (mailbox.user = { ...mailbox.user, ...user }),
    setCalendars: (calendars) => {
      if (calendars.length === 0) throw new Error('a mailbox has at least its default calendar')
      mailbox.calendars = calendars
    },
    defaultCalendarId: () => mailbox.defaultCalendarId(),
    addEvent: (event) => mailbox.add(event),
    updateEvent: (id, patch) => mailbox.update(id, patch),
    updateOccurrence: (id, at, patch) => mailbox.updateOccurrence(id, at, patch),
    cancelOccurrence: (id, at) => mailbox.cancelOccurrence(id, at),
    cancelEvent: (id) => mailbox.cancel(id),
    deleteEvent: (id) => mailbox.delete(id),
    setResponse: (id, response) => mailbox.setResponse(id, response),
    revokeGrant: (o = {}) => {
      identity.revokeGrant(o.reason ?? 'revoked', o.keepAccessTokens === true)
      subscriptions.requireReauthorization()
    },
    setAccessTokenLifetimeSeconds: (s) => void (identity.accessTokenLifetimeSeconds = s),
    expireAccessTokens: () => identity.expireAccessTokens(),
    setCodeLifetimeSeconds: (s) => void (identity.codeLifetimeSeconds = s),
    invalidateDeltaTokens: (code = 'syncStateNotFound') => g.invalidateDeltaTokens(code),
    failNext: (status, o = {}) => {
      for (let i = 0; i < (o.times ?? 1); i++) failures.push({ status, on: o.on ?? 'graph', ...(o.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: o.retryAfterSeconds }) })
    },
    setLatencyMs: (ms) => void (latencyMs = ms),
    subscriptions: () => {
      subscriptions.prune()
      return [...subscriptions.active.values()]
    },
    expireSubscription: (id) => subscriptions.expire(id),
    setValidationTimeoutMs: (ms) => void (subscriptions.validationTimeoutMs = ms),
    settle: () => subscriptions.settle(),
    close: async () => {
      await subscriptions.settle()
      await new Promise<void>((ok) => {
        server.closeAllConnections()
        server.close(() => ok())
      })
    },
  }
}
