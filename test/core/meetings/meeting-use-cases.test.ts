import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { JOIN_LINK_MESSAGE } from '../../../src/core/domain/meetings/platform.js'
import { CALENDAR_FIELD_MESSAGE } from '../../../src/core/meetings/update-meeting.js'
import { calendarEvent, type MeetingWorld, meetingWorld, NOW, snapshot } from '../../support/meeting-world.js'
import { left, right } from '../../support/run.js'

const s = suite<{ w: MeetingWorld }>('use cases: meetings')
s.before.each(async (ctx) => {
  ctx.w = await meetingWorld()
})

const manual = { title: '  Design review ', link: 'https://Meet.Google.com/abc-defg-hij', startsAt: '2026-06-02T11:00:00+02:00' }
const ALL = { from: null, to: null, limit: 200, offset: 0 }

s('a manual meeting is stored normalised, with the defaults of a meeting added by hand', async ({ w }) => {
  const m = await right(w.meetings.create(w.actor, manual))
  assert.equal(
    [m.title, m.link, m.startsAt, m.durationMinutes, m.source, m.connectionId, m.recordOverride, m.createdAt, m.attendeeCount],
    ['Design review', 'https://meet.google.com/abc-defg-hij', '2026-06-02T09:00:00.000Z', 30, 'manual', null, null, NOW, 0],
  )
  assert.equal(await right(w.meetings.get(w.actor, m.id)), m)
  assert.equal(w.changes.map((c) => [c.kind, c.meeting.id, c.previous]), [['created', m.id, null]])
})

s('a link that is not a supported join link is refused on its field and nothing is stored', async ({ w }) => {
  const e = await left(w.meetings.create(w.actor, { ...manual, link: 'https://example.com/meeting', durationMinutes: 0, title: ' ' }))
  assert.equal(e, {
    _tag: 'Validation',
    message: `title must be 1 to 500 characters, not counting spaces at the ends; durationMinutes must be a whole number of minutes from 1 to 1440; link ${JOIN_LINK_MESSAGE}`,
    details: [
      { path: 'title', message: 'must be 1 to 500 characters, not counting spaces at the ends' },
      { path: 'durationMinutes', message: 'must be a whole number of minutes from 1 to 1440' },
      { path: 'link', message: JOIN_LINK_MESSAGE },
    ],
  })
  assert.is((await right(w.meetings.list(w.actor, ALL))).total, 0)
  assert.equal(w.changes, [])
})

s('a read-only actor may read but not write', async ({ w }) => {
  const m = await right(w.meetings.create(w.actor, manual))
  assert.is((await left(w.meetings.create(w.readonly, manual)))._tag, 'Forbidden')
  assert.is((await left(w.meetings.update(w.readonly, m.id, { title: 'x' })))._tag, 'Forbidden')
  assert.is((await left(w.meetings.remove(w.readonly, m.id)))._tag, 'Forbidden')
  assert.is((await right(w.meetings.list(w.readonly, ALL))).total, 1)
})

s('a manual meeting takes every field; recordOverride null hands the decision back', async ({ w }) => {
  const m = await right(w.meetings.create(w.actor, manual))
  w.clock.advance(60_000)
  const changed = await right(w.meetings.update(w.actor, m.id, { startsAt: '2026-06-05T10:00:00Z', durationMinutes: 90, recordOverride: false, description: 'Agenda' }))
  assert.equal([changed.startsAt, changed.durationMinutes, changed.recordOverride, changed.description, changed.title], ['2026-06-05T10:00:00.000Z', 90, false, 'Agenda', 'Design review'])
  assert.is((await right(w.meetings.update(w.actor, m.id, { recordOverride: null }))).recordOverride, null)
  assert.is((await right(w.meetings.update(w.actor, m.id, {}))).recordOverride, null, 'an empty patch changes nothing')
  const moved = w.changes.find((c) => c.kind === 'updated')
  assert.equal([moved?.previous?.startsAt, moved?.meeting.startsAt], ['2026-06-02T09:00:00.000Z', '2026-06-05T10:00:00.000Z'])
})

s('on a calendar meeting only recordOverride may change; the other fields are refused by name', async ({ w }) => {
  const c = await right(w.calendar.create(w.actor, { provider: 'ics', url: 'https://calendar.example.com/feed.ics' }))
  w.feed(snapshot([calendarEvent('a')]))
  await right(w.calendar.syncNow({ accountId: w.actor.accountId, connectionId: c.id, due: null }))
  const [m] = (await right(w.meetings.list(w.actor, ALL))).rows
  const e = await left(w.meetings.update(w.actor, m!.id, { title: 'Mine', startsAt: '2026-06-09T10:00:00Z', recordOverride: true }))
  assert.equal(e, { _tag: 'Validation', message: `title ${CALENDAR_FIELD_MESSAGE}; startsAt ${CALENDAR_FIELD_MESSAGE}`, details: [
    { path: 'title', message: CALENDAR_FIELD_MESSAGE },
    { path: 'startsAt', message: CALENDAR_FIELD_MESSAGE },
  ] })
  assert.is((await right(w.meetings.get(w.actor, m!.id))).recordOverride, null, 'nothing changed')
  assert.is((await right(w.meetings.update(w.actor, m!.id, { recordOverride: true }))).recordOverride, true)
})

s('deleting answers the meeting as it was; after that it is gone for every read and write', async ({ w }) => {
  const m = await right(w.meetings.create(w.actor, manual))
  assert.equal(await right(w.meetings.remove(w.actor, m.id)), m)
  assert.is((await left(w.meetings.get(w.actor, m.id)))._tag, 'NotFound')
  assert.is((await left(w.meetings.update(w.actor, m.id, { title: 'again' })))._tag, 'NotFound')
  assert.is((await left(w.meetings.remove(w.actor, m.id)))._tag, 'NotFound')
  assert.is((await right(w.meetings.list(w.actor, ALL))).total, 0)
  const stored = O.toNullable(await right(w.ports.meetings.findAny(w.actor.accountId, m.id)))
  assert.equal([stored?.removedAt, stored?.removedBy], [NOW, 'user'], 'kept for the run engine')
  assert.equal(w.changes.map((c) => c.kind), ['created', 'removed'])
})

s('another account sees none of it', async ({ w }) => {
  const m = await right(w.meetings.create(w.actor, manual))
  const stranger = { ...w.actor, accountId: 'e0000000-0000-4000-8000-000000000009' }
  for (const e of [await left(w.meetings.get(stranger, m.id)), await left(w.meetings.update(stranger, m.id, { recordOverride: false })), await left(w.meetings.remove(stranger, m.id))]) {
    assert.equal(e, { _tag: 'NotFound', message: 'Meeting not found' })
  }
  assert.is((await right(w.meetings.list(stranger, ALL))).total, 0)
})

s('lists check the window and the bounds', async ({ w }) => {
  await right(w.meetings.create(w.actor, manual))
  const e = await left(w.meetings.list(w.actor, { from: '2026-06-03T00:00:00Z', to: '2026-06-02T00:00:00Z', limit: 1001, offset: -1 }))
  assert.equal(e._tag === 'Validation' ? e.details.map((d) => d.path) : [], ['to', 'limit', 'offset'])
  const found = await right(w.meetings.list(w.actor, { from: '2026-06-02T09:15:00+00:00', to: null, limit: 1000, offset: 0 }))
  assert.is(found.total, 1, 'a meeting under way at from is listed')
})

s.run()
