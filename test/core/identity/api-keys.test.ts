import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryAccountStore, memoryOrganizationStore } from '../../../adapters/stores/memory/accounts.js'
import { memoryApiKeyStore } from '../../../adapters/stores/memory/api-keys.js'
import { fixedClock } from '../../../adapters/system/clock.js'
import { randomIds } from '../../../adapters/system/ids.js'
import { keySecrets } from '../../../adapters/system/key-secrets.js'
import { DEFAULT_PLANS } from '../../../src/core/domain/identity/account.js'
import { authenticate } from '../../../src/core/identity/authenticate.js'
import { createAccount } from '../../../src/core/identity/accounts/create-account.js'
import { getIdentity } from '../../../src/core/identity/get-identity.js'
import { issueApiKey } from '../../../src/core/identity/keys/issue-api-key.js'
import { left, right } from '../../support/run.js'

const setup = () => {
  const deps = {
    accounts: memoryAccountStore(),
    organizations: memoryOrganizationStore(),
    apiKeys: memoryApiKeyStore(),
    keySecrets,
    clock: fixedClock('2026-03-01T00:00:00.000Z'),
    ids: randomIds,
    plans: DEFAULT_PLANS,
  }
  return deps
}

const s = suite('API keys')

s('a key is random, prefixed, shown once and stored only as a hash', async () => {
  const deps = setup()
  const account = await right(createAccount(deps)({ name: 'Ada', email: 'ada@example.com', planKey: 'free', organizationName: null }))
  const a = await right(issueApiKey(deps)({ accountId: account.id, name: 'k', access: 'full', organizationWide: false, expiresInDays: null }))
  const b = await right(issueApiKey(deps)({ accountId: account.id, name: 'k', access: 'full', organizationWide: false, expiresInDays: null }))
  assert.match(a.plaintext, /^ntk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/)
  assert.is.not(a.plaintext, b.plaintext)
  const secretOf = (plaintext: string) => plaintext.slice('ntk_'.length + 16 + 1)
  const stored = await right(deps.apiKeys.listForAccount(account.id))
  assert.not.ok(JSON.stringify(stored).includes(secretOf(a.plaintext)), 'the secret part is stored nowhere')
  assert.ok(keySecrets.matches(a.plaintext, a.key.hash))
  assert.not.ok(keySecrets.matches(b.plaintext, a.key.hash))
  // 32 random bytes of secret: 43 base64url characters carry 256 bits.
  assert.is(Buffer.from(secretOf(a.plaintext), 'base64url').length, 32)
})

s('authenticate: a known key gives its actor; expiry and revocation end it', async () => {
  const deps = setup()
  const account = await right(createAccount(deps)({ name: 'Ada', email: 'ada@example.com', planKey: 'pro', organizationName: 'Acme' }))
  const issued = await right(issueApiKey(deps)({ accountId: account.id, name: 'k', access: 'readonly', organizationWide: true, expiresInDays: 2 }))
  const actor = await right(authenticate(deps)(issued.plaintext))
  assert.equal(actor, { accountId: account.id, keyId: issued.key.id, access: 'readonly', organizationWide: true, organizationId: account.organizationId })
  const identity = await right(getIdentity(deps)(actor))
  assert.equal(identity.organization, { id: account.organizationId, name: 'Acme' })
  assert.equal(identity.plan, { key: 'pro', paid: true, monthlyRecordings: 500 })
  deps.clock.advance(2 * 86_400_000)
  assert.equal(await left(authenticate(deps)(issued.plaintext)), { _tag: 'Unauthorized' })
  const other = await right(issueApiKey(deps)({ accountId: account.id, name: 'k', access: 'full', organizationWide: false, expiresInDays: null }))
  await right(deps.apiKeys.revoke(other.key.id, deps.clock.now().toISOString()))
  assert.equal(await left(authenticate(deps)(other.plaintext)), { _tag: 'Unauthorized' })
  assert.equal(await left(authenticate(deps)(undefined)), { _tag: 'Unauthorized' })
  // A key that is not organization-wide reaches no organization even when its account has one.
  const plain = await right(issueApiKey(deps)({ accountId: account.id, name: 'k', access: 'full', organizationWide: false, expiresInDays: null }))
  assert.is((await right(authenticate(deps)(plain.plaintext))).organizationId, null)
})

s('issuing refuses bad expiry, unknown accounts and org-wide keys without an organization', async () => {
  const deps = setup()
  const account = await right(createAccount(deps)({ name: 'Ada', email: 'ada@example.com', planKey: 'free', organizationName: null }))
  const issue = issueApiKey(deps)
  assert.is((await left(issue({ accountId: account.id, name: 'k', access: 'full', organizationWide: false, expiresInDays: 0 })))._tag, 'Validation')
  assert.is((await left(issue({ accountId: '00000000-0000-4000-8000-000000000000', name: 'k', access: 'full', organizationWide: false, expiresInDays: null })))._tag, 'NotFound')
  assert.is((await left(issue({ accountId: account.id, name: 'k', access: 'full', organizationWide: true, expiresInDays: null })))._tag, 'Validation')
  assert.equal(await right(deps.apiKeys.listForAccount(account.id)), [], 'nothing half-written')
})

s('publicIdOf reads only keys of our shape', () => {
  assert.equal(keySecrets.publicIdOf('ntk_0123456789abcdef_' + 'A'.repeat(43)), O.some('0123456789abcdef'))
  for (const bad of ['', 'ntk_', 'Bearer x', 'ntk_0123456789abcdef_short', 'xyz_0123456789abcdef_' + 'A'.repeat(43)]) {
    assert.equal(keySecrets.publicIdOf(bad), O.none, bad)
  }
})

s.run()
