import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Meeting } from '../../../src/core/domain/meetings/meeting.js'
import type { ScheduleRow } from '../../../src/core/domain/meetings/meeting-schedule.js'
import { calendarEvent as ev, type MeetingWorld, meetingWorld, snapshot } from '../../support/meeting-world.js'
import { run } from '../../../src/contracts/recording-stores.js'
import { left, right } from '../../support/run.js'

const s = suite<{ w: MeetingWorld }>('use cases: the schedule')
s.before.each(async (ctx) => {
  ctx.w = await meetingWorld()
})

const WINDOW = { from: '2026-06-01T00:00:00.000Z', to: '2026-06-30T00:00:00.000Z', limit: 100, offset: 0 }

// Rows carry their meeting's title: no need to read the meetings too.
const schedule = async (w: MeetingWorld, q = WINDOW): Promise<ReadonlyArray<ScheduleRow>> => (await right(w.meetings.schedule(w.actor, q))).rows
const decisions = async (w: MeetingWorld) => (await schedule(w)).map((r) => [r.title, r.willRecord, r.skipReason])

const connectAndSync = async (w: MeetingWorld, events: Parameters<typeof snapshot>[0], settings = {}) => {
  const c = await right(w.calendar.create(w.actor, { provider: 'ics', url: 'https://calendar.example.com/feed.ics', ...settings }))
  w.feed(snapshot(events))
  await right(w.calendar.syncNow({ accountId: w.actor.accountId, connectionId: c.id, due: null }))
  return c
}

s('each meeting in the window gets the recording decision, in start order', async ({ w }) => {
  const c = await connectAndSync(w, [
    ev('mine', { title: 'Mine', startsAt: '2026-06-02T09:00:00.000Z' }),
    ev('theirs', { title: 'Theirs', startsAt: '2026-06-03T09:00:00.000Z', organizer: { name: 'Bo', email: 'bo@partner.io' } }),
    ev('nolink', { title: 'Dentist', startsAt: '2026-06-04T09:00:00.000Z', link: null }),
    ev('secret', { title: 'Secret review', startsAt: '2026-06-05T09:00:00.000Z' }),
    ev('interview', { title: 'Interview', startsAt: '2026-06-06T09:00:00.000Z', organizer: { name: 'HR', email: 'hr@other.org' } }),
    ev('past', { title: 'Earlier today', startsAt: '2026-06-01T08:00:00.000Z' }),
  ], { autoJoin: 'hosted', barRules: [{ kind: 'title', value: ' SECRET ' }], joinRules: [{ kind: 'title', value: 'interview' }] })
  assert.equal(c.barRules, [{ kind: 'title', value: 'secret' }], 'rule values are stored trimmed and lowercased')
  await right(w.meetings.create(w.actor, { title: 'Manual', link: 'https://us02web.zoom.us/j/85512345678', startsAt: '2026-06-07T09:00:00Z' }))
  assert.equal(await decisions(w), [
    ['Earlier today', false, 'ended'],
    ['Mine', true, null],
    ['Theirs', false, 'not_hosted'],
    ['Dentist', false, 'no_join_link'],
    ['Secret review', false, 'barred_by_rule'],
    ['Interview', true, null],
    ['Manual', true, null],
  ])
  const rows = await schedule(w)
  assert.equal(rows.map((r) => r.platform), ['google_meet', 'google_meet', 'google_meet', null, 'google_meet', 'google_meet', 'zoom'])
  assert.match(rows[2]!.detail ?? '', /organised by bo@partner\.io, not ada@example\.com/)
  assert.is(rows[1]!.detail, null)
})

s('an override outranks every rule; changing the connection changes the answer at once', async ({ w }) => {
  const c = await connectAndSync(w, [ev('a', { title: 'Secret A' }), ev('b', { title: 'B', startsAt: '2026-06-04T09:00:00.000Z' })], { barRules: [{ kind: 'title', value: 'secret' }] })
  const [a, b] = (await right(w.meetings.list(w.actor, { from: null, to: null, limit: 10, offset: 0 }))).rows as Meeting[]
  await right(w.meetings.update(w.actor, a!.id, { recordOverride: true }))
  await right(w.meetings.update(w.actor, b!.id, { recordOverride: false }))
  assert.equal(await decisions(w), [['Secret A', true, null], ['B', false, 'override_off']])
  await right(w.meetings.update(w.actor, b!.id, { recordOverride: null }))
  await right(w.calendar.update(w.actor, c.id, { autoJoin: 'manual' }))
  assert.equal(await decisions(w), [['Secret A', true, null], ['B', false, 'auto_join_manual']])
})

s('run fields come from the current run; a spent allowance stops new recordings but not one already counted', async ({ w }) => {
  const m1 = await right(w.meetings.create(w.actor, { title: 'With run', link: 'https://meet.google.com/abc-defg-hij', startsAt: '2026-06-02T09:00:00Z' }))
  await right(w.meetings.create(w.actor, { title: 'Without', link: 'https://meet.google.com/abc-defg-hij', startsAt: '2026-06-03T09:00:00Z' }))
  const current = run(1, {
    accountId: w.actor.accountId, meetingId: m1.id, origin: 'calendar', state: 'scheduled', platform: 'google_meet',
    joinUrl: m1.link, source: null, createdAt: '2026-06-01T10:00:00.000Z',
  })
  await right(w.ports.runs.create(current))
  let [withRun, without] = await schedule(w)
  assert.equal(
    [withRun!.runId, withRun!.state, withRun!.phase, withRun!.hasNotes, withRun!.recordingSeconds],
    [current.id, 'scheduled', 'pending', false, null],
  )
  assert.equal([without!.runId, without!.state, without!.phase], [null, null, null])
  for (let n = 2; n <= 25; n++) await right(w.ports.runs.create(run(n, { accountId: w.actor.accountId, state: 'ready', createdAt: '2026-06-01T00:00:00.000Z' })))
  ;[withRun, without] = await schedule(w)
  assert.equal([withRun!.willRecord, without!.willRecord, without!.skipReason], [true, false, 'allowance_spent'])
})

s("rows carry the meeting's title, start and end; a recording run's seconds grow with the clock", async ({ w }) => {
  const m = await right(w.meetings.create(w.actor, { title: 'Live review', link: 'https://meet.google.com/abc-defg-hij', startsAt: '2026-06-01T11:50:00Z', durationMinutes: 45 }))
  const live = run(1, {
    accountId: w.actor.accountId, meetingId: m.id, origin: 'calendar', state: 'recording', platform: 'google_meet', joinUrl: m.link, source: null,
    joinedAt: '2026-06-01T11:58:30.000Z', createdAt: '2026-06-01T11:49:00.000Z',
  })
  await right(w.ports.runs.create(live))
  const [row] = await schedule(w)
  assert.equal([row!.title, row!.startsAt, row!.endsAt], ['Live review', '2026-06-01T11:50:00.000Z', '2026-06-01T12:35:00.000Z'])
  assert.equal([row!.state, row!.joinedAt, row!.recordingSeconds], ['recording', '2026-06-01T11:58:30.000Z', 90], '90 s since the bot was admitted')
  w.clock.advance(30_000)
  assert.is((await schedule(w))[0]!.recordingSeconds, 120)
})

s('the window is checked: to after from, at most 92 days; paging has the standard bounds', async ({ w }) => {
  const paths = async (q: typeof WINDOW) => {
    const e = await left(w.meetings.schedule(w.actor, q))
    return e._tag === 'Validation' ? e.details.map((d) => `${d.path}: ${d.message}`) : e._tag
  }
  assert.equal(await paths({ ...WINDOW, to: WINDOW.from }), ['to: must be later than from'])
  assert.equal(await paths({ ...WINDOW, to: '2026-09-01T00:00:00.001Z' }), ['to: must be at most 92 days after from'])
  assert.equal(await paths({ ...WINDOW, limit: 101, offset: -1 }), ['limit: must be from 1 to 100', 'offset: must be at least 0'])
  const full = await right(w.meetings.schedule(w.actor, { ...WINDOW, to: '2026-09-01T00:00:00.000Z' }))
  assert.is(full.total, 0, 'exactly 92 days is allowed')
})

s('paging: total counts the whole window', async ({ w }) => {
  for (const d of [5, 3, 4]) await right(w.meetings.create(w.actor, { title: `Day ${d}`, link: 'https://meet.google.com/abc-defg-hij', startsAt: `2026-06-0${d}T09:00:00Z` }))
  const page = await right(w.meetings.schedule(w.actor, { ...WINDOW, limit: 2, offset: 1 }))
  assert.equal([page.total, page.limit, page.offset, page.rows.length], [3, 2, 1, 2])
  const titles = (await schedule(w, { ...WINDOW, limit: 2, offset: 1 })).map((r) => r.title)
  assert.equal(titles, ['Day 4', 'Day 5'])
})

s.run()
