import * as E from 'fp-ts/lib/Either.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Organization } from '../../../src/core/domain/identity/account.js'
import type { Membership, Role } from '../../../src/core/domain/identity/organization.js'
import { type AppError, conflict, notFound } from '../../../src/core/errors.js'
import type { MemberChange, OrganizationStore } from '../../../src/core/ports/organization-store.js'
import { type InviteRow, type MemberRow, type OrganizationRow, toInvite, toMember, toMembership, toOrganization } from '../shared/rows/organizations.js'
import { attempt, attemptUnique, count, first, inTransaction, type Pool, type Queryable, rows } from './database.js'

const one = <R, A>(f: (r: R) => A) => (row: R | undefined) => O.map(f)(O.fromNullable(row))

/** Thrown inside a transaction to roll it back with an expected failure. */
class Refusal {
  constructor(readonly error: AppError) {}
}

const MEMBER = 'SELECT id, name, email, organization_id, organization_role, organization_joined_at FROM accounts'
const PLACE = 'UPDATE accounts SET organization_id = $1, organization_role = $2, organization_joined_at = $3 WHERE id = $4'

/**
 * Membership is the organization_* columns of the account row; invites have
 * their own table. Concurrent writers are ordered by row locks: a change to a
 * member locks its organization's row (so two owners cannot demote each other
 * at once), and joining locks the account's row (so it joins one organization).
 * Locks are NO KEY UPDATE (no key changes here): they let foreign key checks of
 * other writers (a joining account, a new API key) pass, so none wait in a cycle.
 */
export const postgresOrganizationStore = (pool: Pool): OrganizationStore => {
  const insert = (db: Queryable, o: Organization) =>
    db.query('INSERT INTO organizations (id, name, created_at) VALUES ($1, $2, $3)', [o.id, o.name, o.createdAt])
  const lockedAccount = (db: Queryable, accountId: string) =>
    first<{ organization_id: string | null }>(db, 'SELECT organization_id FROM accounts WHERE id = $1 FOR NO KEY UPDATE', [accountId])
  const join = async (db: Queryable, m: Membership): Promise<E.Either<AppError, Membership>> => {
    const row = await lockedAccount(db, m.accountId)
    if (row === undefined) return E.left(notFound('Account'))
    if (row.organization_id !== null) return E.left(conflict('The account belongs to an organization already'))
    await db.query(PLACE, [m.organizationId, m.role, m.joinedAt, m.accountId])
    return E.right(m)
  }
  const change = (organizationId: string, accountId: string, role: Role | null) =>
    attempt(() =>
      inTransaction(pool, async (db): Promise<MemberChange> => {
        await db.query('SELECT 1 FROM organizations WHERE id = $1 FOR NO KEY UPDATE', [organizationId])
        const found = await first<MemberRow>(db, `${MEMBER} WHERE id = $1 AND organization_id IS NOT NULL FOR NO KEY UPDATE`, [accountId])
        if (found === undefined || found.organization_id !== organizationId) return { kind: 'not_found' }
        const before = toMember(found)
        if (before.role === 'owner' && role !== 'owner') {
          const owners = await count(db, "SELECT count(*) AS n FROM accounts WHERE organization_id = $1 AND organization_role = 'owner'", [organizationId])
          if (owners === 1) return { kind: 'last_owner' }
        }
        if (role === null) await db.query(PLACE, [null, null, null, accountId])
        else await db.query(PLACE, [organizationId, role, before.joinedAt, accountId])
        return { kind: 'changed', member: role === null ? before : { ...before, role } }
      }),
    )
  const refusalOr = <A>(f: () => Promise<A>): TE.TaskEither<AppError, A> =>
    TE.tryCatch(f, (e): AppError => (e instanceof Refusal ? e.error : { _tag: 'StoreFailure', cause: e }))
  const inviteOf = async (organizationId: string, inviteId: string) =>
    first<InviteRow>(pool, 'SELECT * FROM organization_invites WHERE organization_id = $1 AND id = $2', [organizationId, inviteId])

  return {
    create: (o) => attempt(async () => (await insert(pool, o), o)),
    findById: (id) => attempt(async () => one(toOrganization)(await first<OrganizationRow>(pool, 'SELECT * FROM organizations WHERE id = $1', [id]))),
    createWithOwner: (organization, ownerId) =>
      refusalOr(() =>
        inTransaction(pool, async (db) => {
          await insert(db, organization)
          const joined = await join(db, { organizationId: organization.id, accountId: ownerId, role: 'owner', joinedAt: organization.createdAt })
          // Undo the organization when its owner cannot join it.
          if (E.isLeft(joined)) throw new Refusal(joined.left)
          return organization
        }),
      ),
    membershipOf: (accountId) =>
      attempt(async () => one(toMembership)(await first<MemberRow>(pool, `${MEMBER} WHERE id = $1 AND organization_id IS NOT NULL`, [accountId]))),
    addMember: (m) => TE.flatMap((r: E.Either<AppError, Membership>) => TE.fromEither(r))(attempt(() => inTransaction(pool, (db) => join(db, m)))),
    listMembers: (organizationId, q) =>
      attempt(async () => ({
        rows: (
          await rows<MemberRow>(pool, `${MEMBER} WHERE organization_id = $1 ORDER BY organization_joined_at, id LIMIT $2 OFFSET $3`, [organizationId, q.limit, q.offset])
        ).map(toMember),
        total: await count(pool, 'SELECT count(*) AS n FROM accounts WHERE organization_id = $1', [organizationId]),
        limit: q.limit,
        offset: q.offset,
      })),
    countMembers: (organizationId) => attempt(() => count(pool, 'SELECT count(*) AS n FROM accounts WHERE organization_id = $1', [organizationId])),
    setRole: (organizationId, accountId, role) => change(organizationId, accountId, role),
    removeMember: (organizationId, accountId) => change(organizationId, accountId, null),
    createInvite: (i) =>
      TE.map(() => i)(
        attemptUnique(
          () =>
            pool.query(
              `INSERT INTO organization_invites (id, organization_id, email, role, public_id, hash, invited_by, created_at, expires_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
              [i.id, i.organizationId, i.email, i.role, i.publicId, i.hash, i.invitedBy, i.createdAt, i.expiresAt],
            ),
          `An invite for ${i.email} exists already`,
        ),
      ),
    findInvite: (organizationId, inviteId) => attempt(async () => one(toInvite)(await inviteOf(organizationId, inviteId))),
    findInviteByEmail: (organizationId, email) =>
      attempt(async () =>
        one(toInvite)(await first<InviteRow>(pool, 'SELECT * FROM organization_invites WHERE organization_id = $1 AND email = $2', [organizationId, email])),
      ),
    findInviteByPublicId: (publicId) =>
      attempt(async () => one(toInvite)(await first<InviteRow>(pool, 'SELECT * FROM organization_invites WHERE public_id = $1', [publicId]))),
    listInvites: (organizationId) =>
      attempt(async () =>
        (await rows<InviteRow>(pool, 'SELECT * FROM organization_invites WHERE organization_id = $1 ORDER BY created_at, id', [organizationId])).map(toInvite),
      ),
    deleteInvite: (organizationId, inviteId) =>
      attempt(async () =>
        one(toInvite)(
          await first<InviteRow>(pool, 'DELETE FROM organization_invites WHERE organization_id = $1 AND id = $2 RETURNING *', [organizationId, inviteId]),
        ),
      ),
    acceptInvite: (inviteId, m) =>
      attempt(() =>
        inTransaction(pool, async (db) => {
          const row = await lockedAccount(db, m.accountId)
          // The caller found the account first; an unknown one is a defect, reported as a store failure.
          if (row === undefined) throw new Error(`no account ${m.accountId}`)
          if (row.organization_id !== null) {
            const exists = await first(db, 'SELECT 1 FROM organization_invites WHERE id = $1', [inviteId])
            return exists === undefined ? { kind: 'invite_gone' as const } : { kind: 'already_member' as const }
          }
          const used = await db.query('DELETE FROM organization_invites WHERE id = $1', [inviteId])
          if (used.rowCount === 0) return { kind: 'invite_gone' as const }
          await db.query(PLACE, [m.organizationId, m.role, m.joinedAt, m.accountId])
          return { kind: 'accepted' as const, membership: m }
        }),
      ),
  }
}
