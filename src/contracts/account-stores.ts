import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Account } from '../core/domain/identity/account.js'
import type { ApiKey } from '../core/domain/identity/api-key.js'
import type { AccountStore, OrganizationStore } from '../core/ports/account-store.js'
import type { ApiKeyStore } from '../core/ports/api-key-store.js'
import { left, right } from './tasks.js'

export interface AccountStores {
  readonly accounts: AccountStore
  readonly organizations: OrganizationStore
  readonly apiKeys: ApiKeyStore
}

const account = (n: number, organizationId: string | null = null): Account => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Person ${n}`,
  email: `person${n}@example.com`,
  planKey: 'free',
  organizationId,
  serverAdmin: false,
  createdAt: `2026-01-0${n}T00:00:00.000Z`,
})

const key = (n: number, accountId: string): ApiKey => ({
  id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  accountId,
  name: `key ${n}`,
  publicId: `pub${n}`,
  hash: `hash${n}`,
  access: n % 2 === 0 ? 'readonly' : 'full',
  organizationWide: false,
  expiresAt: n === 3 ? '2027-01-01T00:00:00.000Z' : null,
  revokedAt: null,
  createdAt: `2026-02-0${n}T00:00:00.000Z`,
})

/** The behaviour every adapter of the account, organization and API key ports must show. */
export const accountStoreContract = (name: string, make: () => Promise<AccountStores> | AccountStores) => {
  const s = suite<{ stores: AccountStores }>(`${name}: account, organization and API key stores`)
  s.before.each(async (ctx) => {
    ctx.stores = await make()
  })

  s('an account is found by id and by email, and counted', async ({ stores }) => {
    const org = await right(stores.organizations.create({ id: '20000000-0000-4000-8000-000000000001', name: 'Acme', createdAt: '2026-01-01T00:00:00.000Z' }))
    await right(stores.accounts.create(account(1, org.id)))
    assert.equal(await right(stores.accounts.findById(account(1).id)), O.some(account(1, org.id)))
    assert.equal(await right(stores.accounts.findByEmail('person1@example.com')), O.some(account(1, org.id)))
    assert.equal(await right(stores.accounts.findByEmail('nobody@example.com')), O.none)
    assert.equal(await right(stores.accounts.count()), 1)
    assert.equal(await right(stores.organizations.findById(org.id)), O.some(org))
  })

  s('accounts are listed oldest first, a page at a time, with the total', async ({ stores }) => {
    for (const n of [3, 1, 2]) await right(stores.accounts.create({ ...account(n), createdAt: `2026-01-0${n}T00:00:00.000Z` }))
    const first = await right(stores.accounts.list({ limit: 2, offset: 0 }))
    assert.equal([first.total, first.rows.map((a) => a.email)], [3, ['person1@example.com', 'person2@example.com']])
    const rest = await right(stores.accounts.list({ limit: 2, offset: 2 }))
    assert.equal(rest.rows.map((a) => a.email), ['person3@example.com'])
  })

  s('a second account with the same email is a conflict', async ({ stores }) => {
    await right(stores.accounts.create(account(1)))
    const error = await left(stores.accounts.create({ ...account(2), email: 'person1@example.com' }))
    assert.is(error._tag, 'Conflict')
    assert.equal(await right(stores.accounts.count()), 1)
  })

  s('an account is created a server administrator or not, and the flag is read back', async ({ stores }) => {
    await right(stores.accounts.create({ ...account(1), serverAdmin: true }))
    await right(stores.accounts.create(account(2)))
    assert.equal(await right(stores.accounts.findById(account(1).id)), O.some({ ...account(1), serverAdmin: true }))
    assert.equal(await right(stores.accounts.findByEmail('person2@example.com')), O.some(account(2)))
    assert.equal((await right(stores.accounts.list({ limit: 10, offset: 0 }))).rows.map((a) => a.serverAdmin), [true, false])
    assert.is(await right(stores.accounts.countServerAdmins()), 1)
  })

  s('the flag is given and taken, but never from the last administrator', async ({ stores }) => {
    await right(stores.accounts.create({ ...account(1), serverAdmin: true }))
    await right(stores.accounts.create(account(2)))
    assert.equal(await right(stores.accounts.setServerAdmin(account(1).id, false)), { kind: 'last-administrator' })
    assert.equal(await right(stores.accounts.findById(account(1).id)), O.some({ ...account(1), serverAdmin: true }), 'refused: unchanged')
    assert.equal(await right(stores.accounts.setServerAdmin(account(2).id, true)), { kind: 'set', account: { ...account(2), serverAdmin: true } })
    assert.is(await right(stores.accounts.countServerAdmins()), 2)
    assert.equal(await right(stores.accounts.setServerAdmin(account(1).id, false)), { kind: 'set', account: account(1) })
    assert.equal(await right(stores.accounts.findById(account(1).id)), O.some(account(1)))
    assert.equal(await right(stores.accounts.setServerAdmin(account(1).id, false)), { kind: 'set', account: account(1) }, 'taking it from a non-administrator changes nothing')
    assert.equal(await right(stores.accounts.setServerAdmin(account(2).id, true)), { kind: 'set', account: { ...account(2), serverAdmin: true } }, 'giving it twice')
    assert.equal(await right(stores.accounts.setServerAdmin(account(2).id, false)), { kind: 'last-administrator' })
    assert.equal(await right(stores.accounts.setServerAdmin('00000000-0000-4000-8000-999999999999', true)), { kind: 'not-found' })
    assert.is(await right(stores.accounts.countServerAdmins()), 1)
  })

  s('an account is put on another plan, which it keeps; an unknown account is none', async ({ stores }) => {
    await right(stores.accounts.create(account(1)))
    await right(stores.accounts.create(account(2)))
    assert.equal(await right(stores.accounts.setPlan(account(1).id, 'self-hosted')), O.some({ ...account(1), planKey: 'self-hosted' }))
    assert.equal(await right(stores.accounts.findById(account(1).id)), O.some({ ...account(1), planKey: 'self-hosted' }))
    assert.equal(await right(stores.accounts.findById(account(2).id)), O.some(account(2)), 'the other account keeps its plan')
    assert.equal(await right(stores.accounts.setPlan('00000000-0000-4000-8000-999999999999', 'pro')), O.none)
  })

  s('of two operators taking the flag from the last two administrators at once, one is refused', async ({ stores }) => {
    await right(stores.accounts.create({ ...account(1), serverAdmin: true }))
    await right(stores.accounts.create({ ...account(2), serverAdmin: true }))
    const both = await Promise.all([right(stores.accounts.setServerAdmin(account(1).id, false)), right(stores.accounts.setServerAdmin(account(2).id, false))])
    assert.equal(both.map((r) => r.kind).sort(), ['last-administrator', 'set'])
    assert.is(await right(stores.accounts.countServerAdmins()), 1)
  })

  s('an account changes its own name and email; an email another account has is a conflict', async ({ stores }) => {
    await right(stores.accounts.create(account(1)))
    await right(stores.accounts.create(account(2)))
    const changed = await right(stores.accounts.updateProfile(account(1).id, { name: 'Ada L.', email: 'ada@example.com' }))
    assert.equal(changed, O.some({ ...account(1), name: 'Ada L.', email: 'ada@example.com' }))
    assert.equal(await right(stores.accounts.findByEmail('ada@example.com')), changed)
    assert.equal(await right(stores.accounts.findByEmail('person1@example.com')), O.none)
    const taken = await left(stores.accounts.updateProfile(account(1).id, { name: 'Ada', email: 'person2@example.com' }))
    assert.is(taken._tag, 'Conflict')
    assert.equal(await right(stores.accounts.findById(account(1).id)), changed, 'a refused change changes nothing')
    assert.equal(await right(stores.accounts.updateProfile(account(1).id, { name: 'Ada', email: 'ada@example.com' })), O.some({ ...account(1), name: 'Ada', email: 'ada@example.com' }), 'its own email is no conflict')
    assert.equal(await right(stores.accounts.updateProfile('00000000-0000-4000-8000-000000000099', { name: 'X', email: 'x@example.com' })), O.none)
  })

  s('keys are found by public id, listed per account oldest first, and revoked once', async ({ stores }) => {
    await right(stores.accounts.create(account(1)))
    await right(stores.accounts.create(account(2)))
    await right(stores.apiKeys.create(key(3, account(1).id)))
    await right(stores.apiKeys.create(key(1, account(1).id)))
    await right(stores.apiKeys.create(key(2, account(2).id)))
    assert.equal(await right(stores.apiKeys.findByPublicId('pub3')), O.some(key(3, account(1).id)))
    assert.equal(await right(stores.apiKeys.findByPublicId('missing')), O.none)
    const listed = await right(stores.apiKeys.listForAccount(account(1).id))
    assert.equal(listed.map((k) => k.id), [key(1, '').id, key(3, '').id])
    const revoked = await right(stores.apiKeys.revoke(key(1, '').id, '2026-03-01T00:00:00.000Z'))
    assert.is(O.isSome(revoked) && revoked.value.revokedAt, '2026-03-01T00:00:00.000Z')
    const again = await right(stores.apiKeys.revoke(key(1, '').id, '2026-04-01T00:00:00.000Z'))
    assert.is(O.isSome(again) && again.value.revokedAt, '2026-03-01T00:00:00.000Z')
    assert.equal(await right(stores.apiKeys.revoke('10000000-0000-4000-8000-999999999999', '2026-04-01T00:00:00.000Z')), O.none)
  })

  s('a duplicate public id is a conflict', async ({ stores }) => {
    await right(stores.accounts.create(account(1)))
    await right(stores.apiKeys.create(key(1, account(1).id)))
    const error = await left(stores.apiKeys.create({ ...key(2, account(1).id), publicId: 'pub1' }))
    assert.is(error._tag, 'Conflict')
  })

  s.run()
}
