import * as O from 'fp-ts/Option'
import { type CalendarConnection, DUPLICATE_CONNECTION_MESSAGE } from '../../src/core/domain/calendar-connection.js'
import type { CalendarConnectionStore } from '../../src/core/ports/calendar-connection-store.js'
import { attempt, attemptUnique, first, inTransaction, json, type Pool, rows } from './database.js'

interface Row {
  id: string
  account_id: string
  provider: CalendarConnection['provider']
  account_email: string
  calendar_id: string
  status: CalendarConnection['status']
  auto_join: CalendarConnection['autoJoin']
  join_rules: CalendarConnection['joinRules']
  bar_rules: CalendarConnection['barRules']
  last_synced_at: string | null
  last_error: string | null
  created_at: string
  updated_at: string
  sealed_url: string
  cursor: string | null
  next_sync_at: string | null
  consecutive_failures: number
}

const toConnection = (r: Row): CalendarConnection => ({
  id: r.id,
  accountId: r.account_id,
  provider: r.provider,
  accountEmail: r.account_email,
  calendarId: r.calendar_id,
  status: r.status,
  autoJoin: r.auto_join,
  joinRules: r.join_rules,
  barRules: r.bar_rules,
  lastSyncedAt: r.last_synced_at,
  lastError: r.last_error,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  sealedUrl: r.sealed_url,
  cursor: r.cursor,
  nextSyncAt: r.next_sync_at,
  consecutiveFailures: r.consecutive_failures,
})

const COLUMNS = [
  'id', 'account_id', 'provider', 'account_email', 'calendar_id', 'status', 'auto_join', 'join_rules', 'bar_rules', 'last_synced_at',
  'last_error', 'created_at', 'updated_at', 'sealed_url', 'cursor', 'next_sync_at', 'consecutive_failures',
]
const values = (c: CalendarConnection) => [
  c.id, c.accountId, c.provider, c.accountEmail, c.calendarId, c.status, c.autoJoin, json(c.joinRules), json(c.barRules), c.lastSyncedAt,
  c.lastError, c.createdAt, c.updatedAt, c.sealedUrl, c.cursor, c.nextSyncAt, c.consecutiveFailures,
]
const PARAMS = COLUMNS.map((_, i) => `$${i + 1}`).join(', ')

/** Calendar connections on Postgres; one feed per account (unique calendar_id). */
export const postgresCalendarConnectionStore = (pool: Pool): CalendarConnectionStore => {
  const one = (r: Row | undefined) => O.map(toConnection)(O.fromNullable(r))
  return {
    create: (c) => attemptUnique(async () => (await pool.query(`INSERT INTO calendar_connections (${COLUMNS.join(', ')}) VALUES (${PARAMS})`, values(c)), c), DUPLICATE_CONNECTION_MESSAGE),
    find: (accountId, id) => attempt(async () => one(await first<Row>(pool, 'SELECT * FROM calendar_connections WHERE account_id = $1 AND id = $2', [accountId, id]))),
    list: (accountId) =>
      attempt(async () => (await rows<Row>(pool, 'SELECT * FROM calendar_connections WHERE account_id = $1 ORDER BY created_at, id', [accountId])).map(toConnection)),
    update: (accountId, id, change) =>
      attempt(() =>
        inTransaction(pool, async (db) => {
          const row = await first<Row>(db, 'SELECT * FROM calendar_connections WHERE account_id = $1 AND id = $2 FOR NO KEY UPDATE', [accountId, id])
          if (row === undefined) return O.none
          const next = { ...change(toConnection(row)), id, accountId }
          await db.query(`UPDATE calendar_connections SET (${COLUMNS.join(', ')}) = (${PARAMS}) WHERE id = $1`, values(next))
          return O.some(next)
        }),
      ),
    remove: (accountId, id) =>
      attempt(async () => one(await first<Row>(pool, 'DELETE FROM calendar_connections WHERE account_id = $1 AND id = $2 RETURNING *', [accountId, id]))),
  }
}
