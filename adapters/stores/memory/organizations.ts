import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Account, Organization } from '../../../src/core/domain/identity/account.js'
import type { Invite, Member, Membership, Role } from '../../../src/core/domain/identity/organization.js'
import { conflict, notFound, storeFailure } from '../../../src/core/errors.js'
import type { MemberChange, OrganizationStore } from '../../../src/core/ports/organization-store.js'

/** An account with its place in an organization (role and joinedAt are null when organizationId is). */
export interface MemoryAccountRow {
  readonly account: Account
  readonly role: Role | null
  readonly joinedAt: string | null
}

/**
 * The rows the memory stores share, as the SQLite stores share one database:
 * membership lives on the account row, so the account store sees every change
 * the organization store makes. Stores that should see each other must be built
 * on the same directory.
 */
export interface MemoryDirectory {
  readonly accounts: Map<string, MemoryAccountRow>
  readonly organizations: Map<string, Organization>
  readonly invites: Map<string, Invite>
}

export const memoryDirectory = (): MemoryDirectory => ({ accounts: new Map(), organizations: new Map(), invites: new Map() })

const byJoined = (a: Member, b: Member) => a.joinedAt.localeCompare(b.joinedAt) || a.accountId.localeCompare(b.accountId)

export const memoryOrganizationStore = (dir: MemoryDirectory = memoryDirectory()): OrganizationStore => {
  const membershipOf = (accountId: string): Membership | undefined => {
    const row = dir.accounts.get(accountId)
    const organizationId = row?.account.organizationId ?? null
    if (row === undefined || organizationId === null || row.role === null || row.joinedAt === null) return undefined
    return { organizationId, accountId, role: row.role, joinedAt: row.joinedAt }
  }
  const memberOf = (organizationId: string, accountId: string): Member | undefined => {
    const m = membershipOf(accountId)
    const account = dir.accounts.get(accountId)?.account
    if (m === undefined || account === undefined || m.organizationId !== organizationId) return undefined
    return { accountId, name: account.name, email: account.email, role: m.role, joinedAt: m.joinedAt }
  }
  const members = (organizationId: string): Member[] =>
    [...dir.accounts.keys()].flatMap((id) => memberOf(organizationId, id) ?? []).sort(byJoined)
  const place = (accountId: string, m: { organizationId: string; role: Role; joinedAt: string } | null) => {
    const row = dir.accounts.get(accountId)!
    dir.accounts.set(accountId, {
      account: { ...row.account, organizationId: m?.organizationId ?? null },
      role: m?.role ?? null,
      joinedAt: m?.joinedAt ?? null,
    })
  }
  const join = (m: Membership) => {
    const row = dir.accounts.get(m.accountId)
    if (row === undefined) return TE.left(notFound('Account'))
    if (row.account.organizationId !== null) return TE.left(conflict('The account belongs to an organization already'))
    place(m.accountId, m)
    return TE.right(m)
  }
  // Whether taking `accountId` out of the owners would leave none.
  const lastOwner = (organizationId: string, accountId: string) => {
    const owners = members(organizationId).filter((m) => m.role === 'owner')
    return owners.length === 1 && owners[0]!.accountId === accountId
  }
  const change = (organizationId: string, accountId: string, role: Role | null): MemberChange => {
    const member = memberOf(organizationId, accountId)
    if (member === undefined) return { kind: 'not_found' }
    if (member.role === 'owner' && role !== 'owner' && lastOwner(organizationId, accountId)) return { kind: 'last_owner' }
    place(accountId, role === null ? null : { organizationId, role, joinedAt: member.joinedAt })
    return { kind: 'changed', member: role === null ? member : { ...member, role } }
  }
  const invitesOf = (organizationId: string) =>
    [...dir.invites.values()]
      .filter((i) => i.organizationId === organizationId)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))

  return {
    create: (organization) => {
      dir.organizations.set(organization.id, organization)
      return TE.right(organization)
    },
    findById: (id) => TE.right(O.fromNullable(dir.organizations.get(id))),
    createWithOwner: (organization, ownerId) => {
      const row = dir.accounts.get(ownerId)
      if (row === undefined) return TE.left(notFound('Account'))
      if (row.account.organizationId !== null) return TE.left(conflict('The account belongs to an organization already'))
      dir.organizations.set(organization.id, organization)
      place(ownerId, { organizationId: organization.id, role: 'owner', joinedAt: organization.createdAt })
      return TE.right(organization)
    },
    membershipOf: (accountId) => TE.right(O.fromNullable(membershipOf(accountId))),
    addMember: join,
    listMembers: (organizationId, page) => {
      const all = members(organizationId)
      return TE.right({ rows: all.slice(page.offset, page.offset + page.limit), total: all.length, ...page })
    },
    countMembers: (organizationId) => TE.right(members(organizationId).length),
    setRole: (organizationId, accountId, role) => TE.right(change(organizationId, accountId, role)),
    removeMember: (organizationId, accountId) => TE.right(change(organizationId, accountId, null)),
    createInvite: (invite) => {
      const clash = [...dir.invites.values()].some(
        (i) => i.publicId === invite.publicId || (i.organizationId === invite.organizationId && i.email === invite.email),
      )
      if (clash) return TE.left(conflict(`An invite for ${invite.email} exists already`))
      dir.invites.set(invite.id, invite)
      return TE.right(invite)
    },
    findInvite: (organizationId, inviteId) =>
      TE.right(O.fromNullable(invitesOf(organizationId).find((i) => i.id === inviteId))),
    findInviteByEmail: (organizationId, email) =>
      TE.right(O.fromNullable(invitesOf(organizationId).find((i) => i.email === email))),
    findInviteByPublicId: (publicId) =>
      TE.right(O.fromNullable([...dir.invites.values()].find((i) => i.publicId === publicId))),
    listInvites: (organizationId) => TE.right(invitesOf(organizationId)),
    deleteInvite: (organizationId, inviteId) => {
      const invite = dir.invites.get(inviteId)
      if (invite === undefined || invite.organizationId !== organizationId) return TE.right(O.none)
      dir.invites.delete(inviteId)
      return TE.right(O.some(invite))
    },
    acceptInvite: (inviteId, membership) => {
      if (!dir.invites.has(inviteId)) return TE.right({ kind: 'invite_gone' })
      if (membershipOf(membership.accountId) !== undefined) return TE.right({ kind: 'already_member' })
      // The caller found the account first; an unknown one is a defect, reported as a store failure.
      if (!dir.accounts.has(membership.accountId)) return TE.left(storeFailure(new Error(`no account ${membership.accountId}`)))
      dir.invites.delete(inviteId)
      place(membership.accountId, membership)
      return TE.right({ kind: 'accepted', membership })
    },
  }
}
