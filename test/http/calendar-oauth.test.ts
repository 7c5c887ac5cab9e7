/**
 * Google and Microsoft calendars over OAuth, end to end through the HTTP API against the
 * local stand-ins (test/support/calendar-standins): consent and the callback, the first
 * sync, a change pushed and synced, the calendar picker, a revoked grant and the reconnect,
 * and every refusal of the callback and the push route.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { safeFetch } from '../../adapters/outbound/net/index.js'
import { loadConfig } from '../../src/app/config/index.js'
import { calendarPortsFor } from '../../src/app/composition/calendar-ports.js'
import { type GoogleStandin, startGoogleStandin } from '../support/calendar-standins/google.js'
import { type MicrosoftStandin, startMicrosoftStandin } from '../support/calendar-standins/microsoft.js'
import { standinSettings } from '../support/calendar-standins/settings.js'
import { type Harness, startHarness } from '../support/http.js'
import { loopbackCertificate } from '../support/model-mirror.js'

/** The redirect address the apps are registered with; the stand-ins send the browser there, and the test follows by hand. */
const PUBLIC = 'http://notes.test'

interface Ctx {
  dir: string
  g: GoogleStandin
  ms: MicrosoftStandin
  h: Harness
  pushBase: string | null
}

const s = suite<Ctx>('HTTP: Google and Microsoft calendars over OAuth', {} as Ctx)

s.before.each(async (ctx) => {
  ctx.dir = mkdtempSync(join(tmpdir(), 'calendar-oauth-'))
  const tls = loopbackCertificate(ctx.dir)
  const callback = (provider: string) => [`${PUBLIC}/ext/v1/calendar/oauth/${provider}/callback`]
  ctx.g = await startGoogleStandin({ tls, consent: 'allow', redirectUris: callback('google'), user: { email: 'ada@example.com', name: 'Ada' } })
  ctx.ms = await startMicrosoftStandin({ tls, consent: 'allow', redirectUris: callback('microsoft') })
  const config = loadConfig(standinSettings(ctx.g, ctx.ms, { caFile: tls.cert, publicUrl: PUBLIC }))
  if (E.isLeft(config)) throw new Error(config.left.join('\n'))
  const { calendars, calendarOAuth, calendarOAuthSettings } = calendarPortsFor(config.right)
  ctx.pushBase = null
  ctx.h = await startHarness({
    ports: {
      calendars,
      calendarOAuth,
      calendarOAuthSettings,
      // The harness's own address, known once it listens; the stand-ins push over http to loopback.
      calendarPushAddress: (provider) => (ctx.pushBase === null ? null : `${ctx.pushBase}/ext/v1/calendar/push/${provider}`),
    },
  })
  ctx.pushBase = ctx.h.url.replace(/\/ext\/v1$/, '')
})

s.after.each(async (ctx) => {
  await ctx.h.close()
  await ctx.g.close()
  await ctx.ms.close()
  rmSync(ctx.dir, { recursive: true, force: true })
})

/** An hour on the harness's day (2026-06-01), as RFC 3339. */
const at = (day: number, hour: number) => new Date(Date.UTC(2026, 5, day, hour)).toISOString()

/** POST start, follow the stand-in's consent (which allows at once), and answer the query the callback gets. */
const consent = async (ctx: Ctx, provider: 'google' | 'microsoft', body: Record<string, unknown> = {}, key?: string) => {
  const started = await ctx.h.request('POST', `/calendar/connections/oauth/${provider}/start`, { body, ...(key === undefined ? {} : { key }) })
  assert.is(started.status, 200, JSON.stringify(started.body))
  const answer = await safeFetch(started.body.data.authorizationUrl, { allowPrivate: true, ca: ctx.g.certificate.pem, timeoutMs: 5000, maxBytes: 100_000 })()
  if (E.isLeft(answer)) throw new Error(answer.left.message)
  const back = new URL(answer.right.headers.location ?? '')
  assert.is(`${back.origin}${back.pathname}`, `${PUBLIC}/ext/v1/calendar/oauth/${provider}/callback`)
  return back.search
}

const finish = (ctx: Ctx, provider: 'google' | 'microsoft', search: string, options: { key?: string; headers?: Record<string, string> } = {}) =>
  ctx.h.request('GET', `/calendar/oauth/${provider}/callback${search}`, options)

const connectGoogle = async (ctx: Ctx) => {
  const r = await finish(ctx, 'google', await consent(ctx, 'google'))
  assert.is(r.status, 201, JSON.stringify(r.body))
  return r.body.data.connection
}

const meetings = async (h: Harness) => (await h.request('GET', '/meetings')).body.data.rows as Array<Record<string, any>>

/** Lets the stand-in's pushes arrive, then runs the syncs they queued. */
const pushed = async (ctx: Ctx, standin: { settle(): Promise<void> }) => {
  await standin.settle()
  await ctx.h.worker.drain()
}

s('which providers are set up; the start answers the consent page with PKCE and a sealed state', async (ctx) => {
  const providers = await ctx.h.request('GET', '/calendar/providers', { key: ctx.h.keys.readonly })
  assert.equal(providers.body.data.rows, [
    { provider: 'google', name: 'Google Calendar', configured: true },
    { provider: 'microsoft', name: 'Microsoft 365', configured: true },
  ])
  const started = await ctx.h.request('POST', '/calendar/connections/oauth/google/start', { body: {} })
  const url = new URL(started.body.data.authorizationUrl)
  assert.is(`${url.origin}${url.pathname}`, ctx.g.authorizeUrl)
  assert.equal([url.searchParams.get('code_challenge_method'), url.searchParams.get('response_type'), url.searchParams.get('access_type')], ['S256', 'code', 'offline'])
  assert.match(url.searchParams.get('scope') ?? '', /calendar\.readonly/)
  assert.not.match(url.searchParams.get('scope') ?? '', /auth\/calendar(\s|$)/, 'read-only: never the full calendar scope')
  assert.ok((url.searchParams.get('state') ?? '').length > 40)
  assert.is(started.body.data.expiresAt, '2026-06-01T12:10:00.000Z', 'ten minutes on the server clock')
  const readOnly = await ctx.h.request('POST', '/calendar/connections/oauth/google/start', { body: {}, key: ctx.h.keys.readonly })
  assert.is(readOnly.status, 403)
  const unknown = await ctx.h.request('POST', '/calendar/connections/oauth/yahoo/start', { body: {} })
  assert.equal([unknown.status, unknown.body.error.details], [422, [{ path: 'provider', message: 'must be one of: google, microsoft' }]])
})

s('Google: consent, connected with the primary calendar; the first sync lists its meetings with their join links and decisions', async (ctx) => {
  ctx.g.addEvent('primary', {
    summary: 'Design review',
    start: { dateTime: at(2, 10) },
    end: { dateTime: at(2, 11) },
    organizer: { email: 'ada@example.com' },
    attendees: [{ email: 'ada@example.com', responseStatus: 'accepted', organizer: true }, { email: 'bo@example.com', responseStatus: 'needsAction' }],
    hangoutLink: 'https://meet.google.com/abc-defg-hij',
  })
  ctx.g.addEvent('primary', { summary: 'Lunch', start: { dateTime: at(2, 12) }, end: { dateTime: at(2, 13) } })
  const c = await connectGoogle(ctx)
  assert.equal([c.provider, c.accountEmail, c.calendarId, c.status, c.name, c.pushUntil], ['google', 'ada@example.com', 'ada@example.com', 'pending', 'ada@example.com', null])
  await ctx.h.worker.drain()
  const synced = (await ctx.h.request('GET', `/calendar/connections/${c.id}`)).body.data
  assert.equal([synced.status, synced.lastError, synced.lastSyncedAt], ['active', null, '2026-06-01T12:00:00.000Z'])
  assert.ok(synced.pushUntil !== null, 'a push channel is open')
  assert.is(ctx.g.channels().length, 1)
  const rows = await meetings(ctx.h)
  assert.equal(rows.map((m) => [m.title, m.link, m.source]), [
    ['Design review', 'https://meet.google.com/abc-defg-hij', 'google'],
    ['Lunch', null, 'google'],
  ])
  const schedule = await ctx.h.request('GET', '/meetings/schedule?from=2026-06-01T00:00:00Z&to=2026-06-10T00:00:00Z')
  const decision = (title: string) => schedule.body.data.rows.find((r: any) => r.meetingId === rows.find((m) => m.title === title)?.id)
  assert.equal([decision('Design review')?.willRecord, decision('Lunch')?.willRecord, decision('Lunch')?.skipReason], [true, false, 'no_join_link'])
  const everything = JSON.stringify([synced, rows, (await ctx.h.request('GET', '/calendar/connections')).body])
  for (const grant of ctx.g.authorizations) assert.not.ok(everything.includes(String((grant as any).code ?? '¤')), 'no code, token or secret is returned')
  assert.not.match(everything, /ya29\.|refresh|access_?token/i)
})

s('Google: a change in the calendar is pushed, checked and synced; deleting the connection stops its channel', async (ctx) => {
  const id = ctx.g.addEvent('primary', { summary: 'Standup', start: { dateTime: at(3, 9) }, end: { dateTime: at(3, 10) }, hangoutLink: 'https://meet.google.com/aaa-bbbb-ccc' })
  const c = await connectGoogle(ctx)
  await ctx.h.worker.drain()
  ctx.g.changeEvent('primary', id, { summary: 'Standup (moved)', start: { dateTime: at(3, 11) }, end: { dateTime: at(3, 12) } })
  await pushed(ctx, ctx.g)
  const [moved] = await meetings(ctx.h)
  assert.equal([moved?.title, moved?.startsAt], ['Standup (moved)', at(3, 11)])
  // Google's first message on a channel (`sync`) may come before the channel is stored, and says nothing changed;
  // every change notification is accepted.
  const answered = ctx.g.deliveries.filter((d) => d.state === 'exists').map((d) => d.status)
  assert.ok(answered.length >= 1 && answered.every((status) => status === 202), `every change notification accepted: ${answered}`)
  ctx.g.cancelEvent('primary', id)
  await pushed(ctx, ctx.g)
  assert.equal(await meetings(ctx.h), [], 'a cancelled event is removed')
  const removed = await ctx.h.request('DELETE', `/calendar/connections/${c.id}`)
  assert.is(removed.status, 200)
  assert.equal(ctx.g.channels(), [], 'the channel is stopped at Google')
})

s('the push route refuses what is not a genuine notification, always as the same 404', async (ctx) => {
  await connectGoogle(ctx)
  await ctx.h.worker.drain()
  const [channel] = ctx.g.channels()
  const headers = (token: string, id = channel!.id) => ({
    'x-goog-channel-id': id,
    'x-goog-channel-token': token,
    'x-goog-resource-id': channel!.resourceId,
    'x-goog-resource-state': 'exists',
    'x-goog-message-number': '9',
  })
  const post = (path: string, h: Record<string, string>, rawBody = '') => ctx.h.request('POST', path, { key: null, headers: h, rawBody })
  const forged = await post('/calendar/push/google', headers('not-the-token'))
  const unknown = await post('/calendar/push/google', headers('x', 'no-such-channel'))
  assert.equal([forged.status, forged.body.error.code, unknown.status, unknown.body.error.message], [404, 'NOT_FOUND', 404, forged.body.error.message])
  const bare = await post('/calendar/push/google', {})
  assert.equal([bare.status, bare.body.error.code], [400, 'BAD_REQUEST'])
  const other = await post('/calendar/push/yahoo', headers('x'))
  assert.is(other.status, 422, 'an unknown provider in the path')
  const graph = await post('/calendar/push/microsoft', { 'content-type': 'application/json' }, JSON.stringify({ value: [{ subscriptionId: channel!.id, clientState: 'x' }] }))
  assert.is(graph.status, 404, "Google's channel is not a Graph subscription")
  const echo = await ctx.h.request('POST', '/calendar/push/microsoft?validationToken=abc%20123', { key: null, headers: { 'content-type': 'text/plain' }, rawBody: '' })
  assert.equal([echo.status, echo.headers.get('content-type'), echo.body], [200, 'text/plain; charset=utf-8', 'abc 123'])
})

s('the callback refuses in words: no state, a state of another account, a refusal at the provider, a code used twice; a browser is sent to Settings', async (ctx) => {
  const search = await consent(ctx, 'google')
  const params = new URLSearchParams(search)
  const noState = await finish(ctx, 'google', `?code=${params.get('code')}`)
  assert.equal([noState.status, noState.body.error.details[0].path], [422, 'state'])
  assert.match(noState.body.error.message, /start again from Settings → Calendars/)
  const state = params.get('state') ?? ''
  const middle = Math.floor(state.length / 2)
  const flipped = `${state.slice(0, middle)}${state[middle] === 'A' ? 'B' : 'A'}${state.slice(middle + 1)}`
  const tampered = await finish(ctx, 'google', `?code=${params.get('code')}&state=${encodeURIComponent(flipped)}`)
  assert.is(tampered.status, 422)
  assert.match(tampered.body.error.message, /not a connection request this server made/)
  const otherAccount = await finish(ctx, 'google', search, { key: ctx.h.keys.other })
  assert.equal([otherAccount.status, otherAccount.body.error.message], [422, 'This connection request was started by another account (sign in as that account to finish it); start again from Settings → Calendars'])
  const wrongProvider = await finish(ctx, 'microsoft', search)
  assert.match(wrongProvider.body.error.message, /made for another calendar provider/)
  const denied = await finish(ctx, 'google', `?error=access_denied&error_description=${encodeURIComponent('The user denied.\r\nTrace ID: 1')}&state=${encodeURIComponent(params.get('state') ?? '')}`)
  assert.equal([denied.status, denied.body.error.details[0].path, denied.body.error.message], [422, 'error', 'Access to the calendar was not granted at Google Calendar, so nothing was connected'])
  const late = await consent(ctx, 'google')
  ctx.h.clock.advance(11 * 60_000)
  const expired = await finish(ctx, 'google', late)
  assert.equal([expired.status, expired.body.error.message], [422, 'This connection request has expired (it lasts 10 minutes); start again from Settings → Calendars'])
  ctx.h.clock.advance(-11 * 60_000)
  const ok = await finish(ctx, 'google', search)
  assert.is(ok.status, 201)
  const again = await finish(ctx, 'google', search)
  assert.equal([again.status, again.body.error.details[0].path], [422, 'code'])
  const page = await finish(ctx, 'google', '?code=x', { headers: { accept: 'text/html' } })
  assert.is(page.status, 303)
  const location = new URL(page.headers.get('location') ?? '', 'http://x')
  assert.is(location.pathname, '/settings/calendars')
  assert.match(location.searchParams.get('calendarError') ?? '', /has no state/)
  const browser = await finish(ctx, 'google', await consent(ctx, 'google'), { headers: { accept: 'text/html,application/xhtml+xml' } })
  assert.equal([browser.status, browser.headers.get('location')], [303, `/settings/calendars?reconnected=${ok.body.data.connection.id}`], 'the same calendar again renews the connection')
  assert.is((await ctx.h.request('GET', '/calendar/connections')).body.data.total, 1)
})

s('a revoked grant: the connection asks to be reconnected, keeps its meetings and tells the owner; Reconnect mends it', async (ctx) => {
  ctx.g.addEvent('primary', { summary: 'Planning', start: { dateTime: at(4, 9) }, end: { dateTime: at(4, 10) } })
  const c = await connectGoogle(ctx)
  await ctx.h.worker.drain()
  ctx.g.revokeGrant()
  ctx.g.expireAccessTokens()
  // The stored access token has time left on the server clock: renew it by hand so the sync must refresh.
  await ctx.h.request('POST', `/calendar/connections/${c.id}/sync`)
  await ctx.h.worker.drain()
  const asked = (await ctx.h.request('GET', `/calendar/connections/${c.id}`)).body.data
  assert.equal([asked.status, asked.lastError !== null], ['reauthorization_required', true], JSON.stringify(asked))
  assert.match(asked.lastError, /revoked|expired/)
  assert.equal((await meetings(ctx.h)).map((m) => m.title), ['Planning'], 'its meetings are kept')
  const told = ctx.h.events.filter((e) => e.type === 'calendar.reauthorization_required')
  assert.equal(told.map((e) => (e.data as any).connectionId), [c.id])
  const inApp = (await ctx.h.request('GET', '/notifications')).body.data.rows
  assert.equal(inApp.map((n: any) => [n.kind, n.text, n.link]), [
    ['calendar-reconnect', 'Your calendar "ada@example.com" (Google Calendar) stopped syncing: reconnect it to keep its meetings up to date.', '/settings/calendars'],
  ])
  await ctx.h.request('POST', `/calendar/connections/${c.id}/sync`)
  await ctx.h.worker.drain()
  assert.is(ctx.h.events.filter((e) => e.type === 'calendar.reauthorization_required').length, 1, 'told once, not at every try')
  const cross = await ctx.h.request('POST', '/calendar/connections/oauth/google/start', { body: { connectionId: c.id }, key: ctx.h.keys.other })
  assert.is(cross.status, 404, "another account's connection is not found")
  const back = await finish(ctx, 'google', await consent(ctx, 'google', { connectionId: c.id }))
  assert.equal([back.status, back.body.data.reconnected, back.body.data.connection.status], [201, true, 'pending'])
  await ctx.h.worker.drain()
  assert.is((await ctx.h.request('GET', `/calendar/connections/${c.id}`)).body.data.status, 'active')
})

s('the calendar picker: the calendars the grant reads, another chosen and synced from scratch; refusals', async (ctx) => {
  ctx.g.setCalendars([
    { id: 'ada@example.com', summary: 'Ada', primary: true },
    { id: 'team@group.calendar.google.com', summary: 'Team' },
  ])
  ctx.g.addEvent('ada@example.com', { summary: 'Mine', start: { dateTime: at(5, 9) }, end: { dateTime: at(5, 10) } })
  ctx.g.addEvent('team@group.calendar.google.com', { summary: 'Team sync', start: { dateTime: at(5, 11) }, end: { dateTime: at(5, 12) } })
  const c = await connectGoogle(ctx)
  await ctx.h.worker.drain()
  const list = await ctx.h.request('GET', `/calendar/connections/${c.id}/calendars`, { key: ctx.h.keys.readonly })
  assert.equal(list.body.data.rows, [
    { id: 'ada@example.com', name: 'Ada', primary: true, selected: true },
    { id: 'team@group.calendar.google.com', name: 'Team', primary: false, selected: false },
  ])
  const chosen = await ctx.h.request('PATCH', `/calendar/connections/${c.id}`, { body: { calendarId: 'team@group.calendar.google.com' } })
  assert.equal([chosen.status, chosen.body.data.calendarId, chosen.body.data.name, chosen.body.data.status], [200, 'team@group.calendar.google.com', 'Team', 'pending'])
  await ctx.h.worker.drain()
  assert.equal((await meetings(ctx.h)).map((m) => m.title), ['Team sync'])
  assert.equal(ctx.g.channels().map((ch: any) => ch.calendarId), ['team@group.calendar.google.com'], 'the old channel stopped, one on the new calendar')
  const unknown = await ctx.h.request('PATCH', `/calendar/connections/${c.id}`, { body: { calendarId: 'nobody' } })
  assert.equal([unknown.status, unknown.body.error.details[0].path], [422, 'calendarId'])
  const other = await ctx.h.request('GET', `/calendar/connections/${c.id}/calendars`, { key: ctx.h.keys.other })
  assert.is(other.status, 404)
})

s('a refused access token is refreshed at once; a channel about to lapse is replaced and the old one stopped', async (ctx) => {
  const id = ctx.g.addEvent('primary', { summary: 'Retro', start: { dateTime: at(8, 9) }, end: { dateTime: at(8, 10) } })
  const c = await connectGoogle(ctx)
  await ctx.h.worker.drain()
  const [first] = ctx.g.channels()
  ctx.g.expireAccessTokens()
  ctx.g.changeEvent('primary', id, { summary: 'Retro (v2)' })
  await pushed(ctx, ctx.g)
  assert.equal((await meetings(ctx.h)).map((m) => m.title), ['Retro (v2)'])
  assert.is((await ctx.h.request('GET', `/calendar/connections/${c.id}`)).body.data.status, 'active', 'no failure shows: the grant was refreshed and the read tried again')
  // A day before the channel lapses (Google gives a week), the periodic sync replaces it.
  ctx.h.clock.set(new Date(first!.expiration - 6 * 3_600_000))
  await ctx.h.request('POST', `/calendar/connections/${c.id}/sync`)
  await ctx.h.worker.drain()
  const now = ctx.g.channels()
  assert.is(now.length, 1, 'the old channel was stopped')
  assert.is.not(now[0]!.id, first!.id)
  const after = (await ctx.h.request('GET', `/calendar/connections/${c.id}`)).body.data
  assert.is(after.pushUntil, new Date(now[0]!.expiration).toISOString())
})

s('a failing provider: the connection says so in words, keeps its meetings and waits as long as the provider asked', async (ctx) => {
  ctx.g.addEvent('primary', { summary: 'Kickoff', start: { dateTime: at(9, 9) }, end: { dateTime: at(9, 10) } })
  const c = await connectGoogle(ctx)
  await ctx.h.worker.drain()
  ctx.g.failNext(503, { retryAfterSeconds: 600, times: 10 })
  const syncs = await ctx.h.core.calendar.syncNow({ accountId: ctx.h.accounts.first, connectionId: c.id, due: null })()
  assert.ok(E.isRight(syncs) && syncs.right.kind === 'failed', JSON.stringify(syncs))
  const failed = (await ctx.h.request('GET', `/calendar/connections/${c.id}`)).body.data
  assert.equal([failed.status, (await meetings(ctx.h)).map((m) => m.title)], ['error', ['Kickoff']])
  assert.match(failed.lastError, /Google Calendar/)
  if (E.isRight(syncs) && syncs.right.kind === 'failed') assert.is(syncs.right.nextSyncAt, '2026-06-01T12:10:00.000Z', 'ten minutes: the Retry-After, past the backoff of one')
})

s('a push address the provider cannot reach: the calendar syncs all the same, without push, and the log says why', async (ctx) => {
  ctx.pushBase = 'http://127.0.0.1:9'
  const r = await finish(ctx, 'microsoft', await consent(ctx, 'microsoft'))
  const synced = await ctx.h.core.calendar.syncNow({ accountId: ctx.h.accounts.first, connectionId: r.body.data.connection.id, due: null })()
  assert.ok(E.isRight(synced) && synced.right.kind === 'synced', JSON.stringify(synced))
  if (E.isRight(synced) && synced.right.kind === 'synced') assert.match(synced.right.pushNote ?? '', /^push notifications could not be set up \(.+\); changes are picked up by the periodic sync$/)
  const c = (await ctx.h.request('GET', `/calendar/connections/${r.body.data.connection.id}`)).body.data
  assert.equal([c.status, c.pushUntil], ['active', null])
  assert.equal(ctx.ms.subscriptions(), [])
})

s('a feed is refused where only OAuth calendars go, and an OAuth provider where only feeds go', async (ctx) => {
  const viaFeed = await ctx.h.request('POST', '/calendar/connections', { body: { provider: 'google', url: 'https://calendar.example.com/a.ics' } })
  assert.equal([viaFeed.status, viaFeed.body.error.details[0].path], [422, 'provider'])
  assert.match(viaFeed.body.error.message, /POST \/calendar\/connections\/oauth\/google\/start/)
})

s('Microsoft: consent, the validation handshake, a change pushed and synced with its Teams link; a revoked grant asks to be reconnected', async (ctx) => {
  const id = ctx.ms.addEvent({ subject: 'Quarterly review', start: at(6, 9), end: at(6, 10), isOnlineMeeting: true, joinUrl: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0' })
  const r = await finish(ctx, 'microsoft', await consent(ctx, 'microsoft'))
  assert.is(r.status, 201, JSON.stringify(r.body))
  const c = r.body.data.connection
  assert.equal([c.provider, c.status], ['microsoft', 'pending'])
  await ctx.h.worker.drain()
  assert.equal((await meetings(ctx.h)).map((m) => [m.title, m.link]), [['Quarterly review', 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0']])
  assert.is(ctx.ms.subscriptions().length, 1, 'the subscription passed its validation handshake')
  ctx.ms.updateEvent(id, { subject: 'Quarterly review (agenda)' })
  await pushed(ctx, ctx.ms)
  assert.equal((await meetings(ctx.h)).map((m) => m.title), ['Quarterly review (agenda)'])
  ctx.ms.revokeGrant()
  ctx.ms.expireAccessTokens()
  await ctx.h.request('POST', `/calendar/connections/${c.id}/sync`)
  await ctx.h.worker.drain()
  const asked = (await ctx.h.request('GET', `/calendar/connections/${c.id}`)).body.data
  assert.is(asked.status, 'reauthorization_required', JSON.stringify(asked))
  assert.is((await meetings(ctx.h)).length, 1)
})

s.run()

const bare = suite('HTTP: calendar providers that are not set up')

bare('the providers say so, and starting one answers 422 naming the settings its operator sets; push to it finds nothing', async () => {
  const h = await startHarness({
    ports: { calendarOAuthSettings: { google: ['NOTETAKER_GOOGLE_CLIENT_ID', 'NOTETAKER_GOOGLE_CLIENT_SECRET', 'NOTETAKER_GOOGLE_REDIRECT_URL'], microsoft: ['NOTETAKER_MICROSOFT_CLIENT_ID'] } },
  })
  try {
    const providers = await h.request('GET', '/calendar/providers')
    assert.equal(providers.body.data.rows.map((p: any) => p.configured), [false, false])
    const start = await h.request('POST', '/calendar/connections/oauth/google/start', { body: {} })
    assert.equal([start.status, start.body.error.code, start.body.error.details[0].path], [422, 'VALIDATION_ERROR', 'provider'])
    assert.is(
      start.body.error.message,
      'Google Calendar is not set up on this server: its operator sets NOTETAKER_GOOGLE_CLIENT_ID, NOTETAKER_GOOGLE_CLIENT_SECRET and NOTETAKER_GOOGLE_REDIRECT_URL (see docs/calendars.md)',
    )
    const callback = await h.request('GET', '/calendar/oauth/microsoft/callback?code=x&state=y')
    assert.equal([callback.status, callback.body.error.message], [422, 'Microsoft 365 is not set up on this server: its operator sets NOTETAKER_MICROSOFT_CLIENT_ID (see docs/calendars.md)'])
    const push = await h.request('POST', '/calendar/push/google', { key: null, headers: { 'x-goog-channel-id': 'a' } })
    assert.is(push.status, 404)
  } finally {
    await h.close()
  }
})

bare.run()
