import { setImmediate as turn } from 'node:timers/promises'
import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createIcsProvider, type FeedParser, parseFeedHere } from '../../../../adapters/outbound/calendar-ics/index.js'
import { type CpuPool, createCpuPool } from '../../../../adapters/speech/cpu-pool/index.js'
import type { CalendarFailure, CalendarPage, CalendarProvider } from '../../../../src/core/ports/calendar-provider.js'
import { corpusFeed, corpusFiles } from '../../outbound/calendar-ics/corpus.js'
import { largeFeed } from '../../outbound/calendar-ics/large-feed.js'

const WINDOW = { from: '2024-03-01T00:00:00.000Z', to: '2024-05-01T00:00:00.000Z' }
const source = { kind: 'ics' as const, url: 'https://calendar.example.com/private-0123456789abcdef/basic.ics', ownerEmail: 'bo@acme.com' }

/** A provider whose every download answers `text`, reading it with `parse`. */
const serving = (text: string, parse: FeedParser, parseTimeoutMs?: number): CalendarProvider =>
  createIcsProvider({
    allowPrivate: false,
    fetch: () => TE.right({ status: 200, headers: {}, body: Buffer.from(text), truncated: false }),
    parse,
    ...(parseTimeoutMs === undefined ? {} : { parseTimeoutMs }),
  })

const failureOf = (r: E.Either<CalendarFailure, CalendarPage>): CalendarFailure =>
  E.isLeft(r) ? r.left : (assert.unreachable(`read ${r.right.events.length} events`) as never)

const s = suite<{ pool: CpuPool }>('cpu pool: calendar feeds read on worker threads')
s.before(async (ctx) => {
  ctx.pool = createCpuPool({ threads: 1 })
})
s.after(async ({ pool }) => pool.close())

s('every feed of the corpus reads the same on the pool as here: events, warnings and refusals', async ({ pool }) => {
  const files = corpusFiles()
  assert.ok(files.length >= 39)
  let events = 0
  for (const file of files) {
    const { text, window } = corpusFeed(file)
    const here = await serving(text, parseFeedHere).fetchEvents(source, window, null)()
    const pooled = await serving(text, pool.feedParser).fetchEvents(source, window, null)()
    assert.equal(pooled, here, file)
    if (E.isRight(here)) events += here.right.events.length
  }
  assert.ok(events > 100, `the corpus gave ${events} events`)
})

/** How many times the event loop turned while the feed was fetched and read: none when it is read on this thread. */
const turnsDuring = async (provider: CalendarProvider): Promise<{ turns: number; events: number }> => {
  let turns = 0
  let running = true
  const read = provider.fetchEvents(source, WINDOW, null)().finally(() => {
    running = false
  })
  while (running) {
    await turn()
    turns++
  }
  const page = await read
  return { turns, events: E.isRight(page) ? page.right.events.length : -1 }
}

s('a large feed is read while this thread keeps answering: the event loop turns throughout', async ({ pool }) => {
  const text = largeFeed(5_000)
  const here = await turnsDuring(serving(text, parseFeedHere))
  const pooled = await turnsDuring(serving(text, pool.feedParser))
  assert.equal([here.events, pooled.events], [5_000, 5_000])
  // The download (answered at once here) and the provider's own steps take a few turns either way.
  assert.ok(here.turns <= 5, `on this thread the loop is held for the whole read (${here.turns} turns)`)
  assert.ok(pooled.turns > 20, `on the pool the loop kept turning (${pooled.turns} turns)`)
})

s('a feed that takes longer than the time limit is stopped, and the sync fails in words; the pool goes on', async ({ pool }) => {
  const stopped = failureOf(await serving(largeFeed(20_000), pool.feedParser, 100).fetchEvents(source, WINDOW, null)())
  assert.is(stopped.message, 'Reading the calendar feed was stopped: it took longer than the 100 ms this server gives one feed.')
  assert.is(stopped.retryable, false)
  const next = await serving(largeFeed(3), pool.feedParser).fetchEvents(source, WINDOW, null)()
  assert.ok(E.isRight(next) && next.right.events.length === 3)
})

s('a thread that stops under a read gives a retryable CalendarFailure in words, its cause kept for the log', async () => {
  const pool = createCpuPool({ threads: 1 })
  const reading = serving(largeFeed(20_000), pool.feedParser).fetchEvents(source, WINDOW, null)()
  await new Promise((resolve) => setTimeout(resolve, 200))
  await pool.close() // terminates the thread reading the feed
  const failure = failureOf(await reading)
  assert.is(failure.message, 'The calendar could not be read: the feed reader stopped unexpectedly. The sync will be tried again.')
  assert.is(failure.retryable, true)
  assert.ok(failure.cause instanceof Error, String(failure.cause))
})

s('a feed that is not iCalendar is refused in the same words on the pool', async ({ pool }) => {
  const refused = failureOf(await serving('<!doctype html><p>Sign in</p>', pool.feedParser).fetchEvents(source, WINDOW, null)())
  const here = failureOf(await serving('<!doctype html><p>Sign in</p>', parseFeedHere).fetchEvents(source, WINDOW, null)())
  assert.equal(refused, here)
  assert.is(refused.message, 'The address did not return an iCalendar feed (it returned a web page).')
})

s.run()
