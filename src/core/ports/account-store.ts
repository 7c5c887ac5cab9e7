import type * as O from 'fp-ts/Option'
import type * as TE from 'fp-ts/TaskEither'
import type { Account, Organization } from '../domain/account.js'
import type { AppError, StoreFailure } from '../errors.js'

export interface AccountStore {
  /** Fails with Conflict when the email is taken. */
  create(account: Account): TE.TaskEither<AppError, Account>
  findById(id: string): TE.TaskEither<StoreFailure, O.Option<Account>>
  findByEmail(email: string): TE.TaskEither<StoreFailure, O.Option<Account>>
  count(): TE.TaskEither<StoreFailure, number>
}

export interface OrganizationStore {
  create(organization: Organization): TE.TaskEither<StoreFailure, Organization>
  findById(id: string): TE.TaskEither<StoreFailure, O.Option<Organization>>
}
