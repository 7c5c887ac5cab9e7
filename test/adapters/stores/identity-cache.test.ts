import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryAccountStore, memoryOrganizationStore } from '../../../adapters/stores/memory/accounts.js'
import { memoryApiKeyStore } from '../../../adapters/stores/memory/api-keys.js'
import { rememberAuthentications, withIdentityCache } from '../../../adapters/stores/shared/identity-cache.js'
import { fixedClock } from '../../../adapters/system/clock.js'
import { randomIds } from '../../../adapters/system/ids.js'
import { keySecrets } from '../../../adapters/system/key-secrets.js'
import { DEFAULT_PLANS } from '../../../src/core/domain/identity/account.js'
import { left, right } from '../../support/run.js'
import { authenticate, createAccount, issueApiKey } from '../../../src/core/identity/index.js'

const setup = async (wrapKeys: (keys: ReturnType<typeof memoryApiKeyStore>) => ReturnType<typeof memoryApiKeyStore> = (keys) => keys) => {
  const clock = fixedClock('2026-03-01T00:00:00.000Z')
  const raw = { accounts: memoryAccountStore(), organizations: memoryOrganizationStore(), apiKeys: memoryApiKeyStore() }
  const cached = withIdentityCache({ ...raw, apiKeys: wrapKeys(raw.apiKeys) }, clock, 5_000)
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

test('a look-up that spans a write through the cache keeps nothing stale', async () => {
  let hold = false
  let release = () => {}
  const { deps, cached, issued, clock } = await setup((keys) => ({
    ...keys,
    findByPublicId: (publicId) => async () => {
      const found = await keys.findByPublicId(publicId)()
      if (hold) await new Promise<void>((r) => (release = r))
      return found
    },
  }))
  hold = true
  const first = authenticate(deps)(issued.plaintext)()
  await new Promise((r) => setImmediate(r))
  hold = false
  await right(cached.apiKeys.revoke(issued.key.id, clock.now().toISOString()))
  release()
  await first // read before the revocation: may pass, but must not be kept
  assert.equal(await left(authenticate(deps)(issued.plaintext)), { _tag: 'Unauthorized' })
})

/** Authentications through rememberAuthentications, counting how many reach the core's authenticate. */
const remembering = async () => {
  const s = await setup()
  let reached = 0
  const remembered = rememberAuthentications(s.deps, (presented) => {
    reached += 1
    return authenticate(s.deps)(presented)
  })
  return { ...s, remembered, reached: () => reached }
}

test('a key used again is answered from memory once it was authenticated from cached records', async () => {
  const { remembered, issued, reached, clock } = await remembering()
  const actor = await right(remembered(issued.plaintext))
  clock.advance(1_000)
  // The first authentication read the records itself (another request may have replaced them meanwhile): not remembered.
  await right(remembered(issued.plaintext))
  assert.is(reached(), 2)
  clock.advance(1_000)
  assert.equal(await right(remembered(issued.plaintext)), actor)
  assert.is(reached(), 2)
})

test('a remembered key revoked through the cached store is refused at once', async () => {
  const { remembered, cached, issued, clock } = await remembering()
  await right(remembered(issued.plaintext))
  await right(remembered(issued.plaintext))
  await right(cached.apiKeys.revoke(issued.key.id, clock.now().toISOString()))
  assert.equal(await left(remembered(issued.plaintext)), { _tag: 'Unauthorized' })
})

test('a remembered key revoked by another process is refused when its records expire, not later', async () => {
  const { remembered, raw, issued, clock } = await remembering()
  await right(remembered(issued.plaintext)) // the records are cached until 5 s from now
  clock.advance(1_000)
  await right(remembered(issued.plaintext))
  await right(raw.apiKeys.revoke(issued.key.id, clock.now().toISOString()))
  clock.advance(3_000)
  await right(remembered(issued.plaintext))
  clock.advance(1_001)
  assert.equal(await left(remembered(issued.plaintext)), { _tag: 'Unauthorized' })
})

test('a remembered key is still checked for expiry on every request', async () => {
  const { remembered, deps, issued, clock } = await remembering()
  const expiring = await right(issueApiKey(deps)({ accountId: issued.key.accountId, name: 'e', access: 'full', organizationWide: false, expiresInDays: 1 }))
  clock.advance(86_400_000 - 3_000)
  await right(remembered(expiring.plaintext))
  clock.advance(1_000)
  await right(remembered(expiring.plaintext))
  clock.advance(2_001)
  assert.equal(await left(remembered(expiring.plaintext)), { _tag: 'Unauthorized' })
})

test('another secret with a remembered key\'s public id is refused', async () => {
  const { remembered, issued, clock } = await remembering()
  await right(remembered(issued.plaintext))
  clock.advance(1_000)
  await right(remembered(issued.plaintext))
  const last = issued.plaintext.at(-1) === 'A' ? 'B' : 'A'
  assert.equal(await left(remembered(`${issued.plaintext.slice(0, -1)}${last}`)), { _tag: 'Unauthorized' })
  assert.equal(await left(remembered(undefined)), { _tag: 'Unauthorized' })
})

test('without a cache, authentications are not remembered', async () => {
  const core = authenticate({ ...(await setup()).raw, keySecrets, clock: fixedClock('2026-03-01T00:00:00.000Z') })
  assert.is(rememberAuthentications({ apiKeys: memoryApiKeyStore(), keySecrets }, core), core)
})

test.run()
