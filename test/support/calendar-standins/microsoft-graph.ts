/**
 * Microsoft Graph v1.0 as the stand-in answers it: `GET /me`, `GET /me/calendars`, `GET /me/calendar`,
 * calendarView delta (`/me/calendarView/delta`, `/me/calendars/{id}/calendarView/delta`) with
 * `Prefer: odata.maxpagesize`, `@odata.nextLink`, `@odata.deltaLink`, `@removed` and the 410 of an
 * expired delta token, and `/subscriptions`. Every call needs a Bearer access token with the right scope.
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Mailbox } from './microsoft-calendar.js'
import { BoundedMap, readBody, sendGraphError, sendJson } from './microsoft-http.js'
import type { Identity } from './microsoft-identity.js'
import { MAX_EXPIRATION_MINUTES, type Subscription, type Subscriptions } from './microsoft-subscriptions.js'

export type DeltaReset = 'syncStateNotFound' | 'resyncRequired'

interface DeltaState {
  readonly path: string
  readonly calendarId: string
  readonly start: Date
  readonly end: Date
  /** Item id → version, as the round that made this token saw them. */
  readonly snapshot: ReadonlyMap<string, string>
}

interface SkipState {
  readonly path: string
  readonly items: readonly unknown[]
  readonly pageSize: number
  readonly after: DeltaState
}

/** The stand-in's page size when the client sends no `Prefer: odata.maxpagesize`. */
export const DEFAULT_PAGE_SIZE = 10
const MAX_PAGE_SIZE = 1000
const MAX_SUBSCRIPTIONS = 50
const WWW_AUTHENTICATE = 'Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize", client_id="00000003-0000-0000-c000-000000000000"'

const token = () => randomBytes(18).toString('base64url')

export class Graph {
  private readonly deltaTokens = new BoundedMap<string, DeltaState>(32)
  private readonly skipTokens = new BoundedMap<string, SkipState>(32)
  /** Tokens that were invalidated, kept to answer 410 with the Location of a fresh round. */
  private readonly goneTokens = new BoundedMap<string, DeltaState>(32)
  private resetCode: DeltaReset = 'syncStateNotFound'

  constructor(
    private readonly base: string,
    private readonly mailbox: Mailbox,
    private readonly identity: Identity,
    private readonly subscriptions: Subscriptions,
    private readonly clientId: string,
  ) {}

  /** Every delta and skip token stops working; their next use answers 410 with `code`. */
  invalidateDeltaTokens(code: DeltaReset): void {
    this.resetCode = code
    for (const [t, s] of this.deltaTokens) this.goneTokens.set(t, s)
    for (const [t, s] of this.skipTokens) this.goneTokens.set(t, s.after)
    this.deltaTokens.clear()
    this.skipTokens.clear()
  }

  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (!url.pathname.startsWith('/v1.0/')) return false
    await this.route(req, res, url, url.pathname.slice('/v1.0'.length), req.method ?? 'GET')
    return true
  }

  private async route(req: IncomingMessage, res: ServerResponse, url: URL, path: string, method: string): Promise<void> {
    const auth = this.identity.checkAccessToken(req.headers.authorization)
    if (!auth.ok) return sendGraphError(res, 401, 'InvalidAuthenticationToken', auth.message, { 'www-authenticate': WWW_AUTHENTICATE })
    const may = (...scopes: string[]) => scopes.some((s) => auth.scopes.includes(s))
    const denied = () => sendGraphError(res, 403, 'ErrorAccessDenied', 'Access is denied. Check credentials and try again.')
    if (path === '/me' && method === 'GET') {
      if (!may('user.read')) return denied()
      return sendJson(res, 200, { '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#users/$entity', ...this.userJson() })
    }
    if (!may('calendars.read', 'calendars.readbasic')) return denied()
    if (path === '/me/calendars' && method === 'GET')
      return sendJson(res, 200, { '@odata.context': "https://graph.microsoft.com/v1.0/$metadata#users('me')/calendars", value: this.mailbox.calendars.map((c) => this.calendarJson(c.id)) })
    if (path === '/me/calendar' && method === 'GET')
      return sendJson(res, 200, { '@odata.context': "https://graph.microsoft.com/v1.0/$metadata#users('me')/calendars/$entity", ...this.calendarJson(this.mailbox.defaultCalendarId()) })
    const delta = /^\/me(?:\/calendars\/([^/]+)|\/calendar)?\/calendarView\/delta$/.exec(path)
    if (delta !== null && method === 'GET') {
      const calendarId = delta[1] === undefined ? this.mailbox.defaultCalendarId() : decodeURIComponent(delta[1])
      if (!this.mailbox.hasCalendar(calendarId)) return sendGraphError(res, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.')
      return this.delta(req, res, url, calendarId)
    }
    if (path === '/subscriptions' || path.startsWith('/subscriptions/'))
      return this.subscriptionRoute(req, res, method, decodeURIComponent(path.slice('/subscriptions/'.length)))
    sendGraphError(res, 400, 'BadRequest', `Resource not found for the segment '${path.split('/').pop() ?? ''}'.`)
  }

  private userJson() {
    const u = this.mailbox.user
    return { businessPhones: [], displayName: u.displayName, givenName: u.displayName.split(' ')[0] ?? null, jobTitle: null, mail: u.mail, mobilePhone: null, officeLocation: null, preferredLanguage: 'en-US', surname: u.displayName.split(' ').slice(1).join(' ') || null, userPrincipalName: u.userPrincipalName, id: u.id }
  }

  private calendarJson(id: string) {
    const c = this.mailbox.calendars.find((x) => x.id === id)
    const owner = this.mailbox.user
    return {
      id,
      name: c?.name ?? 'Calendar',
      color: 'auto',
      hexColor: '',
      isDefaultCalendar: c?.isDefaultCalendar ?? false,
      changeKey: `cal-${id}`,
      canShare: c?.isDefaultCalendar ?? false,
      canViewPrivateItems: true,
      canEdit: c?.canEdit ?? true,
      allowedOnlineMeetingProviders: ['teamsForBusiness'],
      defaultOnlineMeetingProvider: 'teamsForBusiness',
      isTallyingResponses: true,
      isRemovable: !(c?.isDefaultCalendar ?? false),
      owner: { name: owner.displayName, address: owner.mail ?? owner.userPrincipalName },
    }
  }

  private delta(req: IncomingMessage, res: ServerResponse, url: URL, calendarId: string): void {
    const q = url.searchParams
    const prefer = String(req.headers.prefer ?? '')
    const asked = Number(/odata\.maxpagesize=(\d+)/.exec(prefer)?.[1] ?? NaN)
    const pageSize = Number.isFinite(asked) && asked > 0 ? Math.min(asked, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE
    const applied: Record<string, string> = Number.isFinite(asked) ? { 'preference-applied': `odata.maxpagesize=${pageSize}` } : {}
    const skip = q.get('$skiptoken')
    const deltaToken = q.get('$deltatoken')
    if (skip !== null) {
      const state = this.skipTokens.get(skip)
      if (state === undefined) return this.gone(res, skip)
      this.skipTokens.delete(skip)
      return this.page(res, Number.isFinite(asked) ? { ...state, pageSize } : state, applied)
    }
    let items: unknown[]
    let after: DeltaState
    if (deltaToken !== null) {
      const before = this.deltaTokens.get(deltaToken)
      if (before === undefined) return this.gone(res, deltaToken)
      const now = this.mailbox.view(before.calendarId, before.start, before.end)
      items = [
        ...now.filter((i) => before.snapshot.get(i.id) !== i.version).map((i) => i.json),
        ...[...before.snapshot.keys()].filter((id) => !now.some((i) => i.id === id)).map((id) => ({ '@odata.type': '#microsoft.graph.event', id, '@removed': { reason: 'deleted' } })),
      ]
      after = { ...before, snapshot: new Map(now.map((i) => [i.id, i.version])) }
    } else {
      const start = new Date(q.get('startDateTime') ?? q.get('startdatetime') ?? '')
      const end = new Date(q.get('endDateTime') ?? q.get('enddatetime') ?? '')
      if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()))
        return sendGraphError(res, 400, 'ErrorInvalidParameter', 'This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.')
      const now = this.mailbox.view(calendarId, start, end)
      items = now.map((i) => i.json)
      after = { path: url.pathname, calendarId, start, end, snapshot: new Map(now.map((i) => [i.id, i.version])) }
    }
    this.page(res, { path: url.pathname, items, pageSize, after }, applied)
  }

  private page(res: ServerResponse, state: SkipState, headers: Record<string, string>): void {
    const value = state.items.slice(0, state.pageSize)
    const rest = state.items.slice(state.pageSize)
    const body: Record<string, unknown> = { '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#Collection(event)' }
    if (rest.length > 0) {
      const next = token()
      this.skipTokens.set(next, { ...state, items: rest })
      body['@odata.nextLink'] = `${this.base}${state.path}?$skiptoken=${next}`
    } else {
      const next = token()
      this.deltaTokens.set(next, state.after)
      body['@odata.deltaLink'] = `${this.base}${state.path}?$deltatoken=${next}`
    }
    body['value'] = value
    sendJson(res, 200, body, headers)
  }

  /** The documented answer to a delta or skip token the service no longer knows: 410 Gone, start over. */
  private gone(res: ServerResponse, tokenValue: string): void {
    const was = this.goneTokens.get(tokenValue)
    const location: Record<string, string> = was === undefined ? {} : { location: `${this.base}${was.path}?startDateTime=${was.start.toISOString()}&endDateTime=${was.end.toISOString()}` }
    const message = this.resetCode === 'syncStateNotFound' ? 'The sync state generation is not found. The delta token is expired and data must be synchronized again.' : 'Resync required. Replace any local cached data with a full synchronization.'
    sendGraphError(res, 410, this.resetCode, message, location)
  }

  private async subscriptionRoute(req: IncomingMessage, res: ServerResponse, method: string, id: string): Promise<void> {
    const subs = this.subscriptions
    subs.prune()
    if (id === '') {
      if (method === 'GET') return sendJson(res, 200, { '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#subscriptions', value: [...subs.active.values()].map((s) => subs.json(s, this.clientId)) })
      if (method === 'POST') return this.createSubscription(req, res)
      return void res.writeHead(405).end()
    }
    const reauthorize = id.endsWith('/reauthorize')
    const s = subs.active.get(reauthorize ? id.slice(0, -'/reauthorize'.length) : id)
    if (s === undefined) return sendGraphError(res, 404, 'ResourceNotFound', 'Resource not found.')
    if (reauthorize) {
      if (method !== 'POST') return void res.writeHead(405).end()
      s.needsReauthorization = false
      return void res.writeHead(204).end()
    }
    if (method === 'GET') return sendJson(res, 200, subs.json(s, this.clientId))
    if (method === 'DELETE') {
      subs.active.delete(id)
      return void res.writeHead(204).end()
    }
    if (method === 'PATCH') {
      const body = await jsonBody(req)
      const problem = body === null ? 'Unable to read JSON request payload.' : expirationProblem(body['expirationDateTime'])
      if (problem !== null) return sendGraphError(res, 400, 'InvalidRequest', problem)
      s.expirationDateTime = new Date(String(body?.['expirationDateTime'])).toISOString()
      s.needsReauthorization = false
      return sendJson(res, 200, subs.json(s, this.clientId))
    }
    res.writeHead(405).end()
  }

  private async createSubscription(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await jsonBody(req)
    const bad = (message: string) => sendGraphError(res, 400, 'InvalidRequest', message)
    if (body === null) return bad('Unable to read JSON request payload.')
    const changeType = String(body['changeType'] ?? '')
    if (changeType === '' || !changeType.split(',').every((c) => ['created', 'updated', 'deleted'].includes(c))) return bad(`The changeType '${changeType}' is not valid.`)
    const resource = String(body['resource'] ?? '')
    const m = /^\/?(?:me|users\/[^/]+)(?:\/calendars\/([^/]+)|\/calendar)?\/events$/i.exec(resource)
    const calendarId = m === null ? null : m[1] === undefined ? this.mailbox.defaultCalendarId() : decodeURIComponent(m[1])
    if (calendarId === null || !this.mailbox.hasCalendar(calendarId)) return bad(`Resource '${resource}' is not supported for subscriptions by the stand-in.`)
    const problem = expirationProblem(body['expirationDateTime'])
    if (problem !== null) return bad(problem)
    const clientState = body['clientState'] === undefined || body['clientState'] === null ? null : String(body['clientState'])
    if (clientState !== null && clientState.length > 128) return bad('clientState must be at most 128 characters.')
    const notificationUrl = String(body['notificationUrl'] ?? '')
    const lifecycle = body['lifecycleNotificationUrl'] === undefined || body['lifecycleNotificationUrl'] === null ? null : String(body['lifecycleNotificationUrl'])
    if (this.subscriptions.active.size >= MAX_SUBSCRIPTIONS) return sendGraphError(res, 403, 'ExtensionError', 'Operation: Create; Exception: [Status Code: Forbidden; Reason: Insufficient quota for subscriptions]')
    for (const target of lifecycle === null ? [notificationUrl] : [notificationUrl, lifecycle]) {
      if (!(await this.subscriptions.validate(target)))
        return bad(`Subscription validation request failed. Notification endpoint must respond with 200 OK to validation request.`)
    }
    const s: Subscription = {
      id: this.subscriptions.newId(),
      resource,
      changeType,
      notificationUrl,
      lifecycleNotificationUrl: lifecycle,
      clientState,
      expirationDateTime: new Date(String(body['expirationDateTime'])).toISOString(),
      calendarId,
      needsReauthorization: false,
    }
    this.subscriptions.active.set(s.id, s)
    sendJson(res, 201, this.subscriptions.json(s, this.clientId), { location: `${this.base}/v1.0/subscriptions/${s.id}` })
  }
}

const jsonBody = async (req: IncomingMessage): Promise<Record<string, unknown> | null> => {
  try {
    const parsed: unknown = JSON.parse(await readBody(req))
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null
  } catch {
    return null
  }
}

const expirationProblem = (raw: unknown): string | null => {
  const at = Date.parse(String(raw ?? ''))
  if (Number.isNaN(at)) return 'expirationDateTime is required and must be a date-time.'
  if (at <= Date.now()) return 'Subscription expiration can only be in the future.'
  if (at > Date.now() + MAX_EXPIRATION_MINUTES * 60_000) return `Subscription expiration can only be ${MAX_EXPIRATION_MINUTES} minutes in the future.`
  return null
}
