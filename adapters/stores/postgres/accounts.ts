import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { AccountStore, ServerAdminChange } from '../../../src/core/ports/account-store.js'
import { type AccountRow, toAccount } from '../shared/rows/accounts.js'
import { attempt, attemptUnique, count, first, inTransaction, LOCKS, lockFor, type Pool, rows } from './database.js'

const one = (row: AccountRow | undefined) => O.map(toAccount)(O.fromNullable(row))

export const postgresAccountStore = (pool: Pool): AccountStore => ({
  // An account created into an organization founded it, so it is its owner.
  create: (a) =>
    TE.map(() => a)(
      attemptUnique(
        () =>
          pool.query(
            `INSERT INTO accounts (id, name, email, plan_key, organization_id, created_at, organization_role, organization_joined_at, server_admin)
             VALUES ($1, $2, $3, $4, $5::text, $6::text,
               CASE WHEN $5::text IS NULL THEN NULL ELSE 'owner' END, CASE WHEN $5::text IS NULL THEN NULL ELSE $6::text END, $7)`,
            [a.id, a.name, a.email, a.planKey, a.organizationId, a.createdAt, a.serverAdmin],
          ),
        `An account with email ${a.email} exists already`,
      ),
    ),
  findById: (id) => attempt(async () => one(await first<AccountRow>(pool, 'SELECT * FROM accounts WHERE id = $1', [id]))),
  findByEmail: (email) => attempt(async () => one(await first<AccountRow>(pool, 'SELECT * FROM accounts WHERE email = $1', [email]))),
  count: () => attempt(() => count(pool, 'SELECT count(*) AS n FROM accounts')),
  list: (q) =>
    attempt(async () => ({
      rows: (await rows<AccountRow>(pool, 'SELECT * FROM accounts ORDER BY created_at, id LIMIT $1 OFFSET $2', [q.limit, q.offset])).map(toAccount),
      total: await count(pool, 'SELECT count(*) AS n FROM accounts'),
      limit: q.limit,
      offset: q.offset,
    })),
  setServerAdmin: (id, serverAdmin) =>
    attempt(() =>
      inTransaction(pool, async (client): Promise<ServerAdminChange> => {
        // Serialises the changes of the flag: the second of two operators removing the last two sees the first's change.
        await lockFor(client, LOCKS.serverAdmins, 'all')
        const account = one(await first<AccountRow>(client, 'SELECT * FROM accounts WHERE id = $1', [id]))
        if (O.isNone(account)) return { kind: 'not-found' }
        if (!serverAdmin && account.value.serverAdmin && (await count(client, 'SELECT count(*) AS n FROM accounts WHERE server_admin AND id <> $1', [id])) === 0) {
          return { kind: 'last-administrator' }
        }
        await client.query('UPDATE accounts SET server_admin = $2 WHERE id = $1', [id, serverAdmin])
        return { kind: 'set', account: { ...account.value, serverAdmin } }
      }),
    ),
  setPlan: (id, planKey) => attempt(async () => one(await first<AccountRow>(pool, 'UPDATE accounts SET plan_key = $2 WHERE id = $1 RETURNING *', [id, planKey]))),
  updateProfile: (id, p) =>
    attemptUnique(async () => one(await first<AccountRow>(pool, 'UPDATE accounts SET name = $2, email = $3 WHERE id = $1 RETURNING *', [id, p.name, p.email])), 'Another account has this email'),
  countServerAdmins: () => attempt(() => count(pool, 'SELECT count(*) AS n FROM accounts WHERE server_admin')),
})

export { postgresOrganizationStore } from './organizations.js'
