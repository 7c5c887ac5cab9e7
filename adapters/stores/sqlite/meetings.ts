import type Database from 'better-sqlite3'
import * as O from 'fp-ts/lib/Option.js'
import { endsAt, type Meeting } from '../../../src/core/domain/meetings/meeting.js'
import type { MeetingWrites } from '../../../src/core/domain/meetings/meeting-sync-plan.js'
import type { Page } from '../../../src/core/domain/page.js'
import type { MeetingQuery, MeetingStore, SyncScope } from '../../../src/core/ports/meeting-store.js'
import { nearerEnd } from '../shared/nearer-end.js'
import { type MeetingRow, toMeeting } from '../shared/rows/meetings.js'
import { attempt, type Db } from './database.js'

/** A meetings row as SQLite returns it: attendees and organizer are JSON text, the flags 0/1. */
type SqliteMeetingRow = Omit<MeetingRow, 'is_all_day' | 'is_recurring' | 'attendees' | 'organizer' | 'record_override'> & {
  is_all_day: number
  is_recurring: number
  attendees: string
  organizer: string | null
  record_override: number | null
}

const meetingFromSqliteRow = (r: SqliteMeetingRow): Meeting =>
  toMeeting({
    ...r,
    is_all_day: r.is_all_day === 1,
    is_recurring: r.is_recurring === 1,
    attendees: (JSON.parse(r.attendees) as Meeting['attendees'] | null) ?? [],
    organizer: r.organizer === null ? null : JSON.parse(r.organizer),
    record_override: r.record_override === null ? null : r.record_override === 1,
  })

const params = (m: Meeting) => ({
  ...m,
  endsAt: endsAt(m),
  isAllDay: m.isAllDay ? 1 : 0,
  isRecurring: m.isRecurring ? 1 : 0,
  attendees: JSON.stringify(m.attendees),
  organizer: m.organizer === null ? null : JSON.stringify(m.organizer),
  recordOverride: m.recordOverride === null ? null : m.recordOverride ? 1 : 0,
})

const COLUMNS = `id, account_id, connection_id, external_id, source, title, link, description, location, starts_at, ends_at,
  duration_minutes, is_all_day, is_recurring, attendees, attendee_count, organizer, response_status, external_url,
  record_override, created_at, updated_at, removed_at, removed_by`
const COLUMN_LIST = COLUMNS.split(',').map((c) => c.trim())
const VALUES = `@id, @accountId, @connectionId, @externalId, @source, @title, @link, @description, @location, @startsAt, @endsAt,
  @durationMinutes, @isAllDay, @isRecurring, @attendees, @attendeeCount, @organizer, @responseStatus, @externalUrl,
  @recordOverride, @createdAt, @updatedAt, @removedAt, @removedBy`

// A meeting is in [from, to) when it starts before `to` and has not ended by `from` (see inWindow).
const IN_WINDOW = '(@from IS NULL OR ends_at > @from OR starts_at >= @from) AND (@to IS NULL OR starts_at < @to)'

const DAY_MS = 86_400_000
/**
 * The same window as IN_WINDOW over listed meetings, as sources (a table and
 * conditions) each read by one index range alone (migration 9): a meeting starting a day or more before
 * `from` can only be in the window by lasting longer than a day, and those few
 * are in meetings_long; the rest are one range of meetings_window from
 * `dayBefore` (from less a day) instead of every meeting before the window.
 */
const windowSources = (from: boolean, to: boolean): ReadonlyArray<string> => {
  const listed = 'account_id = @accountId AND removed_at IS NULL'
  const before = to ? ' AND starts_at < @to' : ''
  if (!from) return [`meetings WHERE ${listed}${before}`]
  return [
    `meetings WHERE ${listed} AND starts_at >= @dayBefore${before} AND (ends_at > @from OR starts_at >= @from)`,
    // Named: to merge in start order the planner would rather walk meetings_window from the account's first meeting.
    `meetings INDEXED BY meetings_long WHERE ${listed} AND duration_minutes > 1440 AND starts_at < @dayBefore AND ends_at > @from${before}`,
  ]
}

/** Meetings in the service's SQLite file. */
export const sqliteMeetingStore = (db: Db): MeetingStore => {
  const insert = db.prepare(`INSERT INTO meetings (${COLUMNS}) VALUES (${VALUES})`)
  // Written whole, inserted when missing; an upsert, not REPLACE, whose delete would slip past the counting triggers (migration 9).
  const replace = db.prepare(
    `INSERT INTO meetings (${COLUMNS}) VALUES (${VALUES})
     ON CONFLICT (id) DO UPDATE SET ${COLUMN_LIST.slice(1).map((c) => `${c} = excluded.${c}`).join(', ')}`,
  )
  const findListed = db.prepare<[string, string], SqliteMeetingRow>('SELECT * FROM meetings WHERE account_id = ? AND id = ? AND removed_at IS NULL')
  const findAny = db.prepare<[string, string], SqliteMeetingRow>('SELECT * FROM meetings WHERE account_id = ? AND id = ?')
  const statements = new Map<string, Database.Statement<Record<string, unknown>, unknown>>()
  const prepared = (sql: string) => statements.get(sql) ?? statements.set(sql, db.prepare(sql)).get(sql)!
  // Count and page in one read transaction: the page is read from the end the total says is nearer.
  const list = db.transaction((accountId: string, q: MeetingQuery): Page<Meeting> => {
    const sources = windowSources(q.from !== null, q.to !== null)
    const args = { accountId, from: q.from, to: q.to, dayBefore: q.from === null ? null : new Date(Date.parse(q.from) - DAY_MS).toISOString() }
    // Everything held is counted by the triggers of migration 9; a window is counted in its index ranges.
    const counted = q.from === null && q.to === null ? 'SELECT coalesce((SELECT listed FROM meeting_counts WHERE account_id = @accountId), 0)' : null
    const total = prepared(counted ?? `SELECT ${sources.map((w) => `(SELECT count(*) FROM ${w})`).join(' + ')}`).pluck().get(args) as number
    const at = nearerEnd(total, q.offset, q.limit)
    const dir = at.reverse ? 'DESC' : 'ASC'
    const rows = at.limit === 0 ? [] : (prepared(
      `WITH page AS (${sources.map((w) => `SELECT id, starts_at FROM ${w}`).join(' UNION ALL ')}
         ORDER BY starts_at ${dir}, id ${dir} LIMIT @limit OFFSET @offset)
       SELECT meetings.* FROM page JOIN meetings ON meetings.id = page.id ORDER BY page.starts_at, page.id`,
    ).all({ ...args, limit: at.limit, offset: at.offset }) as SqliteMeetingRow[])
    return { rows: rows.map(meetingFromSqliteRow), total, limit: q.limit, offset: q.offset }
  })
  const scoped = db.prepare<Record<string, unknown>, SqliteMeetingRow>(
    `SELECT * FROM meetings WHERE account_id = @accountId AND connection_id = @connectionId
     AND (external_id IN (SELECT value FROM json_each(@externalIds)) OR (removed_at IS NULL AND ${IN_WINDOW}))`,
  )
  const listedOfConnection = db.prepare<[string, string], SqliteMeetingRow>(
    'SELECT * FROM meetings WHERE account_id = ? AND connection_id = ? AND removed_at IS NULL',
  )
  const write = (writes: MeetingWrites) => {
    for (const m of writes.inserts) insert.run(params(m))
    for (const m of writes.updates) replace.run(params(m))
  }
  const update = db.transaction((accountId: string, id: string, change: (m: Meeting) => Meeting): O.Option<Meeting> => {
    const row = findListed.get(accountId, id)
    if (row === undefined) return O.none
    const next = { ...change(meetingFromSqliteRow(row)), id, accountId }
    replace.run(params(next))
    return O.some(next)
  })
  const reconcile = db.transaction((accountId: string, scope: SyncScope, plan: (existing: ReadonlyArray<Meeting>) => MeetingWrites) => {
    const existing = scoped
      .all({ accountId, connectionId: scope.connectionId, externalIds: JSON.stringify(scope.externalIds), from: scope.window.from, to: scope.window.to })
      .map(meetingFromSqliteRow)
    const writes = plan(existing)
    write(writes)
    return writes
  })
  const removeAll = db.transaction((accountId: string, connectionId: string, at: string) => {
    const gone = listedOfConnection.all(accountId, connectionId).map((r): Meeting => ({ ...meetingFromSqliteRow(r), removedAt: at, removedBy: 'user', updatedAt: at }))
    for (const m of gone) replace.run(params(m))
    return gone
  })
  const starting = db.prepare<Record<string, unknown>, SqliteMeetingRow>(
    `SELECT * FROM meetings WHERE removed_at IS NULL AND starts_at >= @from AND starts_at < @to
       AND (starts_at, id) > (@afterStart, @afterId) ORDER BY starts_at, id LIMIT @limit`,
  )
  const upcoming = db.prepare<[string, string], { connection_id: string; n: number }>(
    `SELECT connection_id, count(*) AS n FROM meetings WHERE account_id = ? AND removed_at IS NULL AND connection_id IS NOT NULL AND ends_at > ?
       GROUP BY connection_id`,
  )
  return {
    create: (m) => attempt(() => (insert.run(params(m)), m)),
    countUpcomingByConnection: (accountId, from) => attempt(() => Object.fromEntries(upcoming.all(accountId, from).map((r) => [r.connection_id, r.n]))),
    startingBetween: (from, to, after, limit) =>
      attempt(() => starting.all({ from, to, afterStart: after?.startsAt ?? '', afterId: after?.id ?? '', limit }).map(meetingFromSqliteRow)),
    find: (accountId, id) => attempt(() => O.map(meetingFromSqliteRow)(O.fromNullable(findListed.get(accountId, id)))),
    findAny: (accountId, id) => attempt(() => O.map(meetingFromSqliteRow)(O.fromNullable(findAny.get(accountId, id)))),
    list: (accountId, q) => attempt(() => list(accountId, q)),
    update: (accountId, id, change) => attempt(() => update.immediate(accountId, id, change)),
    reconcile: (accountId, scope, plan) => attempt(() => reconcile.immediate(accountId, scope, plan)),
    removeForConnection: (accountId, connectionId, at) => attempt(() => removeAll.immediate(accountId, connectionId, at)),
  }
}
