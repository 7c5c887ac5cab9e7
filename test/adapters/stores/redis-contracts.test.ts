import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryRateLimiter } from '../../../adapters/stores/memory/rate-limiter.js'
import { openRedis, type Redis } from '../../../adapters/stores/redis/client.js'
import { redisIdempotencyStore } from '../../../adapters/stores/redis/idempotency.js'
import { redisLiveFeed } from '../../../adapters/stores/redis/live-feed.js'
import { redisPorts } from '../../../adapters/stores/redis/index.js'
import { redisRateLimiter } from '../../../adapters/stores/redis/rate-limiter.js'
import { idempotencyStoreContract, rateLimiterContract } from '../../../src/contracts/index.js'
import { liveFeedContract } from '../../../src/contracts/live-feed.js'
import { LIVE_BUFFER_MINUTES, type LiveEvent } from '../../../src/core/ports/live-feed.js'
import { right } from '../../support/run.js'

const url = process.env.REDIS_URL ?? ''

if (url === '') {
  console.log('redis-contracts: skipped, REDIS_URL is not set (CI sets redis://127.0.0.1:6379)')
} else {
  // Every key of this run starts with runPrefix (parallel runs do not collide); each store gets its own space under it.
  const runPrefix = `notetaker-test:${randomUUID()}:`
  let spaces = 0
  const nextPrefix = () => `${runPrefix}${++spaces}:`
  const clients: Redis[] = []
  const client = () => {
    const c = openRedis(url)
    clients.push(c)
    return c
  }
  const shared = client()
  const settings = { limit: 3, windowSeconds: 60 }

  rateLimiterContract('redis', () => redisRateLimiter(shared, settings, nextPrefix()))
  idempotencyStoreContract('redis', () => redisIdempotencyStore(shared, 3_600_000, nextPrefix()))
  // Two feeds on two connections with one prefix, as two processes have; each reads on a connection of its own.
  liveFeedContract('redis', async () => {
    const prefix = nextPrefix()
    return { a: redisLiveFeed(client(), prefix), b: redisLiveFeed(client(), prefix) }
  })

  const across = suite('redis: shared across processes')
  const at = (s: number) => new Date(Date.UTC(2026, 4, 1, 10, 0, 0) + s * 1000)

  across('two limiters on two connections draw on one budget', async () => {
    const prefix = nextPrefix()
    const one = redisRateLimiter(client(), settings, prefix)
    const two = redisRateLimiter(client(), settings, prefix)
    const allowed = []
    for (let i = 0; i < 4; i++) allowed.push((await right((i % 2 === 0 ? one : two).hit('key-a', at(i)))).allowed)
    assert.equal(allowed, [true, true, true, false])
  })

  across('concurrent hits from two connections never pass the limit', async () => {
    const prefix = nextPrefix()
    const limiters = [redisRateLimiter(client(), settings, prefix), redisRateLimiter(client(), settings, prefix)]
    const decisions = await Promise.all(Array.from({ length: 20 }, (_, i) => right(limiters[i % 2]!.hit('key-a', at(1)))))
    assert.is(decisions.filter((d) => d.allowed).length, 3)
  })

  across('racing claims of one key on two connections: exactly one wins', async () => {
    const prefix = nextPrefix()
    const stores = [redisIdempotencyStore(client(), 3_600_000, prefix), redisIdempotencyStore(client(), 3_600_000, prefix)]
    const claims = await Promise.all(Array.from({ length: 10 }, (_, i) => right(stores[i % 2]!.claim('a1', 'k', 'fp', at(0)))))
    assert.equal(claims.map((c) => c.kind).sort(), ['claimed', ...Array<string>(9).fill('in_flight')])
  })

  across('gives the same decisions (remaining, Retry-After) as the memory limiter', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 90_000 }), { minLength: 1, maxLength: 25 }), async (gaps) => {
        const memory = memoryRateLimiter(settings)
        const redis = redisRateLimiter(shared, settings, nextPrefix())
        let t = Date.UTC(2026, 4, 1, 10, 0, 0)
        for (const gap of gaps) {
          t += gap
          const bucket = gap % 3 === 0 ? 'b' : 'a'
          assert.equal(await right(redis.hit(bucket, new Date(t))), await right(memory.hit(bucket, new Date(t))))
        }
      }),
      { numRuns: 30 },
    )
  })

  across('keys carry a TTL, so idle buckets and old claims leave Redis by themselves', async () => {
    const prefix = nextPrefix()
    await right(redisRateLimiter(shared, settings, prefix).hit('key-a', at(0)))
    await right(redisIdempotencyStore(shared, 3_600_000, prefix).claim('a1', 'k', 'fp', at(0)))
    const ttls = await Promise.all((await shared.keys(`${prefix}*`)).map((k) => shared.pttl(k)))
    assert.is(ttls.length, 2)
    assert.ok(ttls.every((ms) => ms > 0 && ms <= 3_600_000), `TTLs: ${ttls.join(', ')}`)
  })

  across('completing a claim that is gone does not bring it back', async () => {
    const prefix = nextPrefix()
    const store = redisIdempotencyStore(shared, 3_600_000, prefix)
    await right(store.complete('a1', 'k', { status: 201, body: {} }))
    assert.equal(await shared.keys(`${prefix}*`), [])
  })

  across('redisPorts opens no connection unless a port uses Redis, and names the missing REDIS_URL', async () => {
    const common = { rateLimit: settings, idempotencyRetentionMs: 3_600_000 }
    const none = redisPorts({ ...common, url: '', rateLimiter: 'memory', idempotency: 'store' })
    assert.equal(none.ports, {})
    await none.close()
    assert.throws(() => redisPorts({ ...common, url: '', rateLimiter: 'redis', idempotency: 'store' }), /REDIS_URL/)
    const both = redisPorts({ ...common, url, rateLimiter: 'redis', idempotency: 'redis' })
    assert.equal(Object.keys(both.ports).sort(), ['idempotency', 'rateLimiter'])
    await both.close()
  })

  const liveLine = (text: string) => ({ kind: 'utterance' as const, data: { speaker: 'Ada', text } })
  const liveAt = (minutes: number) => at(minutes * 60)

  across('a live run quiet for longer than the buffer goes on counting; its keys carry TTLs', async () => {
    const prefix = nextPrefix()
    const feed = redisLiveFeed(shared, prefix)
    await right(feed.publish('run-1', liveLine('first'), liveAt(0)))
    await right(feed.publish('run-1', liveLine('much later'), liveAt(3 * LIVE_BUFFER_MINUTES)))
    assert.equal((await right(feed.since('run-1', 0, 10))).map((e) => [e.seq, e.data['text']]), [[2, 'much later']])
    const stream = await shared.pttl(`${prefix}live:{run-1}`)
    const counter = await shared.pttl(`${prefix}live:{run-1}:seq`)
    assert.ok(stream > LIVE_BUFFER_MINUTES * 60_000 && stream <= (LIVE_BUFFER_MINUTES + 1) * 60_000, `stream TTL ${stream}`)
    assert.ok(counter > stream && counter <= 86_400_000, `counter TTL ${counter}`)
    await feed.close()
  })

  across('a live subscriber reads again when its connection drops, and is told what was published meanwhile', async () => {
    const prefix = nextPrefix()
    const [a, b] = [redisLiveFeed(client(), prefix), redisLiveFeed(client(), prefix)]
    const got: LiveEvent[] = []
    const waitFor = async (n: number) => {
      for (let end = Date.now() + 5_000; got.length < n && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20))
    }
    b.subscribe('run-1', (e) => got.push(e))
    await new Promise((r) => setTimeout(r, 300))
    await right(a.publish('run-1', liveLine('before'), liveAt(0)))
    await waitFor(1)
    // Every connection in an XREAD: this test's reader (another run's reader reconnects as this one must).
    const list = (await shared.client('LIST')) as string
    const readers = list.split('\n').filter((l) => / cmd=xread/.test(l)).map((l) => /\bid=(\d+)/.exec(l)![1]!)
    assert.ok(readers.length >= 1, 'a reader blocks in XREAD')
    for (const id of readers) await shared.client('KILL', 'ID', id)
    await right(a.publish('run-1', liveLine('while away'), liveAt(1)))
    await right(a.publish('run-1', liveLine('back'), liveAt(2)))
    await waitFor(3)
    assert.equal(got.map((e) => [e.seq, e.data['text']]), [[1, 'before'], [2, 'while away'], [3, 'back']])
    await a.close()
    await b.close()
  })

  across.after(async () => {
    let cursor = '0'
    do {
      const [next, keys] = await shared.scan(cursor, 'MATCH', `${runPrefix}*`, 'COUNT', 500)
      if (keys.length > 0) await shared.del(...keys)
      cursor = next
    } while (cursor !== '0')
    await Promise.all(clients.map((c) => c.quit()))
  })

  across.run()
}
