import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Account } from '../../domain/identity/account.js'
import { type AppError, conflict, notFound } from '../../errors.js'
import type { AccountStore } from '../../ports/account-store.js'
import { findAccount } from './find-account.js'

export interface ServerAdminSet {
  readonly account: Account
  /** False when the account already was (or was not) one. */
  readonly changed: boolean
}

/**
 * An operator (CLI) makes an account, named by id or email, a server administrator or no longer
 * one. The last administrator keeps the flag: a server without one could not manage its models from the web app.
 */
export const setServerAdmin =
  (deps: { readonly accounts: AccountStore }) =>
  (idOrEmail: string, serverAdmin: boolean): TE.TaskEither<AppError, ServerAdminSet> =>
    pipe(
      findAccount(deps)(idOrEmail),
      TE.flatMap((before) =>
        pipe(
          deps.accounts.setServerAdmin(before.id, serverAdmin),
          TE.flatMap((change): TE.TaskEither<AppError, ServerAdminSet> => {
            if (change.kind === 'not-found') return TE.left(notFound('Account'))
            if (change.kind === 'last-administrator') {
              return TE.left(
                conflict(
                  `${before.email} is this server's last administrator, and a server needs one to manage its speech models; make another account one first (notetaker accounts server-admin --account EMAIL)`,
                ),
              )
            }
            return TE.right({ account: change.account, changed: before.serverAdmin !== serverAdmin })
          }),
        ),
      ),
    )
