import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type Account, normaliseEmail } from '../../domain/identity/account.js'
import { isUuid } from '../../domain/ids.js'
import { type AppError, notFound } from '../../errors.js'
import type { AccountStore } from '../../ports/account-store.js'

/** An operator names an account by id or by email. */
export const findAccount =
  (deps: { readonly accounts: AccountStore }) =>
  (idOrEmail: string): TE.TaskEither<AppError, Account> =>
    pipe(
      isUuid(idOrEmail) ? deps.accounts.findById(idOrEmail) : deps.accounts.findByEmail(normaliseEmail(idOrEmail)),
      TE.flatMap(TE.fromOption(() => notFound('Account'))),
    )
