/** The Google adapter's sync against the stand-in: a full sync, deltas with changes and deletions, an expired token, a recurring series with its exceptions, pages. */
import * as E from 'fp-ts/lib/Either.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { OAuthGrant } from '../../../../src/core/ports/calendar-oauth.js'
import type { CalendarPage, OAuthCalendarSource } from '../../../../src/core/ports/calendar-provider.js'
import { at, connect, type Harness, start } from './harness.js'

const WINDOW = { from: '2026-10-01T00:00:00.000Z', to: '2026-12-31T00:00:00.000Z' }

const ctx = { h: undefined as unknown as Harness, grant: undefined as unknown as OAuthGrant }
test.before.each(async () => {
  ctx.h = await start()
  ctx.grant = await connect(ctx.h)
})
test.after.each(async () => {
  await ctx.h.close()
})

const source = (): OAuthCalendarSource => ({ kind: 'google', calendarId: 'primary', ownerEmail: 'ada@example.com', accessToken: ctx.grant.accessToken })

const sync = async (cursor: string | null, window = WINDOW): Promise<CalendarPage> => {
  const page = await ctx.h.google.provider.fetchEvents(source(), window, cursor)()
  if (E.isLeft(page)) throw new Error(page.left.message)
  return page.right
}

const addSeries = () => {
  const g = ctx.h.g
  // Weekly at 10:00 Berlin: 08:00Z before the clocks go back on 25 October, 09:00Z after.
  const s = g.addEvent('primary', {
    summary: 'Standup',
    start: { dateTime: '2026-10-19T10:00:00+02:00', timeZone: 'Europe/Berlin' },
    end: { dateTime: '2026-10-19T10:30:00+02:00', timeZone: 'Europe/Berlin' },
    recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'],
    organizer: { email: 'Bob@Example.com', displayName: 'Bob' },
    attendees: [{ email: 'bob@example.com', responseStatus: 'accepted', organizer: true }, { email: 'ada@example.com', responseStatus: 'tentative' }],
    conferenceData: {
      conferenceId: 'abc-defg-hij',
      conferenceSolution: { key: { type: 'hangoutsMeet' }, name: 'Google Meet' },
      entryPoints: [{ entryPointType: 'phone', uri: 'tel:+1-555-0100' }, { entryPointType: 'video', uri: 'https://meet.google.com/abc-defg-hij' }],
    },
    location: 'https://zoom.us/j/123456789',
  })
  const moved = g.changeInstance('primary', s, '2026-10-26T10:00:00+01:00', {
    summary: 'Standup (late)',
    start: { dateTime: '2026-10-26T11:00:00+01:00', timeZone: 'Europe/Berlin' },
    end: { dateTime: '2026-10-26T11:45:00+01:00', timeZone: 'Europe/Berlin' },
  })
  const cancelled = g.cancelInstance('primary', s, '2026-11-02T09:00:00Z')
  return { s, moved, cancelled }
}

test('the first sync is a snapshot: a series expanded with its moved and cancelled occurrences, fields mapped, the Meet link from conference data', async () => {
  const { s, moved, cancelled } = addSeries()
  ctx.h.g.addEvent('primary', { summary: 'Offsite', start: { date: '2026-11-12' }, end: { date: '2026-11-14' }, description: '<p>Join: <a href="https://teams.microsoft.com/l/meetup-join/19%3ameeting_x%40thread.v2/0?context=%7b%7d&amp;a=1">Teams</a></p>' })
  ctx.h.g.addEvent('primary', { summary: 'Next year', start: at('2027-06-03'), end: at('2027-06-03', '11:00') })
  const page = await sync(null)
  assert.is(page.mode, 'snapshot')
  assert.equal(page.removedIds, [])
  assert.ok(page.cursor !== null)
  assert.equal(
    page.events.map((e) => [e.externalId, e.title, e.startsAt, e.durationMinutes, e.isRecurring]),
    [
      [`${s}_20261019T080000Z`, 'Standup', '2026-10-19T08:00:00.000Z', 30, true],
      [moved, 'Standup (late)', '2026-10-26T10:00:00.000Z', 45, true],
      [`${s}_20261109T090000Z`, 'Standup', '2026-11-09T09:00:00.000Z', 30, true],
      [page.events[3]?.externalId, 'Offsite', '2026-11-12T00:00:00.000Z', 2880, false],
    ],
  )
  assert.not.ok(page.events.some((e) => e.externalId === cancelled))
  const first = page.events[0]
  assert.is(first?.link, 'https://meet.google.com/abc-defg-hij')
  assert.equal(first?.organizer, { name: 'Bob', email: 'bob@example.com' })
  assert.equal(first?.attendees, [
    { name: '', email: 'bob@example.com', responseStatus: 'accepted' },
    { name: '', email: 'ada@example.com', responseStatus: 'tentative' },
  ])
  assert.is(first?.responseStatus, 'tentative')
  assert.is(first?.isAllDay, false)
  assert.is(first?.cancelled, false)
  assert.ok(first?.externalUrl?.startsWith('http'))
  const offsite = page.events[3]
  assert.is(offsite?.isAllDay, true)
  assert.is(offsite?.responseStatus, 'accepted', 'the account organises its own event')
  assert.match(offsite?.link ?? '', /^https:\/\/teams\.microsoft\.com\/l\/meetup-join\//)
  const listed = ctx.h.g.requests.find((r) => r.path.endsWith('/events'))
  assert.is(listed?.query.singleEvents, 'true')
  assert.is(listed?.query.timeMin, WINDOW.from)
})

test('later syncs are deltas: a change, a deleted event and a cancelled occurrence; nothing new is an empty delta', async () => {
  const g = ctx.h.g
  const { s } = addSeries()
  const a = g.addEvent('primary', { summary: 'A', start: at('2026-11-02'), end: at('2026-11-02', '11:00') })
  const b = g.addEvent('primary', { summary: 'B', start: at('2026-11-03'), end: at('2026-11-03', '11:00') })
  const first = await sync(null)
  const quiet = await sync(first.cursor)
  assert.equal([quiet.mode, quiet.events, quiet.removedIds], ['delta', [], []])

  g.changeEvent('primary', a, { summary: 'A moved', start: at('2026-11-04'), end: at('2026-11-04', '11:00') })
  g.cancelEvent('primary', b)
  const gone = g.cancelInstance('primary', s, '2026-11-09T09:00:00Z')
  const c = g.addEvent('primary', { summary: 'C', start: at('2026-11-05'), end: at('2026-11-05', '11:00') })
  const delta = await sync(quiet.cursor)
  assert.is(delta.mode, 'delta')
  assert.equal(delta.events.map((e) => [e.externalId, e.title, e.startsAt]), [
    [a, 'A moved', '2026-11-04T10:00:00.000Z'],
    [c, 'C', '2026-11-05T10:00:00.000Z'],
  ])
  assert.equal(new Set(delta.removedIds), new Set([b, gone]))
  const tokenCalls = g.requests.filter((r) => r.query.syncToken !== undefined)
  assert.ok(tokenCalls.length >= 2)
  assert.ok(tokenCalls.every((r) => r.query.timeMin === undefined && r.query.timeMax === undefined && r.status === 200))
})

test('an expired sync token (410) falls back to a snapshot in the same call', async () => {
  const g = ctx.h.g
  g.addEvent('primary', { summary: 'A', start: at('2026-11-02'), end: at('2026-11-02', '11:00') })
  const first = await sync(null)
  g.addEvent('primary', { summary: 'B', start: at('2026-11-03'), end: at('2026-11-03', '11:00') })
  g.invalidateSyncTokens()
  const again = await sync(first.cursor)
  assert.is(again.mode, 'snapshot')
  assert.equal(again.events.map((e) => e.title), ['A', 'B'])
  assert.ok(g.requests.some((r) => r.status === 410))
  assert.is((await sync(again.cursor)).mode, 'delta')
})

test('a window reaching past what the full sync read, or an unreadable cursor, starts a new snapshot', async () => {
  ctx.h.g.addEvent('primary', { summary: 'A', start: at('2026-11-02'), end: at('2026-11-02', '11:00') })
  const first = await sync(null, { from: WINDOW.from, to: '2026-11-30T12:00:00.000Z' })
  assert.is((await sync(first.cursor, { from: WINDOW.from, to: '2026-11-30T20:00:00.000Z' })).mode, 'delta', 'still within the day the full sync read')
  assert.is((await sync(first.cursor, { from: WINDOW.from, to: '2026-12-02T00:00:00.000Z' })).mode, 'snapshot')
  assert.is((await sync('not-a-cursor')).mode, 'snapshot')
})

test('every page is followed', async () => {
  const g = ctx.h.g
  for (let i = 0; i < 260; i++) {
    const start = Date.parse('2026-10-02T00:00:00Z') + i * 6 * 3_600_000
    const iso = (ms: number) => ({ dateTime: new Date(ms).toISOString() })
    g.addEvent('primary', { summary: `E${i}`, start: iso(start), end: iso(start + 1_800_000) })
  }
  const page = await sync(null)
  assert.is(page.events.length, 260)
  assert.ok(g.requests.some((r) => r.query.pageToken !== undefined))
})

test('a calendar of another kind is refused', async () => {
  const other = await ctx.h.google.provider.fetchEvents({ kind: 'microsoft', calendarId: 'x', ownerEmail: null, accessToken: 't' }, WINDOW, null)()
  assert.ok(E.isLeft(other) && !other.left.retryable)
})

test.run()
