/**
 * The Google stand-in, proven over plain HTTPS requests (node:https with the stand-in's certificate as `ca`):
 * the OAuth consent round trip with PKCE, refresh, revocation, calendarList, events.list with sync tokens,
 * recurring series with exceptions, push channels reaching a local receiver, and injected failures.
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { loopbackCertificate } from '../model-mirror.js'
import { type GoogleStandin, startGoogleStandin } from './google.js'

interface Answer {
  readonly status: number
  readonly headers: http.IncomingHttpHeaders
  readonly text: string
  /** The parsed JSON body (null when not JSON); loosely typed for assertions. */
  readonly json: any
}

/** An agent of its own that trusts the stand-in's certificate (the global agent's options would override a request's own `ca`). */
const agents = new Map<string, https.Agent>()
const trusting = (pem: string): https.Agent => {
  let agent = agents.get(pem)
  if (agent === undefined) agents.set(pem, (agent = new https.Agent({ ca: pem, keepAlive: false })))
  return agent
}

const call = (g: GoogleStandin, url: string, o: { method?: string; token?: string; form?: Record<string, string>; json?: unknown } = {}): Promise<Answer> =>
  new Promise((ok, fail) => {
    const body = o.form !== undefined ? new URLSearchParams(o.form).toString() : o.json !== undefined ? JSON.stringify(o.json) : undefined
    const headers: Record<string, string> = {}
    if (o.token !== undefined) headers.authorization = `Bearer ${o.token}`
    if (o.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded'
    if (o.json !== undefined) headers['content-type'] = 'application/json'
    const req = https.request(url, { method: o.method ?? (body === undefined ? 'GET' : 'POST'), headers, agent: trusting(g.certificate.pem) }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        let json: unknown = null
        try {
          json = JSON.parse(text)
        } catch {}
        ok({ status: res.statusCode ?? 0, headers: res.headers, text, json })
      })
    })
    req.on('error', fail)
    req.end(body)
  })

const REDIRECT = 'http://127.0.0.1:9/oauth/google/callback'
const SCOPES = 'openid email https://www.googleapis.com/auth/calendar.readonly'

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

const authorizeUrl = (g: GoogleStandin, challenge: string, extra: Record<string, string> = {}): string => {
  const u = new URL(g.authorizeUrl)
  const params = { client_id: g.clientId, redirect_uri: REDIRECT, response_type: 'code', scope: SCOPES, state: 'st-1', code_challenge: challenge, code_challenge_method: 'S256', access_type: 'offline', prompt: 'consent', ...extra }
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v)
  return u.toString()
}

const redeem = (g: GoogleStandin, code: string, verifier: string, extra: Record<string, string> = {}) =>
  call(g, g.tokenUrl, { form: { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT, client_id: g.clientId, client_secret: g.clientSecret, ...extra } })

/** The consent shortcut: authorize, follow the redirect's code, redeem it. */
const connect = async (g: GoogleStandin, extra: Record<string, string> = {}) => {
  g.setConsent('allow')
  const { verifier, challenge } = pkce()
  const a = await call(g, authorizeUrl(g, challenge, extra))
  const code = new URL(String(a.headers.location)).searchParams.get('code') ?? ''
  const t = await redeem(g, code, verifier)
  assert.is(t.status, 200, t.text)
  return t.json as { access_token: string; refresh_token?: string; expires_in: number; scope: string }
}

const events = (g: GoogleStandin, token: string, params: Record<string, string>, calendar = 'primary') =>
  call(g, `${g.apiBaseUrl}/calendars/${encodeURIComponent(calendar)}/events?${new URLSearchParams(params)}`, { token })

const ctx: { g: GoogleStandin } = { g: undefined as unknown as GoogleStandin }
test.before.each(async () => {
  ctx.g = await startGoogleStandin({ user: { email: 'ada@example.com' } })
})
test.after.each(async () => {
  await ctx.g.close()
})

test('the consent page round trip with PKCE: Allow gives a code once, a wrong verifier is refused', async () => {
  const g = ctx.g
  const { verifier, challenge } = pkce()
  const page = await call(g, authorizeUrl(g, challenge))
  assert.is(page.status, 200)
  assert.match(page.text, '<button type="submit" name="decision" value="allow">Allow</button>')
  assert.match(page.text, 'Deny')
  assert.equal(g.authorizations[0]?.scopes, SCOPES.split(' '))
  const id = /name="request" value="([^"]+)"/.exec(page.text)?.[1] ?? ''
  const allowed = await call(g, `${g.url}/o/oauth2/v2/auth/consent`, { form: { request: id, decision: 'allow' } })
  assert.is(allowed.status, 302)
  const back = new URL(String(allowed.headers.location))
  assert.is(back.origin + back.pathname, REDIRECT)
  assert.is(back.searchParams.get('state'), 'st-1')
  const code = back.searchParams.get('code') ?? ''

  const wrong = await redeem(g, code, pkce().verifier)
  assert.is(wrong.status, 400)
  assert.equal(wrong.json, { error: 'invalid_grant', error_description: 'Invalid code verifier.' })
  const missing = await redeem(g, code, '')
  assert.is(missing.json.error, 'invalid_grant')
  const otherRedirect = await redeem(g, code, verifier, { redirect_uri: 'http://127.0.0.1:9/elsewhere' })
  assert.is(otherRedirect.json.error, 'redirect_uri_mismatch')
  const badSecret = await redeem(g, code, verifier, { client_secret: 'nope' })
  assert.is(badSecret.status, 401)
  assert.is(badSecret.json.error, 'invalid_client')

  const t = await redeem(g, code, verifier)
  assert.is(t.status, 200)
  assert.is(t.json.token_type, 'Bearer')
  assert.is(t.json.expires_in, 3599)
  assert.is(t.json.scope, SCOPES)
  assert.ok(typeof t.json.refresh_token === 'string')
  assert.is(t.headers['cache-control'], 'no-store')
  const again = await redeem(g, code, verifier)
  assert.equal(again.json, { error: 'invalid_grant', error_description: 'Bad Request' })
  g.setConsent('allow')
  g.setCodeSeconds(0)
  const late = pkce()
  const stale = new URL(String((await call(g, authorizeUrl(g, late.challenge))).headers.location)).searchParams.get('code') ?? ''
  assert.equal((await redeem(g, stale, late.verifier)).json, { error: 'invalid_grant', error_description: 'Bad Request' })

  const me = await call(g, g.userinfoUrl, { token: t.json.access_token })
  assert.is(me.json.email, 'ada@example.com')
  assert.is(me.json.email_verified, true)
  const tokenPost = g.requests.find((r) => r.path === '/token')
  assert.is(tokenPost?.body?.code_verifier, '[redacted]')
  assert.is(tokenPost?.body?.code, '[redacted]')
})

test('Deny (page or shortcut) redirects with access_denied and the state', async () => {
  const g = ctx.g
  const page = await call(g, authorizeUrl(g, pkce().challenge))
  const id = /name="request" value="([^"]+)"/.exec(page.text)?.[1] ?? ''
  const denied = await call(g, `${g.url}/o/oauth2/v2/auth/consent`, { form: { request: id, decision: 'deny' } })
  const back = new URL(String(denied.headers.location))
  assert.is(back.searchParams.get('error'), 'access_denied')
  assert.is(back.searchParams.get('state'), 'st-1')
  g.setConsent('deny')
  const shortcut = await call(g, authorizeUrl(g, pkce().challenge))
  assert.is(new URL(String(shortcut.headers.location)).searchParams.get('error'), 'access_denied')
  assert.is(g.authorizations[1]?.outcome, 'denied')
})

test('the authorization endpoint refuses a wrong client, an unregistered redirect, write scopes and a missing PKCE or state', async () => {
  const g = ctx.g
  g.setConsent('allow')
  const c = pkce().challenge
  const client = await call(g, authorizeUrl(g, c, { client_id: 'someone-else' }))
  assert.is(client.status, 401)
  assert.match(client.text, 'invalid_client')
  g.setRedirectUris(['https://notetaker.example/oauth/google/callback'])
  const mismatch = await call(g, authorizeUrl(g, c))
  assert.is(mismatch.status, 400)
  assert.match(mismatch.text, 'redirect_uri_mismatch')
  g.setRedirectUris(null)
  const errorOf = async (extra: Record<string, string>) => new URL(String((await call(g, authorizeUrl(g, c, extra))).headers.location)).searchParams.get('error')
  assert.is(await errorOf({ scope: 'https://www.googleapis.com/auth/calendar' }), 'invalid_scope')
  assert.is(await errorOf({ code_challenge_method: 'plain' }), 'invalid_request')
  assert.is(await errorOf({ code_challenge: '' }), 'invalid_request')
  assert.is(await errorOf({ state: '' }), 'invalid_request')
  assert.is(await errorOf({ response_type: 'token' }), 'unsupported_response_type')
  assert.is(g.authorizations.at(-1)?.outcome, 'refused: unsupported_response_type')
})

test('refresh gives a new access token; an expired one answers 401; a second consent without prompt=consent gives no refresh token', async () => {
  const g = ctx.g
  const t = await connect(g)
  assert.ok(t.refresh_token !== undefined)
  g.expireAccessTokens()
  const expired = await call(g, `${g.apiBaseUrl}/users/me/calendarList`, { token: t.access_token })
  assert.is(expired.status, 401)
  assert.is(expired.json.error.errors[0].reason, 'authError')
  assert.match(String(expired.headers['www-authenticate']), 'invalid_token')
  g.setAccessTokenLifetimeSeconds(120)
  const r = await call(g, g.tokenUrl, { form: { grant_type: 'refresh_token', refresh_token: t.refresh_token ?? '', client_id: g.clientId, client_secret: g.clientSecret } })
  assert.is(r.status, 200)
  assert.is(r.json.expires_in, 120)
  assert.is(r.json.refresh_token, undefined)
  const list = await call(g, `${g.apiBaseUrl}/users/me/calendarList`, { token: r.json.access_token })
  assert.is(list.status, 200)
  const none = await call(g, `${g.apiBaseUrl}/users/me/calendarList`)
  assert.is(none.status, 401)
  assert.is(none.json.error.errors[0].reason, 'required')

  const second = await connect(g, { prompt: 'select_account' })
  assert.is(second.refresh_token, undefined)
  const forced = await connect(g, { prompt: 'consent' })
  assert.ok(forced.refresh_token !== undefined)
  g.setConsent('page')
  const silent = await call(g, authorizeUrl(g, pkce().challenge, { prompt: 'none' }))
  assert.is(silent.status, 302)
  assert.ok(new URL(String(silent.headers.location)).searchParams.has('code'))
  const unknownScope = await call(g, authorizeUrl(g, pkce().challenge, { prompt: 'none', scope: 'https://www.googleapis.com/auth/calendar.events.readonly' }))
  assert.is(new URL(String(unknownScope.headers.location)).searchParams.get('error'), 'consent_required')
})

test('a revoked grant: refresh answers invalid_grant, access tokens 401; the revoke endpoint does the same', async () => {
  const g = ctx.g
  const t = await connect(g)
  g.revokeGrant()
  const r = await call(g, g.tokenUrl, { form: { grant_type: 'refresh_token', refresh_token: t.refresh_token ?? '', client_id: g.clientId, client_secret: g.clientSecret } })
  assert.is(r.status, 400)
  assert.equal(r.json, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' })
  assert.is((await events(g, t.access_token, {})).status, 401)

  const u = await connect(g)
  const revoked = await call(g, g.revokeUrl, { form: { token: u.refresh_token ?? '' } })
  assert.is(revoked.status, 200)
  assert.is((await events(g, u.access_token, {})).status, 401)
  assert.is((await call(g, g.revokeUrl, { form: { token: u.refresh_token ?? '' } })).json.error, 'invalid_token')
})

test('calendarList follows the account; a token without calendar scopes answers 403', async () => {
  const g = ctx.g
  g.setUser({ email: 'grace@example.com' })
  g.setCalendars([
    { id: 'grace@example.com', summary: 'Grace', primary: true, timeZone: 'Europe/Berlin' },
    { id: 'team@group.calendar.google.com', summary: 'Team', accessRole: 'reader' },
  ])
  const t = await connect(g)
  const list = await call(g, `${g.apiBaseUrl}/users/me/calendarList`, { token: t.access_token })
  assert.equal(
    list.json.items.map((c: { id: string; primary?: boolean; accessRole: string }) => [c.id, c.primary ?? false, c.accessRole]),
    [['grace@example.com', true, 'owner'], ['team@group.calendar.google.com', false, 'reader']],
  )
  assert.is((await call(g, g.userinfoUrl, { token: t.access_token })).json.email, 'grace@example.com')
  const emailOnly = await connect(g, { scope: 'openid email' })
  const refused = await call(g, `${g.apiBaseUrl}/users/me/calendarList`, { token: emailOnly.access_token })
  assert.is(refused.status, 403)
  assert.is(refused.json.error.errors[0].reason, 'insufficientPermissions')
  assert.is((await events(g, t.access_token, {}, 'nobody@example.com')).status, 404)
})

const WINDOW = { timeMin: '2026-10-01T00:00:00Z', timeMax: '2026-12-31T00:00:00Z' }
const at = (day: string, hhmm = '10:00') => ({ dateTime: `${day}T${hhmm}:00Z` })

test('incremental sync: changes and deletions since the token; syncToken refuses timeMin; 410 once invalidated; pages', async () => {
  const g = ctx.g
  const t = await connect(g)
  const a = g.addEvent('primary', { summary: 'A', start: at('2026-11-02'), end: at('2026-11-02', '11:00') })
  const b = g.addEvent('primary', { summary: 'B', start: at('2026-11-03'), end: at('2026-11-03', '11:00') })
  g.addEvent('primary', { summary: 'Outside', start: at('2027-06-03'), end: at('2027-06-03', '11:00') })
  const full = await events(g, t.access_token, { ...WINDOW, singleEvents: 'true' })
  assert.is(full.status, 200)
  assert.equal(full.json.items.map((e: { summary: string }) => e.summary), ['A', 'B'])
  const token = full.json.nextSyncToken as string
  assert.ok(token !== undefined && full.json.nextPageToken === undefined)

  const unbounded = await events(g, t.access_token, { singleEvents: 'true' })
  assert.equal(unbounded.json.items.map((e: { summary: string }) => e.summary), ['A', 'B', 'Outside'])
  const quiet = await events(g, t.access_token, { syncToken: token, singleEvents: 'true' })
  assert.equal(quiet.json.items, [])
  g.changeEvent('primary', a, { summary: 'A moved', start: at('2026-11-04'), end: at('2026-11-04', '11:00') })
  g.cancelEvent('primary', b)
  const c = g.addEvent('primary', { summary: 'C', start: at('2026-11-05'), end: at('2026-11-05', '11:00') })
  const delta = await events(g, t.access_token, { syncToken: token, singleEvents: 'true' })
  assert.equal(
    delta.json.items.map((e: { id: string; status: string; summary?: string }) => [e.id, e.status, e.summary]),
    [[a, 'confirmed', 'A moved'], [b, 'cancelled', undefined], [c, 'confirmed', 'C']],
  )
  const next = delta.json.nextSyncToken as string
  assert.equal((await events(g, t.access_token, { syncToken: next, singleEvents: 'true' })).json.items, [])
  assert.ok(g.requests.some((r) => r.query.syncToken === token))

  const mixed = await events(g, t.access_token, { syncToken: next, timeMin: WINDOW.timeMin })
  assert.is(mixed.status, 400)
  assert.is((await events(g, t.access_token, { q: 'standup' })).json.error.errors[0].reason, 'standinUnsupported')
  g.invalidateSyncTokens()
  const stale = await events(g, t.access_token, { syncToken: next, singleEvents: 'true' })
  assert.is(stale.status, 410)
  assert.is(stale.json.error.errors[0].reason, 'fullSyncRequired')

  for (let i = 0; i < 3; i++) g.addEvent('primary', { summary: `P${i}`, start: at(`2026-12-0${i + 1}`), end: at(`2026-12-0${i + 1}`, '11:00') })
  const seen: string[] = []
  let page = await events(g, t.access_token, { ...WINDOW, singleEvents: 'true', orderBy: 'startTime', maxResults: '2' })
  let pages = 1
  while (page.json.nextPageToken !== undefined) {
    assert.is(page.json.nextSyncToken, undefined)
    seen.push(...page.json.items.map((e: { summary: string }) => e.summary))
    page = await events(g, t.access_token, { ...WINDOW, singleEvents: 'true', orderBy: 'startTime', maxResults: '2', pageToken: page.json.nextPageToken })
    pages++
  }
  seen.push(...page.json.items.map((e: { summary: string }) => e.summary))
  assert.is(pages, 3)
  assert.equal(seen, ['A moved', 'C', 'P0', 'P1', 'P2'])
  assert.ok(typeof page.json.nextSyncToken === 'string')
})

test('a recurring series across a DST change, with a moved instance and a cancelled one, expanded and not', async () => {
  const g = ctx.g
  const t = await connect(g)
  // Weekly at 10:00 Berlin: 08:00Z before the clocks go back on 25 October, 09:00Z after.
  const s = g.addEvent('primary', {
    summary: 'Standup',
    start: { dateTime: '2026-10-19T10:00:00+02:00', timeZone: 'Europe/Berlin' },
    end: { dateTime: '2026-10-19T10:30:00+02:00', timeZone: 'Europe/Berlin' },
    recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'],
  })
  const moved = g.changeInstance('primary', s, '2026-10-26T10:00:00+01:00', { summary: 'Standup (late)', start: { dateTime: '2026-10-26T11:00:00+01:00', timeZone: 'Europe/Berlin' }, end: { dateTime: '2026-10-26T11:30:00+01:00', timeZone: 'Europe/Berlin' } })
  const gone = g.cancelInstance('primary', s, '2026-11-02T09:00:00Z')
  assert.is(moved, `${s}_20261026T090000Z`)
  assert.is(gone, `${s}_20261102T090000Z`)

  const single = await events(g, t.access_token, { ...WINDOW, singleEvents: 'true', orderBy: 'startTime' })
  assert.equal(
    single.json.items.map((e: { id: string; summary: string; start: { dateTime: string }; recurringEventId: string; originalStartTime: { dateTime: string } }) => [
      e.id,
      e.summary,
      e.start.dateTime,
      e.recurringEventId,
      e.originalStartTime.dateTime,
    ]),
    [
      [`${s}_20261019T080000Z`, 'Standup', '2026-10-19T10:00:00+02:00', s, '2026-10-19T10:00:00+02:00'],
      [moved, 'Standup (late)', '2026-10-26T11:00:00+01:00', s, '2026-10-26T10:00:00+01:00'],
      [`${s}_20261109T090000Z`, 'Standup', '2026-11-09T10:00:00+01:00', s, '2026-11-09T10:00:00+01:00'],
    ],
  )
  const withDeleted = await events(g, t.access_token, { ...WINDOW, singleEvents: 'true', showDeleted: 'true' })
  assert.equal(withDeleted.json.items.find((e: { id: string }) => e.id === gone)?.status, 'cancelled')

  const raw = await events(g, t.access_token, { ...WINDOW })
  assert.equal(
    raw.json.items.map((e: { id: string; status: string; recurrence?: string[] }) => [e.id, e.status, e.recurrence]),
    [[s, 'confirmed', ['RRULE:FREQ=WEEKLY;COUNT=4']], [moved, 'confirmed', undefined], [gone, 'cancelled', undefined]],
  )

  const token = single.json.nextSyncToken as string
  g.cancelInstance('primary', s, '2026-11-09T09:00:00Z')
  const delta = await events(g, t.access_token, { syncToken: token, singleEvents: 'true' })
  assert.equal(delta.json.items.map((e: { id: string; status: string }) => [e.id, e.status]), [[`${s}_20261109T090000Z`, 'cancelled']])
  const beforeDelete = delta.json.nextSyncToken as string
  g.cancelEvent('primary', s)
  const whole = await events(g, t.access_token, { syncToken: beforeDelete, singleEvents: 'true' })
  assert.equal(new Set(whole.json.items.map((e: { status: string }) => e.status)), new Set(['cancelled']))
  assert.is(whole.json.items.length, 4)
  const rawDelta = await events(g, t.access_token, { syncToken: beforeDelete })
  assert.equal(rawDelta.json.items.map((e: { id: string; status: string }) => [e.id, e.status]), [[s, 'cancelled'], [moved, 'cancelled']])
  // Cancelled exceptions are listed without showDeleted only while their series lives.
  assert.equal((await events(g, t.access_token, { ...WINDOW })).json.items, [])
})

test('an all-day series with an EXDATE, and a timed one with a fixed offset and UNTIL, expand as written', async () => {
  const g = ctx.g
  const t = await connect(g)
  const days = g.addEvent('primary', { summary: 'On call', start: { date: '2026-11-16' }, end: { date: '2026-11-17' }, recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3', 'EXDATE;VALUE=DATE:20261123'] })
  const daily = g.addEvent('primary', { summary: 'Sync', start: { dateTime: '2026-11-16T09:00:00-05:00' }, end: { dateTime: '2026-11-16T09:15:00-05:00' }, recurrence: ['RRULE:FREQ=DAILY;UNTIL=20261118T235959Z'] })
  const list = await events(g, t.access_token, { ...WINDOW, singleEvents: 'true', orderBy: 'startTime' })
  assert.equal(
    list.json.items.map((e: { id: string; start: { date?: string; dateTime?: string } }) => [e.id, e.start.date ?? e.start.dateTime]),
    [
      [`${days}_20261116`, '2026-11-16'],
      [`${daily}_20261116T140000Z`, '2026-11-16T09:00:00-05:00'],
      [`${daily}_20261117T140000Z`, '2026-11-17T09:00:00-05:00'],
      [`${daily}_20261118T140000Z`, '2026-11-18T09:00:00-05:00'],
      [`${days}_20261130`, '2026-11-30'],
    ],
  )
  assert.equal(list.json.items[0].end, { date: '2026-11-17' })
  assert.equal(list.json.items[0].originalStartTime, { date: '2026-11-16' })
})

test('event fields: organizer and attendees with self, the account response status, Meet link and entry points, all-day dates', async () => {
  const g = ctx.g
  const t = await connect(g)
  const id = g.addEvent('primary', {
    summary: 'Review',
    description: 'Agenda: https://docs.example/agenda',
    location: 'Room 1',
    start: at('2026-11-10'),
    end: at('2026-11-10', '11:00'),
    organizer: { email: 'bob@example.com', displayName: 'Bob' },
    attendees: [{ email: 'bob@example.com', responseStatus: 'accepted' }, { email: 'ada@example.com' }],
    hangoutLink: 'https://meet.google.com/abc-defg-hij',
    conferenceData: {
      conferenceId: 'abc-defg-hij',
      conferenceSolution: { key: { type: 'hangoutsMeet' }, name: 'Google Meet' },
      entryPoints: [{ entryPointType: 'video', uri: 'https://meet.google.com/abc-defg-hij', label: 'meet.google.com/abc-defg-hij' }, { entryPointType: 'phone', uri: 'tel:+1-555-0100' }],
    },
  })
  g.addEvent('primary', { summary: 'Offsite', start: { date: '2026-11-12' }, end: { date: '2026-11-13' } })
  g.setResponseStatus('primary', id, 'tentative')
  const list = await events(g, t.access_token, { ...WINDOW, singleEvents: 'true', orderBy: 'startTime' })
  const [review, offsite] = list.json.items
  assert.equal(review.organizer, { email: 'bob@example.com', displayName: 'Bob' })
  assert.equal(review.attendees, [
    { email: 'bob@example.com', responseStatus: 'accepted', organizer: true },
    { email: 'ada@example.com', responseStatus: 'tentative', self: true },
  ])
  assert.is(review.hangoutLink, 'https://meet.google.com/abc-defg-hij')
  assert.is(review.conferenceData.entryPoints[0].entryPointType, 'video')
  assert.is(review.location, 'Room 1')
  assert.match(review.description, 'agenda')
  assert.equal(offsite.start, { date: '2026-11-12' })
  assert.equal(offsite.organizer, { email: 'ada@example.com', self: true })
  const one = await call(g, `${g.apiBaseUrl}/calendars/primary/events/${id}`, { token: t.access_token })
  assert.is(one.json.summary, 'Review')
})

/** A plain HTTP receiver on loopback that records each notification's headers. */
const receiver = async () => {
  const got: http.IncomingHttpHeaders[] = []
  const server = http.createServer((req, res) => {
    got.push(req.headers)
    req.resume()
    res.writeHead(200).end()
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/google`, got, close: () => new Promise<void>((ok) => server.close(() => ok())) }
}

test('events.watch: a sync message, then exists after each change, with the documented headers; stop and expiry end them', async () => {
  const g = ctx.g
  const t = await connect(g)
  const hook = await receiver()
  try {
    const watch = (id: string, address = hook.url) =>
      call(g, `${g.apiBaseUrl}/calendars/primary/events/watch`, { token: t.access_token, json: { id, type: 'web_hook', address, token: 'secret-for-ch-1', expiration: Date.now() + 3_600_000 } })
    const w = await watch('ch-1')
    assert.is(w.status, 200, w.text)
    assert.is(w.json.kind, 'api#channel')
    assert.is(w.json.id, 'ch-1')
    assert.ok(typeof w.json.resourceId === 'string' && typeof w.json.expiration === 'string')
    await g.settle()
    assert.is(hook.got.length, 1)
    assert.is(hook.got[0]?.['x-goog-resource-state'], 'sync')
    assert.is(hook.got[0]?.['x-goog-message-number'], '1')

    g.addEvent('primary', { summary: 'New', start: at('2026-11-20'), end: at('2026-11-20', '11:00') })
    await g.settle()
    const n = hook.got[1] ?? {}
    assert.is(n['x-goog-resource-state'], 'exists')
    assert.is(n['x-goog-channel-id'], 'ch-1')
    assert.is(n['x-goog-channel-token'], 'secret-for-ch-1')
    assert.is(n['x-goog-resource-id'], w.json.resourceId)
    assert.is(n['x-goog-resource-uri'], w.json.resourceUri)
    assert.is(n['x-goog-message-number'], '2')
    assert.is(new Date(String(n['x-goog-channel-expiration'])).getTime(), Math.floor(Number(w.json.expiration) / 1000) * 1000)
    assert.equal(g.deliveries.map((d) => [d.state, d.status]), [['sync', 200], ['exists', 200]])

    assert.is((await watch('ch-1')).json.error.errors[0].reason, 'channelIdNotUnique')
    assert.is((await watch('ch-2', 'http://example.com/hook')).json.error.errors[0].reason, 'push.webhookUrlNotHttps')
    assert.equal(g.channels().map((c) => c.id), ['ch-1'])
    assert.is(g.requests.find((r) => r.path.endsWith('/events/watch'))?.body?.token, '[redacted]')

    const stop = await call(g, `${g.apiBaseUrl}/channels/stop`, { token: t.access_token, json: { id: 'ch-1', resourceId: w.json.resourceId } })
    assert.is(stop.status, 204)
    assert.is((await call(g, `${g.apiBaseUrl}/channels/stop`, { token: t.access_token, json: { id: 'ch-1', resourceId: w.json.resourceId } })).status, 404)
    await watch('ch-3')
    await g.settle()
    g.expireChannel('ch-3')
    g.notifyChange('primary')
    await g.settle()
    assert.equal(g.channels(), [])
    assert.equal(hook.got.map((h) => [h['x-goog-channel-id'], h['x-goog-resource-state']]), [['ch-1', 'sync'], ['ch-1', 'exists'], ['ch-3', 'sync']])
  } finally {
    await hook.close()
  }
})

test('notifications reach an https receiver that trusts the same certificate; other hosts are never posted to', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'google-standin-test-'))
  const tls = loopbackCertificate(dir)
  const g = await startGoogleStandin({ tls })
  const got: http.IncomingHttpHeaders[] = []
  const hook = https.createServer({ key: readFileSync(tls.key), cert: readFileSync(tls.cert) }, (req, res) => {
    got.push(req.headers)
    res.writeHead(204).end()
  })
  await new Promise<void>((ok) => hook.listen(0, '127.0.0.1', ok))
  try {
    const t = await connect(g)
    const address = `https://localhost:${(hook.address() as AddressInfo).port}/hooks`
    assert.is((await call(g, `${g.apiBaseUrl}/calendars/primary/events/watch`, { token: t.access_token, json: { id: 'tls-1', type: 'web_hook', address } })).status, 200)
    assert.is((await call(g, `${g.apiBaseUrl}/calendars/primary/events/watch`, { token: t.access_token, json: { id: 'far-1', type: 'web_hook', address: 'https://hooks.example.com/x' } })).status, 200)
    await g.settle()
    assert.equal(got.map((h) => h['x-goog-resource-state']), ['sync'])
    assert.is(g.deliveries.find((d) => d.channelId === 'tls-1')?.status, 204)
    const far = g.deliveries.find((d) => d.channelId === 'far-1')
    assert.is(far?.status, null)
    assert.match(far?.error ?? '', 'not a loopback address')
  } finally {
    await g.close()
    await new Promise<void>((ok) => hook.close(() => ok()))
    rmSync(dir, { recursive: true, force: true })
  }
})

test('failures on demand: 429 with Retry-After, 503, then normal answers; latency', async () => {
  const g = ctx.g
  const t = await connect(g)
  g.failNext(429, { retryAfterSeconds: 7 })
  g.failNext(503)
  const limited = await events(g, t.access_token, {})
  assert.is(limited.status, 429)
  assert.is(limited.headers['retry-after'], '7')
  assert.is(limited.json.error.errors[0].reason, 'rateLimitExceeded')
  const down = await events(g, t.access_token, {})
  assert.is(down.status, 503)
  assert.is(down.json.error.errors[0].reason, 'backendError')
  assert.is((await events(g, t.access_token, {})).status, 200)
  g.failNext(503, { on: 'token' })
  const tokenDown = await call(g, g.tokenUrl, { form: { grant_type: 'refresh_token', refresh_token: t.refresh_token ?? '', client_id: g.clientId, client_secret: g.clientSecret } })
  assert.is(tokenDown.status, 503)
  g.setLatencyMs(150)
  const started = Date.now()
  assert.is((await events(g, t.access_token, {})).status, 200)
  assert.ok(Date.now() - started >= 150)
})

test.run()
