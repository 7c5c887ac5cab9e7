import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import {
  type AccountSettings,
  DEFAULT_SETTINGS,
  MAX_RETENTION_DAYS,
  MIN_RETENTION_DAYS,
  type RetentionScope,
} from '../domain/identity/account-settings.js'
import type { Actor } from '../domain/identity/api-key.js'
import { type AppError, forbidden, invalidField } from '../errors.js'
import type { AccountSettingsStore } from '../ports/account-settings-store.js'
import type { Clock } from '../ports/clock.js'

export interface AccountSettingsDeps {
  readonly accountSettings: AccountSettingsStore
  readonly clock: Clock
}

/** A change to the settings: what is given replaces, the rest stays. */
export interface SettingsPatch {
  readonly retention?: { readonly days?: number | null; readonly scope?: RetentionScope }
}

export const readSettings =
  (deps: AccountSettingsDeps) =>
  (actor: Actor): TE.TaskEither<AppError, AccountSettings> =>
    TE.map(O.getOrElse(() => DEFAULT_SETTINGS))(deps.accountSettings.find(actor.accountId))

export const updateSettings =
  (deps: AccountSettingsDeps) =>
  (actor: Actor, patch: SettingsPatch): TE.TaskEither<AppError, AccountSettings> => {
    if (actor.access !== 'full') return TE.left(forbidden('This key is read-only and cannot make changes'))
    const days = patch.retention?.days
    if (days !== undefined && days !== null && (!Number.isInteger(days) || days < MIN_RETENTION_DAYS || days > MAX_RETENTION_DAYS)) {
      return TE.left(
        invalidField('retention.days', `retention.days must be a whole number of days from ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS}, or null to keep recordings forever`),
      )
    }
    return pipe(
      readSettings(deps)(actor),
      TE.flatMap((current) =>
        deps.accountSettings.save(actor.accountId, { retention: { ...current.retention, ...patch.retention } }, deps.clock.now().toISOString()),
      ),
    )
  }
