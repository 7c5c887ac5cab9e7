import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { JobQueue } from '../core/ports/job-queue.js'
import { right } from './tasks.js'

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

  const fair = { maxRunningPerGroup: 1 }
  const claimFair = async (q: JobQueue, now: Date) => {
    const c = await right(q.claim(['a'], now, 1_000, fair))
    return O.isSome(c) ? c.value.payload : null
  }

  s('with a per-group cap, a group at it is skipped and the next group\'s job is claimed', async ({ q }) => {
    for (const payload of ['A1', 'A2', 'A3']) await right(q.enqueue({ kind: 'a', payload, group: 'account-a' }))
    await right(q.enqueue({ kind: 'a', payload: 'B1', group: 'account-b' }))
    await right(q.enqueue({ kind: 'a', payload: 'free', runAt: at(1) }))
    const order = [await claimFair(q, t0), await claimFair(q, t0), await claimFair(q, at(1)), await claimFair(q, at(1))]
    assert.equal(order, ['A1', 'B1', 'free', null], 'A2 waits while A1 runs; a job without a group is never held back')
  })

  s('a group\'s next job is claimed once its running one is done, failed or handed back', async ({ q }) => {
    const ids: string[] = []
    for (const payload of ['A1', 'A2', 'A3', 'A4']) ids.push((await right(q.enqueue({ kind: 'a', payload, group: 'account-a' }))).id)
    assert.is(await claimFair(q, t0), 'A1')
    assert.is(await claimFair(q, t0), null)
    await right(q.complete(ids[0]!))
    assert.is(await claimFair(q, t0), 'A2')
    await right(q.fail(ids[1]!, 'boom', null))
    assert.is(await claimFair(q, t0), 'A3')
    await right(q.release(ids[2]!))
    assert.is(await claimFair(q, t0), 'A3', 'handed back, it is first again')
  })

  s('a running job whose lease ran out does not hold its group back: it is claimed again', async ({ q }) => {
    await right(q.enqueue({ kind: 'a', payload: 'A1', group: 'account-a' }))
    await right(q.enqueue({ kind: 'a', payload: 'A2', group: 'account-a' }))
    assert.is(await claimFair(q, t0), 'A1')
    assert.is(await claimFair(q, at(1_001)), 'A1', 'the dead worker\'s job first')
    assert.is(await claimFair(q, at(1_001)), null, 'and it runs again, so A2 waits')
  })

  s('a cap of two lets a group run two; without a cap groups change nothing', async ({ q }) => {
    for (const payload of ['A1', 'A2', 'A3']) await right(q.enqueue({ kind: 'a', payload, group: 'account-a' }))
    const two = async () => {
      const c = await right(q.claim(['a'], t0, 1_000, { maxRunningPerGroup: 2 }))
      return O.isSome(c) ? c.value.payload : null
    }
    assert.equal([await two(), await two(), await two()], ['A1', 'A2', null])
    assert.is((await claimedId(q, t0))?.payload, 'A3', 'an uncapped claim takes it')
  })

  s.run()
}
