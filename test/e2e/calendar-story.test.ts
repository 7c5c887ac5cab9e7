import { rmSync } from 'node:fs'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { dayAt, icsFixture, startFeed } from '../support/calendar-feed.js'
import { serve, tempDir } from '../support/cli.js'

/**
 * The calendar story of the issue on the real server (SQLite, the worker's own
 * polling): a feed on 127.0.0.1 with a recurring meeting, an exception, a
 * cancelled instance and a non-meeting event; connect, sync, set the rules and
 * an override, read the schedule; move an event, sync again.
 */
const api = (base: string, key: string) => async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${base}/ext/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: res.status, body: (await res.json()) as any }
}

/** Polls until `done` holds (the worker syncs in the background); bounded, never a timing assertion. */
const eventually = async <A>(read: () => Promise<A>, done: (a: A) => boolean, what: string): Promise<A> => {
  const until = Date.now() + 20_000
  for (;;) {
    const a = await read()
    if (done(a)) return a
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}: ${JSON.stringify(a)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

test('connect an .ics feed, sync, set rules and overrides, read the schedule, move an event, sync again', async () => {
  const dir = tempDir('calendar-story')
  const today = new Date()
  const feed = await startFeed(icsFixture('meetings-story.ics', today))
  let server: Awaited<ReturnType<typeof serve>> | null = null
  try {
    server = await serve({ DATA_DIR: dir, NOTETAKER_ALLOW_PRIVATE_URLS: 'true', NOTETAKER_OWNER_EMAIL: 'ada@example.com' })
    const key = server.output.map((l) => /^\s+(ntk_\S+)$/.exec(l)?.[1]).find((k) => k !== undefined)!
    const call = api(server.url, key)

    const created = await call('POST', '/calendar/connections', { provider: 'ics', url: feed.url })
    assert.equal([created.status, created.body.data.status], [201, 'pending'])
    const id = created.body.data.id
    const synced = await eventually(() => call('GET', `/calendar/connections/${id}`), (r) => r.body.data.status !== 'pending', 'the first sync')
    assert.equal([synced.body.data.status, synced.body.data.lastError], ['active', null])

    const meetings = (await call('GET', '/meetings')).body.data.rows as any[]
    assert.equal(meetings.map((m) => m.title), ['Weekly sync', 'Dentist', 'Customer call', 'Board review (Confidential)', 'Interview: backend candidate', 'Weekly sync (moved)', 'Weekly sync'])
    const byTitle = (t: string) => meetings.find((m) => m.title === t)

    await call('PATCH', `/calendar/connections/${id}`, { autoJoin: 'hosted', barRules: [{ kind: 'title', value: 'Confidential' }], joinRules: [{ kind: 'title', value: 'interview' }] })
    assert.is((await call('PATCH', `/meetings/${meetings[0].id}`, { recordOverride: false })).status, 200)
    assert.is((await call('PATCH', `/meetings/${byTitle('Customer call').id}`, { recordOverride: true })).status, 200)

    const window = `from=${today.toISOString()}&to=${new Date(today.getTime() + 30 * 86_400_000).toISOString()}`
    const schedule = async () => {
      const titles = new Map(((await call('GET', '/meetings')).body.data.rows as any[]).map((m) => [m.id, m.title]))
      return ((await call('GET', `/meetings/schedule?${window}`)).body.data.rows as any[]).map((r) => [titles.get(r.meetingId), r.willRecord, r.skipReason])
    }
    assert.equal(await schedule(), [
      ['Weekly sync', false, 'override_off'],
      ['Dentist', false, 'no_join_link'],
      ['Customer call', true, null],
      ['Board review (Confidential)', false, 'barred_by_rule'],
      ['Interview: backend candidate', true, null],
      ['Weekly sync (moved)', true, null],
      ['Weekly sync', true, null],
    ])

    // Move the customer call two days later in the file and ask for a sync.
    const moved = icsFixture('meetings-story.ics', today).replace(`DTSTART:${dayAt(today, 3, '1600').slice(0, 10).replaceAll('-', '')}T160000Z`, `DTSTART:${dayAt(today, 5, '1700').slice(0, 10).replaceAll('-', '')}T170000Z`)
    assert.not.equal(moved, icsFixture('meetings-story.ics', today))
    feed.serve(moved)
    assert.is((await call('POST', `/calendar/connections/${id}/sync`)).status, 202)
    const call2 = await eventually(
      () => call('GET', `/meetings/${byTitle('Customer call').id}`),
      (r) => r.body.data.startsAt !== byTitle('Customer call').startsAt,
      'the second sync',
    )
    assert.equal([call2.body.data.startsAt, call2.body.data.recordOverride], [dayAt(today, 5, '1700'), true])
    const after = await schedule()
    assert.equal(after.map((r) => r[0]), ['Weekly sync', 'Dentist', 'Board review (Confidential)', 'Interview: backend candidate', 'Customer call', 'Weekly sync (moved)', 'Weekly sync'])
    assert.equal(after[4], ['Customer call', true, null])
    assert.is(await server.stop(), 0)

    // Everything was stored in SQLite: a restart keeps the meetings, the override and the rules.
    server = await serve({ DATA_DIR: dir, NOTETAKER_ALLOW_PRIVATE_URLS: 'true', NOTETAKER_OWNER_EMAIL: 'ada@example.com' })
    const again = api(server.url, key)
    assert.is((await again('GET', `/meetings/${meetings[0].id}`)).body.data.recordOverride, false)
    assert.is((await again('GET', `/calendar/connections/${id}`)).body.data.autoJoin, 'hosted')
    assert.is((await again('GET', '/meetings')).body.data.total, 7)
  } finally {
    if (server !== null) await server.stop().catch(() => null)
    await feed.stop()
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
