import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { ApiKeyStore } from '../../../src/core/ports/api-key-store.js'
import { type ApiKeyRow, toApiKey } from '../shared/rows/api-keys.js'
import { attempt, attemptUnique, first, type Pool, rows } from './database.js'

const one = (row: ApiKeyRow | undefined) => O.map(toApiKey)(O.fromNullable(row))

export const postgresApiKeyStore = (pool: Pool): ApiKeyStore => ({
  create: (k) =>
    TE.map(() => k)(
      attemptUnique(
        () =>
          pool.query(
            `INSERT INTO api_keys (id, account_id, name, public_id, hash, access, organization_wide, expires_at, revoked_at, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
            [k.id, k.accountId, k.name, k.publicId, k.hash, k.access, k.organizationWide, k.expiresAt, k.revokedAt, k.createdAt],
          ),
        'An API key with this public id exists already',
      ),
    ),
  findByPublicId: (publicId) => attempt(async () => one(await first<ApiKeyRow>(pool, 'SELECT * FROM api_keys WHERE public_id = $1', [publicId]))),
  findById: (id) => attempt(async () => one(await first<ApiKeyRow>(pool, 'SELECT * FROM api_keys WHERE id = $1', [id]))),
  listForAccount: (accountId) =>
    attempt(async () => (await rows<ApiKeyRow>(pool, 'SELECT * FROM api_keys WHERE account_id = $1 ORDER BY created_at, id', [accountId])).map(toApiKey)),
  revoke: (id, at) =>
    attempt(async () =>
      one(await first<ApiKeyRow>(pool, 'UPDATE api_keys SET revoked_at = coalesce(revoked_at, $1) WHERE id = $2 RETURNING *', [at, id])),
    ),
})
