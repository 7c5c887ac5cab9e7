import type * as O from 'fp-ts/lib/Option.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { StoredSession } from '../domain/identity/session.js'
import type { AppError, StoreFailure } from '../errors.js'

/** Signed-in browsers. Rows go with their account (ON DELETE CASCADE where the store has foreign keys). */
export interface SessionStore {
  /** Conflict when the token hash is taken (a collision of random tokens: never in practice). */
  create(session: StoredSession): TE.TaskEither<AppError, StoredSession>
  /** The session whose token hashes to `tokenHash`, expired or not: the caller decides. */
  findByTokenHash(tokenHash: string): TE.TaskEither<StoreFailure, O.Option<StoredSession>>
  /** Whether there was such a session. */
  delete(id: string): TE.TaskEither<StoreFailure, boolean>
  /** Ends every session of the account (its password changed); how many there were. */
  deleteForAccount(accountId: string): TE.TaskEither<StoreFailure, number>
  /** Removes sessions whose expiresAt is at or before `now`; how many. */
  deleteExpired(now: Date): TE.TaskEither<StoreFailure, number>
}
