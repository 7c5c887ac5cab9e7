import type { IdempotencyClaim, IdempotencyStore } from '../../../src/core/ports/idempotency-store.js'
import { attempt, first, json, type Pool } from './database.js'

interface Row {
  fingerprint: string
  status: number | null
  body: unknown
  expired: boolean
}

/**
 * Keys in one table shared by every process: a key is claimed by the one INSERT
 * that creates its row (ON CONFLICT DO NOTHING), or, once its retention ran
 * out, by the one UPDATE that finds it still expired. Times are epoch ms.
 */
export const postgresIdempotencyStore = (pool: Pool, retentionMs: number): IdempotencyStore => {
  const claim = async (accountId: string, key: string, fingerprint: string, now: number): Promise<IdempotencyClaim> => {
    // A row can vanish (released) or be taken over between the statements; a few rounds settle it.
    for (let round = 0; round < 5; round++) {
      const inserted = await pool.query(
        'INSERT INTO idempotency_keys (account_id, key, fingerprint, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
        [accountId, key, fingerprint, now],
      )
      if (inserted.rowCount === 1) return { kind: 'claimed' }
      const row = await first<Row>(
        pool,
        'SELECT fingerprint, status, body, $3::bigint - created_at > $4::bigint AS expired FROM idempotency_keys WHERE account_id = $1 AND key = $2',
        [accountId, key, now, retentionMs],
      )
      if (row === undefined) continue
      if (row.expired) {
        const taken = await pool.query(
          `UPDATE idempotency_keys SET fingerprint = $3, created_at = $4, status = NULL, body = NULL
           WHERE account_id = $1 AND key = $2 AND $4::bigint - created_at > $5::bigint`,
          [accountId, key, fingerprint, now, retentionMs],
        )
        if (taken.rowCount === 1) return { kind: 'claimed' }
        continue
      }
      if (row.fingerprint !== fingerprint) return { kind: 'mismatch' }
      if (row.status === null) return { kind: 'in_flight' }
      return { kind: 'replay', response: { status: row.status, body: row.body } }
    }
    throw new Error(`the idempotency key ${key} kept changing under concurrent requests`)
  }
  let lastSweep = 0
  return {
    claim: (accountId, key, fingerprint, now) =>
      attempt(async () => {
        const t = now.getTime()
        if (t - lastSweep > 60_000) {
          lastSweep = t
          await pool.query('DELETE FROM idempotency_keys WHERE created_at < $1', [t - retentionMs])
        }
        return claim(accountId, key, fingerprint, t)
      }),
    complete: (accountId, key, response) =>
      attempt(async () => {
        await pool.query('UPDATE idempotency_keys SET status = $3, body = $4 WHERE account_id = $1 AND key = $2', [
          accountId, key, response.status, json(response.body),
        ])
      }),
    release: (accountId, key) =>
      attempt(async () => {
        await pool.query('DELETE FROM idempotency_keys WHERE account_id = $1 AND key = $2', [accountId, key])
      }),
  }
}
