import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../domain/identity/session.js'
import { type AppError, invalidField } from '../../errors.js'
import type { AccountStore } from '../../ports/account-store.js'
import type { Clock } from '../../ports/clock.js'
import type { PasswordHasher } from '../../ports/password-hasher.js'
import type { PasswordStore } from '../../ports/password-store.js'
import type { SessionStore } from '../../ports/session-store.js'
import { findAccount } from '../accounts/find-account.js'

export interface SetPasswordDeps {
  readonly accounts: AccountStore
  readonly passwords: PasswordStore
  readonly passwordHasher: PasswordHasher
  readonly sessions: SessionStore
  readonly clock: Clock
}

export interface PasswordSet {
  readonly accountId: string
  readonly email: string
  /** Sessions that were open and are now ended. */
  readonly sessionsEnded: number
}

/** Length is the rule: passphrases are welcome, and any character counts. */
export const checkPassword = (password: string): AppError | null =>
  [...password].length < PASSWORD_MIN_LENGTH
    ? invalidField('password', `password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    : [...password].length > PASSWORD_MAX_LENGTH
      ? invalidField('password', `password must be at most ${PASSWORD_MAX_LENGTH} characters`)
      : null

/** An operator sets an account's password (named by id or email); every session the account had is ended. */
export const setPassword =
  (deps: SetPasswordDeps) =>
  (idOrEmail: string, password: string): TE.TaskEither<AppError, PasswordSet> => {
    const problem = checkPassword(password)
    if (problem !== null) return TE.left(problem)
    return pipe(
      findAccount(deps)(idOrEmail),
      TE.flatMap((account) =>
        pipe(
          deps.passwordHasher.hash(password),
          TE.flatMap((hash) => deps.passwords.set(account.id, hash, deps.clock.now().toISOString())),
          TE.flatMap(() => deps.sessions.deleteForAccount(account.id)),
          TE.map((sessionsEnded) => ({ accountId: account.id, email: account.email, sessionsEnded })),
        ),
      ),
    )
  }
