import fc from 'fast-check'
import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Account, Organization } from '../core/domain/identity/account.js'
import type { Invite, Membership } from '../core/domain/identity/organization.js'
import type { AccountStore } from '../core/ports/account-store.js'
import type { OrganizationStore } from '../core/ports/organization-store.js'
import { left, right } from './tasks.js'

/** An account store and an organization store over the same data (membership lives on the account). */
export interface OrganizationStores {
  readonly accounts: AccountStore
  readonly organizations: OrganizationStore
}

const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`
const org = (n: number): Organization => ({ id: uuid('20000000', n), name: `Org ${n}`, createdAt: `2026-01-0${n}T00:00:00.000Z` })
const account = (n: number, organizationId: string | null = null): Account => ({
  id: uuid('00000000', n), name: `Person ${n}`, email: `person${n}@example.com`, planKey: 'free', organizationId, serverAdmin: false,
  createdAt: `2026-01-01T00:00:0${n}.000Z`,
})
const joined = (n: number) => `2026-02-${String(n).padStart(2, '0')}T00:00:00.000Z`
const membership = (o: number, a: number, role: Membership['role'] = 'member', at = joined(a)): Membership =>
  ({ organizationId: org(o).id, accountId: account(a).id, role, joinedAt: at })
const invite = (n: number, o: number, email = `invitee${n}@example.com`): Invite => ({
  id: uuid('30000000', n), organizationId: org(o).id, email, role: 'member', publicId: `pub${n}`, hash: `hash${n}`,
  invitedBy: null, createdAt: `2026-03-0${n}T00:00:00.000Z`, expiresAt: `2026-03-1${n}T00:00:00.000Z`,
})

/** The behaviour every adapter of the organization port must show. */
export const organizationStoreContract = (name: string, make: () => Promise<OrganizationStores> | OrganizationStores) => {
  const s = suite<{ stores: OrganizationStores }>(`${name}: organization store`)
  s.before.each(async (ctx) => {
    ctx.stores = await make()
  })
  const seed = async ({ accounts, organizations }: OrganizationStores, accountCount: number) => {
    await right(organizations.create(org(1)))
    await right(organizations.create(org(2)))
    for (let n = 1; n <= accountCount; n++) await right(accounts.create(account(n)))
  }
  const orgOf = async (stores: OrganizationStores, n: number) =>
    O.map((a: Account) => a.organizationId)(await right(stores.accounts.findById(account(n).id)))

  s('an account created into an organization is its owner, joined when created', async ({ stores }) => {
    await right(stores.organizations.create(org(1)))
    await right(stores.accounts.create(account(1, org(1).id)))
    await right(stores.accounts.create(account(2)))
    assert.equal(await right(stores.organizations.membershipOf(account(1).id)), O.some(membership(1, 1, 'owner', account(1).createdAt)))
    assert.equal(await right(stores.organizations.membershipOf(account(2).id)), O.none)
    assert.equal(await right(stores.organizations.findById(org(1).id)), O.some(org(1)))
    assert.equal(await right(stores.organizations.findById(org(9).id)), O.none)
  })

  s('createWithOwner founds an organization atomically; an account in one already is a conflict', async ({ stores }) => {
    await seed(stores, 1)
    await right(stores.organizations.createWithOwner(org(3), account(1).id))
    assert.equal(await right(stores.organizations.membershipOf(account(1).id)), O.some(membership(3, 1, 'owner', org(3).createdAt)))
    assert.equal(await orgOf(stores, 1), O.some(org(3).id), 'the account store sees the membership')
    assert.is((await left(stores.organizations.createWithOwner(org(4), account(1).id)))._tag, 'Conflict')
    assert.equal(await right(stores.organizations.findById(org(4).id)), O.none, 'no organization without its owner')
    assert.is((await left(stores.organizations.createWithOwner(org(5), account(9).id)))._tag, 'NotFound')
    assert.equal(await right(stores.organizations.findById(org(5).id)), O.none)
  })

  s('addMember puts an account in one organization at most', async ({ stores }) => {
    await seed(stores, 2)
    assert.equal(await right(stores.organizations.addMember(membership(1, 1, 'admin'))), membership(1, 1, 'admin'))
    assert.equal(await orgOf(stores, 1), O.some(org(1).id))
    assert.is((await left(stores.organizations.addMember(membership(2, 1))))._tag, 'Conflict')
    assert.is((await left(stores.organizations.addMember(membership(1, 1))))._tag, 'Conflict')
    assert.is((await left(stores.organizations.addMember(membership(1, 9))))._tag, 'NotFound')
    assert.equal(await right(stores.organizations.membershipOf(account(1).id)), O.some(membership(1, 1, 'admin')))
  })

  s('members are listed oldest first, paged, counted, and only of their organization', async ({ stores }) => {
    await seed(stores, 5)
    // Joined out of id order, and two at the same instant (ordered by account id then).
    await right(stores.organizations.addMember(membership(1, 3, 'owner', joined(1))))
    await right(stores.organizations.addMember(membership(1, 1, 'member', joined(2))))
    await right(stores.organizations.addMember(membership(1, 4, 'admin', joined(2))))
    await right(stores.organizations.addMember(membership(2, 2, 'owner', joined(1))))
    const all = await right(stores.organizations.listMembers(org(1).id, { limit: 10, offset: 0 }))
    assert.equal(all.rows.map((m) => m.accountId), [account(3).id, account(1).id, account(4).id])
    assert.equal(all.rows[0], { accountId: account(3).id, name: 'Person 3', email: 'person3@example.com', role: 'owner', joinedAt: joined(1) })
    assert.equal([all.total, all.limit, all.offset], [3, 10, 0])
    const second = await right(stores.organizations.listMembers(org(1).id, { limit: 1, offset: 1 }))
    assert.equal([second.rows.map((m) => m.accountId), second.total], [[account(1).id], 3])
    const beyond = await right(stores.organizations.listMembers(org(1).id, { limit: 5, offset: 7 }))
    assert.equal([beyond.rows, beyond.total], [[], 3])
    assert.is(await right(stores.organizations.countMembers(org(1).id)), 3)
    assert.is(await right(stores.organizations.countMembers(org(2).id)), 1)
    assert.is(await right(stores.organizations.countMembers(org(9).id)), 0)
  })

  s('roles change; the last owner cannot step down; another organization\'s member is not found', async ({ stores }) => {
    await seed(stores, 3)
    await right(stores.organizations.addMember(membership(1, 1, 'owner')))
    await right(stores.organizations.addMember(membership(1, 2, 'member')))
    await right(stores.organizations.addMember(membership(2, 3, 'owner')))
    const promoted = await right(stores.organizations.setRole(org(1).id, account(2).id, 'admin'))
    assert.equal(promoted, { kind: 'changed', member: { accountId: account(2).id, name: 'Person 2', email: 'person2@example.com', role: 'admin', joinedAt: joined(2) } })
    assert.equal(await right(stores.organizations.setRole(org(1).id, account(1).id, 'admin')), { kind: 'last_owner' })
    assert.equal(await right(stores.organizations.setRole(org(1).id, account(1).id, 'owner')), { kind: 'changed', member: { accountId: account(1).id, name: 'Person 1', email: 'person1@example.com', role: 'owner', joinedAt: joined(1) } })
    assert.equal(await right(stores.organizations.setRole(org(1).id, account(3).id, 'member')), { kind: 'not_found' })
    assert.equal(await right(stores.organizations.membershipOf(account(3).id)), O.some(membership(2, 3, 'owner')), 'untouched')
    await right(stores.organizations.setRole(org(1).id, account(2).id, 'owner'))
    assert.is((await right(stores.organizations.setRole(org(1).id, account(1).id, 'member'))).kind, 'changed', 'with two owners one may step down')
    assert.equal(await right(stores.organizations.membershipOf(account(1).id)), O.some(membership(1, 1, 'member')))
  })

  s('removing a member ends only the membership; never the last owner', async ({ stores }) => {
    await seed(stores, 3)
    await right(stores.organizations.addMember(membership(1, 1, 'owner')))
    await right(stores.organizations.addMember(membership(1, 2, 'admin')))
    await right(stores.organizations.addMember(membership(2, 3, 'owner')))
    const removed = await right(stores.organizations.removeMember(org(1).id, account(2).id))
    assert.equal(removed, { kind: 'changed', member: { accountId: account(2).id, name: 'Person 2', email: 'person2@example.com', role: 'admin', joinedAt: joined(2) } })
    assert.equal(await right(stores.organizations.membershipOf(account(2).id)), O.none)
    assert.equal(await right(stores.accounts.findById(account(2).id)), O.some(account(2)), 'the account stays, in no organization')
    assert.equal(await right(stores.organizations.removeMember(org(1).id, account(2).id)), { kind: 'not_found' })
    assert.equal(await right(stores.organizations.removeMember(org(1).id, account(1).id)), { kind: 'last_owner' })
    assert.equal(await right(stores.organizations.removeMember(org(1).id, account(3).id)), { kind: 'not_found' })
    assert.is(await right(stores.organizations.countMembers(org(2).id)), 1, 'the other organization keeps its member')
    await right(stores.organizations.addMember(membership(1, 2, 'member', joined(9))))
    assert.equal(await right(stores.organizations.membershipOf(account(2).id)), O.some(membership(1, 2, 'member', joined(9))), 'a removed account can join again')
  })

  s('invites are kept per organization: one per email, found by id, email and public id, listed oldest first', async ({ stores }) => {
    await seed(stores, 0)
    await right(stores.organizations.createInvite(invite(2, 1)))
    await right(stores.organizations.createInvite(invite(1, 1)))
    await right(stores.organizations.createInvite(invite(3, 2, 'invitee1@example.com')))
    assert.is((await left(stores.organizations.createInvite({ ...invite(4, 1), email: 'invitee1@example.com' })))._tag, 'Conflict')
    assert.is((await left(stores.organizations.createInvite({ ...invite(5, 2), publicId: 'pub1' })))._tag, 'Conflict')
    assert.equal((await right(stores.organizations.listInvites(org(1).id))).map((i) => i.id), [invite(1, 1).id, invite(2, 1).id])
    assert.equal(await right(stores.organizations.findInvite(org(1).id, invite(1, 1).id)), O.some(invite(1, 1)))
    assert.equal(await right(stores.organizations.findInvite(org(2).id, invite(1, 1).id)), O.none)
    assert.equal(await right(stores.organizations.findInviteByEmail(org(2).id, 'invitee1@example.com')), O.some(invite(3, 2, 'invitee1@example.com')))
    assert.equal(await right(stores.organizations.findInviteByPublicId('pub2')), O.some(invite(2, 1)))
    assert.equal(await right(stores.organizations.findInviteByPublicId('nope')), O.none)
    assert.equal(await right(stores.organizations.deleteInvite(org(2).id, invite(1, 1).id)), O.none, 'not through another organization')
    assert.equal(await right(stores.organizations.deleteInvite(org(1).id, invite(1, 1).id)), O.some(invite(1, 1)))
    assert.equal(await right(stores.organizations.deleteInvite(org(1).id, invite(1, 1).id)), O.none)
    assert.equal((await right(stores.organizations.listInvites(org(1).id))).map((i) => i.id), [invite(2, 1).id])
    await right(stores.organizations.createInvite({ ...invite(6, 1), email: 'invitee1@example.com' }))
  })

  s('accepting uses the invite up and adds the member together, or does neither', async ({ stores }) => {
    await seed(stores, 2)
    await right(stores.organizations.addMember(membership(2, 2, 'owner')))
    await right(stores.organizations.createInvite(invite(1, 1, 'person1@example.com')))
    await right(stores.organizations.createInvite(invite(2, 1, 'person2@example.com')))
    assert.equal(await right(stores.organizations.acceptInvite(invite(2, 1).id, membership(1, 2))), { kind: 'already_member' })
    assert.ok(O.isSome(await right(stores.organizations.findInvite(org(1).id, invite(2, 1).id))), 'a refused acceptance keeps the invite')
    assert.equal(await right(stores.organizations.acceptInvite(invite(1, 1).id, membership(1, 1, 'admin'))), { kind: 'accepted', membership: membership(1, 1, 'admin') })
    assert.equal(await right(stores.organizations.membershipOf(account(1).id)), O.some(membership(1, 1, 'admin')))
    assert.equal(await orgOf(stores, 1), O.some(org(1).id))
    assert.equal(await right(stores.organizations.findInvite(org(1).id, invite(1, 1).id)), O.none, 'used up')
    await right(stores.organizations.removeMember(org(1).id, account(1).id))
    assert.equal(await right(stores.organizations.acceptInvite(invite(1, 1).id, membership(1, 1))), { kind: 'invite_gone' })
  })

  s('every page is the matching slice of the whole list', async ({ stores }) => {
    await seed(stores, 7)
    for (let n = 1; n <= 7; n++) await right(stores.organizations.addMember(membership(1, n, n === 1 ? 'owner' : 'member')))
    const whole = (await right(stores.organizations.listMembers(org(1).id, { limit: 100, offset: 0 }))).rows
    assert.is(whole.length, 7)
    for (let limit = 1; limit <= 9; limit++) {
      for (let offset = 0; offset <= 9; offset++) {
        const p = await right(stores.organizations.listMembers(org(1).id, { limit, offset }))
        assert.equal([p.rows, p.total, p.limit, p.offset], [whole.slice(offset, offset + limit), 7, limit, offset], `limit ${limit} offset ${offset}`)
      }
    }
  })

  s('no sequence of role changes and removals leaves an organization without an owner', async () => {
    const op = fc.record({ kind: fc.constantFrom('setRole', 'remove', 'add'), who: fc.integer({ min: 1, max: 4 }), role: fc.constantFrom('owner', 'admin', 'member') })
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops) => {
        const stores = await make()
        await seed(stores, 4)
        await right(stores.organizations.addMember(membership(1, 1, 'owner')))
        for (const o of ops) {
          const role = o.role as Membership['role']
          if (o.kind === 'setRole') await right(stores.organizations.setRole(org(1).id, account(o.who).id, role))
          else if (o.kind === 'remove') await right(stores.organizations.removeMember(org(1).id, account(o.who).id))
          else await stores.organizations.addMember(membership(1, o.who, role))()
          const members = (await right(stores.organizations.listMembers(org(1).id, { limit: 10, offset: 0 }))).rows
          if (!members.some((m) => m.role === 'owner')) return false
          for (let n = 1; n <= 4; n++) {
            const inList = members.some((m) => m.accountId === account(n).id)
            if (!O.exists((a: Account) => (a.organizationId === org(1).id) === inList)(await right(stores.accounts.findById(account(n).id)))) return false
          }
        }
        return true
      }),
      { numRuns: 60 },
    )
  })

  s.run()
}
