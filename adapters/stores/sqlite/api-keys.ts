import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { ApiKey } from '../../../src/core/domain/identity/api-key.js'
import type { ApiKeyStore } from '../../../src/core/ports/api-key-store.js'
import { type ApiKeyRow, toApiKey } from '../shared/rows/api-keys.js'
import { attempt, attemptUnique, type Db } from './database.js'

/** An api_keys row as SQLite returns it: organization_wide is 0/1. */
type SqliteApiKeyRow = Omit<ApiKeyRow, 'organization_wide'> & { organization_wide: number }

const apiKeyFromSqliteRow = (r: SqliteApiKeyRow): ApiKey => toApiKey({ ...r, organization_wide: r.organization_wide === 1 })

export const sqliteApiKeyStore = (db: Db): ApiKeyStore => {
  const insert = db.prepare(
    `INSERT INTO api_keys (id, account_id, name, public_id, hash, access, organization_wide, expires_at, revoked_at, created_at)
     VALUES (@id, @accountId, @name, @publicId, @hash, @access, @organizationWide, @expiresAt, @revokedAt, @createdAt)`,
  )
  const byPublicId = db.prepare<[string], SqliteApiKeyRow>('SELECT * FROM api_keys WHERE public_id = ?')
  const byId = db.prepare<[string], SqliteApiKeyRow>('SELECT * FROM api_keys WHERE id = ?')
  const forAccount = db.prepare<[string], SqliteApiKeyRow>('SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at, id')
  const revoke = db.prepare('UPDATE api_keys SET revoked_at = coalesce(revoked_at, ?) WHERE id = ?')
  const one = (row: SqliteApiKeyRow | undefined) => O.map(apiKeyFromSqliteRow)(O.fromNullable(row))
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
    listForAccount: (accountId) => attempt(() => forAccount.all(accountId).map(apiKeyFromSqliteRow)),
    revoke: (id, at) =>
      attempt(() => {
        revoke.run(at, id)
        return one(byId.get(id))
      }),
  }
}
