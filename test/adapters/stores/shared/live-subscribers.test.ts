/** The live subscribers of the Postgres and Redis feeds: each told every event once, in order, however reads overlap. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { liveSubscribers } from '../../../../adapters/stores/shared/live-subscribers.js'
import type { LiveEvent } from '../../../../src/core/ports/live-feed.js'

const event = (seq: number): LiveEvent => ({ runId: 'run-1', seq, at: '2026-06-01T12:00:00.000Z', kind: 'state', data: { seq } })
const events = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => event(from + i))
const settled = () => new Promise((r) => setTimeout(r, 10))

/** A registry whose starting points are given by `lastSeqs` in turn, recording which runs started. */
const registry = (lastSeqs: Array<number | Error>) => {
  const started: string[] = []
  const subscribers = liveSubscribers({
    lastSeq: async () => {
      const next = lastSeqs.shift() ?? 0
      if (next instanceof Error) throw next
      return next
    },
    onStarted: (runId) => started.push(runId),
  })
  return { subscribers, started }
}

test('a read made after a lower start is left to the subscriber\'s next read: none is skipped, none told twice', async () => {
  const { subscribers, started } = registry([5, 2])
  const early: number[] = []
  const late: number[] = []
  subscribers.add('run-1', (e) => early.push(e.seq))
  await settled()
  // The events after 5 were being read when the second subscriber started at 2.
  subscribers.add('run-1', (e) => late.push(e.seq))
  await settled()
  subscribers.deliver('run-1', 5, events(6, 7))
  assert.equal([early, late], [[6, 7], []])
  assert.is(subscribers.after('run-1'), 2, 'the next read starts after 2')
  subscribers.deliver('run-1', 2, events(3, 8))
  assert.equal([early, late], [[6, 7, 8], [3, 4, 5, 6, 7, 8]])
  assert.equal(started, ['run-1', 'run-1'])
})

test('a subscriber is told nothing before its starting point is known, and since waits for it', async () => {
  let answer: (seq: number) => void = () => {}
  const subscribers = liveSubscribers({ lastSeq: () => new Promise((r) => (answer = r)), onStarted: () => {} })
  const got: number[] = []
  subscribers.add('run-1', (e) => got.push(e.seq))
  subscribers.deliver('run-1', 0, events(1, 2))
  assert.equal(got, [])
  assert.equal(subscribers.runs(), [])
  let waited = false
  const waiting = subscribers.started('run-1').then(() => (waited = true))
  await settled()
  assert.not.ok(waited)
  answer(2)
  await waiting
  assert.equal(subscribers.runs(), [{ runId: 'run-1', after: 2 }])
})

test('a subscriber that throws does not keep the others from being told; closing stops the calls', async () => {
  const { subscribers } = registry([0, 0])
  const got: number[] = []
  subscribers.add('run-1', () => {
    throw new Error('broken consumer')
  })
  const sub = subscribers.add('run-1', (e) => got.push(e.seq))
  await settled()
  subscribers.deliver('run-1', 0, events(1, 2))
  sub.close()
  sub.close()
  subscribers.deliver('run-1', 2, events(3, 3))
  assert.equal(got, [1, 2])
})

test('a starting point the store did not answer is read again', async () => {
  const { subscribers, started } = registry([new Error('store away'), 4])
  subscribers.add('run-1', () => {})
  await new Promise((r) => setTimeout(r, 1_100))
  assert.equal(started, ['run-1'])
  assert.is(subscribers.after('run-1'), 4)
  subscribers.close()
})

test.run()
