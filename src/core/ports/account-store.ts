import type * as O from 'fp-ts/lib/Option.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { Account } from '../domain/identity/account.js'
import type { AppError, StoreFailure } from '../errors.js'
import type { Page, PageQuery } from '../domain/page.js'

export interface AccountStore {
  /**
   * Fails with Conflict when the email is taken. An account created with an
   * organization id is that organization's owner (see OrganizationStore).
   */
  create(account: Account): TE.TaskEither<AppError, Account>
  findById(id: string): TE.TaskEither<StoreFailure, O.Option<Account>>
  findByEmail(email: string): TE.TaskEither<StoreFailure, O.Option<Account>>
  count(): TE.TaskEither<StoreFailure, number>
  /** Every account, oldest first (an operator's view, from the CLI). */
  list(page: PageQuery): TE.TaskEither<StoreFailure, Page<Account>>
  /**
   * Makes the account a server administrator, or no longer one. Taking the flag from the last
   * administrator is refused (`last-administrator`), decided in the same step as the change, so two
   * operators each removing one of the last two cannot leave the server with none.
   */
  setServerAdmin(id: string, serverAdmin: boolean): TE.TaskEither<StoreFailure, ServerAdminChange>
  /** Puts the account on the plan (its key, checked by the caller); none when there is no such account. */
  setPlan(id: string, planKey: string): TE.TaskEither<StoreFailure, O.Option<Account>>
  /**
   * Changes the account's own name and email (the email lowercased by the caller). Conflict when
   * another account has the email; none when there is no such account.
   */
  updateProfile(id: string, profile: { readonly name: string; readonly email: string }): TE.TaskEither<AppError, O.Option<Account>>
  /** How many accounts are server administrators. */
  countServerAdmins(): TE.TaskEither<StoreFailure, number>
}

export type ServerAdminChange =
  | { readonly kind: 'set'; readonly account: Account }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'last-administrator' }

/** Moved beside its members and invites; re-exported so existing imports keep working. */
export type { OrganizationStore } from './organization-store.js'
