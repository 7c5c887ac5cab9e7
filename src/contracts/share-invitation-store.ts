import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { ShareInvitation } from '../core/domain/recordings/share-invitation.js'
import type { AccountStore } from '../core/ports/account-store.js'
import type { ShareInvitationStore } from '../core/ports/share-invitation-store.js'
import { left, right } from './tasks.js'

export interface ShareInvitationStores {
  readonly accounts: AccountStore
  readonly shareInvitations: ShareInvitationStore
}

const SHARER = '00000000-0000-4000-8000-000000000001'

const invitation = (n: number, mayCreateAccount = true): ShareInvitation => ({
  id: `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  email: `guest${n}@example.com`,
  runId: `40000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  invitedBy: SHARER,
  mayCreateAccount,
  publicId: `pub${n}`,
  hash: `hash${n}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-31T00:00:00.000Z',
})

/** The behaviour every adapter of the share invitation port must show. */
export const shareInvitationStoreContract = (name: string, make: () => Promise<ShareInvitationStores> | ShareInvitationStores) => {
  const s = suite<{ stores: ShareInvitationStores }>(`${name}: share invitation store`)
  s.before.each(async (ctx) => {
    ctx.stores = await make()
    await right(ctx.stores.accounts.create({ id: SHARER, name: 'Ada', email: 'ada@example.com', planKey: 'free', organizationId: null, serverAdmin: false, createdAt: '2026-01-01T00:00:00.000Z' }))
  })

  s('an invitation is found by its public id, as it was made', async ({ stores }) => {
    await right(stores.shareInvitations.create(invitation(1)))
    await right(stores.shareInvitations.create(invitation(2, false)))
    assert.equal(await right(stores.shareInvitations.findByPublicId('pub1')), O.some(invitation(1)))
    assert.equal(await right(stores.shareInvitations.findByPublicId('pub2')), O.some(invitation(2, false)))
    assert.equal(await right(stores.shareInvitations.findByPublicId('pub3')), O.none)
  })

  s('an invitation is used once: the second use finds nothing', async ({ stores }) => {
    await right(stores.shareInvitations.create(invitation(1)))
    const uses = await Promise.all([right(stores.shareInvitations.use(invitation(1).id)), right(stores.shareInvitations.use(invitation(1).id))])
    assert.equal(uses.sort(), [false, true])
    assert.equal(await right(stores.shareInvitations.findByPublicId('pub1')), O.none)
  })

  s('a duplicate public id is a conflict', async ({ stores }) => {
    await right(stores.shareInvitations.create(invitation(1)))
    const error = await left(stores.shareInvitations.create({ ...invitation(2), publicId: 'pub1' }))
    assert.is(error._tag, 'Conflict')
  })

  s.run()
}
