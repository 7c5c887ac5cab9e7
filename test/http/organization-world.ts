import type { Role } from '../../src/core/domain/identity/organization.js'
import type { Harness } from '../support/http.js'
import { right } from '../support/run.js'

/**
 * Acme, owned by the harness's first account (Ada), with Cy (admin) and Di (member);
 * Other, owned by the harness's second account (Bob); Dan in no organization.
 * Keys: organization-wide full and read-only of each Acme member, Dan's full and read-only.
 */
export const organizationWorld = async (h: Harness) => {
  const account = (name: string) =>
    right(h.core.identity.createAccount({ name, email: `${name.toLowerCase()}@example.com`, planKey: 'free', organizationName: null }))
  const key = async (accountId: string, access: 'full' | 'readonly', organizationWide: boolean) =>
    (await right(h.core.identity.issueApiKey({ accountId, name: 'test', access, organizationWide, expiresInDays: null }))).plaintext
  const [cy, di, dan] = [await account('Cy'), await account('Di'), await account('Dan')]
  const acme = await right(h.core.organization.create({ name: 'Acme', owner: h.accounts.first }))
  const other = await right(h.core.organization.create({ name: 'Other', owner: h.accounts.other }))
  const add = (accountId: string, role: Role) => right(h.core.organization.addMember({ organizationId: acme.id, account: accountId, role }))
  h.clock.advance(1000)
  await add(cy.id, 'admin')
  h.clock.advance(1000)
  await add(di.id, 'member')
  // Whoever joins later in a test joins strictly later, so listings have one order.
  h.clock.advance(1000)
  return {
    acme,
    other,
    ids: { ada: h.accounts.first, bob: h.accounts.other, cy: cy.id, di: di.id, dan: dan.id },
    keys: {
      /** Ada, the owner. */
      owner: await key(h.accounts.first, 'full', true),
      ownerReadonly: await key(h.accounts.first, 'readonly', true),
      admin: await key(cy.id, 'full', true),
      member: await key(di.id, 'full', true),
      otherOwner: await key(h.accounts.other, 'full', true),
      dan: await key(dan.id, 'full', false),
      danReadonly: await key(dan.id, 'readonly', false),
    },
    account,
    key,
  }
}
