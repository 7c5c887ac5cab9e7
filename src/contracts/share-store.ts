import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Share } from '../core/domain/recordings/share.js'
import type { RunStore } from '../core/ports/recording-stores.js'
import type { RecordingShareStore } from '../core/ports/share-store.js'
import { left, right } from './tasks.js'
import { run } from './recording-stores.js'

export interface ShareStores {
  readonly runs: RunStore
  readonly shares: RecordingShareStore
}

const A = 'a0000000-0000-4000-8000-000000000001'
const B = 'b0000000-0000-4000-8000-000000000002'
const C = 'c0000000-0000-4000-8000-000000000003'
const runId = (n: number) => run(n).id
const shareId = (n: number) => `50000000-0000-4000-8000-${String(n).padStart(12, '0')}`

const share = (n: number, over: Partial<Share> = {}): Share => ({
  id: shareId(n), runId: runId(1), ownerAccountId: A, email: 'cy@example.com', scope: 'summary',
  createdAt: `2026-05-02T00:00:0${n % 10}.000Z`, ...over,
})

/** The run store and the share store over one database (the share store reads runs). */
export const shareStoreContract = (name: string, make: () => Promise<ShareStores> | ShareStores) => {
  const s = suite<{ s: ShareStores }>(`${name}: recording share store`)
  s.before.each(async (ctx) => {
    ctx.s = await make()
  })

  s('shares of a run are listed oldest first, for its owner only; one per email and run', async ({ s }) => {
    await right(s.runs.create(run(1)))
    await right(s.runs.create(run(2)))
    await right(s.shares.create(share(2, { email: 'di@example.com', scope: 'full' })))
    await right(s.shares.create(share(1)))
    await right(s.shares.create(share(3, { runId: runId(2) })))
    assert.equal(await right(s.shares.listForRun(A, runId(1))), [share(1), share(2, { email: 'di@example.com', scope: 'full' })])
    assert.equal(await right(s.shares.listForRun(B, runId(1))), [], 'not for another account')
    const twice = await left(s.shares.create(share(4)))
    assert.is(twice._tag, 'Conflict')
    assert.is((await right(s.shares.listForRun(A, runId(1)))).length, 2, 'nothing added')
  })

  s('a recipient finds a share by run and email; removing it answers it once, for its owner and run only', async ({ s }) => {
    await right(s.runs.create(run(1)))
    await right(s.runs.create(run(2)))
    await right(s.shares.create(share(1)))
    assert.equal(await right(s.shares.findForRecipient(runId(1), 'cy@example.com')), O.some(share(1)))
    assert.equal(await right(s.shares.findForRecipient(runId(1), 'di@example.com')), O.none)
    assert.equal(await right(s.shares.findForRecipient(runId(2), 'cy@example.com')), O.none)
    assert.equal(await right(s.shares.remove(B, runId(1), shareId(1))), O.none, 'not by another account')
    assert.equal(await right(s.shares.remove(A, runId(2), shareId(1))), O.none, 'not through another run')
    assert.equal(await right(s.shares.remove(A, runId(1), shareId(1))), O.some(share(1)))
    assert.equal(await right(s.shares.remove(A, runId(1), shareId(1))), O.none)
    assert.equal(await right(s.shares.findForRecipient(runId(1), 'cy@example.com')), O.none)
    await right(s.shares.create(share(2)))
    assert.is((await right(s.shares.listForRun(A, runId(1)))).length, 1, 'the email can be shared with again')
  })

  s('listVisible pages own runs and runs shared with the email together, newest start first, leaving superseded runs out', async ({ s }) => {
    // A owns 1, 4 and a superseded 6; B owns 2, 3, 5 and a superseded 7; C owns 8. C's account email is cy@example.com.
    for (const n of [1, 4]) await right(s.runs.create(run(n)))
    await right(s.runs.create(run(6, { state: 'superseded' })))
    for (const n of [2, 3, 5]) await right(s.runs.create(run(n, { accountId: B })))
    await right(s.runs.create(run(7, { accountId: B, state: 'superseded' })))
    await right(s.runs.create(run(8, { accountId: C })))
    const toA = (n: number, runNumber: number, over: Partial<Share> = {}) => share(n, { runId: runId(runNumber), ownerAccountId: B, email: 'ada@example.com', ...over })
    await right(s.shares.create(toA(1, 2)))
    await right(s.shares.create(toA(2, 5, { scope: 'full' })))
    await right(s.shares.create(toA(3, 7)))
    await right(s.shares.create(toA(4, 3, { email: 'someone@example.com' })))
    await right(s.shares.create(share(5, { runId: runId(4), email: 'ada@example.com' })))
    const all = await right(s.shares.listVisible(A, 'ada@example.com', { limit: 10, offset: 0 }))
    assert.equal(all.rows.map((r) => [r.run.id, r.share?.id ?? null]), [[runId(5), shareId(2)], [runId(4), null], [runId(2), shareId(1)], [runId(1), null]])
    assert.equal([all.total, all.limit, all.offset], [4, 10, 0])
    assert.equal(all.rows[0]!.run, run(5, { accountId: B }), 'the run as stored')
    assert.equal(all.rows[0]!.share, toA(2, 5, { scope: 'full' }), 'the share as stored')
    const second = await right(s.shares.listVisible(A, 'ada@example.com', { limit: 2, offset: 2 }))
    assert.equal([second.rows.map((r) => r.run.id), second.total], [[runId(2), runId(1)], 4])
    const other = await right(s.shares.listVisible(C, 'cy@example.com', { limit: 10, offset: 0 }))
    assert.equal([other.rows.map((r) => r.run.id), other.total], [[runId(8)], 1], 'shares with other emails reach nothing')
  })

  s.run()
}
