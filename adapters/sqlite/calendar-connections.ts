import * as O from 'fp-ts/Option'
import { type CalendarConnection, DUPLICATE_CONNECTION_MESSAGE } from '../../src/core/domain/calendar-connection.js'
import type { CalendarConnectionStore } from '../../src/core/ports/calendar-connection-store.js'
import { attempt, attemptUnique, type Db } from './database.js'

interface Row {
  id: string
  account_id: string
  provider: CalendarConnection['provider']
  account_email: string
  calendar_id: string
  status: CalendarConnection['status']
  auto_join: CalendarConnection['autoJoin']
  join_rules: string
  bar_rules: string
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
  joinRules: JSON.parse(r.join_rules),
  barRules: JSON.parse(r.bar_rules),
  lastSyncedAt: r.last_synced_at,
  lastError: r.last_error,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  sealedUrl: r.sealed_url,
  cursor: r.cursor,
  nextSyncAt: r.next_sync_at,
  consecutiveFailures: r.consecutive_failures,
})

const params = (c: CalendarConnection) => ({ ...c, joinRules: JSON.stringify(c.joinRules), barRules: JSON.stringify(c.barRules) })

const COLUMNS = `id, account_id, provider, account_email, calendar_id, status, auto_join, join_rules, bar_rules, last_synced_at,
  last_error, created_at, updated_at, sealed_url, cursor, next_sync_at, consecutive_failures`
const VALUES = `@id, @accountId, @provider, @accountEmail, @calendarId, @status, @autoJoin, @joinRules, @barRules, @lastSyncedAt,
  @lastError, @createdAt, @updatedAt, @sealedUrl, @cursor, @nextSyncAt, @consecutiveFailures`

/** Calendar connections in the service's SQLite file; one feed per account (unique calendar_id). */
export const sqliteCalendarConnectionStore = (db: Db): CalendarConnectionStore => {
  const insert = db.prepare(`INSERT INTO calendar_connections (${COLUMNS}) VALUES (${VALUES})`)
  const replace = db.prepare(`REPLACE INTO calendar_connections (${COLUMNS}) VALUES (${VALUES})`)
  const find = db.prepare<[string, string], Row>('SELECT * FROM calendar_connections WHERE account_id = ? AND id = ?')
  const list = db.prepare<[string], Row>('SELECT * FROM calendar_connections WHERE account_id = ? ORDER BY created_at, id')
  const remove = db.prepare('DELETE FROM calendar_connections WHERE account_id = ? AND id = ?')
  const update = db.transaction((accountId: string, id: string, change: (c: CalendarConnection) => CalendarConnection) => {
    const row = find.get(accountId, id)
    if (row === undefined) return O.none
    const next = { ...change(toConnection(row)), id, accountId }
    replace.run(params(next))
    return O.some(next)
  })
  const take = db.transaction((accountId: string, id: string) => {
    const row = find.get(accountId, id)
    if (row !== undefined) remove.run(accountId, id)
    return O.map(toConnection)(O.fromNullable(row))
  })
  return {
    create: (c) => attemptUnique(() => (insert.run(params(c)), c), DUPLICATE_CONNECTION_MESSAGE),
    find: (accountId, id) => attempt(() => O.map(toConnection)(O.fromNullable(find.get(accountId, id)))),
    list: (accountId) => attempt(() => list.all(accountId).map(toConnection)),
    update: (accountId, id, change) => attempt(() => update.immediate(accountId, id, change)),
    remove: (accountId, id) => attempt(() => take.immediate(accountId, id)),
  }
}
