import * as E from 'fp-ts/lib/Either.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Organization } from '../../../src/core/domain/identity/account.js'
import type { Membership, Role } from '../../../src/core/domain/identity/organization.js'
import { type AppError, conflict, notFound } from '../../../src/core/errors.js'
import type { InviteAcceptance, MemberChange, OrganizationStore } from '../../../src/core/ports/organization-store.js'
import { type InviteRow, type MemberRow, type OrganizationRow, toInvite, toMember, toMembership, toOrganization } from '../shared/rows/organizations.js'
import { attempt, attemptUnique, type Db } from './database.js'

const one = <R, A>(f: (r: R) => A) => (row: R | undefined) => O.map(f)(O.fromNullable(row))

/** Thrown inside a transaction to roll it back with an expected failure. */
class Refusal {
  constructor(readonly error: AppError) {}
}

const MEMBER = 'SELECT id, name, email, organization_id, organization_role, organization_joined_at FROM accounts'

/** Membership is the organization_* columns of the account row; invites have their own table. */
export const sqliteOrganizationStore = (db: Db): OrganizationStore => {
  const insert = db.prepare('INSERT INTO organizations (id, name, created_at) VALUES (@id, @name, @createdAt)')
  const byId = db.prepare<[string], OrganizationRow>('SELECT * FROM organizations WHERE id = ?')
  const accountOrg = db.prepare<[string], { organization_id: string | null }>('SELECT organization_id FROM accounts WHERE id = ?')
  const place = db.prepare(
    'UPDATE accounts SET organization_id = ?, organization_role = ?, organization_joined_at = ? WHERE id = ?',
  )
  const member = db.prepare<[string], MemberRow>(`${MEMBER} WHERE id = ? AND organization_id IS NOT NULL`)
  const page = db.prepare<[string, number, number], MemberRow>(
    `${MEMBER} WHERE organization_id = ? ORDER BY organization_joined_at, id LIMIT ? OFFSET ?`,
  )
  const count = db.prepare<[string], number>('SELECT count(*) FROM accounts WHERE organization_id = ?').pluck()
  const owners = db.prepare<[string], number>("SELECT count(*) FROM accounts WHERE organization_id = ? AND organization_role = 'owner'").pluck()
  const insertInvite = db.prepare(
    `INSERT INTO organization_invites (id, organization_id, email, role, public_id, hash, invited_by, created_at, expires_at)
     VALUES (@id, @organizationId, @email, @role, @publicId, @hash, @invitedBy, @createdAt, @expiresAt)`,
  )
  const invite = db.prepare<[string, string], InviteRow>('SELECT * FROM organization_invites WHERE organization_id = ? AND id = ?')
  const inviteByEmail = db.prepare<[string, string], InviteRow>('SELECT * FROM organization_invites WHERE organization_id = ? AND email = ?')
  const inviteByPublicId = db.prepare<[string], InviteRow>('SELECT * FROM organization_invites WHERE public_id = ?')
  const invites = db.prepare<[string], InviteRow>('SELECT * FROM organization_invites WHERE organization_id = ? ORDER BY created_at, id')
  const inviteExists = db.prepare<[string], 1>('SELECT 1 FROM organization_invites WHERE id = ?').pluck()
  const dropInvite = db.prepare('DELETE FROM organization_invites WHERE id = ?')

  // Checks and writes run in one IMMEDIATE transaction each, so concurrent writers see each other's result.
  const join = (m: Membership): E.Either<AppError, Membership> => {
    const row = accountOrg.get(m.accountId)
    if (row === undefined) return E.left(notFound('Account'))
    if (row.organization_id !== null) return E.left(conflict('The account belongs to an organization already'))
    place.run(m.organizationId, m.role, m.joinedAt, m.accountId)
    return E.right(m)
  }
  const change = db.transaction((organizationId: string, accountId: string, role: Role | null): MemberChange => {
    const found = member.get(accountId)
    if (found === undefined || found.organization_id !== organizationId) return { kind: 'not_found' }
    const before = toMember(found)
    if (before.role === 'owner' && role !== 'owner' && owners.get(organizationId) === 1) return { kind: 'last_owner' }
    if (role === null) place.run(null, null, null, accountId)
    else place.run(organizationId, role, before.joinedAt, accountId)
    return { kind: 'changed', member: role === null ? before : { ...before, role } }
  })
  const addMember = db.transaction(join)
  const createWithOwner = db.transaction((organization: Organization, ownerId: string) => {
    insert.run(organization)
    const joined = join({ organizationId: organization.id, accountId: ownerId, role: 'owner', joinedAt: organization.createdAt })
    // Undo the organization when its owner cannot join it.
    if (E.isLeft(joined)) throw new Refusal(joined.left)
    return organization
  })
  const accept = db.transaction((inviteId: string, m: Membership): InviteAcceptance => {
    const row = accountOrg.get(m.accountId)
    // The caller found the account first; an unknown one is a defect, reported as a store failure.
    if (row === undefined) throw new Error(`no account ${m.accountId}`)
    if (inviteExists.get(inviteId) === undefined) return { kind: 'invite_gone' }
    if (row.organization_id !== null) return { kind: 'already_member' }
    dropInvite.run(inviteId)
    place.run(m.organizationId, m.role, m.joinedAt, m.accountId)
    return { kind: 'accepted', membership: m }
  })
  const refusalOr = <A>(f: () => A): TE.TaskEither<AppError, A> =>
    TE.fromEither(E.tryCatch(f, (e): AppError => (e instanceof Refusal ? e.error : { _tag: 'StoreFailure', cause: e })))

  return {
    create: (organization) => attempt(() => (insert.run(organization), organization)),
    findById: (id) => attempt(() => one(toOrganization)(byId.get(id))),
    createWithOwner: (organization, ownerId) => refusalOr(() => createWithOwner.immediate(organization, ownerId)),
    membershipOf: (accountId) => attempt(() => one(toMembership)(member.get(accountId))),
    addMember: (m) => TE.flatMap((r: E.Either<AppError, Membership>) => TE.fromEither(r))(attempt(() => addMember.immediate(m))),
    listMembers: (organizationId, q) =>
      attempt(() => ({ rows: page.all(organizationId, q.limit, q.offset).map(toMember), total: count.get(organizationId)!, ...q })),
    countMembers: (organizationId) => attempt(() => count.get(organizationId)!),
    setRole: (organizationId, accountId, role) => attempt(() => change.immediate(organizationId, accountId, role)),
    removeMember: (organizationId, accountId) => attempt(() => change.immediate(organizationId, accountId, null)),
    createInvite: (i) =>
      TE.map(() => i)(attemptUnique(() => insertInvite.run(i), `An invite for ${i.email} exists already`)),
    findInvite: (organizationId, inviteId) => attempt(() => one(toInvite)(invite.get(organizationId, inviteId))),
    findInviteByEmail: (organizationId, email) => attempt(() => one(toInvite)(inviteByEmail.get(organizationId, email))),
    findInviteByPublicId: (publicId) => attempt(() => one(toInvite)(inviteByPublicId.get(publicId))),
    listInvites: (organizationId) => attempt(() => invites.all(organizationId).map(toInvite)),
    deleteInvite: (organizationId, inviteId) =>
      attempt(() => {
        const found = one(toInvite)(invite.get(organizationId, inviteId))
        if (O.isSome(found)) dropInvite.run(inviteId)
        return found
      }),
    acceptInvite: (inviteId, m) => attempt(() => accept.immediate(inviteId, m)),
  }
}
