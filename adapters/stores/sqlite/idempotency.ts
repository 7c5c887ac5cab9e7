import type { IdempotencyClaim, IdempotencyStore } from '../../../src/core/ports/idempotency-store.js'
import { attempt, type Db } from './database.js'

interface Row {
  fingerprint: string
  created_at: number
  status: number | null
  body: string | null
}

export const sqliteIdempotencyStore = (db: Db, retentionMs: number): IdempotencyStore => {
  const find = db.prepare<[string, string], Row>('SELECT * FROM idempotency_keys WHERE account_id = ? AND key = ?')
  const upsert = db.prepare(
    `INSERT INTO idempotency_keys (account_id, key, fingerprint, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (account_id, key) DO UPDATE SET fingerprint = excluded.fingerprint, created_at = excluded.created_at, status = NULL, body = NULL`,
  )
  const complete = db.prepare('UPDATE idempotency_keys SET status = ?, body = ? WHERE account_id = ? AND key = ?')
  const release = db.prepare('DELETE FROM idempotency_keys WHERE account_id = ? AND key = ?')
  const sweep = db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?')
  // One transaction makes check-and-claim atomic against other connections to the file.
  const claim = db.transaction((accountId: string, key: string, fingerprint: string, now: number): IdempotencyClaim => {
    const row = find.get(accountId, key)
    if (row === undefined || now - row.created_at > retentionMs) {
      upsert.run(accountId, key, fingerprint, now)
      return { kind: 'claimed' }
    }
    if (row.fingerprint !== fingerprint) return { kind: 'mismatch' }
    if (row.status === null) return { kind: 'in_flight' }
    return { kind: 'replay', response: { status: row.status, body: row.body === null ? null : JSON.parse(row.body) } }
  })
  let lastSweep = 0
  return {
    claim: (accountId, key, fingerprint, now) =>
      attempt(() => {
        const t = now.getTime()
        if (t - lastSweep > 60_000) {
          sweep.run(t - retentionMs)
          lastSweep = t
        }
        return claim.immediate(accountId, key, fingerprint, t)
      }),
    complete: (accountId, key, response) =>
      attempt(() => {
        complete.run(response.status, JSON.stringify(response.body), accountId, key)
      }),
    release: (accountId, key) =>
      attempt(() => {
        release.run(accountId, key)
      }),
  }
}
