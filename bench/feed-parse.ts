/**
 * npx tsx bench/feed-parse.ts [-- --events 20000]
 *
 * A large generated calendar feed (test/adapters/outbound/calendar-ics/large-feed.ts) read by the ICS
 * provider on this thread and on the CPU pool: how long the read took, how many 5 ms ticks of
 * the event loop ran meanwhile, and the longest the loop was held past a tick (what a request
 * arriving during the read would wait). Ticks, not a busy loop, so this thread leaves the CPU
 * to the pool's as a mostly idle server would. The pool reads twice: its first read includes
 * starting a thread (which, run from sources, loads tsx and the readers first).
 */
import { parseArgs } from 'node:util'
import { setTimeout as sleep } from 'node:timers/promises'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { createIcsProvider, type FeedParser, parseFeedHere } from '../adapters/outbound/calendar-ics/index.js'
import { createCpuPool } from '../adapters/speech/cpu-pool/index.js'
import { largeFeed } from '../test/adapters/outbound/calendar-ics/large-feed.js'

const { values: args } = parseArgs({ options: { events: { type: 'string', default: '20000' } } })
const text = largeFeed(Number(args.events))
const pool = createCpuPool({ threads: 1 })
const source = { kind: 'ics' as const, url: 'https://calendar.example.com/feed.ics', ownerEmail: null }
const window = { from: '2024-03-01T00:00:00.000Z', to: '2024-05-01T00:00:00.000Z' }

const TICK_MS = 5

const measure = async (parse: FeedParser) => {
  const provider = createIcsProvider({ allowPrivate: false, fetch: () => TE.right({ status: 200, headers: {}, body: Buffer.from(text), truncated: false }), parse })
  let ticks = 0
  let running = true
  let longest = 0
  const started = performance.now()
  const read = provider.fetchEvents(source, window, null)().finally(() => {
    running = false
  })
  while (running) {
    const before = performance.now()
    await sleep(TICK_MS)
    ticks++
    longest = Math.max(longest, performance.now() - before - TICK_MS)
  }
  const page = await read
  if (page._tag === 'Left') throw new Error(page.left.message)
  return { events: page.right.events.length, ms: Math.round(performance.now() - started), ticks, longestHeldMs: Math.round(longest) }
}

console.log(`feed: ${(text.length / 1024 / 1024).toFixed(1)} MB, ${args.events} events`)
console.log('on this thread', await measure(parseFeedHere))
console.log('on the pool, its thread starting', await measure(pool.feedParser))
console.log('on the pool, its thread started ', await measure(pool.feedParser))
await pool.close()
