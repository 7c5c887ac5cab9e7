import * as O from 'fp-ts/lib/Option.js'
import { type CalendarConnection, DUPLICATE_CONNECTION_MESSAGE } from '../../../src/core/domain/meetings/calendar-connection.js'
import type { CalendarConnectionStore } from '../../../src/core/ports/calendar-connection-store.js'
import { type CalendarConnectionRow, pushColumns, toCalendarConnection } from '../shared/rows/calendar-connections.js'
import { attempt, attemptUnique, first, inTransaction, json, type Pool, rows } from './database.js'

const COLUMNS = [
  'id', 'account_id', 'provider', 'account_email', 'calendar_id', 'status', 'auto_join', 'join_rules', 'bar_rules', 'last_synced_at',
  'last_error', 'warnings', 'created_at', 'updated_at', 'sealed_credential', 'sealed_cursor', 'next_sync_at', 'consecutive_failures', 'record_declined',
  'name', 'feed_name', 'push_channel_id', 'push_resource_id', 'push_expires_at', 'push_sealed_token',
]
const values = (c: CalendarConnection) => [
  c.id, c.accountId, c.provider, c.accountEmail, c.calendarId, c.status, c.autoJoin, json(c.joinRules), json(c.barRules), c.lastSyncedAt,
  c.lastError, json(c.warnings), c.createdAt, c.updatedAt, c.sealedCredential, c.sealedCursor, c.nextSyncAt, c.consecutiveFailures, c.recordDeclined,
  c.name, c.feedName, ...pushColumns(c),
]
const PARAMS = COLUMNS.map((_, i) => `$${i + 1}`).join(', ')

/** Calendar connections on Postgres; one feed per account (unique calendar_id), one connection per push channel. */
export const postgresCalendarConnectionStore = (pool: Pool): CalendarConnectionStore => {
  const one = (r: CalendarConnectionRow | undefined) => O.map(toCalendarConnection)(O.fromNullable(r))
  return {
    create: (c) => attemptUnique(async () => (await pool.query(`INSERT INTO calendar_connections (${COLUMNS.join(', ')}) VALUES (${PARAMS})`, values(c)), c), DUPLICATE_CONNECTION_MESSAGE),
    find: (accountId, id) => attempt(async () => one(await first<CalendarConnectionRow>(pool, 'SELECT * FROM calendar_connections WHERE account_id = $1 AND id = $2', [accountId, id]))),
    list: (accountId) =>
      attempt(async () => (await rows<CalendarConnectionRow>(pool, 'SELECT * FROM calendar_connections WHERE account_id = $1 ORDER BY created_at, id', [accountId])).map(toCalendarConnection)),
    update: (accountId, id, change) =>
      attempt(() =>
        inTransaction(pool, async (db) => {
          const row = await first<CalendarConnectionRow>(db, 'SELECT * FROM calendar_connections WHERE account_id = $1 AND id = $2 FOR NO KEY UPDATE', [accountId, id])
          if (row === undefined) return O.none
          const next = { ...change(toCalendarConnection(row)), id, accountId }
          await db.query(`UPDATE calendar_connections SET (${COLUMNS.join(', ')}) = (${PARAMS}) WHERE id = $1`, values(next))
          return O.some(next)
        }),
      ),
    findByPushChannel: (channelId) =>
      attempt(async () => one(await first<CalendarConnectionRow>(pool, 'SELECT * FROM calendar_connections WHERE push_channel_id = $1', [channelId]))),
    remove: (accountId, id) =>
      attempt(async () => one(await first<CalendarConnectionRow>(pool, 'DELETE FROM calendar_connections WHERE account_id = $1 AND id = $2 RETURNING *', [accountId, id]))),
  }
}
