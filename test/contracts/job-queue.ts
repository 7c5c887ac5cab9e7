import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { JobQueue } from '../../src/core/ports/job-queue.js'
import { right } from '../support/run.js'

export const jobQueueContract = (name: string, make: () => Promise<JobQueue> | JobQueue) => {
  const s = suite<{ q: JobQueue }>(`${name}: job queue`)
  s.before.each(async (ctx) => {
    ctx.q = await make()
  })
  const t0 = new Date('2026-05-01T10:00:00.000Z')
  const at = (ms: number) => new Date(t0.getTime() + ms)
  const claimedId = async (q: JobQueue, now: Date, kinds = ['a']) => {
    const c = await right(q.claim(kinds, now, 1_000))
    return O.isSome(c) ? c.value : null
  }

  s('a due job is claimed once with its payload; a completed job is gone', async ({ q }) => {
    const { id } = await right(q.enqueue({ kind: 'a', payload: { n: 1 } }))
    const job = await claimedId(q, t0)
    assert.equal(job, { id, kind: 'a', payload: { n: 1 }, attempt: 1, maxAttempts: 5 })
    assert.is(await claimedId(q, at(10)), null, 'leased')
    await right(q.complete(id))
    assert.is(await claimedId(q, at(5_000)), null)
  })

  s('only the asked kinds, only when due, oldest first', async ({ q }) => {
    await right(q.enqueue({ kind: 'b', payload: 1 }))
    await right(q.enqueue({ kind: 'a', payload: 'later', runAt: at(60_000) }))
    await right(q.enqueue({ kind: 'a', payload: 'sooner', runAt: at(30_000) }))
    assert.is(await claimedId(q, t0), null)
    assert.is((await claimedId(q, at(61_000)))?.payload, 'sooner')
    assert.is((await claimedId(q, at(61_000)))?.payload, 'later')
    assert.is((await claimedId(q, t0, ['b']))?.payload, 1)
  })

  s('a job whose lease ran out (its worker died) is claimed again as the next attempt', async ({ q }) => {
    await right(q.enqueue({ kind: 'a', payload: null }))
    await claimedId(q, t0)
    const again = await claimedId(q, at(1_001))
    assert.is(again?.attempt, 2)
  })

  s('a dead worker\'s job goes before the queued backlog; jobs due together go first in, first out', async ({ q }) => {
    const { id: stuck } = await right(q.enqueue({ kind: 'a', payload: 'stuck', runAt: at(500) }))
    await claimedId(q, at(500))
    // The backlog was due before the stuck job was, so run time alone would put it first.
    for (const n of [1, 2, 3]) await right(q.enqueue({ kind: 'a', payload: n, runAt: t0 }))
    const next = await claimedId(q, at(1_501))
    assert.equal([next?.id, next?.attempt], [stuck, 2])
    const order = [await claimedId(q, at(1_501)), await claimedId(q, at(1_501)), await claimedId(q, at(1_501))].map((j) => j?.payload)
    assert.equal(order, [1, 2, 3])
  })

  s('extend keeps a running job leased', async ({ q }) => {
    const { id } = await right(q.enqueue({ kind: 'a', payload: null }))
    await claimedId(q, t0)
    await right(q.extend(id, at(900), 1_000))
    assert.is(await claimedId(q, at(1_500)), null, 'still leased')
    assert.is((await claimedId(q, at(1_901)))?.attempt, 2)
  })

  s('fail with a retry time re-queues; without one the job is given up', async ({ q }) => {
    const { id } = await right(q.enqueue({ kind: 'a', payload: null, maxAttempts: 2 }))
    await claimedId(q, t0)
    await right(q.fail(id, 'boom', at(5_000)))
    assert.is(await claimedId(q, at(4_000)), null)
    const second = await claimedId(q, at(5_000))
    assert.is(second?.attempt, 2)
    await right(q.fail(id, 'boom again', null))
    assert.is(await claimedId(q, at(999_999)), null)
  })

  s('a key keeps one open job; once done the key may be used again', async ({ q }) => {
    const first = await right(q.enqueue({ kind: 'a', payload: 1, key: 'upload-1' }))
    const dup = await right(q.enqueue({ kind: 'a', payload: 2, key: 'upload-1' }))
    assert.equal([first.created, dup.created, dup.id], [true, false, first.id])
    await claimedId(q, t0)
    await right(q.complete(first.id))
    assert.is((await right(q.enqueue({ kind: 'a', payload: 3, key: 'upload-1' }))).created, true)
  })

  s('release hands a claimed job back without spending an attempt', async ({ q }) => {
    const { id } = await right(q.enqueue({ kind: 'a', payload: null }))
    await claimedId(q, t0)
    await right(q.release(id))
    assert.is((await claimedId(q, at(1)))?.attempt, 1)
  })

  s.run()
}
