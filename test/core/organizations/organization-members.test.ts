import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { left, right } from '../../support/run.js'
import { setup } from './organization-setup.js'
import { authenticate, createAccount, getIdentity, issueApiKey } from '../../../src/core/identity/index.js'

const s = suite('organizations and members')

s('accounts create --organization makes the account the owner of a new organization', async () => {
  const { deps, org } = setup()
  const ada = await right(createAccount(deps)({ name: 'Ada', email: 'ada@example.com', planKey: 'free', organizationName: 'Acme' }))
  const page = await right(org.listMembers({ accountId: ada.id, keyId: 'k', access: 'readonly', organizationWide: true, organizationId: ada.organizationId }, { limit: 25, offset: 0 }))
  assert.equal(page.rows.map((m) => [m.email, m.role]), [['ada@example.com', 'owner']])
})

s('an operator founds an organization with an owner; the owner is one organization\'s at most', async () => {
  const { org, account, actor } = setup()
  const ada = await account('Ada')
  const acme = await right(org.create({ name: '  Acme  ', owner: 'ADA@example.com' }))
  assert.is(acme.name, 'Acme')
  const summary = await right(org.get(actor(ada.id, acme.id)))
  assert.equal(summary, { ...acme, memberCount: 1 })
  assert.is((await left(org.create({ name: 'Again', owner: ada.id })))._tag, 'Conflict')
  assert.equal(await left(org.create({ name: ' ', owner: ada.id })), { _tag: 'Validation', message: 'name must not be empty', details: [{ path: 'name', message: 'name must not be empty' }] })
  assert.is((await left(org.create({ name: 'X', owner: 'nobody@example.com' })))._tag, 'NotFound')
  assert.is((await left(org.addMember({ organizationId: '00000000-0000-4000-8000-000000000000', account: ada.id, role: 'member' })))._tag, 'NotFound')
})

s('only an organization-wide key of a current member acts for the organization', async () => {
  const { org, account, actor, organization } = setup()
  const ada = await account('Ada')
  const bob = await account('Bob')
  const acme = await organization(ada.id)
  assert.equal(await left(org.get({ ...actor(ada.id, acme.id), organizationWide: false })), { _tag: 'Forbidden', message: 'This route needs an organization-wide key of an account in an organization' })
  assert.is((await left(org.get(actor(bob.id, acme.id))))._tag, 'Forbidden', 'a claim to an organization the account is not in')
  assert.is((await left(org.listMembers(actor(ada.id, null), { limit: 1, offset: 0 })))._tag, 'Forbidden')
})

s('members are paged oldest first', async () => {
  const { org, account, actor, organization, deps } = setup()
  const ada = await account('Ada')
  const others = []
  for (const name of ['Bob', 'Cy', 'Di']) {
    deps.clock.advance(1000)
    others.push(await account(name))
  }
  deps.clock.advance(1000)
  const acme = await organization(ada.id)
  for (const o of others) {
    deps.clock.advance(1000)
    await right(org.addMember({ organizationId: acme.id, account: o.id, role: 'member' }))
  }
  const page = await right(org.listMembers(actor(ada.id, acme.id), { limit: 2, offset: 1 }))
  assert.equal([page.rows.map((m) => m.name), page.total, page.limit, page.offset], [['Bob', 'Cy'], 4, 2, 1])
})

s('owners and admins remove members; admins not owners; nobody the last owner', async () => {
  const { org, account, actor, organization } = setup()
  const [ada, bob, cy, di, eve] = [await account('Ada'), await account('Bob'), await account('Cy'), await account('Di'), await account('Eve')]
  const acme = await organization(ada.id, [[bob.id, 'admin'], [cy.id, 'member'], [di.id, 'member']])
  const other = await organization(eve.id)
  assert.equal(await left(org.removeMember(actor(cy.id, acme.id), di.id)), { _tag: 'Forbidden', message: 'Only owners and admins can remove members' })
  assert.equal(await left(org.removeMember(actor(bob.id, acme.id), ada.id)), { _tag: 'Forbidden', message: 'Only an owner can remove an owner' })
  assert.is((await left(org.removeMember(actor(bob.id, acme.id), eve.id)))._tag, 'NotFound', 'another organization\'s member is not found, not forbidden')
  assert.is((await left(org.removeMember(actor(bob.id, acme.id), '00000000-0000-4000-8000-000000000000')))._tag, 'NotFound')
  const removed = await right(org.removeMember(actor(bob.id, acme.id), cy.id))
  assert.equal([removed.accountId, removed.role], [cy.id, 'member'])
  assert.equal(await right(org.removeMember(actor(ada.id, acme.id), bob.id)).then((m) => m.role), 'admin')
  assert.is((await left(org.removeMember(actor(ada.id, acme.id), ada.id)))._tag, 'Conflict', 'the last owner')
  assert.is((await right(org.get(actor(ada.id, acme.id)))).memberCount, 2)
  assert.is((await right(org.get(actor(eve.id, other.id)))).memberCount, 1, 'the other organization is untouched')
})

s('only owners change roles; the last owner cannot step down', async () => {
  const { org, account, actor, organization } = setup()
  const [ada, bob, eve] = [await account('Ada'), await account('Bob'), await account('Eve')]
  const acme = await organization(ada.id, [[bob.id, 'admin']])
  await organization(eve.id)
  assert.equal(await left(org.changeRole(actor(bob.id, acme.id), bob.id, 'owner')), { _tag: 'Forbidden', message: 'Only owners can change roles' })
  assert.is((await left(org.changeRole(actor(ada.id, acme.id), ada.id, 'member')))._tag, 'Conflict')
  assert.is((await left(org.changeRole(actor(ada.id, acme.id), eve.id, 'member')))._tag, 'NotFound')
  assert.is((await right(org.changeRole(actor(ada.id, acme.id), bob.id, 'owner'))).role, 'owner')
  assert.is((await right(org.changeRole(actor(ada.id, acme.id), ada.id, 'member'))).role, 'member', 'with another owner, an owner may step down')
  assert.is((await left(org.changeRole(actor(ada.id, acme.id), bob.id, 'member')))._tag, 'Forbidden', 'no longer an owner')
})

s('a removed member keeps its account and keys; its organization-wide key reaches nothing and /me says so', async () => {
  const { deps, org, account, actor, organization } = setup()
  const [ada, bob] = [await account('Ada'), await account('Bob')]
  const acme = await organization(ada.id, [[bob.id, 'member']])
  const key = await right(issueApiKey(deps)({ accountId: bob.id, name: 'k', access: 'full', organizationWide: true, expiresInDays: null }))
  const before = await right(authenticate(deps)(key.plaintext))
  assert.is(before.organizationId, acme.id)
  assert.equal((await right(getIdentity(deps)(before))).organization, { id: acme.id, name: 'Acme' })
  await right(org.removeMember(actor(ada.id, acme.id), bob.id))
  const after = await right(authenticate(deps)(key.plaintext))
  assert.equal([after.accountId, after.organizationWide, after.organizationId], [bob.id, true, null])
  assert.is((await right(getIdentity(deps)(after))).organization, null)
  assert.is((await left(org.get(after)))._tag, 'Forbidden')
  assert.ok(O.isSome(await right(deps.accounts.findById(bob.id))))
})

s.run()
