import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createIcsProvider } from '../../adapters/outbound/calendar-ics/index.js'
import { safeFetch } from '../../adapters/outbound/net/index.js'
import { calendarPorts } from '../../src/app/composition/calendar-ports.js'
import { startServer } from '../adapters/outbound/net/loopback-server.js'
import { type FeedServer, dayAt, icsFixture, startFeed } from '../support/calendar-feed.js'
import { startHarness, type Harness } from '../support/http.js'

const s = suite<{ h: Harness; feed: FeedServer }>('HTTP: calendar connections and sync')
s.before.each(async (ctx) => {
  ctx.h = await startHarness()
  ctx.feed = await startFeed(icsFixture('meetings-story.ics', ctx.h.clock.now()))
})
s.after.each(async ({ h, feed }) => {
  await h.close()
  await feed.stop()
})

const connect = async (h: Harness, feed: FeedServer, extra: Record<string, unknown> = {}) => {
  const r = await h.request('POST', '/calendar/connections', { body: { provider: 'ics', url: feed.url, ...extra } })
  assert.is(r.status, 201, JSON.stringify(r.body))
  return r.body.data
}
const titles = async (h: Harness) => (await h.request('GET', '/meetings')).body.data.rows.map((m: any) => m.title)
const details = (r: { body: any }) => r.body.error.details.map((d: any) => `${d.path}: ${d.message}`)
const UNKNOWN = '00000000-0000-4000-8000-000000000000'

s('connecting answers 201 pending without the address; the first sync runs at once and lists the meetings', async ({ h, feed }) => {
  const c = await connect(h, feed)
  assert.equal({ ...c, id: 'x', calendarId: 'x' }, {
    id: 'x', provider: 'ics', name: '127.0.0.1', accountEmail: 'ada@example.com', calendarId: 'x', status: 'pending', autoJoin: 'all',
    joinRules: [], barRules: [], recordDeclined: false, lastSyncedAt: null, lastError: null, warnings: [], pushUntil: null, upcomingMeetings: 0, createdAt: '2026-06-01T12:00:00.000Z',
  })
  assert.match(c.calendarId, /^ics-[0-9a-f]{16}$/)
  await h.worker.drain()
  const after = await h.request('GET', `/calendar/connections/${c.id}`, { key: h.keys.readonly })
  assert.equal([after.body.data.status, after.body.data.lastSyncedAt, after.body.data.lastError], ['active', '2026-06-01T12:00:00.000Z', null])
  const list = await h.request('GET', '/calendar/connections', { key: h.keys.readonly })
  assert.equal([list.body.data.total, list.body.data.rows.length, list.body.data.offset], [1, 1, 0])
  for (const r of [list, after]) assert.not.ok(JSON.stringify(r.body).includes(feed.secret), 'the secret address is never returned')
  assert.equal(await titles(h), ['Weekly sync', 'Dentist', 'Customer call', 'Board review (Confidential)', 'Interview: backend candidate', 'Weekly sync (moved)', 'Weekly sync'])
  const [weekly] = (await h.request('GET', '/meetings')).body.data.rows
  assert.equal([weekly.source, weekly.connectionId, weekly.isRecurring, weekly.attendeeCount, weekly.organizer, weekly.startsAt], [
    'ics', c.id, true, 2, { name: 'Ada', email: 'ada@example.com' }, dayAt(h.clock.now(), 1, '0900'),
  ])
})

s('a connection is named by its feed, renamed by its person, back to the feed\'s name with null; it counts its meetings to come', async ({ h, feed }) => {
  feed.serve(icsFixture('meetings-story.ics', h.clock.now()).replace('X-WR-CALNAME:ada@example.com', 'X-WR-CALNAME:  Ada\'s   work'))
  const c = await connect(h, feed)
  assert.is(c.name, '127.0.0.1', 'the host of its address before the first sync: never the fingerprint')
  await h.worker.drain()
  const synced = (await h.request('GET', `/calendar/connections/${c.id}`)).body.data
  assert.equal([synced.name, synced.upcomingMeetings], ["Ada's work", (await titles(h)).length])
  const renamed = await h.request('PATCH', `/calendar/connections/${c.id}`, { body: { name: '  Work   calendar ' } })
  assert.equal([renamed.status, renamed.body.data?.name], [200, 'Work calendar'], JSON.stringify(renamed.body))
  await h.request('POST', `/calendar/connections/${c.id}/sync`)
  await h.worker.drain()
  assert.is((await h.request('GET', '/calendar/connections')).body.data.rows[0].name, 'Work calendar', 'a sync keeps the person\'s name')
  assert.is((await h.request('PATCH', `/calendar/connections/${c.id}`, { body: { name: null } })).body.data.name, "Ada's work")
  const long = await h.request('PATCH', `/calendar/connections/${c.id}`, { body: { name: 'x'.repeat(101) } })
  assert.is(long.status, 422)
  assert.is(long.body.error.message, 'A calendar\'s name must be at most 100 characters')
  assert.equal(details(long), ['name: must be at most 100 characters'])
  const other = await startFeed(icsFixture('meetings-story.ics', h.clock.now()))
  assert.is((await connect(h, other, { name: 'Holidays' })).name, 'Holidays', 'a name given when connecting')
  await other.stop()
})

s('the story: hosted mode, a bar rule, a join rule and overrides decide the schedule; a moved event keeps its override', async ({ h, feed }) => {
  const c = await connect(h, feed)
  await h.worker.drain()
  const patched = await h.request('PATCH', `/calendar/connections/${c.id}`, {
    body: { autoJoin: 'hosted', barRules: [{ kind: 'title', value: '  CONFIDENTIAL ' }], joinRules: [{ kind: 'title', value: 'Interview' }] },
  })
  assert.equal([patched.body.data.autoJoin, patched.body.data.barRules, patched.body.data.joinRules], [
    'hosted', [{ kind: 'title', value: 'confidential' }], [{ kind: 'title', value: 'interview' }],
  ])
  const meetings = (await h.request('GET', '/meetings')).body.data.rows
  const byTitle = (t: string) => meetings.find((m: any) => m.title === t)
  await h.request('PATCH', `/meetings/${meetings[0].id}`, { body: { recordOverride: false } })
  await h.request('PATCH', `/meetings/${byTitle('Customer call').id}`, { body: { recordOverride: true } })
  const window = `from=${h.clock.now().toISOString()}&to=2026-07-01T00:00:00Z`
  const schedule = async () => {
    const rows = (await h.request('GET', `/meetings/schedule?${window}`)).body.data.rows
    const ids = new Map(((await h.request('GET', '/meetings')).body.data.rows as any[]).map((m) => [m.id, `${m.title} ${m.startsAt.slice(5, 16)}`]))
    return rows.map((r: any) => [ids.get(r.meetingId), r.willRecord, r.skipReason])
  }
  assert.equal(await schedule(), [
    ['Weekly sync 06-02T09:00', false, 'override_off'],
    ['Dentist 06-03T07:00', false, 'no_join_link'],
    ['Customer call 06-04T16:00', true, null],
    ['Board review (Confidential) 06-05T10:00', false, 'barred_by_rule'],
    ['Interview: backend candidate 06-06T13:00', true, null],
    ['Weekly sync (moved) 06-10T14:00', true, null],
    ['Weekly sync 06-23T09:00', true, null],
  ])
  await h.request('PATCH', `/meetings/${byTitle('Customer call').id}`, { body: { recordOverride: null } })
  assert.equal((await schedule())[2], ['Customer call 06-04T16:00', false, 'not_hosted'])
  await h.request('PATCH', `/meetings/${byTitle('Customer call').id}`, { body: { recordOverride: true } })

  // Move the customer call in the file and sync again: same meeting, new time, override kept.
  feed.serve(icsFixture('meetings-story.ics', h.clock.now()).replace(/DTSTART:(\d{8})T160000Z/, (_, d: string) => `DTSTART:${d.slice(0, 6)}${String(Number(d.slice(6)) + 2).padStart(2, '0')}T170000Z`))
  assert.is((await h.request('POST', `/calendar/connections/${c.id}/sync`)).status, 202)
  await h.worker.drain()
  const call = (await h.request('GET', `/meetings/${byTitle('Customer call').id}`)).body.data
  assert.equal([call.startsAt, call.recordOverride], [dayAt(h.clock.now(), 5, '1700'), true])
  assert.equal((await schedule()).find((r: any) => r[0].startsWith('Customer call')), ['Customer call 06-06T17:00', true, null])
  assert.is((await h.request('GET', `/meetings/${meetings[0].id}`)).body.data.recordOverride, false, 'the other override survived too')
})

s('a deleted meeting stays deleted; a vanished event disappears; a failing feed keeps the meetings', async ({ h, feed }) => {
  const c = await connect(h, feed)
  await h.worker.drain()
  const rows = (await h.request('GET', '/meetings')).body.data.rows
  await h.request('DELETE', `/meetings/${rows.find((m: any) => m.title === 'Dentist').id}`)
  feed.serve(icsFixture('meetings-story.ics', h.clock.now()).replace(/BEGIN:VEVENT\r\nUID:board-review[\s\S]*?END:VEVENT\r\n/, ''))
  await h.request('POST', `/calendar/connections/${c.id}/sync`)
  await h.worker.drain()
  const now = await titles(h)
  assert.not.ok(now.includes('Dentist'), 'deleted by the user: the sync does not bring it back')
  assert.not.ok(now.includes('Board review (Confidential)'), 'gone from the feed: gone from the list')
  assert.is(now.length, 5)
  feed.fail(503)
  await h.request('POST', `/calendar/connections/${c.id}/sync`)
  await h.worker.drain()
  const failed = (await h.request('GET', `/calendar/connections/${c.id}`)).body.data
  assert.equal([failed.status, failed.lastSyncedAt], ['error', '2026-06-01T12:00:00.000Z'])
  assert.match(failed.lastError, /HTTP 503/)
  assert.not.match(failed.lastError, feed.secret)
  assert.is((await titles(h)).length, 5, 'the meetings of the last good sync are kept')
})

const feedOf = (...events: string[][]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events.flatMap((e) => ['BEGIN:VEVENT', ...e, 'END:VEVENT']), 'END:VCALENDAR', ''].join('\r\n')

s('one absurd event, one unreadable line: the rest syncs, the connection is active and says what it left out', async ({ h, feed }) => {
  feed.serve(
    feedOf(
      ['UID:forever', 'DTSTART:20260603T090000Z', 'DURATION:P999999999999999999W', 'SUMMARY:Forever'],
      ['UID:apple', 'DTSTART:20260604T090000Z', 'DURATION:PT30M', 'SUMMARY:Site visit', 'X-APPLE-RADIUS=49.913', 'LOCATION:https://meet.google.com/abc-defg-hij'],
      ['UID:holiday', 'DTSTART:20260605', 'SUMMARY:Holiday'],
    ),
  )
  const c = await connect(h, feed)
  await h.worker.drain()
  const after = (await h.request('GET', `/calendar/connections/${c.id}`, { key: h.keys.readonly })).body.data
  assert.equal([after.status, after.lastError, after.lastSyncedAt], ['active', null, '2026-06-01T12:00:00.000Z'])
  assert.equal(after.warnings, [
    '1 event could not be read and was left out; 1 part of the feed could not be read in full; the rest was synced.',
    'Event "Forever" could not be read and was left out: it lasts more than 1,000 days, longer than the 90 days an event may last.',
    'Event "Site visit": a line could not be read and was left out (invalid line (no token ";" or ":") "X-APPLE-RADIUS=49.913").',
  ])
  const rows = (await h.request('GET', '/meetings')).body.data.rows
  assert.equal(rows.map((m: any) => [m.title, m.startsAt, m.isAllDay]), [
    ['Site visit', '2026-06-04T09:00:00.000Z', false],
    ['Holiday', '2026-06-05T00:00:00.000Z', true],
  ])
  const schedule = (await h.request('GET', '/meetings/schedule?from=2026-06-01T00:00:00Z&to=2026-06-08T00:00:00Z')).body.data.rows
  assert.equal(schedule.map((r: any) => [r.title, r.isAllDay, r.endsAt]), [['Site visit', false, '2026-06-04T09:30:00.000Z'], ['Holiday', true, '2026-06-06T00:00:00.000Z']], 'the schedule says which are all-day, so they read as dates')
  feed.serve(feedOf(['UID:apple', 'DTSTART:20260604T090000Z', 'DURATION:PT30M', 'SUMMARY:Site visit']))
  await h.request('POST', `/calendar/connections/${c.id}/sync`)
  await h.worker.drain()
  assert.equal((await h.request('GET', `/calendar/connections/${c.id}`)).body.data.warnings, [], 'a clean sync clears them')
})

s('bad addresses, providers and rules are 422 naming the field; the same feed twice is 409', async ({ h, feed }) => {
  const cases: Array<[Record<string, unknown>, string[]]> = [
    [{ provider: 'ics', url: 'ftp://example.com/cal.ics' }, ['url: must be the https, http or webcal address of an iCalendar feed']],
    [{ provider: 'google', url: feed.url }, ['provider: is not a known value']],
    [{ provider: 'ics', url: feed.url, joinRules: [{ kind: 'title', value: 'a' }, { kind: 'mood', value: 'happy' }] }, ['joinRules.1.kind: must be one of: title, description, attendee_email, attendee_domain, organizer_email, organizer_domain, has_external_attendees, recurring']],
    [{ provider: 'ics', url: feed.url, barRules: [{ kind: 'recurring', value: 'maybe' }] }, ['barRules.0.value: must be true or false for kind recurring']],
    [{ provider: 'ics', url: feed.url, autoJoin: 'sometimes' }, ['autoJoin: must be AutoJoin']],
    [{ provider: 'ics' }, ['url: is required']],
  ]
  for (const [body, expected] of cases) {
    const r = await h.request('POST', '/calendar/connections', { body })
    assert.is(r.status, 422, JSON.stringify(body))
    assert.equal(details(r).map((d: string) => d.replace(/^provider: .*/, 'provider: is not a known value')), expected)
  }
  assert.is((await h.request('GET', '/calendar/connections')).body.data.total, 0, 'nothing was stored')
  await connect(h, feed)
  const twice = await h.request('POST', '/calendar/connections', { body: { provider: 'ics', url: feed.url.replace('http://', 'HTTP://') } })
  assert.equal([twice.status, twice.body.error.code], [409, 'CONFLICT'])
  const webcal = await h.request('POST', '/calendar/connections', { body: { provider: 'ics', url: 'webcal://calendar.example.com/feed.ics' } })
  assert.is(webcal.status, 201)
})

/** An invitation at 2026-06-02T09:00Z with a Meet link, answered by the account (ada@example.com) with `partstat`. */
const invitation = (uid: string, partstat: string) => [
  `UID:${uid}`, 'DTSTART:20260602T090000Z', 'DURATION:PT30M', `SUMMARY:Invitation ${partstat}`,
  'LOCATION:https://meet.google.com/abc-defg-hij', 'ORGANIZER;CN=Bo:mailto:bo@partner.io',
  `ATTENDEE;CN=Ada;PARTSTAT=${partstat}:mailto:ada@example.com`,
]
const scheduleRows = async (h: Harness) =>
  (await h.request('GET', '/meetings/schedule?from=2026-06-02T00:00:00Z&to=2026-06-03T00:00:00Z')).body.data.rows
    .map((r: any) => [r.title, r.willRecord, r.skipReason])
    .sort((a: any, b: any) => String(a[0]).localeCompare(String(b[0])))

s('a declined invitation is not recorded and says why; recordDeclined true leaves it to the rules; tentative and accepted are unchanged', async ({ h, feed }) => {
  feed.serve(feedOf(invitation('a', 'ACCEPTED'), invitation('d', 'DECLINED'), invitation('t', 'TENTATIVE')))
  const c = await connect(h, feed)
  assert.is(c.recordDeclined, false, 'off by default')
  await h.worker.drain()
  const declined = (await h.request('GET', '/meetings')).body.data.rows.find((m: any) => m.title === 'Invitation DECLINED')
  assert.is(declined.responseStatus, 'declined')
  assert.equal(await scheduleRows(h), [
    ['Invitation ACCEPTED', true, null],
    ['Invitation DECLINED', false, 'declined'],
    ['Invitation TENTATIVE', true, null],
  ])
  const detail = (await h.request('GET', '/meetings/schedule?from=2026-06-02T00:00:00Z&to=2026-06-03T00:00:00Z')).body.data.rows.find((r: any) => r.skipReason === 'declined').detail
  assert.match(detail, /You declined this meeting/)

  const on = await h.request('PATCH', `/calendar/connections/${c.id}`, { body: { recordDeclined: true } })
  assert.equal([on.status, on.body.data.recordDeclined, on.body.data.autoJoin], [200, true, 'all'])
  assert.is((await h.request('GET', `/calendar/connections/${c.id}`)).body.data.recordDeclined, true, 'kept')
  assert.equal((await scheduleRows(h)).map((r: any) => r[1]), [true, true, true])

  await h.request('PATCH', `/calendar/connections/${c.id}`, { body: { recordDeclined: false } })
  await h.request('PATCH', `/meetings/${declined.id}`, { body: { recordOverride: true } })
  assert.equal((await scheduleRows(h))[1], ['Invitation DECLINED', true, null], 'recordOverride true records a declined meeting')
})

s('recordDeclined must be true or false: 422 naming the field, nothing changed', async ({ h, feed }) => {
  const c = await connect(h, feed)
  for (const value of ['yes', 1, null]) {
    const bad = await h.request('PATCH', `/calendar/connections/${c.id}`, { body: { recordDeclined: value } })
    assert.equal([bad.status, bad.body.error.details.map((d: any) => d.path)], [422, ['recordDeclined']], JSON.stringify(bad.body))
  }
  const create = await h.request('POST', '/calendar/connections', { body: { provider: 'ics', url: `${feed.url}?other`, recordDeclined: 'no' } })
  assert.equal([create.status, create.body.error.details.map((d: any) => d.path)], [422, ['recordDeclined']])
  assert.is((await h.request('GET', `/calendar/connections/${c.id}`)).body.data.recordDeclined, false)
  const made = await h.request('POST', '/calendar/connections', { body: { provider: 'ics', url: `${feed.url}?other`, recordDeclined: true } })
  assert.equal([made.status, made.body.data.recordDeclined], [201, true])
})

s('PATCH validates rules by path; an empty list clears; DELETE takes the meetings with it', async ({ h, feed }) => {
  const c = await connect(h, feed, { joinRules: [{ kind: 'attendee_domain', value: '@Partner.IO' }] })
  assert.equal(c.joinRules, [{ kind: 'attendee_domain', value: '@partner.io' }])
  const bad = await h.request('PATCH', `/calendar/connections/${c.id}`, { body: { barRules: [{ kind: 'title', value: 'x' }, { kind: 'colour', value: 'red' }] } })
  assert.equal([bad.status, bad.body.error.details[0].path], [422, 'barRules.1.kind'])
  const tooMany = await h.request('PATCH', `/calendar/connections/${c.id}`, { body: { barRules: Array.from({ length: 51 }, () => ({ kind: 'title', value: 'x' })) } })
  assert.equal([tooMany.status, tooMany.body.error.details[0].path], [422, 'barRules'])
  const cleared = await h.request('PATCH', `/calendar/connections/${c.id}`, { body: { joinRules: [] } })
  assert.equal([cleared.body.data.joinRules, cleared.body.data.autoJoin], [[], 'all'])
  await h.worker.drain()
  assert.is((await titles(h)).length, 7)
  const gone = await h.request('DELETE', `/calendar/connections/${c.id}`)
  assert.equal([gone.status, gone.body.data.id], [200, c.id])
  assert.equal(await titles(h), [])
  assert.is((await h.request('GET', `/calendar/connections/${c.id}`)).status, 404)
  assert.is((await h.request('POST', `/calendar/connections/${c.id}/sync`)).status, 404)
})

s('another account\'s connection is 404; a read-only key cannot write', async ({ h, feed }) => {
  const c = await connect(h, feed)
  const calls: Array<[string, string, unknown]> = [
    ['GET', `/calendar/connections/${c.id}`, undefined],
    ['PATCH', `/calendar/connections/${c.id}`, { autoJoin: 'manual' }],
    ['POST', `/calendar/connections/${c.id}/sync`, undefined],
    ['DELETE', `/calendar/connections/${c.id}`, undefined],
  ]
  for (const [method, path, body] of calls) {
    const r = await h.request(method, path, { key: h.keys.other, ...(body === undefined ? {} : { body }) })
    assert.equal([r.status, r.body.error.code], [404, 'NOT_FOUND'], `${method} ${path}`)
    if (method !== 'GET') {
      const ro = await h.request(method, path, { key: h.keys.readonly, ...(body === undefined ? {} : { body }) })
      assert.equal([ro.status, ro.body.error.code], [403, 'FORBIDDEN'], `${method} ${path} read-only`)
    }
  }
  const post = await h.request('POST', '/calendar/connections', { key: h.keys.readonly, body: { provider: 'ics', url: feed.url } })
  assert.is(post.status, 403)
  assert.is((await h.request('GET', '/calendar/connections', { key: h.keys.other })).body.data.total, 0)
  assert.is((await h.request('GET', `/calendar/connections/${UNKNOWN}`)).status, 404)
  assert.is((await h.request('GET', `/calendar/connections/${c.id}`)).body.data.autoJoin, 'all', 'nothing changed')
})

const SYNC = { intervalMinutes: 15, daysBack: 7, daysAhead: 60 }
const FLAG = 'NOTETAKER_ALLOW_PRIVATE_URLS'

s('without NOTETAKER_ALLOW_PRIVATE_URLS, http, private, local, metadata, credential and hostless feed addresses are 422 on url', async () => {
  const h = await startHarness({ ports: calendarPorts({ allowPrivate: false, settings: SYNC, timeoutMs: 1_000 }) })
  try {
    // [address, does the message name the flag (would the flag change the answer)?]
    const refused: ReadonlyArray<[string, boolean]> = [
      ['http://calendar.example.com/ical/private-abc/basic.ics', true],
      ['https://127.0.0.1/ical/basic.ics', true],
      ['https://127.0.0.1:8443/ical/basic.ics', true],
      ['webcal://127.0.0.1/ical/basic.ics', true],
      ['https://2130706433/ical/basic.ics', true],
      ['https://[::1]/ical/basic.ics', true],
      ['https://[::ffff:127.0.0.1]/ical/basic.ics', true],
      ['https://10.0.0.8/ical/basic.ics', true],
      ['https://192.168.1.20/ical/basic.ics', true],
      ['https://[fe80::1]/ical/basic.ics', true],
      ['https://[fd12:3456::1]/ical/basic.ics', true],
      ['https://localhost/ical/basic.ics', true],
      ['webcals://calendar.localhost/ical/basic.ics', true],
      ['https://169.254.169.254/latest/meta-data/', false],
      ['http://169.254.169.254/latest/meta-data/', false],
      ['https://[fd00:ec2::254]/latest/meta-data/', false],
      ['https://metadata.google.internal/computeMetadata/v1/', false],
      ['https://user:pass@calendar.example.com/ical/basic.ics', false],
      ['https://user@calendar.example.com/ical/basic.ics', false],
      ['https:///calendar.example.com/ical/basic.ics', false],
      ['webcal:///calendar.example.com/ical/basic.ics', false],
    ]
    for (const [url, namesFlag] of refused) {
      const r = await h.request('POST', '/calendar/connections', { body: { provider: 'ics', url } })
      assert.equal([r.status, r.body.error?.code, r.body.error?.details?.map((d: any) => d.path)], [422, 'VALIDATION_ERROR', ['url']], url)
      assert.is(r.body.error.details[0].message.includes(FLAG), namesFlag, `${url}: ${r.body.error.details[0].message}`)
    }
    assert.is((await h.request('GET', '/calendar/connections')).body.data.total, 0, 'nothing was stored')
    for (const url of ['https://calendar.example.com/ical/private-abc/basic.ics', 'webcal://calendar.example.org/ical/private-abc/basic.ics']) {
      const ok = await h.request('POST', '/calendar/connections', { body: { provider: 'ics', url } })
      assert.is(ok.status, 201, url)
    }
  } finally {
    await h.close()
  }
})

s('with NOTETAKER_ALLOW_PRIVATE_URLS, metadata and hostless addresses are still 422 on url; loopback and http are allowed', async ({ h, feed }) => {
  for (const url of [
    'http://169.254.169.254/latest/meta-data/',
    'https://169.254.170.2/v2/credentials',
    'http://100.100.100.200/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/latest/meta-data/',
    'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
    'webcal://0xa9fea9fe/latest/meta-data/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://metadata/computeMetadata/v1/',
    'http:///127.0.0.1/feed.ics',
  ]) {
    const r = await h.request('POST', '/calendar/connections', { body: { provider: 'ics', url } })
    assert.equal([r.status, r.body.error?.details?.map((d: any) => d.path)], [422, ['url']], url)
    assert.not.ok(r.body.error.details[0].message.includes(FLAG), `${url}: the flag would not change the answer`)
  }
  assert.is((await h.request('GET', '/calendar/connections')).body.data.total, 0)
  assert.is((await h.request('POST', '/calendar/connections', { body: { provider: 'ics', url: feed.url } })).status, 201)
})

s("lastError never shows the feed's host or any part of its address, whatever the failure", async () => {
  // A feed server on 127.0.0.1 reached as feeds.example.test through a stand-in for DNS; imds.example.test
  // points at the metadata address; any other name is not found.
  const secret = `private-${Math.random().toString(16).slice(2)}`
  const server = await startServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]
    if (path === `/calendars/${secret}/down.ics`) return res.writeHead(500).end('unavailable')
    if (path === `/calendars/${secret}/loop.ics`) return res.writeHead(302, { location: req.url }).end()
    if (path === `/calendars/${secret}/hang.ics`) return // never answers
    res.writeHead(404).end()
  })
  const closed = await startServer(() => {})
  await closed.stop()
  const names: Record<string, ReadonlyArray<string>> = { 'feeds.example.test': ['127.0.0.1'], 'imds.example.test': ['169.254.169.254'] }
  const resolve = async (host: string): Promise<ReadonlyArray<string>> => {
    const found = names[host]
    if (found === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
    return found
  }
  const provider = createIcsProvider({ allowPrivate: true, fetch: (url) => safeFetch(url, { allowPrivate: true, timeoutMs: 300, maxBytes: 64 * 1024, resolve }) })
  const h = await startHarness({ ports: { calendars: [provider], calendarSync: SYNC } })
  const address = (host: string, port: number, file: string) => `http://${host}:${port}/calendars/${secret}/${file}?token=${secret}`
  try {
    const cases: ReadonlyArray<[string, string, RegExp]> = [
      ['a host that cannot be found', address('nowhere.example.test', server.port, 'down.ics'), /the server could not be found/],
      ['a name that resolves to the metadata service', address('imds.example.test', server.port, 'down.ics'), /cloud metadata/],
      ['a closed port', address('feeds.example.test', closed.port, 'down.ics'), /refused the connection/],
      ['HTTP 404', address('feeds.example.test', server.port, 'missing.ics'), /was not found \(HTTP 404\)/],
      ['HTTP 500', address('feeds.example.test', server.port, 'down.ics'), /answered HTTP 500/],
      ['a redirect loop', address('feeds.example.test', server.port, 'loop.ics'), /redirects too many times/],
      ['no answer', address('feeds.example.test', server.port, 'hang.ics'), /did not answer within 300 ms/],
    ]
    for (const [what, url, meaning] of cases) {
      const created = await h.request('POST', '/calendar/connections', { body: { provider: 'ics', url } })
      assert.is(created.status, 201, `${what}: ${JSON.stringify(created.body)}`)
      await h.worker.drain()
      const c = (await h.request('GET', `/calendar/connections/${created.body.data.id}`)).body.data
      assert.is(c.status, 'error', what)
      assert.match(c.lastError, meaning, what)
      const { hostname, port } = new URL(url)
      const parts = [hostname, ...hostname.split('.').filter((p) => p.length > 4), port, secret, 'calendars', '.ics', 'token', '127.0.0.1', '169.254']
      for (const part of parts) assert.not.ok(c.lastError.includes(part), `${what}: "${c.lastError}" shows ${part}`)
    }
  } finally {
    await h.close()
    await server.stop()
  }
})

s.run()
