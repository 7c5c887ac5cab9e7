import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { StoredSession } from '../core/domain/identity/session.js'
import type { AccountStore } from '../core/ports/account-store.js'
import type { ApiKeyStore } from '../core/ports/api-key-store.js'
import type { PasswordStore } from '../core/ports/password-store.js'
import type { SessionStore } from '../core/ports/session-store.js'
import { left, right } from './tasks.js'

export interface SessionStores {
  readonly accounts: AccountStore
  readonly apiKeys: ApiKeyStore
  readonly sessions: SessionStore
  readonly passwords: PasswordStore
}

const accountId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const keyId = (n: number) => `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`

const session = (n: number, account: number, expiresAt: string, key: string | null = null): StoredSession => ({
  id: `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  tokenHash: `hash-${n}`,
  accountId: accountId(account),
  keyId: key,
  csrfToken: `csrf-${n}`,
  createdAt: '2026-06-01T12:00:00.000Z',
  expiresAt,
})

const withAccounts = async (stores: SessionStores) => {
  for (const n of [1, 2]) {
    await right(stores.accounts.create({ id: accountId(n), name: `P${n}`, email: `p${n}@example.com`, planKey: 'free', organizationId: null, serverAdmin: false, createdAt: '2026-01-01T00:00:00.000Z' }))
  }
  await right(
    stores.apiKeys.create({ id: keyId(1), accountId: accountId(1), name: 'k', publicId: 'pub1', hash: 'h', access: 'readonly', organizationWide: false, expiresAt: null, revokedAt: null, createdAt: '2026-01-01T00:00:00.000Z' }),
  )
  return stores
}

/** The behaviour every adapter of the session and password ports must show. */
export const sessionStoresContract = (name: string, make: () => Promise<SessionStores> | SessionStores) => {
  const s = suite<{ stores: SessionStores }>(`${name}: session and password stores`)
  s.before.each(async (ctx) => {
    ctx.stores = await withAccounts(await make())
  })

  s('a session is found by its token hash, as it was stored; a second one with the same hash is a conflict', async ({ stores }) => {
    const a = session(1, 1, '2026-06-15T12:00:00.000Z')
    const b = session(2, 1, '2026-06-15T12:00:00.000Z', keyId(1))
    assert.equal(await right(stores.sessions.create(a)), a)
    await right(stores.sessions.create(b))
    assert.equal(await right(stores.sessions.findByTokenHash('hash-1')), O.some(a))
    assert.equal(await right(stores.sessions.findByTokenHash('hash-2')), O.some(b))
    assert.equal(await right(stores.sessions.findByTokenHash('hash-9')), O.none)
    assert.is((await left(stores.sessions.create({ ...session(3, 2, '2026-06-15T12:00:00.000Z'), tokenHash: 'hash-1' })))._tag, 'Conflict')
  })

  s('delete ends one session and says whether it was there', async ({ stores }) => {
    await right(stores.sessions.create(session(1, 1, '2026-06-15T12:00:00.000Z')))
    await right(stores.sessions.create(session(2, 1, '2026-06-15T12:00:00.000Z')))
    assert.is(await right(stores.sessions.delete(session(1, 1, '').id)), true)
    assert.is(await right(stores.sessions.delete(session(1, 1, '').id)), false)
    assert.equal(await right(stores.sessions.findByTokenHash('hash-1')), O.none)
    assert.ok(O.isSome(await right(stores.sessions.findByTokenHash('hash-2'))))
  })

  s('deleteForAccount ends only that account\'s sessions', async ({ stores }) => {
    await right(stores.sessions.create(session(1, 1, '2026-06-15T12:00:00.000Z')))
    await right(stores.sessions.create(session(2, 1, '2026-06-15T12:00:00.000Z', keyId(1))))
    await right(stores.sessions.create(session(3, 2, '2026-06-15T12:00:00.000Z')))
    assert.is(await right(stores.sessions.deleteForAccount(accountId(1))), 2)
    assert.equal(await right(stores.sessions.findByTokenHash('hash-2')), O.none)
    assert.ok(O.isSome(await right(stores.sessions.findByTokenHash('hash-3'))))
    assert.is(await right(stores.sessions.deleteForAccount(accountId(1))), 0)
  })

  s('deleteExpired removes sessions whose expiry is at or before now, and only those', async ({ stores }) => {
    await right(stores.sessions.create(session(1, 1, '2026-06-01T11:59:59.999Z')))
    await right(stores.sessions.create(session(2, 2, '2026-06-01T12:00:00.000Z')))
    await right(stores.sessions.create(session(3, 1, '2026-06-01T12:00:00.001Z')))
    assert.is(await right(stores.sessions.deleteExpired(new Date('2026-06-01T12:00:00.000Z'))), 2)
    assert.equal(await right(stores.sessions.findByTokenHash('hash-1')), O.none)
    assert.equal(await right(stores.sessions.findByTokenHash('hash-2')), O.none)
    assert.ok(O.isSome(await right(stores.sessions.findByTokenHash('hash-3'))))
  })

  s('a password is set, replaced and found per account', async ({ stores }) => {
    assert.equal(await right(stores.passwords.find(accountId(1))), O.none)
    await right(stores.passwords.set(accountId(1), 'scrypt$first', '2026-06-01T12:00:00.000Z'))
    await right(stores.passwords.set(accountId(2), 'scrypt$other', '2026-06-01T12:00:00.000Z'))
    await right(stores.passwords.set(accountId(1), 'scrypt$second', '2026-06-02T12:00:00.000Z'))
    assert.equal(await right(stores.passwords.find(accountId(1))), O.some({ accountId: accountId(1), hash: 'scrypt$second', updatedAt: '2026-06-02T12:00:00.000Z' }))
    assert.equal(await right(stores.passwords.find(accountId(2))), O.some({ accountId: accountId(2), hash: 'scrypt$other', updatedAt: '2026-06-01T12:00:00.000Z' }))
  })

  s.run()
}
