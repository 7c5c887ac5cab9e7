import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { PasswordStore, StoredPassword } from '../../../src/core/ports/password-store.js'
import type { SessionStore } from '../../../src/core/ports/session-store.js'
import { type SessionRow, toSession } from '../shared/rows/sessions.js'
import { attempt, attemptUnique, type Db } from './database.js'

export const sqliteSessionStore = (db: Db): SessionStore => {
  const insert = db.prepare(
    `INSERT INTO sessions (id, token_hash, account_id, key_id, csrf_token, created_at, expires_at)
     VALUES (@id, @tokenHash, @accountId, @keyId, @csrfToken, @createdAt, @expiresAt)`,
  )
  const byHash = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE token_hash = ?')
  const remove = db.prepare('DELETE FROM sessions WHERE id = ?')
  const removeForAccount = db.prepare('DELETE FROM sessions WHERE account_id = ?')
  const removeExpired = db.prepare('DELETE FROM sessions WHERE expires_at <= ?')
  return {
    create: (session) => TE.map(() => session)(attemptUnique(() => insert.run(session), 'A session with this token exists already')),
    findByTokenHash: (tokenHash) => attempt(() => O.map(toSession)(O.fromNullable(byHash.get(tokenHash)))),
    delete: (id) => attempt(() => remove.run(id).changes > 0),
    deleteForAccount: (accountId) => attempt(() => removeForAccount.run(accountId).changes),
    deleteExpired: (now) => attempt(() => removeExpired.run(now.toISOString()).changes),
  }
}

export const sqlitePasswordStore = (db: Db): PasswordStore => {
  const upsert = db.prepare(
    `INSERT INTO account_passwords (account_id, hash, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (account_id) DO UPDATE SET hash = excluded.hash, updated_at = excluded.updated_at`,
  )
  const byAccount = db.prepare<[string], { account_id: string; hash: string; updated_at: string }>('SELECT * FROM account_passwords WHERE account_id = ?')
  return {
    set: (accountId, hash, at) =>
      attempt(() => {
        upsert.run(accountId, hash, at)
      }),
    find: (accountId) =>
      attempt(() => O.map((r: { account_id: string; hash: string; updated_at: string }): StoredPassword => ({ accountId: r.account_id, hash: r.hash, updatedAt: r.updated_at }))(O.fromNullable(byAccount.get(accountId)))),
  }
}
