import fc from 'fast-check'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createSlotQueue } from '../../../../adapters/bots/chromium/slot-queue.js'

const tick = (): Promise<void> => new Promise((r) => setImmediate(r))

test('slot queue: grants up to the limit at once, then in arrival order as slots free', async () => {
  const q = createSlotQueue(2)
  const granted: number[] = []
  const releases: Array<() => void> = []
  for (let i = 0; i < 5; i++) void q.request().granted.then((release) => (granted.push(i), releases.push(release)))
  await tick()
  assert.equal(granted, [0, 1])
  assert.equal([q.running, q.queued], [2, 3])
  releases[1]!()
  await tick()
  assert.equal(granted, [0, 1, 2])
  releases[0]!()
  releases[0]!() // a second release of the same slot is ignored
  await tick()
  assert.equal(granted, [0, 1, 2, 3])
  assert.equal([q.running, q.queued], [2, 1])
})

test('slot queue: a cancelled request leaves the queue and is never granted', async () => {
  const q = createSlotQueue(1)
  const first = q.request()
  const second = q.request()
  const third = q.request()
  assert.ok(second.cancel())
  assert.not.ok(first.cancel(), 'a granted slot cannot be cancelled')
  let secondGranted = false
  void second.granted.then(() => (secondGranted = true))
  ;(await first.granted)()
  const release = await third.granted
  assert.not.ok(secondGranted)
  assert.equal([q.running, q.queued], [1, 0])
  release()
  assert.is(q.running, 0)
})

test('slot queue: never more holders than slots, every request served once, in order (property)', async () => {
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 1, max: 4 }), fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 30 }), async (size, holds) => {
      const q = createSlotQueue(size)
      let holding = 0
      let most = 0
      const order: number[] = []
      await Promise.all(
        holds.map(async (ticks, i) => {
          const release = await q.request().granted
          order.push(i)
          holding++
          most = Math.max(most, holding)
          for (let t = 0; t < ticks; t++) await tick()
          holding--
          release()
        }),
      )
      return most <= size && order.join() === holds.map((_, i) => i).join() && q.running === 0
    }),
    { numRuns: 60 },
  )
})

test('slot queue: refuses a size that is not a positive integer', () => {
  assert.throws(() => createSlotQueue(0), /positive integer/)
  assert.throws(() => createSlotQueue(1.5), /positive integer/)
})

test.run()
