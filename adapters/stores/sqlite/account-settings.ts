import * as O from 'fp-ts/lib/Option.js'
import type { RetentionScope } from '../../../src/core/domain/identity/account-settings.js'
import type { AccountSettingsStore } from '../../../src/core/ports/account-settings-store.js'
import { attempt, type Db } from './database.js'

interface Row {
  account_id: string
  retention_days: number | null
  retention_scope: RetentionScope
}

const settingsOf = (r: Row) => ({ retention: { days: r.retention_days, scope: r.retention_scope } })

export const sqliteAccountSettingsStore = (db: Db): AccountSettingsStore => {
  const find = db.prepare<[string], Row>('SELECT * FROM account_settings WHERE account_id = ?')
  const save = db.prepare(
    `INSERT INTO account_settings (account_id, retention_days, retention_scope, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (account_id) DO UPDATE SET retention_days = excluded.retention_days, retention_scope = excluded.retention_scope, updated_at = excluded.updated_at`,
  )
  const withRetention = db.prepare<[string, number], Row>(
    'SELECT * FROM account_settings WHERE retention_days IS NOT NULL AND account_id > ? ORDER BY account_id LIMIT ?',
  )
  return {
    find: (accountId) => attempt(() => O.map(settingsOf)(O.fromNullable(find.get(accountId)))),
    save: (accountId, s, at) => attempt(() => (save.run(accountId, s.retention.days, s.retention.scope, at), s)),
    withRetention: (after, limit) =>
      attempt(() =>
        withRetention.all(after ?? '', limit).map((r) => ({ accountId: r.account_id, retention: { days: r.retention_days!, scope: r.retention_scope } })),
      ),
  }
}
