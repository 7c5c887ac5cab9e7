import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { LIVE_BUFFER_MINUTES, type LiveEvent, type LiveFeed } from '../core/ports/live-feed.js'
import { right } from './tasks.js'

/**
 * The live feed: seqs without gaps, replay from the buffer, subscribers told once each and in
 * order, also when another adapter instance (another process) publishes. `make` answers two
 * instances over the same store (for the memory adapter, the same one twice); `close` ends both.
 */
export const liveFeedContract = (name: string, make: () => Promise<{ readonly a: LiveFeed; readonly b: LiveFeed }>) => {
  const s = suite<{ a: LiveFeed; b: LiveFeed }>(`${name}: live feed`)
  s.before.each(async (ctx) => {
    const feeds = await make()
    ctx.a = feeds.a
    ctx.b = feeds.b
  })
  s.after.each(async ({ a, b }) => {
    await a.close()
    if (b !== a) await b.close()
  })

  const t0 = Date.UTC(2026, 5, 1, 12, 0, 0)
  const at = (seconds: number) => new Date(t0 + seconds * 1000)
  const line = (text: string) => ({ kind: 'utterance' as const, data: { speaker: 'Ada', text, startMs: 0, endMs: 1000, final: true } })
  let runs = 0
  /** A run id no other test (nor another run of the suite on a shared database) uses. */
  const newRun = () => `00000000-0000-4000-8000-${String(Date.now() % 1e9).padStart(9, '0')}${String(++runs).padStart(3, '0')}`

  /** Waits until `got` holds `n` events, or fails after 5 s. */
  const collected = async (got: LiveEvent[], n: number) => {
    const end = Date.now() + 5_000
    while (got.length < n && Date.now() < end) await new Promise((r) => setTimeout(r, 20))
    return got
  }

  s('publish numbers a run\'s events 1, 2, 3 and answers them as stored; since replays after a seq', async ({ a }) => {
    const run = newRun()
    const first = await right(a.publish(run, line('Hello'), at(0)))
    await right(a.publish(run, { kind: 'partial', data: { speaker: 'Ada', text: 'How a' } }, at(1)))
    await right(a.publish(run, line('How are you?'), at(2)))
    assert.equal(first, { runId: run, seq: 1, at: at(0).toISOString(), kind: 'utterance', data: line('Hello').data })
    const all = await right(a.since(run, 0, 100))
    assert.equal(all.map((e) => [e.seq, e.kind, e.data['text']]), [[1, 'utterance', 'Hello'], [2, 'partial', 'How a'], [3, 'utterance', 'How are you?']])
    assert.equal((await right(a.since(run, 2, 100))).map((e) => e.seq), [3])
    assert.equal((await right(a.since(run, 0, 2))).map((e) => e.seq), [1, 2], 'at most limit, oldest first')
    assert.equal(await right(a.since(run, 3, 100)), [])
    assert.equal(await right(a.since(newRun(), 0, 100)), [], 'a run without events')
  })

  s('runs are apart: each has its own seqs and its own subscribers', async ({ a }) => {
    const one = newRun()
    const two = newRun()
    const got: LiveEvent[] = []
    const sub = a.subscribe(one, (e) => got.push(e))
    await right(a.publish(two, line('elsewhere'), at(0)))
    await right(a.publish(one, line('here'), at(1)))
    await collected(got, 1)
    await new Promise((r) => setTimeout(r, 100))
    sub.close()
    assert.equal(got.map((e) => [e.runId, e.seq, e.data['text']]), [[one, 1, 'here']])
    assert.equal((await right(a.since(two, 0, 10))).map((e) => e.seq), [1])
  })

  s('a subscriber in another instance gets every event once, in order; close stops the calls', async ({ a, b }) => {
    const run = newRun()
    const got: LiveEvent[] = []
    const sub = b.subscribe(run, (e) => got.push(e))
    // Subscribing may take a moment to reach the store (LISTEN, a stream read): events published after it settles are all told.
    await new Promise((r) => setTimeout(r, 300))
    for (let i = 1; i <= 20; i++) await right(a.publish(run, line(`line ${i}`), at(i)))
    await collected(got, 20)
    assert.equal(got.map((e) => e.seq), Array.from({ length: 20 }, (_, i) => i + 1))
    assert.equal(got.map((e) => e.data['text']), Array.from({ length: 20 }, (_, i) => `line ${i + 1}`))
    sub.close()
    sub.close()
    await right(a.publish(run, line('after close'), at(30)))
    await new Promise((r) => setTimeout(r, 300))
    assert.is(got.length, 20, 'nothing after close')
  })

  s('two instances publishing to one run never share a seq nor leave a gap', async ({ a, b }) => {
    const run = newRun()
    await Promise.all(Array.from({ length: 10 }, (_, i) => right((i % 2 === 0 ? a : b).publish(run, line(`line ${i}`), at(i)))))
    const all = await right(b.since(run, 0, 100))
    assert.equal(all.map((e) => e.seq), Array.from({ length: 10 }, (_, i) => i + 1))
    assert.equal(new Set(all.map((e) => e.data['text'])).size, 10)
  })

  s('a subscriber that reads since after subscribing misses nothing in between', async ({ a, b }) => {
    const run = newRun()
    for (let i = 1; i <= 3; i++) await right(a.publish(run, line(`before ${i}`), at(i)))
    const live: LiveEvent[] = []
    const sub = b.subscribe(run, (e) => live.push(e))
    const publishing = (async () => {
      for (let i = 4; i <= 8; i++) await right(a.publish(run, line(`during ${i}`), at(i)))
    })()
    const replayed = await right(b.since(run, 0, 100))
    await publishing
    await collected(live, 1)
    await new Promise((r) => setTimeout(r, 500))
    sub.close()
    const seen = new Map<number, LiveEvent>()
    for (const e of [...replayed, ...live]) seen.set(e.seq, e)
    assert.equal([...seen.keys()].sort((x, y) => x - y), [1, 2, 3, 4, 5, 6, 7, 8])
  })

  s(`events older than the buffer (${LIVE_BUFFER_MINUTES} minutes) are let go; newer ones stay`, async ({ a }) => {
    const run = newRun()
    await right(a.publish(run, line('old'), at(0)))
    await right(a.publish(run, line('recent'), at(LIVE_BUFFER_MINUTES * 60 + 100)))
    // Publishing much later lets the old ones go (adapters prune as they publish, or on their own clock).
    await right(a.publish(run, line('now'), at(2 * LIVE_BUFFER_MINUTES * 60 + 50)))
    const kept = await right(a.since(run, 0, 100))
    assert.ok(!kept.some((e) => e.data['text'] === 'old'), 'the old event is gone')
    assert.equal(kept.filter((e) => e.data['text'] !== 'old').map((e) => e.seq), [2, 3], 'seqs keep counting')
  })

  s.run()
}
