/**
 * The Microsoft 365 adapter against the identity platform and Graph stand-in over HTTPS on loopback:
 * consent with PKCE, token refresh and a revoked grant, the account and its calendars, calendarView
 * delta (snapshot, delta, 410), a series with an exception and a cancelled occurrence, change
 * notifications to a local receiver, throttling, an outage and a slow provider.
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import {
  type MicrosoftCalendar,
  createMicrosoftCalendar,
  microsoftValidationRequest,
  readMicrosoftNotification,
} from '../../../../adapters/outbound/calendar-microsoft/index.js'
import { safeFetch } from '../../../../adapters/outbound/net/safe-fetch.js'
import type { OAuthGrant } from '../../../../src/core/ports/calendar-oauth.js'
import type { CalendarPage, OAuthCalendarSource } from '../../../../src/core/ports/calendar-provider.js'
import { type MicrosoftStandin, startMicrosoftStandin } from '../../../support/calendar-standins/microsoft.js'
import { loopbackCertificate } from '../../../support/model-mirror.js'

const REDIRECT = 'http://127.0.0.1:9/oauth/microsoft/callback'
const WINDOW = { from: '2026-12-01T00:00:00.000Z', to: '2026-12-31T00:00:00.000Z' }
const TEAMS = 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_weekly'
const ZOOM = 'https://acme.zoom.us/j/1234567890'

interface Receiver {
  readonly url: string
  readonly bodies: string[]
  close(): Promise<void>
}

interface Ctx {
  dir: string
  tls: { key: string; cert: string }
  ca: Buffer
  ms: MicrosoftStandin
  sleeps: number[]
  timeoutMs: number
  adapter: MicrosoftCalendar
}

const s = suite<Ctx>('Microsoft 365 calendar adapter', {} as Ctx)

const unwrap = async <A>(task: () => Promise<E.Either<unknown, A>>): Promise<A> => {
  const result = await task()
  if (E.isLeft(result)) throw new Error(`expected success, got ${JSON.stringify(result.left)}`)
  return result.right
}

const failureOf = async <A>(task: () => Promise<E.Either<{ message: string; retryable: boolean; reauthorize?: boolean; retryAfterSeconds?: number }, A>>) => {
  const result = await task()
  if (E.isRight(result)) throw new Error('expected a failure')
  return result.left
}

/** The consent round trip: the authorization URL, the stand-in's redirect (followed by hand), the code for a grant. */
const connect = async (ctx: Ctx): Promise<OAuthGrant> => {
  const verifier = randomBytes(32).toString('base64url')
  const codeChallenge = createHash('sha256').update(verifier).digest('base64url')
  const url = ctx.adapter.oauth.authorizationUrl({ state: 'state-123', codeChallenge })
  const answer = await unwrap(safeFetch(url, { allowPrivate: true, timeoutMs: 2000, maxBytes: 100_000, ca: ctx.ca }))
  assert.is(answer.status, 302)
  const back = new URL(answer.headers['location'] ?? '')
  assert.is(`${back.origin}${back.pathname}`, REDIRECT)
  assert.is(back.searchParams.get('state'), 'state-123')
  return unwrap(ctx.adapter.oauth.exchangeCode(back.searchParams.get('code') ?? '', verifier))
}

const source = (ctx: Ctx, grant: OAuthGrant): OAuthCalendarSource => ({
  kind: 'microsoft',
  calendarId: ctx.ms.defaultCalendarId(),
  ownerEmail: 'adele@contoso.example',
  accessToken: grant.accessToken,
})

const sync = (ctx: Ctx, grant: OAuthGrant, cursor: string | null): Promise<CalendarPage> => unwrap(ctx.adapter.provider.fetchEvents(source(ctx, grant), WINDOW, cursor))

const startReceiver = async (): Promise<Receiver> => {
  const bodies: string[] = []
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://receiver')
    const validation = microsoftValidationRequest(Object.fromEntries(url.searchParams))
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      if (validation !== null) return void res.writeHead(200, { 'content-type': 'text/plain' }).end(validation.echo)
      bodies.push(Buffer.concat(chunks).toString('utf8'))
      res.writeHead(202).end()
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendar/push/microsoft`,
    bodies,
    close: () => new Promise((ok) => server.close(() => ok())),
  }
}

s.before((ctx) => {
  ctx.dir = mkdtempSync(join(tmpdir(), 'mscal-'))
  ctx.tls = loopbackCertificate(ctx.dir)
  ctx.ca = readFileSync(ctx.tls.cert)
})

s.after((ctx) => rmSync(ctx.dir, { recursive: true, force: true }))

s.before.each(async (ctx) => {
  ctx.ms = await startMicrosoftStandin({ tls: ctx.tls, consent: 'allow', redirectUris: [REDIRECT] })
  ctx.sleeps = []
  ctx.timeoutMs = 3000
  ctx.adapter = createMicrosoftCalendar({
    clientId: ctx.ms.clientId,
    clientSecret: ctx.ms.clientSecret,
    redirectUrl: REDIRECT,
    loginBaseUrl: ctx.ms.loginBaseUrl,
    graphBaseUrl: ctx.ms.graphBaseUrl,
    fetch: (url, request) => safeFetch(url, { allowPrivate: true, timeoutMs: ctx.timeoutMs, maxBytes: 5_000_000, ca: ctx.ca, ...request }),
    clock: () => new Date(),
    random: () => 0.5,
    sleep: async (ms) => void ctx.sleeps.push(ms),
    pageSize: 3,
  })
})

s.after.each((ctx) => ctx.ms.close())

s('the consent round trip asks read-only scopes with PKCE and trades the code for a grant', async (ctx) => {
  const url = new URL(ctx.adapter.oauth.authorizationUrl({ state: 'st', codeChallenge: 'challenge' }))
  assert.is(url.pathname, '/common/oauth2/v2.0/authorize')
  assert.is(url.searchParams.get('scope'), 'offline_access User.Read Calendars.Read')
  assert.is(url.searchParams.get('code_challenge_method'), 'S256')
  assert.is(url.searchParams.get('response_type'), 'code')
  const grant = await connect(ctx)
  assert.ok(grant.accessToken.length > 0 && grant.refreshToken.length > 0)
  assert.ok(Date.parse(grant.accessExpiresAt) > Date.now())
  assert.ok(grant.scopes.some((x) => x.endsWith('Calendars.Read')), grant.scopes.join(' '))
  const call = ctx.ms.tokenRequests.at(-1)
  assert.is(call?.grantType, 'authorization_code')
  assert.ok(call?.codeVerifierSent)
  assert.is(call?.outcome, 'issued')
})

s('refresh keeps the rotated refresh token and gives a working access token', async (ctx) => {
  const grant = await connect(ctx)
  ctx.ms.expireAccessTokens()
  const expired = await failureOf(ctx.adapter.oauth.accountEmail(grant.accessToken))
  assert.ok(expired.retryable, '401 on an API call: retryable, the core refreshes next time')
  assert.not.ok(expired.reauthorize)
  const fresh = await unwrap(ctx.adapter.oauth.refresh(grant))
  assert.is.not(fresh.refreshToken, grant.refreshToken)
  assert.is.not(fresh.accessToken, grant.accessToken)
  assert.is(await unwrap(ctx.adapter.oauth.accountEmail(fresh.accessToken)), 'adele@contoso.example')
})

s('a revoked grant asks the account to reconnect, in words without a token', async (ctx) => {
  const grant = await connect(ctx)
  ctx.ms.revokeGrant()
  const failure = await failureOf(ctx.adapter.oauth.refresh(grant))
  assert.ok(failure.reauthorize)
  assert.not.ok(failure.retryable)
  assert.match(failure.message, /AADSTS50173/)
  assert.match(failure.message, /Reconnect/)
  assert.not.ok(failure.message.includes(grant.refreshToken))
})

s('accountEmail reads mail, else userPrincipalName; calendars mark the default one primary', async (ctx) => {
  const grant = await connect(ctx)
  ctx.ms.setCalendars([
    { id: 'AAMkCal0001', name: 'Calendar', isDefaultCalendar: true },
    { id: 'AAMkCal0002', name: 'Team', isDefaultCalendar: false },
  ])
  assert.equal(await unwrap(ctx.adapter.oauth.calendars(grant.accessToken)), [
    { id: 'AAMkCal0001', name: 'Calendar', primary: true },
    { id: 'AAMkCal0002', name: 'Team', primary: false },
  ])
  ctx.ms.setUser({ mail: null, userPrincipalName: 'Adele.Vance@Contoso.onmicrosoft.com' })
  assert.is(await unwrap(ctx.adapter.oauth.accountEmail(grant.accessToken)), 'adele.vance@contoso.onmicrosoft.com')
})

const addWeekly = (ms: MicrosoftStandin): string =>
  ms.addEvent({
    subject: 'Weekly review',
    start: '2026-12-07T10:00:00Z',
    end: '2026-12-07T10:30:00Z',
    recurrence: { pattern: { type: 'weekly', interval: 1, daysOfWeek: ['monday'], firstDayOfWeek: 'sunday' }, range: { type: 'numbered', startDate: '2026-12-07', numberOfOccurrences: 4 } },
    joinUrl: TEAMS,
    location: `Room 4 or ${ZOOM}`,
    organizer: { name: 'Megan Bowen', address: 'Megan@Contoso.example' },
    attendees: [{ name: 'Adele Vance', address: 'Adele@Contoso.example', response: 'accepted' }],
    responseStatus: 'accepted',
  })

s('the first sync is a snapshot: the series expanded with its exception, the cancelled instance left out, every page followed', async (ctx) => {
  const grant = await connect(ctx)
  const series = addWeekly(ctx.ms)
  ctx.ms.updateOccurrence(series, '2026-12-14T10:00:00Z', { start: '2026-12-14T15:00:00Z', end: '2026-12-14T16:00:00Z' })
  ctx.ms.cancelOccurrence(series, '2026-12-21T10:00:00Z')
  ctx.ms.addEvent({ subject: 'Offsite', start: '2026-12-10T00:00:00Z', end: '2026-12-11T00:00:00Z', isAllDay: true })
  ctx.ms.addEvent({ subject: 'Zoom sync', start: '2026-12-03T09:00:00Z', end: '2026-12-03T09:45:00Z', body: `<p>Join: <a href="${ZOOM}?pwd=a&amp;x=1">here</a></p>` })
  const page = await sync(ctx, grant, null)
  assert.is(page.mode, 'snapshot')
  assert.ok(page.cursor !== null)
  assert.ok(ctx.ms.requests.filter((r) => r.path.endsWith('/calendarView/delta')).length >= 2, 'more than one page of 3')
  const weekly = page.events.filter((e) => e.title === 'Weekly review').sort((a, b) => a.startsAt.localeCompare(b.startsAt))
  assert.equal(
    weekly.map((e) => e.startsAt),
    ['2026-12-07T10:00:00.000Z', '2026-12-14T15:00:00.000Z', '2026-12-28T10:00:00.000Z'],
  )
  const first = weekly[0]!
  assert.is(first.link, TEAMS, 'conference data before the location')
  assert.ok(first.isRecurring)
  assert.is(first.durationMinutes, 30)
  assert.equal(first.organizer, { name: 'Megan Bowen', email: 'megan@contoso.example' })
  assert.equal(first.attendees, [{ name: 'Adele Vance', email: 'adele@contoso.example', responseStatus: 'accepted' }])
  assert.is(first.responseStatus, 'accepted')
  assert.is(new Set(weekly.map((e) => e.externalId)).size, 3)
  const offsite = page.events.find((e) => e.title === 'Offsite')!
  assert.ok(offsite.isAllDay)
  assert.is(offsite.startsAt, '2026-12-10T00:00:00.000Z')
  const zoom = page.events.find((e) => e.title === 'Zoom sync')!
  assert.ok(zoom.link?.startsWith(ZOOM), `a link in the HTML body, entities undone: ${zoom.link}`)
  assert.is(zoom.description, 'Join: here')
  assert.is(zoom.responseStatus, 'accepted', 'the organizer')
})

s('a later sync is a delta: the changed event, and removedIds for a deleted one and a cancelled occurrence', async (ctx) => {
  const grant = await connect(ctx)
  const series = addWeekly(ctx.ms)
  const moved = ctx.ms.addEvent({ subject: 'Planning', start: '2026-12-02T09:00:00Z', end: '2026-12-02T10:00:00Z' })
  const gone = ctx.ms.addEvent({ subject: 'Lunch', start: '2026-12-02T12:00:00Z', end: '2026-12-02T13:00:00Z' })
  const snapshot = await sync(ctx, grant, null)
  const occurrence = snapshot.events.find((e) => e.title === 'Weekly review' && e.startsAt === '2026-12-21T10:00:00.000Z')!
  ctx.ms.updateEvent(moved, { start: '2026-12-02T11:00:00Z', end: '2026-12-02T12:00:00Z' })
  ctx.ms.deleteEvent(gone)
  ctx.ms.cancelOccurrence(series, '2026-12-21T10:00:00Z')
  const delta = await sync(ctx, grant, snapshot.cursor)
  assert.is(delta.mode, 'delta')
  assert.equal(delta.events.map((e) => [e.externalId, e.startsAt]), [[moved, '2026-12-02T11:00:00.000Z']])
  assert.equal([...delta.removedIds].sort(), [gone, occurrence.externalId].sort())
  ctx.ms.addEvent({ subject: 'Their meeting', start: '2026-12-04T09:00:00Z', end: '2026-12-04T10:00:00Z', organizer: { address: 'megan@contoso.example' }, attendees: [{ address: 'adele@contoso.example', response: 'tentativelyAccepted' }], responseStatus: 'tentativelyAccepted' })
  const invitation = await sync(ctx, grant, delta.cursor)
  const invited = invitation.events.find((e) => e.title === 'Their meeting')!
  assert.is(invited.responseStatus, 'tentative')
  assert.not.ok(invited.cancelled)
  ctx.ms.cancelEvent(invited.externalId)
  const cancelled = await sync(ctx, grant, invitation.cursor)
  assert.is(cancelled.mode, 'delta')
  assert.ok(cancelled.events.some((e) => e.externalId === invited.externalId && e.cancelled), 'an attendee\'s copy of a cancelled meeting comes as cancelled')
  const quiet = await sync(ctx, grant, cancelled.cursor)
  assert.is(quiet.mode, 'delta')
  assert.is(quiet.events.length + quiet.removedIds.length, 0)
})

s('an expired delta link (410) falls back to a snapshot in the same call', async (ctx) => {
  const grant = await connect(ctx)
  ctx.ms.addEvent({ subject: 'Planning', start: '2026-12-02T09:00:00Z', end: '2026-12-02T10:00:00Z' })
  const snapshot = await sync(ctx, grant, null)
  ctx.ms.invalidateDeltaTokens()
  const again = await sync(ctx, grant, snapshot.cursor)
  assert.is(again.mode, 'snapshot')
  assert.equal(again.events.map((e) => e.title), ['Planning'])
  assert.is.not(again.cursor, snapshot.cursor)
})

s('a window past the cursor\'s starts a new snapshot', async (ctx) => {
  const grant = await connect(ctx)
  const snapshot = await sync(ctx, grant, null)
  const later = await unwrap(ctx.adapter.provider.fetchEvents(source(ctx, grant), { from: WINDOW.from, to: '2027-01-15T00:00:00.000Z' }, snapshot.cursor))
  assert.is(later.mode, 'snapshot')
})

s('watch: a change reaches the receiver, readMicrosoftNotification accepts it and refuses a wrong clientState; renew; stopWatch', async (ctx) => {
  const grant = await connect(ctx)
  const receiver = await startReceiver()
  try {
    const channel = await unwrap(ctx.adapter.oauth.watch(grant.accessToken, ctx.ms.defaultCalendarId(), receiver.url, 'client-state-secret'))
    assert.is(channel.resourceId, null)
    const days = (Date.parse(channel.expiresAt) - Date.now()) / 86_400_000
    assert.ok(days > 6.5 && days <= 7, `expires in ${days} days`)
    ctx.ms.addEvent({ subject: 'New', start: '2026-12-02T09:00:00Z', end: '2026-12-02T10:00:00Z' })
    await ctx.ms.settle()
    assert.is(receiver.bodies.length, 1)
    const body = receiver.bodies[0]!
    const states = (token: string) => (id: string) => (id === channel.id ? token : null)
    assert.equal(readMicrosoftNotification(body, states('client-state-secret')), E.right({ changed: [channel.id], lifecycle: [], refused: 0 }))
    assert.ok(E.isLeft(readMicrosoftNotification(body, states('another-secret'))))
    assert.ok(E.isLeft(readMicrosoftNotification(body, states('client-state-secre'))))
    assert.ok(E.isLeft(readMicrosoftNotification(body, () => null)))
    assert.ok(E.isLeft(readMicrosoftNotification('not json', states('client-state-secret'))))
    const renewed = await unwrap(ctx.adapter.renew(grant.accessToken, channel))
    assert.is(renewed.id, channel.id)
    await unwrap(ctx.adapter.oauth.stopWatch(grant.accessToken, channel))
    assert.is(ctx.ms.subscriptions().length, 0)
  } finally {
    await receiver.close()
  }
})

s('a revoked grant sends a reauthorizationRequired lifecycle notification to the same address', async (ctx) => {
  const grant = await connect(ctx)
  const receiver = await startReceiver()
  try {
    const channel = await unwrap(ctx.adapter.oauth.watch(grant.accessToken, ctx.ms.defaultCalendarId(), receiver.url, 'client-state-secret'))
    ctx.ms.revokeGrant()
    await ctx.ms.settle()
    const notices = receiver.bodies.map((b) => readMicrosoftNotification(b, (id) => (id === channel.id ? 'client-state-secret' : null)))
    assert.equal(notices, [E.right({ changed: [], lifecycle: [{ subscriptionId: channel.id, event: 'reauthorizationRequired' }], refused: 0 })])
  } finally {
    await receiver.close()
  }
})

s('readMicrosoftNotification keeps the genuine items of a batch and counts the forged ones', () => {
  const body = JSON.stringify({
    value: [
      { subscriptionId: 'sub-1', clientState: 'right', changeType: 'updated' },
      { subscriptionId: 'sub-1', clientState: 'right', changeType: 'created' },
      { subscriptionId: 'sub-1', clientState: 'wrong', changeType: 'deleted' },
      { subscriptionId: 'sub-9', clientState: 'right', changeType: 'updated' },
      { subscriptionId: 'sub-1', changeType: 'updated' },
    ],
  })
  const known = (id: string) => (id === 'sub-1' ? 'right' : null)
  assert.equal(readMicrosoftNotification(body, known), E.right({ changed: ['sub-1'], lifecycle: [], refused: 3 }))
  assert.ok(E.isLeft(readMicrosoftNotification(JSON.stringify({ value: [] }), known)))
})

s('links off Graph\'s origin are not followed: the access token stays with Graph', async () => {
  const asked: string[] = []
  const page = (json: unknown) => TE.right({ status: 200, headers: {}, body: Buffer.from(JSON.stringify(json)), truncated: false })
  const adapter = createMicrosoftCalendar({
    clientId: 'c',
    clientSecret: 's',
    redirectUrl: REDIRECT,
    fetch: (url) => {
      asked.push(url)
      return page({ value: [], '@odata.nextLink': 'https://graph.example.net/v1.0/me/calendarView/delta?$skiptoken=x' })
    },
    clock: () => new Date(),
    random: () => 0,
    sleep: async () => {},
  })
  const source: OAuthCalendarSource = { kind: 'microsoft', calendarId: 'cal', ownerEmail: null, accessToken: 'token' }
  const failure = await failureOf(adapter.provider.fetchEvents(source, WINDOW, null))
  assert.ok(failure.retryable)
  assert.is(asked.length, 1)
  assert.ok(asked[0]!.startsWith('https://graph.microsoft.com/v1.0/me/calendars/cal/calendarView/delta?'), asked[0])
})

s('microsoftValidationRequest says what to echo, and only for a validation request', () => {
  assert.equal(microsoftValidationRequest({ validationToken: 'Validation: Testing 123' }), { echo: 'Validation: Testing 123' })
  assert.is(microsoftValidationRequest({}), null)
  assert.is(microsoftValidationRequest({ validationToken: 'x'.repeat(5000) }), null)
})

s('a receiver that does not answer the handshake: watch fails in words, retryable', async (ctx) => {
  const grant = await connect(ctx)
  const failure = await failureOf(ctx.adapter.oauth.watch(grant.accessToken, ctx.ms.defaultCalendarId(), 'http://127.0.0.1:9/nobody', 'state'))
  assert.ok(failure.retryable)
  assert.match(failure.message, /notification address/)
})

s('429 with Retry-After: the injected sleep is asked for at least that, then the call succeeds', async (ctx) => {
  const grant = await connect(ctx)
  ctx.ms.failNext(429, { retryAfterSeconds: 7 })
  const page = await sync(ctx, grant, null)
  assert.is(page.mode, 'snapshot')
  assert.equal(ctx.sleeps, [7000])
})

s('503 then success; a lasting outage ends as a retryable failure carrying retryAfterSeconds', async (ctx) => {
  const grant = await connect(ctx)
  ctx.ms.failNext(503)
  assert.is((await sync(ctx, grant, null)).mode, 'snapshot')
  assert.is(ctx.sleeps.length, 1)
  assert.ok(ctx.sleeps[0]! >= 0 && ctx.sleeps[0]! <= 500, 'full jitter under the first backoff')
  ctx.sleeps.length = 0
  ctx.ms.failNext(503, { retryAfterSeconds: 2, times: 4 })
  const failure = await failureOf(ctx.adapter.provider.fetchEvents(source(ctx, grant), WINDOW, null))
  assert.ok(failure.retryable)
  assert.is(failure.retryAfterSeconds, 2)
  assert.equal(ctx.sleeps, [2000, 2000, 2000], '3 retries, each after Retry-After')
  assert.match(failure.message, /unavailable \(HTTP 503\)/)
  assert.not.ok(failure.message.includes(grant.accessToken))
})

s('Retry-After longer than a call may wait (30 s): no sleep, the wait is passed on', async (ctx) => {
  const grant = await connect(ctx)
  ctx.ms.failNext(429, { retryAfterSeconds: 120 })
  const failure = await failureOf(ctx.adapter.provider.fetchEvents(source(ctx, grant), WINDOW, null))
  assert.ok(failure.retryable)
  assert.is(failure.retryAfterSeconds, 120)
  assert.equal(ctx.sleeps, [])
})

s('the token endpoint: a transient failure is retried; a used code and an expired grant are told apart', async (ctx) => {
  const grant = await connect(ctx)
  ctx.ms.failNext(503, { on: 'token' })
  await unwrap(ctx.adapter.oauth.refresh(grant))
  assert.is(ctx.sleeps.length, 1)
  const used = await failureOf(ctx.adapter.oauth.exchangeCode('not-a-code', 'v'.repeat(43)))
  assert.not.ok(used.reauthorize)
  assert.not.ok(used.retryable)
  assert.match(used.message, /Connect the calendar again/)
  ctx.ms.revokeGrant({ reason: 'inactivity' })
  const inactive = await failureOf(ctx.adapter.oauth.refresh(grant))
  assert.ok(inactive.reauthorize)
  assert.match(inactive.message, /AADSTS700082/)
})

s('a slow provider hits the timeout: retryable, in words', async (ctx) => {
  const grant = await connect(ctx)
  ctx.timeoutMs = 200
  ctx.ms.setLatencyMs(1000)
  const failure = await failureOf(ctx.adapter.provider.fetchEvents(source(ctx, grant), WINDOW, null))
  assert.ok(failure.retryable)
  assert.match(failure.message, /did not answer within 200 ms/)
  ctx.ms.setLatencyMs(0)
})

s.run()
