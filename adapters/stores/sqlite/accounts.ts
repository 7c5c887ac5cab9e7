import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { AccountStore, ServerAdminChange } from '../../../src/core/ports/account-store.js'
import { type AccountRow, toAccount } from '../shared/rows/accounts.js'
import { attempt, attemptUnique, type Db } from './database.js'

export const sqliteAccountStore = (db: Db): AccountStore => {
  // An account created into an organization founded it, so it is its owner (organization_* columns: migration 2).
  const insert = db.prepare(
    `INSERT INTO accounts (id, name, email, plan_key, organization_id, server_admin, created_at, organization_role, organization_joined_at)
     VALUES (@id, @name, @email, @planKey, @organizationId, @serverAdmin, @createdAt,
       CASE WHEN @organizationId IS NULL THEN NULL ELSE 'owner' END, CASE WHEN @organizationId IS NULL THEN NULL ELSE @createdAt END)`,
  )
  const byId = db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE id = ?')
  const byEmail = db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE email = ?')
  const count = db.prepare('SELECT count(*) FROM accounts').pluck()
  const list = db.prepare<[number, number], AccountRow>('SELECT * FROM accounts ORDER BY created_at, id LIMIT ? OFFSET ?')
  const countAdmins = db.prepare('SELECT count(*) FROM accounts WHERE server_admin = 1').pluck()
  // One statement, so the check that another administrator remains and the change are one step.
  const setAdmin = db.prepare<[number, string, number, string], AccountRow>(
    `UPDATE accounts SET server_admin = ? WHERE id = ?
       AND (? = 1 OR server_admin = 0 OR EXISTS (SELECT 1 FROM accounts WHERE server_admin = 1 AND id <> ?))
     RETURNING *`,
  )
  const setPlan = db.prepare<[string, string], AccountRow>('UPDATE accounts SET plan_key = ? WHERE id = ? RETURNING *')
  const updateProfile = db.prepare<[string, string, string], AccountRow>('UPDATE accounts SET name = ?, email = ? WHERE id = ? RETURNING *')
  return {
    create: (account) =>
      TE.map(() => account)(
        attemptUnique(() => insert.run({ ...account, serverAdmin: account.serverAdmin ? 1 : 0 }), `An account with email ${account.email} exists already`),
      ),
    findById: (id) => attempt(() => O.map(toAccount)(O.fromNullable(byId.get(id)))),
    findByEmail: (email) => attempt(() => O.map(toAccount)(O.fromNullable(byEmail.get(email)))),
    count: () => attempt(() => count.get() as number),
    list: (q) => attempt(() => ({ rows: list.all(q.limit, q.offset).map(toAccount), total: count.get() as number, limit: q.limit, offset: q.offset })),
    setServerAdmin: (id, serverAdmin) =>
      attempt((): ServerAdminChange => {
        const flag = serverAdmin ? 1 : 0
        const changed = setAdmin.get(flag, id, flag, id)
        if (changed !== undefined) return { kind: 'set', account: toAccount(changed) }
        return byId.get(id) === undefined ? { kind: 'not-found' } : { kind: 'last-administrator' }
      }),
    setPlan: (id, planKey) => attempt(() => O.map(toAccount)(O.fromNullable(setPlan.get(planKey, id)))),
    updateProfile: (id, p) => attemptUnique(() => O.map(toAccount)(O.fromNullable(updateProfile.get(p.name, p.email, id))), 'Another account has this email'),
    countServerAdmins: () => attempt(() => countAdmins.get() as number),
  }
}

export { sqliteOrganizationStore } from './organizations.js'
