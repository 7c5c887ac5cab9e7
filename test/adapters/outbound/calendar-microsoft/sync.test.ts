/** Microsoft adapter, sync: calendarView delta snapshots and deltas, a series with an exception and a cancelled occurrence, 410, link origins. */
import * as TE from 'fp-ts/lib/TaskEither.js'
import * as assert from 'uvu/assert'
import { createMicrosoftCalendar } from '../../../../adapters/outbound/calendar-microsoft/index.js'
import type { OAuthCalendarSource } from '../../../../src/core/ports/calendar-provider.js'
import type { MicrosoftStandin } from '../../../support/calendar-standins/microsoft.js'
import { REDIRECT, TEAMS, WINDOW, ZOOM, connect, failureOf, microsoftSuite, source, sync as read, unwrap } from './harness.js'

const s = microsoftSuite('Microsoft adapter, sync')

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
  const page = await read(ctx, grant, null)
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
  const snapshot = await read(ctx, grant, null)
  const occurrence = snapshot.events.find((e) => e.title === 'Weekly review' && e.startsAt === '2026-12-21T10:00:00.000Z')!
  ctx.ms.updateEvent(moved, { start: '2026-12-02T11:00:00Z', end: '2026-12-02T12:00:00Z' })
  ctx.ms.deleteEvent(gone)
  ctx.ms.cancelOccurrence(series, '2026-12-21T10:00:00Z')
  const delta = await read(ctx, grant, snapshot.cursor)
  assert.is(delta.mode, 'delta')
  assert.equal(delta.events.map((e) => [e.externalId, e.startsAt]), [[moved, '2026-12-02T11:00:00.000Z']])
  assert.equal([...delta.removedIds].sort(), [gone, occurrence.externalId].sort())
  ctx.ms.addEvent({ subject: 'Their meeting', start: '2026-12-04T09:00:00Z', end: '2026-12-04T10:00:00Z', organizer: { address: 'megan@contoso.example' }, attendees: [{ address: 'adele@contoso.example', response: 'tentativelyAccepted' }], responseStatus: 'tentativelyAccepted' })
  const invitation = await read(ctx, grant, delta.cursor)
  const invited = invitation.events.find((e) => e.title === 'Their meeting')!
  assert.is(invited.responseStatus, 'tentative')
  assert.not.ok(invited.cancelled)
  ctx.ms.cancelEvent(invited.externalId)
  const cancelled = await read(ctx, grant, invitation.cursor)
  assert.is(cancelled.mode, 'delta')
  assert.ok(cancelled.events.some((e) => e.externalId === invited.externalId && e.cancelled), 'an attendee\'s copy of a cancelled meeting comes as cancelled')
  const quiet = await read(ctx, grant, cancelled.cursor)
  assert.is(quiet.mode, 'delta')
  assert.is(quiet.events.length + quiet.removedIds.length, 0)
})

s('an expired delta link (410) falls back to a snapshot in the same call', async (ctx) => {
  const grant = await connect(ctx)
  ctx.ms.addEvent({ subject: 'Planning', start: '2026-12-02T09:00:00Z', end: '2026-12-02T10:00:00Z' })
  const snapshot = await read(ctx, grant, null)
  ctx.ms.invalidateDeltaTokens()
  const again = await read(ctx, grant, snapshot.cursor)
  assert.is(again.mode, 'snapshot')
  assert.equal(again.events.map((e) => e.title), ['Planning'])
  assert.is.not(again.cursor, snapshot.cursor)
})

s('a window past the cursor\'s starts a new snapshot', async (ctx) => {
  const grant = await connect(ctx)
  const snapshot = await read(ctx, grant, null)
  const later = await unwrap(ctx.adapter.provider.fetchEvents(source(ctx, grant), { from: WINDOW.from, to: '2027-01-15T00:00:00.000Z' }, snapshot.cursor))
  assert.is(later.mode, 'snapshot')
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

s.run()
