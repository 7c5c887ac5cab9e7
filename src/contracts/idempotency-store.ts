import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { IdempotencyStore } from '../core/ports/idempotency-store.js'
import { right } from './tasks.js'

/** Built with a retention of one hour. */
export const idempotencyStoreContract = (name: string, make: () => Promise<IdempotencyStore> | IdempotencyStore) => {
  const s = suite<{ store: IdempotencyStore }>(`${name}: idempotency store`)
  s.before.each(async (ctx) => {
    ctx.store = await make()
  })
  const t0 = new Date('2026-05-01T10:00:00.000Z')
  const later = (ms: number) => new Date(t0.getTime() + ms)

  s('the first claim wins; a repeat is in flight until completed, then replays', async ({ store }) => {
    assert.equal(await right(store.claim('a1', 'k', 'fp', t0)), { kind: 'claimed' })
    assert.equal(await right(store.claim('a1', 'k', 'fp', later(1))), { kind: 'in_flight' })
    await right(store.complete('a1', 'k', { status: 201, body: { data: { id: 'x' } } }))
    assert.equal(await right(store.claim('a1', 'k', 'fp', later(2))), {
      kind: 'replay',
      response: { status: 201, body: { data: { id: 'x' } } },
    })
  })

  s('the same key for another request is a mismatch; keys are per account', async ({ store }) => {
    await right(store.claim('a1', 'k', 'fp', t0))
    assert.equal(await right(store.claim('a1', 'k', 'other', later(1))), { kind: 'mismatch' })
    assert.equal(await right(store.claim('a2', 'k', 'other', later(1))), { kind: 'claimed' })
  })

  s('a released claim can be claimed again', async ({ store }) => {
    await right(store.claim('a1', 'k', 'fp', t0))
    await right(store.release('a1', 'k'))
    assert.equal(await right(store.claim('a1', 'k', 'fp', later(1))), { kind: 'claimed' })
  })

  s('a key is forgotten after the retention time', async ({ store }) => {
    await right(store.claim('a1', 'k', 'fp', t0))
    await right(store.complete('a1', 'k', { status: 200, body: null }))
    assert.equal(await right(store.claim('a1', 'k', 'other', later(3_600_001))), { kind: 'claimed' })
  })

  s.run()
}
