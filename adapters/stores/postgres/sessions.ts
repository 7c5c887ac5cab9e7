import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { PasswordStore, StoredPassword } from '../../../src/core/ports/password-store.js'
import type { SessionStore } from '../../../src/core/ports/session-store.js'
import { type SessionRow, toSession } from '../shared/rows/sessions.js'
import { attempt, attemptUnique, first, type Pool } from './database.js'

export const postgresSessionStore = (pool: Pool): SessionStore => ({
  create: (s) =>
    TE.map(() => s)(
      attemptUnique(
        () =>
          pool.query(
            `INSERT INTO sessions (id, token_hash, account_id, key_id, csrf_token, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [s.id, s.tokenHash, s.accountId, s.keyId, s.csrfToken, s.createdAt, s.expiresAt],
          ),
        'A session with this token exists already',
      ),
    ),
  findByTokenHash: (tokenHash) => attempt(async () => O.map(toSession)(O.fromNullable(await first<SessionRow>(pool, 'SELECT * FROM sessions WHERE token_hash = $1', [tokenHash])))),
  delete: (id) => attempt(async () => ((await pool.query('DELETE FROM sessions WHERE id = $1', [id])).rowCount ?? 0) > 0),
  deleteForAccount: (accountId) => attempt(async () => (await pool.query('DELETE FROM sessions WHERE account_id = $1', [accountId])).rowCount ?? 0),
  deleteExpired: (now) => attempt(async () => (await pool.query('DELETE FROM sessions WHERE expires_at <= $1', [now.toISOString()])).rowCount ?? 0),
})

export const postgresPasswordStore = (pool: Pool): PasswordStore => ({
  set: (accountId, hash, at) =>
    attempt(async () => {
      await pool.query(
        `INSERT INTO account_passwords (account_id, hash, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (account_id) DO UPDATE SET hash = excluded.hash, updated_at = excluded.updated_at`,
        [accountId, hash, at],
      )
    }),
  find: (accountId) =>
    attempt(async () =>
      O.map((r: { account_id: string; hash: string; updated_at: string }): StoredPassword => ({ accountId: r.account_id, hash: r.hash, updatedAt: r.updated_at }))(
        O.fromNullable(await first<{ account_id: string; hash: string; updated_at: string }>(pool, 'SELECT * FROM account_passwords WHERE account_id = $1', [accountId])),
      ),
    ),
})
