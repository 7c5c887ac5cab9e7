import * as O from 'fp-ts/Option'
import * as TE from 'fp-ts/TaskEither'
import type { ApiKey } from '../../src/core/domain/api-key.js'
import type { ApiKeyStore } from '../../src/core/ports/api-key-store.js'
import { attempt, attemptUnique, first, type Pool, rows } from './database.js'

interface KeyRow {
  id: string
  account_id: string
  name: string
  public_id: string
  hash: string
  access: 'full' | 'readonly'
  organization_wide: boolean
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
  organizationWide: r.organization_wide,
  expiresAt: r.expires_at,
  revokedAt: r.revoked_at,
  createdAt: r.created_at,
})

const one = (row: KeyRow | undefined) => O.map(toKey)(O.fromNullable(row))

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
  findByPublicId: (publicId) => attempt(async () => one(await first<KeyRow>(pool, 'SELECT * FROM api_keys WHERE public_id = $1', [publicId]))),
  findById: (id) => attempt(async () => one(await first<KeyRow>(pool, 'SELECT * FROM api_keys WHERE id = $1', [id]))),
  listForAccount: (accountId) =>
    attempt(async () => (await rows<KeyRow>(pool, 'SELECT * FROM api_keys WHERE account_id = $1 ORDER BY created_at, id', [accountId])).map(toKey)),
  revoke: (id, at) =>
    attempt(async () =>
      one(await first<KeyRow>(pool, 'UPDATE api_keys SET revoked_at = coalesce(revoked_at, $1) WHERE id = $2 RETURNING *', [at, id])),
    ),
})
