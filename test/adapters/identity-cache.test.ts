import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryAccountStore, memoryOrganizationStore } from '../../adapters/memory/accounts.js'
import { memoryApiKeyStore } from '../../adapters/memory/api-keys.js'
import { withIdentityCache } from '../../adapters/shared/identity-cache.js'
import { fixedClock } from '../../adapters/system/clock.js'
import { randomIds } from '../../adapters/system/ids.js'
import { keySecrets } from '../../adapters/system/key-secrets.js'
import { authenticate } from '../../src/core/use-cases/authenticate.js'
import { createAccount } from '../../src/core/use-cases/create-account.js'
import { issueApiKey } from '../../src/core/use-cases/issue-api-key.js'
import { DEFAULT_PLANS } from '../../src/core/domain/account.js'
import { left, right } from '../support/run.js'

const setup = async () => {
  const clock = fixedClock('2026-03-01T00:00:00.000Z')
  const raw = { accounts: memoryAccountStore(), organizations: memoryOrganizationStore(), apiKeys: memoryApiKeyStore() }
  const cached = withIdentityCache(raw, clock, 5_000)
  const deps = { ...cached, keySecrets, clock, ids: randomIds, plans: DEFAULT_PLANS }
  const account = await right(createAccount(deps)({ name: 'Ada', email: 'ada@example.com', planKey: 'free', organizationName: null }))
  const issued = await right(issueApiKey(deps)({ accountId: account.id, name: 'k', access: 'full', organizationWide: false, expiresInDays: null }))
  return { clock, raw, cached, deps, issued }
}

test('a revocation through the cached store applies at once', async () => {
  const { deps, cached, issued, clock } = await setup()
  await right(authenticate(deps)(issued.plaintext))
  await right(cached.apiKeys.revoke(issued.key.id, clock.now().toISOString()))
  assert.equal(await left(authenticate(deps)(issued.plaintext)), { _tag: 'Unauthorized' })
})

test('a revocation by another process is seen once the cache time has passed, not before', async () => {
  const { deps, raw, issued, clock } = await setup()
  await right(authenticate(deps)(issued.plaintext))
  await right(raw.apiKeys.revoke(issued.key.id, clock.now().toISOString()))
  clock.advance(4_000)
  await right(authenticate(deps)(issued.plaintext))
  clock.advance(1_001)
  assert.equal(await left(authenticate(deps)(issued.plaintext)), { _tag: 'Unauthorized' })
})

test('expiry is checked on every request, cached or not', async () => {
  const { deps, issued, clock } = await setup()
  const expiring = await right(issueApiKey(deps)({ accountId: issued.key.accountId, name: 'e', access: 'full', organizationWide: false, expiresInDays: 1 }))
  await right(authenticate(deps)(expiring.plaintext))
  clock.advance(86_400_000 - 1_000)
  await right(authenticate(deps)(expiring.plaintext))
  clock.advance(2_000) // within the cache time: the cached key is still checked for expiry
  assert.equal(await left(authenticate(deps)(expiring.plaintext)), { _tag: 'Unauthorized' })
})

test.run()
