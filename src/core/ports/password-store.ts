import type * as O from 'fp-ts/lib/Option.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { StoreFailure } from '../errors.js'

export interface StoredPassword {
  readonly accountId: string
  /** What PasswordHasher.hash made; never the password. */
  readonly hash: string
  readonly updatedAt: string
}

/** At most one password per account; an account without one cannot sign in with a password. */
export interface PasswordStore {
  /** Sets or replaces the account's password hash. */
  set(accountId: string, hash: string, at: string): TE.TaskEither<StoreFailure, void>
  find(accountId: string): TE.TaskEither<StoreFailure, O.Option<StoredPassword>>
}
