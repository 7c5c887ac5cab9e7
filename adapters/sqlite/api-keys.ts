import * as O from 'fp-ts/Option'
import * as TE from 'fp-ts/TaskEither'
import type { ApiKey } from '../../src/core/domain/api-key.js'
import type { ApiKeyStore } from '../../src/core/ports/api-key-store.js'
import { attempt, attemptUnique, type Db } from './database.js'

interface KeyRow {
  id: string
  account_id: string
  name: string
  public_id: string
  hash: string
  access: 'full' | 'readonly'
  organization_wide: number
  expires_at: string | null
  revoked_at: string | null
  created_at: string
}

const toKey = (r: KeyRow): ApiKey => ({
  id: r.id,
  accountId: r.account_id,
  name: r.name,
  publicId: r.public_id,
  hash: r.hash,
  access: r.access,
  organizationWide: r.organization_wide === 1,
  expiresAt: r.expires_at,
  revokedAt: r.revoked_at,
  createdAt: r.created_at,
})

export const sqliteApiKeyStore = (db: Db): ApiKeyStore => {
  const insert = db.prepare(
    `INSERT INTO api_keys (id, account_id, name, public_id, hash, access, organization_wide, expires_at, revoked_at, created_at)
     VALUES (@id, @accountId, @name, @publicId, @hash, @access, @organizationWide, @expiresAt, @revokedAt, @createdAt)`,
  )
  const byPublicId = db.prepare<[string], KeyRow>('SELECT * FROM api_keys WHERE public_id = ?')
  const byId = db.prepare<[string], KeyRow>('SELECT * FROM api_keys WHERE id = ?')
  const forAccount = db.prepare<[string], KeyRow>('SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at, id')
  const revoke = db.prepare('UPDATE api_keys SET revoked_at = coalesce(revoked_at, ?) WHERE id = ?')
  const one = (row: KeyRow | undefined) => O.map(toKey)(O.fromNullable(row))
  return {
    create: (key) =>
      TE.map(() => key)(
        attemptUnique(
          () => insert.run({ ...key, organizationWide: key.organizationWide ? 1 : 0 }),
          'An API key with this public id exists already',
        ),
      ),
    findByPublicId: (publicId) => attempt(() => one(byPublicId.get(publicId))),
    findById: (id) => attempt(() => one(byId.get(id))),
    listForAccount: (accountId) => attempt(() => forAccount.all(accountId).map(toKey)),
    revoke: (id, at) =>
      attempt(() => {
        revoke.run(at, id)
        return one(byId.get(id))
      }),
  }
}
