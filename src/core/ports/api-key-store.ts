import type * as O from 'fp-ts/lib/Option.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { ApiKey } from '../domain/identity/api-key.js'
import type { AppError, StoreFailure } from '../errors.js'

export interface ApiKeyStore {
  /** Fails with Conflict when the public id is taken. */
  create(key: ApiKey): TE.TaskEither<AppError, ApiKey>
  findByPublicId(publicId: string): TE.TaskEither<StoreFailure, O.Option<ApiKey>>
  /** Keys of one account, oldest first. */
  listForAccount(accountId: string): TE.TaskEither<StoreFailure, ReadonlyArray<ApiKey>>
  /** Operator lookup by key id (the CLI revokes by id). */
  findById(id: string): TE.TaskEither<StoreFailure, O.Option<ApiKey>>
  /** Sets revokedAt once; revoking a revoked key keeps the first time. */
  revoke(id: string, at: string): TE.TaskEither<StoreFailure, O.Option<ApiKey>>
}
