import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { AccountStore } from '../../src/core/ports/account-store.js'
import { type AccountRow, toAccount } from '../shared/rows/accounts.js'
import { attempt, attemptUnique, type Db } from './database.js'

export const sqliteAccountStore = (db: Db): AccountStore => {
  // An account created into an organization founded it, so it is its owner (organization_* columns: migration 2).
  const insert = db.prepare(
    `INSERT INTO accounts (id, name, email, plan_key, organization_id, created_at, organization_role, organization_joined_at)
     VALUES (@id, @name, @email, @planKey, @organizationId, @createdAt,
       CASE WHEN @organizationId IS NULL THEN NULL ELSE 'owner' END, CASE WHEN @organizationId IS NULL THEN NULL ELSE @createdAt END)`,
  )
  const byId = db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE id = ?')
  const byEmail = db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE email = ?')
  const count = db.prepare('SELECT count(*) FROM accounts').pluck()
  const list = db.prepare<[number, number], AccountRow>('SELECT * FROM accounts ORDER BY created_at, id LIMIT ? OFFSET ?')
  return {
    create: (account) =>
      TE.map(() => account)(
        attemptUnique(() => insert.run(account), `An account with email ${account.email} exists already`),
      ),
    findById: (id) => attempt(() => O.map(toAccount)(O.fromNullable(byId.get(id)))),
    findByEmail: (email) => attempt(() => O.map(toAccount)(O.fromNullable(byEmail.get(email)))),
    count: () => attempt(() => count.get() as number),
    list: (q) => attempt(() => ({ rows: list.all(q.limit, q.offset).map(toAccount), total: count.get() as number, limit: q.limit, offset: q.offset })),
  }
}

export { sqliteOrganizationStore } from './organizations.js'
