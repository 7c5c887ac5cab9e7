import * as O from 'fp-ts/lib/Option.js'
import type { RetentionScope } from '../../../src/core/domain/identity/account-settings.js'
import type { AccountSettingsStore } from '../../../src/core/ports/account-settings-store.js'
import { attempt, first, type Pool, rows } from './database.js'

interface Row {
  account_id: string
  retention_days: number | null
  retention_scope: RetentionScope
}

const settingsOf = (r: Row) => ({ retention: { days: r.retention_days, scope: r.retention_scope } })

export const postgresAccountSettingsStore = (pool: Pool): AccountSettingsStore => ({
  find: (accountId) => attempt(async () => O.map(settingsOf)(O.fromNullable(await first<Row>(pool, 'SELECT * FROM account_settings WHERE account_id = $1', [accountId])))),
  save: (accountId, s, at) =>
    attempt(async () => {
      await pool.query(
        `INSERT INTO account_settings (account_id, retention_days, retention_scope, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account_id) DO UPDATE SET retention_days = EXCLUDED.retention_days, retention_scope = EXCLUDED.retention_scope, updated_at = EXCLUDED.updated_at`,
        [accountId, s.retention.days, s.retention.scope, at],
      )
      return s
    }),
  withRetention: (after, limit) =>
    attempt(async () =>
      (
        await rows<Row>(pool, 'SELECT * FROM account_settings WHERE retention_days IS NOT NULL AND account_id > $1 ORDER BY account_id LIMIT $2', [after ?? '', limit])
      ).map((r) => ({ accountId: r.account_id, retention: { days: r.retention_days!, scope: r.retention_scope } })),
    ),
})
