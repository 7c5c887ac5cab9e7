import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startHarness, type Harness } from '../support/http.js'

const s = suite<{ h: Harness }>('HTTP: meetings and the schedule')
s.before.each(async (ctx) => {
  ctx.h = await startHarness()
})
s.after.each(async ({ h }) => h.close())

const MEET = { title: 'Design review', link: 'https://meet.google.com/abc-defg-hij', startsAt: '2026-06-02T09:00:00Z' }
const create = async (h: Harness, body: Record<string, unknown> = MEET) => {
  const r = await h.request('POST', '/meetings', { body })
  assert.is(r.status, 201, JSON.stringify(r.body))
  return r.body.data
}
const details = (r: { body: any }) => r.body.error.details.map((d: any) => `${d.path}: ${d.message}`)
const UNKNOWN = '00000000-0000-4000-8000-000000000000'

s('POST /meetings answers 201 with every field of a manual meeting', async ({ h }) => {
  const m = await create(h, { ...MEET, link: 'https://us02web.zoom.us/j/85512345678?pwd=abc', description: 'Agenda', durationMinutes: 45 })
  assert.equal({ ...m, id: 'x' }, {
    id: 'x', title: 'Design review', link: 'https://us02web.zoom.us/j/85512345678?pwd=abc', description: 'Agenda', location: '',
    startsAt: '2026-06-02T09:00:00.000Z', durationMinutes: 45, source: 'manual', connectionId: null, isAllDay: false, isRecurring: false,
    attendees: [], attendeeCount: 0, organizer: null, responseStatus: null, externalUrl: null, recordOverride: null,
    createdAt: '2026-06-01T12:00:00.000Z',
  })
  assert.is((await create(h)).durationMinutes, 30, 'the default duration')
  assert.equal((await h.request('GET', `/meetings/${m.id}`, { key: h.keys.readonly })).body.data, m)
})

s('a link that is not a supported join link is 422 on link, and nothing is stored', async ({ h }) => {
  for (const link of ['https://example.com/j/123', 'http://meet.google.com/abc-defg-hij', 'https://zoom.us.evil.com/j/85512345678', 'not a url']) {
    const r = await h.request('POST', '/meetings', { body: { ...MEET, link } })
    assert.is(r.status, 422, link)
    assert.equal(details(r), ['link: must be a Zoom, Google Meet or Microsoft Teams join link'])
  }
  assert.is((await h.request('GET', '/meetings')).body.data.total, 0)
})

s('missing, malformed and unknown fields are 422 by name; bad JSON is 400', async ({ h }) => {
  const missing = await h.request('POST', '/meetings', { body: { title: 'x' } })
  assert.equal(missing.body.error.details.map((d: any) => d.path).sort(), ['link', 'startsAt'])
  const bad = await h.request('POST', '/meetings', { body: { ...MEET, startsAt: 'tomorrow', durationMinutes: 1441, title: '', extra: 1 } })
  assert.equal(details(bad), ['extra: is not a known field'])
  const wrong = await h.request('POST', '/meetings', { body: { ...MEET, startsAt: 'tomorrow', durationMinutes: 2.5, title: '' } })
  assert.equal(details(wrong).sort(), [
    'durationMinutes: must be a whole number of minutes from 1 to 1440',
    'startsAt: must be an ISO 8601 date-time with a time zone, e.g. 2026-06-01T09:00:00Z',
    'title: must be 1 to 500 characters, not counting spaces at the ends',
  ])
  const json = await h.request('POST', '/meetings', { rawBody: '{"title":', headers: { 'content-type': 'application/json' } })
  assert.is(json.status, 400)
})

s('GET /meetings lists by start within from/to, with limit 200 by default and at most 1000', async ({ h }) => {
  for (const d of [4, 2, 3]) await create(h, { ...MEET, title: `Day ${d}`, startsAt: `2026-06-0${d}T09:00:00Z` })
  const all = await h.request('GET', '/meetings', { key: h.keys.readonly })
  assert.equal([all.body.data.rows.map((m: any) => m.title), all.body.data.total, all.body.data.limit, all.body.data.offset], [['Day 2', 'Day 3', 'Day 4'], 3, 200, 0])
  const window = await h.request('GET', '/meetings?from=2026-06-02T09:10:00Z&to=2026-06-04T09:00:00Z&limit=1000')
  assert.equal(window.body.data.rows.map((m: any) => m.title), ['Day 2', 'Day 3'])
  const paged = await h.request('GET', '/meetings?limit=1&offset=2')
  assert.equal([paged.body.data.rows.map((m: any) => m.title), paged.body.data.total], [['Day 4'], 3])
  for (const [query, status, path] of [
    ['limit=1001', 422, 'limit'], ['limit=0', 422, 'limit'], ['limit=abc', 400, 'limit'], ['from=yesterday', 400, 'from'],
    ['from=2026-06-05T00:00:00Z&to=2026-06-01T00:00:00Z', 422, 'to'], ['cursor=1', 422, 'cursor'],
  ] as const) {
    const r = await h.request('GET', `/meetings?${query}`)
    assert.equal([r.status, r.body.error.details[0].path], [status, path], query)
  }
})

s('PATCH changes fields and recordOverride (true, false, back to null); a bad link is 422 and changes nothing', async ({ h }) => {
  const m = await create(h)
  const moved = await h.request('PATCH', `/meetings/${m.id}`, { body: { startsAt: '2026-06-03T10:00:00+01:00', durationMinutes: 60, recordOverride: false } })
  assert.equal([moved.status, moved.body.data.startsAt, moved.body.data.durationMinutes, moved.body.data.recordOverride], [200, '2026-06-03T09:00:00.000Z', 60, false])
  assert.is((await h.request('PATCH', `/meetings/${m.id}`, { body: { recordOverride: true } })).body.data.recordOverride, true)
  assert.is((await h.request('PATCH', `/meetings/${m.id}`, { body: { recordOverride: null } })).body.data.recordOverride, null)
  const bad = await h.request('PATCH', `/meetings/${m.id}`, { body: { link: 'https://example.com/x', title: 'New' } })
  assert.equal([bad.status, details(bad)], [422, ['link: must be a Zoom, Google Meet or Microsoft Teams join link']])
  assert.is((await h.request('GET', `/meetings/${m.id}`)).body.data.title, 'Design review')
  const override = await h.request('PATCH', `/meetings/${m.id}`, { body: { recordOverride: 'yes' } })
  assert.equal([override.status, override.body.error.details[0].path], [422, 'recordOverride'])
})

s('DELETE removes the meeting for good: never listed, 404 afterwards', async ({ h }) => {
  const m = await create(h)
  const gone = await h.request('DELETE', `/meetings/${m.id}`)
  assert.equal([gone.status, gone.body.data.id], [200, m.id])
  assert.is((await h.request('GET', '/meetings')).body.data.total, 0)
  for (const [method, body] of [['GET', undefined], ['PATCH', { title: 'x' }], ['DELETE', undefined]] as const) {
    const r = await h.request(method, `/meetings/${m.id}`, body === undefined ? {} : { body })
    assert.is(r.status, 404, method)
  }
})

s('another account\'s meeting is 404 everywhere; a read-only key cannot write; ids must be UUIDs', async ({ h }) => {
  const m = await create(h)
  for (const [method, body] of [['GET', undefined], ['PATCH', { recordOverride: false }], ['DELETE', undefined]] as const) {
    const r = await h.request(method, `/meetings/${m.id}`, { key: h.keys.other, ...(body === undefined ? {} : { body }) })
    assert.equal([r.status, r.body.error.code], [404, 'NOT_FOUND'], method)
  }
  assert.is((await h.request('GET', '/meetings', { key: h.keys.other })).body.data.total, 0)
  for (const [method, path, body] of [['POST', '/meetings', MEET], ['PATCH', `/meetings/${m.id}`, { title: 'x' }], ['DELETE', `/meetings/${m.id}`, undefined]] as const) {
    const r = await h.request(method, path, { key: h.keys.readonly, ...(body === undefined ? {} : { body }) })
    assert.equal([r.status, r.body.error.code], [403, 'FORBIDDEN'], `${method} ${path}`)
  }
  assert.is((await h.request('GET', `/meetings/${m.id}`)).body.data.title, 'Design review')
  assert.is((await h.request('GET', `/meetings/${UNKNOWN}`)).status, 404)
  assert.equal((await h.request('GET', '/meetings/nope')).status, 422)
})

s('GET /meetings/schedule: one row per meeting, willRecord and skipReason, not captured by /meetings/{id}', async ({ h }) => {
  const on = await create(h, { ...MEET, title: 'On' })
  const off = await create(h, { ...MEET, title: 'Off', startsAt: '2026-06-03T09:00:00Z', durationMinutes: 90 })
  await h.request('PATCH', `/meetings/${off.id}`, { body: { recordOverride: false } })
  await create(h, { ...MEET, title: 'Outside', startsAt: '2026-07-02T09:00:00Z' })
  const r = await h.request('GET', '/meetings/schedule?from=2026-06-01T00:00:00Z&to=2026-06-30T00:00:00Z', { key: h.keys.readonly })
  assert.is(r.status, 200)
  assert.equal(r.body.data.rows, [
    { meetingId: on.id, title: 'On', startsAt: '2026-06-02T09:00:00.000Z', endsAt: '2026-06-02T09:30:00.000Z', isAllDay: false, runId: null, platform: 'google_meet', phase: null, state: null, skipReason: null, willRecord: true, detail: null, waitedSeconds: null, recordingSeconds: null, joinedAt: null, endedAt: null, hasNotes: false },
    { meetingId: off.id, title: 'Off', startsAt: '2026-06-03T09:00:00.000Z', endsAt: '2026-06-03T10:30:00.000Z', isAllDay: false, runId: null, platform: 'google_meet', phase: null, state: null, skipReason: 'override_off', willRecord: false, detail: 'Recording was switched off for this meeting.', waitedSeconds: null, recordingSeconds: null, joinedAt: null, endedAt: null, hasNotes: false },
  ])
  assert.equal([r.body.data.total, r.body.data.limit, r.body.data.offset], [2, 25, 0])
  assert.is((await h.request('GET', '/meetings/schedule?from=2026-06-01T00:00:00Z&to=2026-06-30T00:00:00Z', { key: h.keys.other })).body.data.total, 0)
})

s('the schedule window: required, readable, forward, at most 92 days; paging bounds', async ({ h }) => {
  const cases: Array<[string, number, string]> = [
    ['', 422, 'from'],
    ['from=2026-06-01T00:00:00Z', 422, 'to'],
    ['from=June&to=2026-06-30T00:00:00Z', 400, 'from'],
    ['from=2026-06-30T00:00:00Z&to=2026-06-01T00:00:00Z', 422, 'to'],
    ['from=2026-06-01T00:00:00Z&to=2026-06-01T00:00:00Z', 422, 'to'],
    ['from=2026-06-01T00:00:00Z&to=2026-09-01T00:00:01Z', 422, 'to'],
    ['from=2026-06-01T00:00:00Z&to=2026-06-02T00:00:00Z&limit=101', 422, 'limit'],
    ['from=2026-06-01T00:00:00Z&to=2026-06-02T00:00:00Z&offset=-1', 422, 'offset'],
  ]
  for (const [query, status, path] of cases) {
    const r = await h.request('GET', `/meetings/schedule?${query}`)
    assert.equal([r.status, r.body.error.details[0].path], [status, path], query)
  }
  const ok = await h.request('GET', '/meetings/schedule?from=2026-06-01T00:00:00Z&to=2026-09-01T00:00:00Z&limit=100')
  assert.is(ok.status, 200, '92 days exactly')
})

s('the OpenAPI description documents the limits, the skip reasons and the route order', async ({ h }) => {
  const paths = Object.keys(h.openapi.paths)
  assert.ok(paths.indexOf('/meetings/schedule') < paths.indexOf('/meetings/{id}'))
  const list = h.openapi.paths['/meetings'].get.parameters.find((p: any) => p.name === 'limit')
  assert.equal([list.schema.maximum, list.schema.default], [1000, 200])
  const row = h.openapi.paths['/meetings/schedule'].get.responses['200'].content['application/json'].schema.properties.data.properties.rows.items
  const reason = row.properties.skipReason.anyOf[0]
  assert.equal(reason.enum, ['override_off', 'no_join_link', 'unsupported_platform', 'ended', 'declined', 'barred_by_rule', 'not_hosted', 'auto_join_manual', 'allowance_spent'])
  for (const value of reason.enum) assert.match(reason.description, `\`${value}\``)
  for (const field of ['title', 'startsAt', 'endsAt']) assert.ok(row.required.includes(field) && row.properties[field].description, `the row documents ${field}`)
})

s.run()
