import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { AccountSettings } from '../../../src/core/domain/identity/account-settings.js'
import type { AccountSettingsStore } from '../../../src/core/ports/account-settings-store.js'

export const memoryAccountSettingsStore = (): AccountSettingsStore => {
  const settings = new Map<string, AccountSettings>()
  return {
    find: (accountId) => TE.right(O.fromNullable(settings.get(accountId))),
    save: (accountId, s) =>
      TE.fromIO(() => {
        settings.set(accountId, s)
        return s
      }),
    withRetention: (after, limit) =>
      TE.right(
        [...settings.entries()]
          .filter(([id, s]) => s.retention.days !== null && (after === null || id > after))
          .sort(([a], [b]) => a.localeCompare(b))
          .slice(0, limit)
          .map(([accountId, s]) => ({ accountId, retention: { scope: s.retention.scope, days: s.retention.days! } })),
      ),
  }
}
