import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryAccountStore, memoryOrganizationStore } from '../../../adapters/stores/memory/accounts.js'
import { memoryApiKeyStore } from '../../../adapters/stores/memory/api-keys.js'
import { fixedClock } from '../../../adapters/system/clock.js'
import { randomIds } from '../../../adapters/system/ids.js'
import { keySecrets } from '../../../adapters/system/key-secrets.js'
import { DEFAULT_PLANS } from '../../../src/core/domain/identity/account.js'
import type { Actor } from '../../../src/core/domain/identity/api-key.js'
import { createAccount } from '../../../src/core/identity/accounts/create-account.js'
import { createOwnApiKey, listOwnApiKeys, revokeOwnApiKey } from '../../../src/core/identity/index.js'
import { issueApiKey } from '../../../src/core/identity/keys/issue-api-key.js'
import { left, right } from '../../support/run.js'

const setup = async () => {
  const deps = { accounts: memoryAccountStore(), organizations: memoryOrganizationStore(), apiKeys: memoryApiKeyStore(), keySecrets, clock: fixedClock('2026-03-01T00:00:00.000Z'), ids: randomIds, plans: DEFAULT_PLANS }
  const account = await right(createAccount(deps)({ name: 'Ada', email: 'ada@example.com', planKey: 'free', organizationName: 'Acme' }))
  const actor = (access: 'full' | 'readonly', organizationWide: boolean): Actor => ({ accountId: account.id, keyId: 'k', access, organizationWide, organizationId: organizationWide ? account.organizationId : null })
  return { deps, account, actor }
}
const input = { name: 'k', access: 'full' as const, organizationWide: false, expiresInDays: null }

const s = suite("The account's own API keys (core, without HTTP)")

s('the core refuses read-only callers and organization-wide keys from callers that are not', async () => {
  const { deps, actor } = await setup()
  assert.is((await left(createOwnApiKey(deps)(actor('readonly', true), input)))._tag, 'Forbidden')
  assert.is((await left(createOwnApiKey(deps)(actor('full', false), { ...input, organizationWide: true })))._tag, 'Forbidden')
  const made = await right(createOwnApiKey(deps)(actor('full', true), { ...input, name: ' Trimmed ', organizationWide: true }))
  assert.equal([made.key.name, made.key.organizationWide, 'hash' in made.key], ['Trimmed', true, false])
  assert.is((await left(revokeOwnApiKey(deps)(actor('readonly', false), made.key.id)))._tag, 'Forbidden')
})

s('names and expiries out of bounds are refused; a huge expiry is refused rather than crashing, from the CLI too', async () => {
  const { deps, account, actor } = await setup()
  for (const bad of [{ name: '' }, { name: 'x'.repeat(101) }, { expiresInDays: 0 }, { expiresInDays: 2.5 }, { expiresInDays: 1e12 }]) {
    assert.is((await left(createOwnApiKey(deps)(actor('full', false), { ...input, ...bad })))._tag, 'Validation', JSON.stringify(bad))
  }
  assert.is((await left(issueApiKey(deps)({ ...input, accountId: account.id, expiresInDays: 1e12 })))._tag, 'Validation')
})

s('list pages without hashes; revoke finds only the account\'s keys', async () => {
  const { deps, actor } = await setup()
  const other = await right(createAccount(deps)({ name: 'Bob', email: 'bob@example.com', planKey: 'free', organizationName: null }))
  const bobs = await right(issueApiKey(deps)({ ...input, accountId: other.id }))
  for (const n of [1, 2, 3]) await right(createOwnApiKey(deps)(actor('full', false), { ...input, name: `k${n}` }))
  const page = await right(listOwnApiKeys(deps)(actor('readonly', false), { limit: 2, offset: 1 }))
  assert.equal([page.total, page.rows.length, page.rows.some((k) => 'hash' in k)], [3, 2, false])
  for (const id of [bobs.key.id, 'nope']) assert.is((await left(revokeOwnApiKey(deps)(actor('full', false), id)))._tag, 'NotFound')
})

s.run()
