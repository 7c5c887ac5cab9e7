import { Writable } from 'node:stream'
import * as TE from 'fp-ts/lib/TaskEither.js'
import pino from 'pino'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createWorker } from '../../../../adapters/driving/jobs/worker.js'
import { memoryJobQueue } from '../../../../adapters/stores/memory/job-queue.js'
import { randomUUID } from 'node:crypto'

test('what a job reports is logged in its words and level; a job that reports nothing is a debug line', async () => {
  const lines: Array<{ level: number; msg: string; [k: string]: unknown }> = []
  const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _e, done) => (lines.push(JSON.parse(String(chunk))), done()) }))
  const queue = memoryJobQueue(randomUUID)
  const worker = createWorker({
    queue,
    clock: { now: () => new Date() },
    logger,
    concurrency: 1,
    pollMs: 10,
    leaseMs: 60_000,
    handlers: {
      told: () => TE.right({ message: 'calendar c1 synced: 2 meetings added', details: { added: 2 } }),
      warned: () => TE.right({ level: 'warn', message: 'calendar c2 could not be read' }),
      quiet: () => TE.right(undefined),
    },
  })
  for (const kind of ['told', 'warned', 'quiet']) await queue.enqueue({ kind, payload: {} })()
  await worker.drain()
  assert.equal(
    lines.map((l) => [l.level, l.msg, l.added ?? null]),
    [
      [30, 'calendar c1 synced: 2 meetings added', 2],
      [40, 'calendar c2 could not be read', null],
    ],
  )
})

test('stopping: a job that finishes within the grace period completes; one still running is handed back to the queue, its attempt unspent', async () => {
  const queue = memoryJobQueue(randomUUID)
  let finishQuick: () => void = () => {}
  const worker = createWorker({
    queue,
    clock: { now: () => new Date() },
    logger: pino({ level: 'silent' }),
    concurrency: 2,
    pollMs: 10,
    leaseMs: 60_000,
    handlers: {
      quick: () => () => new Promise((resolve) => (finishQuick = () => resolve({ _tag: 'Right', right: undefined }))),
      endless: () => () => new Promise(() => {}),
    },
  })
  await queue.enqueue({ kind: 'quick', payload: {} })()
  await queue.enqueue({ kind: 'endless', payload: {} })()
  worker.start()
  while (worker.runningCount() < 2) await new Promise((r) => setTimeout(r, 5))
  const stopping = worker.stop(200)
  finishQuick()
  await stopping
  const next = await queue.claim(['quick', 'endless'], new Date(), 60_000)()
  assert.ok(next._tag === 'Right' && next.right._tag === 'Some', 'the unfinished job can be taken again at once')
  if (next._tag === 'Right' && next.right._tag === 'Some') assert.equal([next.right.value.kind, next.right.value.attempt], ['endless', 1])
  const none = await queue.claim(['quick', 'endless'], new Date(), 60_000)()
  assert.ok(none._tag === 'Right' && none.right._tag === 'None', 'the finished one is done')
})

test('a job of its own claimed again after its lease ran out (the process was held up) is not started a second time', async () => {
  const queue = memoryJobQueue(randomUUID)
  let now = new Date('2026-05-01T10:00:00.000Z').getTime()
  let starts = 0
  const finishers: Array<() => void> = []
  const finish = () => finishers.forEach((f) => f())
  const worker = createWorker({
    queue,
    clock: { now: () => new Date(now) },
    logger: pino({ level: 'silent' }),
    concurrency: 2,
    pollMs: 10,
    leaseMs: 1_000,
    handlers: {
      long: () => () => {
        starts++
        return new Promise((resolve) => finishers.push(() => resolve({ _tag: 'Right', right: undefined })))
      },
    },
  })
  await queue.enqueue({ kind: 'long', payload: {} })()
  const draining = worker.drain()
  while (starts === 0) await new Promise((r) => setTimeout(r, 5))
  // The lease runs out as if the event loop had been held past it; the next claim finds the job due again.
  now += 5_000
  worker.start()
  while (queue.entries()[0]!.attempts < 2) await new Promise((r) => setTimeout(r, 5))
  await new Promise((r) => setTimeout(r, 20))
  assert.is(starts, 1, 'claimed again, and still started once')
  finish()
  await draining
  await worker.stop(0)
  assert.is(queue.entries()[0]!.status, 'done')
})
test.run()
