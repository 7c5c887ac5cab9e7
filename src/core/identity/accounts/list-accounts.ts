import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { Account } from '../../domain/identity/account.js'
import type { Page, PageQuery } from '../../domain/page.js'
import type { StoreFailure } from '../../errors.js'
import type { AccountStore } from '../../ports/account-store.js'

/** An operator lists the accounts, oldest first. */
export const listAccounts =
  (deps: { readonly accounts: AccountStore }) =>
  (page: PageQuery): TE.TaskEither<StoreFailure, Page<Account>> =>
    deps.accounts.list(page)
