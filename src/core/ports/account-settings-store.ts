import type * as O from 'fp-ts/lib/Option.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { AccountSettings, Retention } from '../domain/identity/account-settings.js'
import type { StoreFailure } from '../errors.js'

/** Each account's settings (GET and PATCH /me/settings); an account that never saved any has none (DEFAULT_SETTINGS apply). */
export interface AccountSettingsStore {
  find(accountId: string): TE.TaskEither<StoreFailure, O.Option<AccountSettings>>
  /** Writes the account's settings whole. */
  save(accountId: string, settings: AccountSettings, at: string): TE.TaskEither<StoreFailure, AccountSettings>
  /**
   * Accounts with a retention period (days not null), by account id after
   * `after` (from the first when null), at most `limit`: what the retention sweep walks.
   */
  withRetention(
    after: string | null,
    limit: number,
  ): TE.TaskEither<StoreFailure, ReadonlyArray<{ readonly accountId: string; readonly retention: Retention & { readonly days: number } }>>
}
