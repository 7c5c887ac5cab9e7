import { randomBytes } from 'node:crypto'
import { memoryApiKeyStore } from '../../../adapters/stores/memory/api-keys.js'
import { memoryNotificationStore } from '../../../adapters/stores/memory/notifications.js'
import { aesGcmSecretBox } from '../../../adapters/system/secret-box.js'
import { memoryAccountStore, memoryDirectory, memoryOrganizationStore } from '../../../adapters/stores/memory/accounts.js'
import { fixedClock } from '../../../adapters/system/clock.js'
import { randomIds } from '../../../adapters/system/ids.js'
import { keySecrets } from '../../../adapters/system/key-secrets.js'
import { DEFAULT_PLANS } from '../../../src/core/domain/identity/account.js'
import type { Actor } from '../../../src/core/domain/identity/api-key.js'
import type { Role } from '../../../src/core/domain/identity/organization.js'
import { organizationUseCases } from '../../../src/core/organizations/index.js'
import { right } from '../../support/run.js'
import { createAccount } from '../../../src/core/identity/index.js'

/** Memory ports, the organization use cases over them, and helpers to build an organization. */
export const setup = () => {
  const directory = memoryDirectory()
  const deps = {
    accounts: memoryAccountStore(directory),
    organizations: memoryOrganizationStore(directory),
    apiKeys: memoryApiKeyStore(),
    keySecrets,
    clock: fixedClock('2026-03-01T00:00:00.000Z'),
    ids: randomIds,
    plans: DEFAULT_PLANS,
    notifications: memoryNotificationStore(),
    secretBox: aesGcmSecretBox(randomBytes(32)),
  }
  const org = organizationUseCases(deps)
  const account = async (name: string) =>
    right(createAccount(deps)({ name, email: `${name.toLowerCase()}@example.com`, planKey: 'free', organizationName: null }))
  /** An actor as an organization-wide full key of the account would authenticate. */
  const actor = (accountId: string, organizationId: string | null, access: Actor['access'] = 'full'): Actor =>
    ({ accountId, keyId: 'key', access, organizationWide: true, organizationId })
  /** An organization owned by `owner`, with the other accounts in it at the given roles. */
  const organization = async (owner: string, others: ReadonlyArray<readonly [string, Role]> = []) => {
    const o = await right(org.create({ name: 'Acme', owner }))
    for (const [accountId, role] of others) await right(org.addMember({ organizationId: o.id, account: accountId, role }))
    return o
  }
  return { deps, org, account, actor, organization }
}
