/**
 * The Microsoft stand-in proves what it emulates, over HTTPS with plain requests (node:https with the
 * throwaway certificate as `ca`): the consent round trip with PKCE, refresh and revocation, Graph's
 * calendarView delta with its links, removals and 410, recurring series with an exception and a
 * cancelled occurrence, change notifications reaching a local receiver, and injected failures.
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { loopbackCertificate } from '../model-mirror.js'
import { type MicrosoftStandin, startMicrosoftStandin } from './microsoft.js'
import { occurrenceStarts } from './microsoft-recurrence.js'

interface Answer {
  readonly status: number
  readonly headers: http.IncomingHttpHeaders
  readonly text: string
  readonly json: any
}

interface Received {
  readonly query: URLSearchParams
  readonly contentType: string
  readonly body: string
}

/** A notification receiver on loopback: echoes validation tokens (unless told not to) and answers 202. */
interface Receiver {
  readonly url: string
  readonly received: Received[]
  mode: 'echo' | 'refuse' | 'wrong' | 'stall'
  close(): Promise<void>
}

interface Ctx {
  dir: string
  agent: https.Agent
  ms: MicrosoftStandin
  receiver: Receiver
}

const REDIRECT = 'http://127.0.0.1:9/callback'
const SCOPES = 'offline_access User.Read Calendars.Read'
const WINDOW = { start: '2026-12-01T00:00:00Z', end: '2026-12-31T00:00:00Z' }

const s = suite<Ctx>('Microsoft identity platform and Graph stand-in', {} as Ctx)

const request = (ctx: Ctx, method: string, url: string, options: { headers?: Record<string, string>; body?: string } = {}): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = https.request(url, { method, agent: ctx.agent, headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        let json: unknown = null
        try {
          json = JSON.parse(text)
        } catch {}
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json })
      })
    })
    req.on('error', reject)
    req.end(options.body)
  })

const form = (ctx: Ctx, url: string, fields: Record<string, string>) =>
  request(ctx, 'POST', url, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() })

const graph = (ctx: Ctx, token: string, path: string, options: { method?: string; headers?: Record<string, string>; json?: unknown } = {}) =>
  request(ctx, options.method ?? 'GET', path.startsWith('https://') ? path : `${ctx.ms.graphBaseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}`, ...(options.json === undefined ? {} : { 'content-type': 'application/json' }), ...(options.headers ?? {}) },
    ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
  })

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

const authorizeUrl = (ctx: Ctx, challenge: string, extra: Record<string, string> = {}) => {
  const url = new URL(ctx.ms.authorizeUrl)
  const params = { client_id: ctx.ms.clientId, response_type: 'code', redirect_uri: REDIRECT, response_mode: 'query', scope: SCOPES, state: 'st-42', code_challenge: challenge, code_challenge_method: 'S256', ...extra }
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
  return url.toString()
}

/** The consent round trip through the page's Allow button; answers the code and the verifier. */
const consent = async (ctx: Ctx, decision: 'allow' | 'deny' = 'allow') => {
  const { verifier, challenge } = pkce()
  const page = await request(ctx, 'GET', authorizeUrl(ctx, challenge))
  assert.is(page.status, 200)
  const action = /<form method="post" action="([^"]+)"/.exec(page.text)?.[1] ?? ''
  const requestId = /name="request" value="([^"]+)"/.exec(page.text)?.[1] ?? ''
  const answer = await form(ctx, `${ctx.ms.url}${action}`, { request: requestId, decision })
  assert.is(answer.status, 302)
  return { location: new URL(String(answer.headers.location)), verifier }
}

const redeem = (ctx: Ctx, code: string, verifier: string, extra: Record<string, string> = {}) =>
  form(ctx, ctx.ms.tokenUrl, { client_id: ctx.ms.clientId, client_secret: ctx.ms.clientSecret, grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier, scope: SCOPES, ...extra })

const signIn = async (ctx: Ctx): Promise<{ access: string; refresh: string }> => {
  const { location, verifier } = await consent(ctx)
  const tokens = await redeem(ctx, location.searchParams.get('code') ?? '', verifier)
  assert.is(tokens.status, 200, tokens.text)
  return { access: tokens.json.access_token, refresh: tokens.json.refresh_token }
}

/** Follows nextLinks to the end of a delta round; answers every item and the deltaLink. */
const deltaRound = async (ctx: Ctx, token: string, first: string, pageSize = 2) => {
  const items: any[] = []
  let next: string | undefined = first
  let pages = 0
  while (next !== undefined) {
    const page = await graph(ctx, token, next, { headers: { prefer: `odata.maxpagesize=${pageSize}` } })
    assert.is(page.status, 200, page.text)
    assert.ok(page.json.value.length <= pageSize)
    items.push(...page.json.value)
    pages++
    if (page.json['@odata.deltaLink'] !== undefined) return { items, deltaLink: String(page.json['@odata.deltaLink']), pages }
    next = page.json['@odata.nextLink']
    assert.ok(pages < 50, 'the round ends')
  }
  throw new Error('a round without a deltaLink')
}

const startReceiver = async (): Promise<Receiver> => {
  const received: Received[] = []
  const receiver = { mode: 'echo' as Receiver['mode'] }
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const query = new URL(req.url ?? '/', 'http://x').searchParams
    received.push({ query, contentType: String(req.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') })
    const token = query.get('validationToken')
    if (token === null) return void res.writeHead(202).end()
    if (receiver.mode === 'stall') return
    if (receiver.mode === 'refuse') return void res.writeHead(404).end()
    if (receiver.mode === 'wrong') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('not the token')
    res.writeHead(200, { 'content-type': 'text/plain' }).end(token)
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify`,
    received,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections()
        server.close(() => ok())
      }),
  })
}

s.before(async (ctx) => {
  ctx.dir = mkdtempSync(join(tmpdir(), 'ms-standin-'))
  const tls = loopbackCertificate(ctx.dir)
  ctx.agent = new https.Agent({ ca: readFileSync(tls.cert) })
  ctx.ms = await startMicrosoftStandin({ tls })
  ctx.receiver = await startReceiver()
})

s.after(async (ctx) => {
  await ctx.ms.close()
  await ctx.receiver.close()
  ctx.agent.destroy()
  rmSync(ctx.dir, { recursive: true, force: true })
})

s('the consent page round trip with PKCE: a wrong verifier is refused, the right one redeems the code once', async (ctx) => {
  const { location, verifier } = await consent(ctx)
  assert.is(location.origin + location.pathname, REDIRECT)
  assert.is(location.searchParams.get('state'), 'st-42')
  const code = location.searchParams.get('code') ?? ''
  const wrong = await redeem(ctx, code, pkce().verifier)
  assert.is(wrong.status, 400)
  assert.is(wrong.json.error, 'invalid_grant')
  assert.equal(wrong.json.error_codes, [501481])
  assert.match(wrong.json.error_description, /^AADSTS501481: /)
  const short = await redeem(ctx, code, 'short')
  assert.equal(short.json.error_codes, [501481], 'a verifier must be 43 to 128 characters')
  const ok = await redeem(ctx, code, verifier)
  assert.is(ok.status, 200)
  assert.is(ok.json.token_type, 'Bearer')
  assert.is(ok.json.expires_in, 3600)
  assert.is(ok.json.scope, 'https://graph.microsoft.com/User.Read https://graph.microsoft.com/Calendars.Read')
  assert.type(ok.json.access_token, 'string')
  assert.type(ok.json.refresh_token, 'string')
  const again = await redeem(ctx, code, verifier)
  assert.is(again.json.error, 'invalid_grant')
  assert.equal(again.json.error_codes, [54005])
  assert.equal(
    ctx.ms.tokenRequests.slice(-3).map((t) => [t.grantType, t.clientAuth, t.codeVerifierSent, t.redirectUri, t.outcome]),
    [
      ['authorization_code', 'body', true, REDIRECT, 'invalid_grant AADSTS501481'],
      ['authorization_code', 'body', true, REDIRECT, 'issued'],
      ['authorization_code', 'body', true, REDIRECT, 'invalid_grant AADSTS54005'],
    ],
  )
  assert.ok(!JSON.stringify(ctx.ms.tokenRequests).includes(verifier), 'no secret is logged')
  const asked = ctx.ms.authorizations.at(-1)
  assert.equal(asked?.scopes, ['offline_access', 'User.Read', 'Calendars.Read'])
  assert.is(asked?.outcome, 'allowed')
})

s('Deny on the consent page, and the test shortcuts, redirect with access_denied or a code at once', async (ctx) => {
  const denied = await consent(ctx, 'deny')
  assert.is(denied.location.searchParams.get('error'), 'access_denied')
  assert.match(String(denied.location.searchParams.get('error_description')), /^AADSTS65004: User declined/)
  assert.is(denied.location.searchParams.get('state'), 'st-42')
  ctx.ms.setConsent('allow')
  const allowed = await request(ctx, 'GET', authorizeUrl(ctx, pkce().challenge))
  assert.is(allowed.status, 302)
  assert.ok(new URL(String(allowed.headers.location)).searchParams.get('code'))
  ctx.ms.setConsent('deny')
  const shortDenied = await request(ctx, 'GET', authorizeUrl(ctx, pkce().challenge))
  assert.is(new URL(String(shortDenied.headers.location)).searchParams.get('error'), 'access_denied')
  ctx.ms.setConsent('page')
})

s('the authorize endpoint validates client, redirect URI, response type, scopes, state and the S256 challenge', async (ctx) => {
  const { challenge } = pkce()
  const unknownClient = await request(ctx, 'GET', authorizeUrl(ctx, challenge, { client_id: 'nope' }))
  assert.is(unknownClient.status, 400)
  assert.is(unknownClient.headers.location, undefined)
  assert.match(unknownClient.text, /AADSTS700016/)
  const badRedirect = await request(ctx, 'GET', authorizeUrl(ctx, challenge, { redirect_uri: 'https://evil.example/cb' }))
  assert.is(badRedirect.status, 400)
  assert.match(badRedirect.text, /AADSTS50011/)
  const refusedWith = async (extra: Record<string, string>) => {
    const answer = await request(ctx, 'GET', authorizeUrl(ctx, challenge, extra))
    assert.is(answer.status, 302)
    return new URL(String(answer.headers.location)).searchParams.get('error')
  }
  assert.is(await refusedWith({ response_type: 'token' }), 'unsupported_response_type')
  assert.is(await refusedWith({ scope: 'offline_access Calendars.ReadWrite' }), 'invalid_scope')
  assert.is(await refusedWith({ state: '' }), 'invalid_request')
  assert.is(await refusedWith({ code_challenge_method: 'plain' }), 'invalid_request')
  assert.is(await refusedWith({ code_challenge: '' }), 'invalid_request')
  assert.is(await refusedWith({ code_challenge: 'too-short' }), 'invalid_request')
  assert.is(ctx.ms.authorizations.at(-1)?.outcome, 'refused')
})

s('the token endpoint checks the client secret, the redirect URI and the code lifetime', async (ctx) => {
  const { location, verifier } = await consent(ctx)
  const code = location.searchParams.get('code') ?? ''
  const badSecret = await redeem(ctx, code, verifier, { client_secret: 'wrong' })
  assert.is(badSecret.status, 401)
  assert.is(badSecret.json.error, 'invalid_client')
  assert.equal(badSecret.json.error_codes, [7000215])
  const otherRedirect = await redeem(ctx, code, verifier, { redirect_uri: 'http://127.0.0.1:9/other' })
  assert.equal(otherRedirect.json.error_codes, [70000])
  const basic = Buffer.from(`${ctx.ms.clientId}:${ctx.ms.clientSecret}`).toString('base64')
  const withBasic = await request(ctx, 'POST', ctx.ms.tokenUrl, {
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier }).toString(),
  })
  assert.is(withBasic.status, 200, 'the client may authenticate with HTTP Basic')
  assert.is(ctx.ms.tokenRequests.at(-1)?.clientAuth, 'basic')
  ctx.ms.setCodeLifetimeSeconds(0)
  const late = await consent(ctx)
  const expired = await redeem(ctx, late.location.searchParams.get('code') ?? '', late.verifier)
  assert.is(expired.json.error, 'invalid_grant')
  assert.equal(expired.json.error_codes, [70008])
  ctx.ms.setCodeLifetimeSeconds(600)
  const unsupported = await form(ctx, ctx.ms.tokenUrl, { client_id: ctx.ms.clientId, client_secret: ctx.ms.clientSecret, grant_type: 'password' })
  assert.is(unsupported.json.error, 'unsupported_grant_type')
})

s('Graph needs a bearer token: /me and /me/calendars with one, the documented 401 without, 403 without the scope', async (ctx) => {
  ctx.ms.setUser({ displayName: 'Megan Bowen', mail: 'megan@contoso.example', userPrincipalName: 'megan@contoso.example' })
  ctx.ms.setCalendars([
    { id: 'AAMkCal0001', name: 'Calendar', isDefaultCalendar: true },
    { id: 'AAMkCal0002', name: 'Team', isDefaultCalendar: false },
  ])
  const { access } = await signIn(ctx)
  const me = await graph(ctx, access, '/me')
  assert.is(me.status, 200)
  assert.is(me.json.mail, 'megan@contoso.example')
  assert.is(me.json.userPrincipalName, 'megan@contoso.example')
  const calendars = await graph(ctx, access, '/me/calendars')
  assert.equal(
    calendars.json.value.map((c: any) => [c.id, c.name, c.isDefaultCalendar]),
    [
      ['AAMkCal0001', 'Calendar', true],
      ['AAMkCal0002', 'Team', false],
    ],
  )
  const anonymous = await request(ctx, 'GET', `${ctx.ms.graphBaseUrl}/me`)
  assert.is(anonymous.status, 401)
  assert.is(anonymous.json.error.code, 'InvalidAuthenticationToken')
  assert.match(String(anonymous.headers['www-authenticate']), /^Bearer /)
  ctx.ms.setConsent('allow')
  const { verifier, challenge } = pkce()
  const narrow = await request(ctx, 'GET', authorizeUrl(ctx, challenge, { scope: 'User.Read' }))
  const tokens = await redeem(ctx, new URL(String(narrow.headers.location)).searchParams.get('code') ?? '', verifier, { scope: 'User.Read' })
  assert.is(tokens.json.refresh_token, undefined, 'no offline_access, no refresh token')
  const forbidden = await graph(ctx, tokens.json.access_token, '/me/calendars')
  assert.is(forbidden.status, 403)
  assert.is(forbidden.json.error.code, 'ErrorAccessDenied')
  ctx.ms.setConsent('page')
})

s('refresh: an expired access token answers 401, the refresh token gets a new one; a revoked grant answers invalid_grant AADSTS50173', async (ctx) => {
  const { access, refresh } = await signIn(ctx)
  ctx.ms.expireAccessTokens()
  const expired = await graph(ctx, access, '/me')
  assert.is(expired.status, 401)
  assert.match(expired.json.error.message, /expired/)
  ctx.ms.setAccessTokenLifetimeSeconds(120)
  const refreshed = await form(ctx, ctx.ms.tokenUrl, { client_id: ctx.ms.clientId, client_secret: ctx.ms.clientSecret, grant_type: 'refresh_token', refresh_token: refresh, scope: SCOPES })
  assert.is(refreshed.status, 200)
  assert.is(refreshed.json.expires_in, 120)
  assert.ok(refreshed.json.refresh_token !== refresh, 'a new refresh token')
  assert.is((await graph(ctx, refreshed.json.access_token, '/me')).status, 200)
  ctx.ms.setAccessTokenLifetimeSeconds(3600)
  ctx.ms.revokeGrant()
  const revoked = await form(ctx, ctx.ms.tokenUrl, { client_id: ctx.ms.clientId, client_secret: ctx.ms.clientSecret, grant_type: 'refresh_token', refresh_token: refreshed.json.refresh_token })
  assert.is(revoked.status, 400)
  assert.is(revoked.json.error, 'invalid_grant')
  assert.equal(revoked.json.error_codes, [50173])
  assert.match(revoked.json.error_description, /^AADSTS50173: The provided grant has expired due to it being revoked/)
  assert.is((await graph(ctx, refreshed.json.access_token, '/me')).status, 401)
  const reconnected = await signIn(ctx)
  assert.is((await graph(ctx, reconnected.access, '/me')).status, 200, 'a new consent works again')
})

s('event fields as Graph shows them: organizer, attendees and responses, online meeting, location, body, all-day', async (ctx) => {
  ctx.ms.setUser({ mail: 'megan@contoso.example' })
  const id = ctx.ms.addEvent({
    subject: 'Design review',
    start: '2026-12-02T15:00:00Z',
    end: '2026-12-02T16:00:00Z',
    organizer: { name: 'Alex Wilber', address: 'alex@contoso.example' },
    attendees: [
      { name: 'Alex Wilber', address: 'alex@contoso.example', response: 'accepted' },
      { name: 'Megan Bowen', address: 'megan@contoso.example' },
    ],
    joinUrl: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc',
    location: 'Room 4',
    body: '<p>Agenda</p>',
  })
  ctx.ms.setResponse(id, 'tentativelyAccepted')
  const allDay = ctx.ms.addEvent({ subject: 'Offsite', start: '2026-12-03T00:00:00Z', end: '2026-12-04T00:00:00Z', isAllDay: true })
  const { access } = await signIn(ctx)
  const { items } = await deltaRound(ctx, access, `/me/calendarView/delta?startDateTime=${WINDOW.start}&endDateTime=${WINDOW.end}`, 10)
  const review = items.find((e) => e.id === id)
  assert.is(review.subject, 'Design review')
  assert.equal(review.start, { dateTime: '2026-12-02T15:00:00.0000000', timeZone: 'UTC' })
  assert.equal(review.organizer, { emailAddress: { name: 'Alex Wilber', address: 'alex@contoso.example' } })
  assert.is(review.isOrganizer, false)
  assert.equal(review.responseStatus.response, 'tentativelyAccepted')
  assert.equal(
    review.attendees.map((a: any) => [a.emailAddress.address, a.status.response]),
    [
      ['alex@contoso.example', 'accepted'],
      ['megan@contoso.example', 'tentativelyAccepted'],
    ],
  )
  assert.is(review.isOnlineMeeting, true)
  assert.is(review.onlineMeeting.joinUrl, 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc')
  assert.is(review.location.displayName, 'Room 4')
  assert.is(review.body.content, '<p>Agenda</p>')
  assert.is(review.type, 'singleInstance')
  const offsite = items.find((e) => e.id === allDay)
  assert.is(offsite.isAllDay, true)
  assert.is(offsite.isOrganizer, true)
  assert.is(offsite.responseStatus.response, 'organizer')
  ctx.ms.deleteEvent(id)
  ctx.ms.deleteEvent(allDay)
})

s('calendarView delta: pages with nextLink, a deltaLink, then only the changes with @removed; the request log shows the token used', async (ctx) => {
  const calendar = 'AAMkCal0002'
  const ids = [1, 2, 3, 4, 5].map((n) => ctx.ms.addEvent({ subject: `Meeting ${n}`, start: `2026-12-1${n}T09:00:00Z`, end: `2026-12-1${n}T09:30:00Z`, calendarId: calendar }))
  ctx.ms.addEvent({ subject: 'Outside the window', start: '2027-02-01T09:00:00Z', end: '2027-02-01T10:00:00Z', calendarId: calendar })
  const { access } = await signIn(ctx)
  const first = await deltaRound(ctx, access, `/me/calendars/${calendar}/calendarView/delta?startDateTime=${WINDOW.start}&endDateTime=${WINDOW.end}`)
  assert.is(first.pages, 3)
  assert.equal(first.items.map((e) => e.subject), ['Meeting 1', 'Meeting 2', 'Meeting 3', 'Meeting 4', 'Meeting 5'])
  const page = await graph(ctx, access, `/me/calendars/${calendar}/calendarView/delta?startDateTime=${WINDOW.start}&endDateTime=${WINDOW.end}`, { headers: { prefer: 'odata.maxpagesize=2' } })
  assert.is(page.headers['preference-applied'], 'odata.maxpagesize=2')

  const unchanged = await deltaRound(ctx, access, first.deltaLink)
  assert.equal(unchanged.items, [])
  ctx.ms.updateEvent(ids[1] ?? '', { subject: 'Meeting 2 (moved)', start: '2026-12-20T09:00:00Z', end: '2026-12-20T09:30:00Z' })
  ctx.ms.deleteEvent(ids[2] ?? '')
  ctx.ms.updateEvent(ids[3] ?? '', { start: '2027-03-01T09:00:00Z', end: '2027-03-01T09:30:00Z' })
  const second = await deltaRound(ctx, access, unchanged.deltaLink)
  assert.equal(second.items.filter((e) => e['@removed'] === undefined).map((e) => e.subject), ['Meeting 2 (moved)'])
  assert.equal(
    second.items.filter((e) => e['@removed'] !== undefined).map((e) => [e.id, e['@removed'].reason]),
    [
      [ids[2], 'deleted'],
      [ids[3], 'deleted'],
    ],
  )
  const token = new URL(unchanged.deltaLink).searchParams.get('$deltatoken')
  assert.ok(ctx.ms.requests.some((r) => r.path === `/v1.0/me/calendars/${calendar}/calendarView/delta` && r.query['$deltatoken'] === token && r.headers.authorization === 'Bearer'))
  assert.ok(!JSON.stringify(ctx.ms.requests).includes(access), 'the log keeps no token')

  const missingWindow = await graph(ctx, access, '/me/calendarView/delta')
  assert.is(missingWindow.status, 400)
  assert.is(missingWindow.json.error.code, 'ErrorInvalidParameter')
})

s('an invalidated delta link answers 410 Gone (syncStateNotFound, or resyncRequired) with the Location of a fresh round', async (ctx) => {
  const { access } = await signIn(ctx)
  const start = `/me/calendarView/delta?startDateTime=${WINDOW.start}&endDateTime=${WINDOW.end}`
  const round = await deltaRound(ctx, access, start)
  ctx.ms.invalidateDeltaTokens()
  const gone = await graph(ctx, access, round.deltaLink)
  assert.is(gone.status, 410)
  assert.is(gone.json.error.code, 'syncStateNotFound')
  const fresh = new URL(String(gone.headers.location))
  assert.is(fresh.pathname, '/v1.0/me/calendarView/delta')
  assert.is(fresh.searchParams.get('startDateTime'), '2026-12-01T00:00:00.000Z')
  const again = await deltaRound(ctx, access, fresh.toString())
  ctx.ms.invalidateDeltaTokens('resyncRequired')
  const resync = await graph(ctx, access, again.deltaLink)
  assert.is(resync.status, 410)
  assert.is(resync.json.error.code, 'resyncRequired')
})

s('a recurring series: occurrences expanded with seriesMasterId and type, an exception, a cancelled instance, a cancelled meeting', async (ctx) => {
  ctx.ms.setUser({ mail: 'megan@contoso.example' })
  const series = ctx.ms.addEvent({
    subject: 'Standup',
    start: '2026-12-07T09:00:00Z',
    end: '2026-12-07T09:15:00Z',
    recurrence: { pattern: { type: 'weekly', interval: 1, daysOfWeek: ['monday', 'wednesday'], firstDayOfWeek: 'sunday' }, range: { type: 'numbered', startDate: '2026-12-07', numberOfOccurrences: 6 } },
    joinUrl: 'https://teams.microsoft.com/l/meetup-join/standup',
  })
  const invite = ctx.ms.addEvent({ subject: 'Vendor call', start: '2026-12-22T13:00:00Z', end: '2026-12-22T14:00:00Z', organizer: { address: 'vendor@fabrikam.example' } })
  const { access } = await signIn(ctx)
  const start = `/me/calendarView/delta?startDateTime=${WINDOW.start}&endDateTime=${WINDOW.end}`
  const first = await deltaRound(ctx, access, start, 10)
  const standups = first.items.filter((e) => e.seriesMasterId === series)
  assert.equal(
    standups.map((e) => e.start.dateTime.slice(0, 10)),
    ['2026-12-07', '2026-12-09', '2026-12-14', '2026-12-16', '2026-12-21', '2026-12-23'],
  )
  assert.ok(standups.every((e) => e.type === 'occurrence' && e.onlineMeeting.joinUrl === 'https://teams.microsoft.com/l/meetup-join/standup'))
  assert.ok(!first.items.some((e) => e.id === series), 'the series master is not in the view')

  const moved = ctx.ms.updateOccurrence(series, '2026-12-09T09:00:00Z', { start: '2026-12-10T10:00:00Z', end: '2026-12-10T10:15:00Z', subject: 'Standup (Thursday)' })
  const cancelled = ctx.ms.cancelOccurrence(series, '2026-12-16T09:00:00Z')
  ctx.ms.cancelEvent(invite)
  const second = await deltaRound(ctx, access, first.deltaLink, 10)
  const exception = second.items.find((e) => e.id === moved)
  assert.is(exception.type, 'exception')
  assert.is(exception.seriesMasterId, series)
  assert.is(exception.subject, 'Standup (Thursday)')
  assert.equal(exception.start, { dateTime: '2026-12-10T10:00:00.0000000', timeZone: 'UTC' })
  assert.is(exception.originalStart, '2026-12-09T09:00:00Z')
  assert.equal(second.items.find((e) => e.id === cancelled)?.['@removed'], { reason: 'deleted' })
  const call = second.items.find((e) => e.id === invite)
  assert.is(call.isCancelled, true, "an attendee's copy stays, flagged")
  assert.is(call.subject, 'Canceled: Vendor call')
  assert.is(second.items.length, 3)

  ctx.ms.cancelEvent(series)
  const third = await deltaRound(ctx, access, second.deltaLink, 10)
  assert.is(third.items.length, 5, 'the organizer cancelling removes every remaining occurrence')
  assert.ok(third.items.every((e) => e['@removed']?.reason === 'deleted'))
  ctx.ms.deleteEvent(invite)
})

s('recurrence patterns: daily with an interval and an end date, weekly every other week, monthly by day, numbered', () => {
  const days = (list: Date[]) => list.map((d) => d.toISOString().slice(0, 16))
  const until = new Date('2027-06-01T00:00:00Z')
  assert.equal(
    days(occurrenceStarts({ pattern: { type: 'daily', interval: 2 }, range: { type: 'endDate', startDate: '2026-12-01', endDate: '2026-12-07' } }, new Date('2026-12-01T08:30:00Z'), until)),
    ['2026-12-01T08:30', '2026-12-03T08:30', '2026-12-05T08:30', '2026-12-07T08:30'],
  )
  assert.equal(
    days(occurrenceStarts({ pattern: { type: 'weekly', interval: 2, daysOfWeek: ['tuesday', 'friday'], firstDayOfWeek: 'monday' }, range: { type: 'numbered', startDate: '2026-12-01', numberOfOccurrences: 4 } }, new Date('2026-12-01T14:00:00Z'), until)),
    ['2026-12-01T14:00', '2026-12-04T14:00', '2026-12-15T14:00', '2026-12-18T14:00'],
  )
  assert.equal(
    days(occurrenceStarts({ pattern: { type: 'absoluteMonthly', interval: 2, dayOfMonth: 15 }, range: { type: 'noEnd', startDate: '2026-12-01' } }, new Date('2026-12-15T09:00:00Z'), until)),
    ['2026-12-15T09:00', '2027-02-15T09:00', '2027-04-15T09:00'],
  )
  assert.throws(() => occurrenceStarts({ pattern: { type: 'relativeMonthly' as 'daily', interval: 1 }, range: { type: 'noEnd', startDate: '2026-12-01' } }, new Date('2026-12-01T09:00:00Z'), until), /not emulated/)
})

s('subscriptions: the validation handshake, a notification per change with clientState, renewal, deletion', async (ctx) => {
  const { access } = await signIn(ctx)
  ctx.receiver.received.length = 0
  const expiration = new Date(Date.now() + 3600_000).toISOString()
  const created = await graph(ctx, access, '/subscriptions', { method: 'POST', json: { changeType: 'created,updated,deleted', notificationUrl: ctx.receiver.url, resource: 'me/events', expirationDateTime: expiration, clientState: 'secret-state' } })
  assert.is(created.status, 201, created.text)
  const handshake = ctx.receiver.received[0]
  assert.match(String(handshake?.query.get('validationToken')), /^Validation: /)
  assert.match(String(handshake?.contentType), /^text\/plain/)
  assert.is(created.json.clientState, 'secret-state')
  assert.is(created.json.expirationDateTime, expiration)
  assert.equal(ctx.ms.subscriptions().map((x) => x.id), [created.json.id])

  const id = ctx.ms.addEvent({ subject: 'Pushed', start: '2026-12-05T10:00:00Z', end: '2026-12-05T11:00:00Z' })
  ctx.ms.updateEvent(id, { subject: 'Pushed again' })
  await ctx.ms.settle()
  const notes = ctx.receiver.received.slice(1).map((r) => JSON.parse(r.body).value[0])
  assert.equal(notes.map((n) => n.changeType), ['created', 'updated'])
  const note = notes[0]
  assert.is(note.subscriptionId, created.json.id)
  assert.is(note.clientState, 'secret-state')
  assert.is(note.tenantId, ctx.ms.tenantId)
  assert.is(note.subscriptionExpirationDateTime, expiration)
  assert.match(note.resource, new RegExp(`^Users/[^/]+/Events/${id}$`))
  assert.is(note.resourceData.id, id)
  assert.is(note.resourceData['@odata.type'], '#Microsoft.Graph.Event')
  assert.ok(ctx.ms.deliveries.slice(-2).every((d) => d.outcome === 202))

  const renewedTo = new Date(Date.now() + 2 * 3600_000).toISOString()
  const renewed = await graph(ctx, access, `/subscriptions/${created.json.id}`, { method: 'PATCH', json: { expirationDateTime: renewedTo } })
  assert.is(renewed.status, 200)
  assert.is(renewed.json.expirationDateTime, renewedTo)
  const deleted = await graph(ctx, access, `/subscriptions/${created.json.id}`, { method: 'DELETE' })
  assert.is(deleted.status, 204)
  const before = ctx.receiver.received.length
  ctx.ms.deleteEvent(id)
  await ctx.ms.settle()
  assert.is(ctx.receiver.received.length, before, 'no notification after deletion')
  assert.is((await graph(ctx, access, `/subscriptions/${created.json.id}`)).status, 404)
})

s('subscriptions refused: a receiver that does not echo the token, one too slow, an expiry too far; an expired one tells its lifecycle URL', async (ctx) => {
  const { access } = await signIn(ctx)
  const body = (extra: Record<string, unknown> = {}) => ({ changeType: 'updated', notificationUrl: ctx.receiver.url, resource: 'me/events', expirationDateTime: new Date(Date.now() + 3600_000).toISOString(), clientState: 'c', ...extra })
  ctx.receiver.mode = 'refuse'
  const refused = await graph(ctx, access, '/subscriptions', { method: 'POST', json: body() })
  assert.is(refused.status, 400)
  assert.match(refused.json.error.message, /Subscription validation request failed/)
  ctx.receiver.mode = 'wrong'
  assert.is((await graph(ctx, access, '/subscriptions', { method: 'POST', json: body() })).status, 400, 'the token must come back as it was sent')
  ctx.receiver.mode = 'stall'
  ctx.ms.setValidationTimeoutMs(200)
  const slow = await graph(ctx, access, '/subscriptions', { method: 'POST', json: body() })
  assert.is(slow.status, 400)
  ctx.ms.setValidationTimeoutMs(10_000)
  ctx.receiver.mode = 'echo'
  const tooFar = await graph(ctx, access, '/subscriptions', { method: 'POST', json: body({ expirationDateTime: new Date(Date.now() + 8 * 86_400_000).toISOString() }) })
  assert.is(tooFar.status, 400)
  assert.match(tooFar.json.error.message, /10080 minutes/)
  assert.equal(ctx.ms.subscriptions(), [])

  const kept = await graph(ctx, access, '/subscriptions', { method: 'POST', json: body({ lifecycleNotificationUrl: `${ctx.receiver.url}?lifecycle=1` }) })
  assert.is(kept.status, 201)
  ctx.receiver.received.length = 0
  ctx.ms.expireSubscription(kept.json.id)
  await ctx.ms.settle()
  const lifecycle = JSON.parse(ctx.receiver.received[0]?.body ?? '{}').value[0]
  assert.is(lifecycle.lifecycleEvent, 'subscriptionRemoved')
  assert.is(lifecycle.subscriptionId, kept.json.id)
  assert.equal(ctx.ms.subscriptions(), [])
})

s('a revoked grant pauses subscriptions: reauthorizationRequired to the lifecycle URL, no notifications until /reauthorize', async (ctx) => {
  const { access } = await signIn(ctx)
  const created = await graph(ctx, access, '/subscriptions', {
    method: 'POST',
    json: { changeType: 'created,updated', notificationUrl: ctx.receiver.url, lifecycleNotificationUrl: `${ctx.receiver.url}?lifecycle=1`, resource: 'me/events', expirationDateTime: new Date(Date.now() + 3600_000).toISOString(), clientState: 'c' },
  })
  assert.is(created.status, 201)
  ctx.receiver.received.length = 0
  ctx.ms.revokeGrant()
  const id = ctx.ms.addEvent({ subject: 'While revoked', start: '2026-12-06T10:00:00Z', end: '2026-12-06T11:00:00Z' })
  await ctx.ms.settle()
  assert.equal(ctx.receiver.received.map((r) => JSON.parse(r.body).value[0].lifecycleEvent), ['reauthorizationRequired'])
  const { access: renewed } = await signIn(ctx)
  assert.is((await graph(ctx, renewed, `/subscriptions/${created.json.id}/reauthorize`, { method: 'POST' })).status, 204)
  ctx.ms.updateEvent(id, { subject: 'After reauthorization' })
  await ctx.ms.settle()
  assert.equal(JSON.parse(ctx.receiver.received.at(-1)?.body ?? '{}').value[0].changeType, 'updated')
  assert.is((await graph(ctx, renewed, `/subscriptions/${created.json.id}`, { method: 'DELETE' })).status, 204)
  ctx.ms.deleteEvent(id)
})

s('failure injection: 429 and 503 with Retry-After, a failing token endpoint, latency', async (ctx) => {
  const { access, refresh } = await signIn(ctx)
  ctx.ms.failNext(429, { retryAfterSeconds: 7 })
  const throttled = await graph(ctx, access, '/me')
  assert.is(throttled.status, 429)
  assert.is(throttled.headers['retry-after'], '7')
  assert.is(throttled.json.error.code, 'TooManyRequests')
  assert.is((await graph(ctx, access, '/me')).status, 200, 'only the next request fails')
  ctx.ms.failNext(503, { retryAfterSeconds: 2, times: 2 })
  assert.is((await graph(ctx, access, '/me/calendars')).status, 503)
  const down = await graph(ctx, access, '/me/calendars')
  assert.is(down.json.error.code, 'serviceNotAvailable')
  assert.is((await graph(ctx, access, '/me/calendars')).status, 200)
  ctx.ms.failNext(503, { on: 'token' })
  assert.is((await graph(ctx, access, '/me')).status, 200, 'Graph is unaffected by a token-endpoint failure')
  const token = await form(ctx, ctx.ms.tokenUrl, { client_id: ctx.ms.clientId, client_secret: ctx.ms.clientSecret, grant_type: 'refresh_token', refresh_token: refresh })
  assert.is(token.status, 503)
  assert.is(token.json.error, 'temporarily_unavailable')
  ctx.ms.setLatencyMs(150)
  const started = Date.now()
  assert.is((await graph(ctx, access, '/me')).status, 200)
  assert.ok(Date.now() - started >= 150)
  ctx.ms.setLatencyMs(0)
})

s.run()
