import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createIcsProvider, type FeedParser } from '../../adapters/outbound/calendar-ics/index.js'
import { createCpuPool } from '../../adapters/speech/cpu-pool/index.js'
import { safeFetch } from '../../adapters/outbound/net/index.js'
import { calendarPorts } from '../../src/app/composition/calendar-ports.js'
import { icsFixture, startFeed } from '../support/calendar-feed.js'
import { startHarness } from '../support/http.js'

// The server reads feeds on the CPU pool (src/app/composition/adapters.ts); these syncs do too, and end
// `active`, or `error` with a lastError in words when the read is stopped: never stuck pending.

const SYNC = { intervalMinutes: 15, daysBack: 7, daysAhead: 60 }
const fetchLoopback = (url: string) => safeFetch(url, { allowPrivate: true, timeoutMs: 5_000, maxBytes: 1024 * 1024 })

test('a feed read on the CPU pool syncs the same meetings as one read here; a read stopped by its time limit or a failed thread ends the sync in error, in words', async () => {
  const pool = createCpuPool({ threads: 1 })
  const here = await startHarness({ ports: calendarPorts({ allowPrivate: true, settings: SYNC }) })
  const pooled = await startHarness({ ports: calendarPorts({ allowPrivate: true, settings: SYNC, parse: pool.feedParser }) })
  const feed = await startFeed(icsFixture('meetings-story.ics', here.clock.now()))
  const crashing = createCpuPool({ threads: 1 })
  // The pool is closed under the read: its thread is terminated as a crashed one would stop.
  const crash: FeedParser = (text, window, options, run) => async () => {
    const reading = crashing.feedParser(text, window, options, run)()
    await crashing.close()
    return reading
  }
  const failing = await startHarness({ ports: calendarPorts({ allowPrivate: true, settings: SYNC, parse: crash }) })
  const slow = await startHarness({
    ports: { calendars: [createIcsProvider({ allowPrivate: true, fetch: fetchLoopback, parse: pool.feedParser, parseTimeoutMs: 1 })], calendarSync: SYNC },
  })
  try {
    const sync = async (h: typeof here) => {
      const created = await h.request('POST', '/calendar/connections', { body: { provider: 'ics', url: feed.url } })
      assert.is(created.status, 201, JSON.stringify(created.body))
      await h.worker.drain()
      const c = (await h.request('GET', `/calendar/connections/${created.body.data.id}`)).body.data
      const meetings = (await h.request('GET', '/meetings')).body.data.rows.map((m: any) => [m.title, m.startsAt, m.link])
      return { status: c.status, lastError: c.lastError, meetings }
    }
    const read = await sync(pooled)
    assert.equal(read.status, 'active')
    assert.ok(read.meetings.length >= 5, JSON.stringify(read.meetings))
    assert.equal(read, await sync(here))
    assert.equal(await sync(failing), {
      status: 'error',
      lastError: 'The calendar could not be read: the feed reader stopped unexpectedly. The sync will be tried again.',
      meetings: [],
    })
    assert.equal(await sync(slow), {
      status: 'error',
      lastError: 'Reading the calendar feed was stopped: it took longer than the 1 ms this server gives one feed.',
      meetings: [],
    })
  } finally {
    for (const h of [here, pooled, failing, slow]) await h.close()
    await feed.stop()
    await pool.close()
  }
})

test.run()
