import * as O from 'fp-ts/lib/Option.js'
import { type CalendarConnection, DUPLICATE_CONNECTION_MESSAGE } from '../../../src/core/domain/meetings/calendar-connection.js'
import type { CalendarConnectionStore } from '../../../src/core/ports/calendar-connection-store.js'
import { type CalendarConnectionRow, pushColumns, toCalendarConnection } from '../shared/rows/calendar-connections.js'
import { attempt, attemptUnique, type Db } from './database.js'

/** A calendar_connections row as SQLite returns it: join_rules, bar_rules and warnings are JSON text. */
type SqliteConnectionRow = Omit<CalendarConnectionRow, 'join_rules' | 'bar_rules' | 'warnings' | 'record_declined'> & {
  record_declined: number
  join_rules: string
  bar_rules: string
  warnings: string
}

const connectionFromSqliteRow = (r: SqliteConnectionRow): CalendarConnection =>
  toCalendarConnection({ ...r, record_declined: r.record_declined === 1, join_rules: JSON.parse(r.join_rules), bar_rules: JSON.parse(r.bar_rules), warnings: JSON.parse(r.warnings) })

const params = (c: CalendarConnection) => {
  const [pushChannelId, pushResourceId, pushExpiresAt, pushSealedToken] = pushColumns(c)
  return {
    ...c,
    pushChannelId,
    pushResourceId,
    pushExpiresAt,
    pushSealedToken,
    joinRules: JSON.stringify(c.joinRules),
    barRules: JSON.stringify(c.barRules),
    warnings: JSON.stringify(c.warnings),
    recordDeclined: c.recordDeclined ? 1 : 0,
  }
}

const COLUMNS = [
  'id', 'account_id', 'provider', 'account_email', 'calendar_id', 'status', 'auto_join', 'join_rules', 'bar_rules', 'last_synced_at',
  'last_error', 'warnings', 'created_at', 'updated_at', 'sealed_credential', 'sealed_cursor', 'next_sync_at', 'consecutive_failures',
  'record_declined', 'name', 'feed_name', 'push_channel_id', 'push_resource_id', 'push_expires_at', 'push_sealed_token',
]
/** The named parameter of a column: account_id is @accountId. */
const param = (column: string) => `@${column.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase())}`

/** Calendar connections in the service's SQLite file; one feed per account (unique calendar_id), one connection per push channel. */
export const sqliteCalendarConnectionStore = (db: Db): CalendarConnectionStore => {
  const insert = db.prepare(`INSERT INTO calendar_connections (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(param).join(', ')})`)
  // An UPDATE, not a REPLACE: REPLACE would delete another connection holding the same push channel or calendar.
  const write = db.prepare(`UPDATE calendar_connections SET ${COLUMNS.map((c) => `${c} = ${param(c)}`).join(', ')} WHERE id = @id`)
  const find = db.prepare<[string, string], SqliteConnectionRow>('SELECT * FROM calendar_connections WHERE account_id = ? AND id = ?')
  const list = db.prepare<[string], SqliteConnectionRow>('SELECT * FROM calendar_connections WHERE account_id = ? ORDER BY created_at, id')
  const byPushChannel = db.prepare<[string], SqliteConnectionRow>('SELECT * FROM calendar_connections WHERE push_channel_id = ?')
  const remove = db.prepare('DELETE FROM calendar_connections WHERE account_id = ? AND id = ?')
  const update = db.transaction((accountId: string, id: string, change: (c: CalendarConnection) => CalendarConnection) => {
    const row = find.get(accountId, id)
    if (row === undefined) return O.none
    const next = { ...change(connectionFromSqliteRow(row)), id, accountId }
    write.run(params(next))
    return O.some(next)
  })
  const take = db.transaction((accountId: string, id: string) => {
    const row = find.get(accountId, id)
    if (row !== undefined) remove.run(accountId, id)
    return O.map(connectionFromSqliteRow)(O.fromNullable(row))
  })
  return {
    create: (c) => attemptUnique(() => (insert.run(params(c)), c), DUPLICATE_CONNECTION_MESSAGE),
    find: (accountId, id) => attempt(() => O.map(connectionFromSqliteRow)(O.fromNullable(find.get(accountId, id)))),
    list: (accountId) => attempt(() => list.all(accountId).map(connectionFromSqliteRow)),
    update: (accountId, id, change) => attempt(() => update.immediate(accountId, id, change)),
    findByPushChannel: (channelId) => attempt(() => O.map(connectionFromSqliteRow)(O.fromNullable(byPushChannel.get(channelId)))),
    remove: (accountId, id) => attempt(() => take.immediate(accountId, id)),
  }
}
