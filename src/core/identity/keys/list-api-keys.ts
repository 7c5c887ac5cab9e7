import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { ApiKey } from '../../domain/identity/api-key.js'
import type { AppError } from '../../errors.js'
import type { AccountStore } from '../../ports/account-store.js'
import type { ApiKeyStore } from '../../ports/api-key-store.js'
import { findAccount } from '../accounts/find-account.js'

/** An operator lists an account's keys (named by id or email), revoked and expired ones included. */
export const listApiKeys =
  (deps: { readonly accounts: AccountStore; readonly apiKeys: ApiKeyStore }) =>
  (idOrEmail: string): TE.TaskEither<AppError, ReadonlyArray<ApiKey>> =>
    pipe(
      findAccount(deps)(idOrEmail),
      TE.flatMap((account) => deps.apiKeys.listForAccount(account.id)),
    )
