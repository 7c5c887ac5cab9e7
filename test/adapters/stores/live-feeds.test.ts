/** What the memory and SQLite live feeds promise beyond the contract: bounds, refusals, runs that go quiet, re-entrant subscribers. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { MEMORY_LIVE_EVENTS_PER_RUN, memoryLiveFeed } from '../../../adapters/stores/memory/live-feed.js'
import { migrate, openDatabase } from '../../../adapters/stores/sqlite/database.js'
import { sqliteLiveFeed } from '../../../adapters/stores/sqlite/live-feed.js'
import { left, right } from '../../../src/contracts/tasks.js'
import { LIVE_BUFFER_MINUTES, type LiveEvent, type LiveFeed, MAX_LIVE_DATA_BYTES } from '../../../src/core/ports/live-feed.js'

const t0 = Date.UTC(2026, 5, 1, 12, 0, 0)
const at = (seconds: number) => new Date(t0 + seconds * 1000)
const line = (text: string) => ({ kind: 'utterance' as const, data: { speaker: 'Ada', text } })

const feeds: ReadonlyArray<readonly [string, () => LiveFeed]> = [
  ['memory', memoryLiveFeed],
  [
    'sqlite',
    () => {
      const db = openDatabase(':memory:')
      migrate(db)
      return sqliteLiveFeed(db)
    },
  ],
]

for (const [name, make] of feeds) {
  test(`${name}: data larger than MAX_LIVE_DATA_BYTES is refused, in words, and not stored`, async () => {
    const feed = make()
    const failure = await left(feed.publish('run-1', line('x'.repeat(MAX_LIVE_DATA_BYTES)), at(0)))
    assert.match(String((failure.cause as Error).message), /bytes once serialized; at most 8192 are kept/)
    assert.equal(await right(feed.since('run-1', 0, 10)), [])
    assert.is((await right(feed.publish('run-1', line('short'), at(1)))).seq, 1, 'the next one is the first')
    await feed.close()
  })

  test(`${name}: a run quiet for longer than the buffer keeps its newest event and counts on`, async () => {
    const feed = make()
    await right(feed.publish('quiet', line('one'), at(0)))
    await right(feed.publish('quiet', { kind: 'state', data: { state: 'waiting' } }, at(1)))
    // Another run's publish much later prunes the quiet run too (SQLite: one delete over the table).
    const later = 3 * LIVE_BUFFER_MINUTES * 60
    for (let i = 0; i < 300; i++) await right(feed.publish('busy', line(`line ${i}`), at(later)))
    assert.equal((await right(feed.since('quiet', 0, 10))).map((e) => [e.seq, e.kind]), [[2, 'state']], 'only the newest is kept')
    assert.is((await right(feed.publish('quiet', line('back'), at(later + 1)))).seq, 3)
    await feed.close()
  })

  test(`${name}: a subscriber that publishes from its callback keeps every subscriber in order, once each`, async () => {
    const feed = make()
    const first: number[] = []
    const second: number[] = []
    feed.subscribe('run-2', (e: LiveEvent) => {
      first.push(e.seq)
      if (e.kind === 'control') void feed.publish('run-2', { kind: 'end', data: {} }, at(10))()
    })
    feed.subscribe('run-2', (e) => second.push(e.seq))
    await right(feed.publish('run-2', line('hello'), at(0)))
    await right(feed.publish('run-2', { kind: 'control', data: { leave: true } }, at(1)))
    await right(feed.publish('run-2', line('after'), at(2)))
    assert.equal(first, [1, 2, 3, 4])
    assert.equal(second, [1, 2, 3, 4])
    assert.equal((await right(feed.since('run-2', 0, 10))).map((e) => e.kind), ['utterance', 'control', 'end', 'utterance'])
    await feed.close()
  })
}

test(`memory: a run keeps at most ${MEMORY_LIVE_EVENTS_PER_RUN} events, the newest`, async () => {
  const feed = memoryLiveFeed()
  const n = MEMORY_LIVE_EVENTS_PER_RUN + 10
  for (let i = 1; i <= n; i++) await right(feed.publish('long', line(`line ${i}`), at(0)))
  const kept = await right(feed.since('long', 0, n))
  assert.is(kept.length, MEMORY_LIVE_EVENTS_PER_RUN)
  assert.equal([kept[0]!.seq, kept.at(-1)!.seq], [11, n])
  assert.equal((await right(feed.since('long', n - 2, 10))).map((e) => e.seq), [n - 1, n])
  await feed.close()
})

test.run()
