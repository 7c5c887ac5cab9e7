import * as O from 'fp-ts/lib/Option.js'
import { endsAt, type Meeting } from '../../../src/core/domain/meetings/meeting.js'
import type { MeetingWrites } from '../../../src/core/domain/meetings/meeting-sync-plan.js'
import type { MeetingStore } from '../../../src/core/ports/meeting-store.js'
import { nearerEnd } from '../shared/nearer-end.js'
import { type MeetingRow, toMeeting } from '../shared/rows/meetings.js'
import { attempt, count, first, inTransaction, json, lockFor, LOCKS, type Pool, type Queryable, rows } from './database.js'

const COLUMNS = [
  'id', 'account_id', 'connection_id', 'external_id', 'source', 'title', 'link', 'description', 'location', 'starts_at', 'ends_at',
  'duration_minutes', 'is_all_day', 'is_recurring', 'attendees', 'attendee_count', 'organizer', 'response_status', 'external_url',
  'record_override', 'created_at', 'updated_at', 'removed_at', 'removed_by',
]
const values = (m: Meeting) => [
  m.id, m.accountId, m.connectionId, m.externalId, m.source, m.title, m.link, m.description, m.location, m.startsAt, endsAt(m),
  m.durationMinutes, m.isAllDay, m.isRecurring, json(m.attendees), m.attendeeCount, m.organizer === null ? null : json(m.organizer),
  m.responseStatus, m.externalUrl, m.recordOverride, m.createdAt, m.updatedAt, m.removedAt, m.removedBy,
]
const INSERT = `INSERT INTO meetings (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`
/** Writes the meeting whole, inserting it when missing (as SQLite's REPLACE does). */
const PUT = `${INSERT} ON CONFLICT (id) DO UPDATE SET ${COLUMNS.slice(1).map((c) => `${c} = EXCLUDED.${c}`).join(', ')}`

/** A meeting is in [from, to) when it starts before `to` and has not ended by `from` (see inWindow); null ends are open. */
const inWindow = (from: string, to: string) =>
  `(${from}::text IS NULL OR ends_at > ${from} OR starts_at >= ${from}) AND (${to}::text IS NULL OR starts_at < ${to})`

const DAY_MS = 86_400_000
/**
 * The same window as inWindow over listed meetings, as conditions each read by
 * one index-only range (migration 8): a meeting starting a day or more before
 * `from` can only be in the window by lasting longer than a day, and those few
 * are in meetings_long; the rest are one range of meetings_window from
 * `dayBefore` (from less a day) instead of every meeting before the window.
 */
const windowWheres = (from: boolean, to: boolean): ReadonlyArray<string> => {
  const listed = 'account_id = @accountId AND removed_at IS NULL'
  const before = to ? ' AND starts_at < @to' : ''
  if (!from) return [`${listed}${before}`]
  return [
    `${listed} AND starts_at >= @dayBefore${before} AND (ends_at > @from OR starts_at >= @from)`,
    `${listed} AND duration_minutes > 1440 AND starts_at < @dayBefore AND ends_at > @from${before}`,
  ]
}

/** `@name` placeholders as $n, with the values in that order (a statement may only number the parameters it uses). */
const named = (sql: string, args: Record<string, unknown>) => {
  const names: string[] = []
  const text = sql.replace(/@(\w+)/g, (_, name: string) => `$${(names.includes(name) ? names.indexOf(name) : names.push(name) - 1) + 1}`)
  return { text, values: names.map((n) => args[n]) }
}

const write = async (db: Queryable, writes: MeetingWrites) => {
  for (const m of writes.inserts) await db.query(INSERT, values(m))
  for (const m of writes.updates) await db.query(PUT, values(m))
}

/**
 * Meetings on Postgres. `update` locks the meeting's row while `change` runs;
 * `reconcile` takes a per-connection advisory lock, so two syncs of one
 * calendar run one after the other (the second sees the first's inserts), and
 * locks the rows it read until it has written.
 */
export const postgresMeetingStore = (pool: Pool): MeetingStore => ({
  create: (m) => attempt(async () => (await pool.query(INSERT, values(m)), m)),
  find: (accountId, id) =>
    attempt(async () => O.map(toMeeting)(O.fromNullable(await first<MeetingRow>(pool, 'SELECT * FROM meetings WHERE account_id = $1 AND id = $2 AND removed_at IS NULL', [accountId, id])))),
  findAny: (accountId, id) =>
    attempt(async () => O.map(toMeeting)(O.fromNullable(await first<MeetingRow>(pool, 'SELECT * FROM meetings WHERE account_id = $1 AND id = $2', [accountId, id])))),
  // Total and page in one snapshot: the page is read from the end the total says is nearer.
  list: (accountId, q) =>
    attempt(() =>
      inTransaction(pool, async (db) => {
        await db.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY')
        const wheres = windowWheres(q.from !== null, q.to !== null)
        const args = { accountId, from: q.from, to: q.to, dayBefore: q.from === null ? null : new Date(Date.parse(q.from) - DAY_MS).toISOString() }
        // Everything held is counted by the triggers of migration 8; a window is counted in its index ranges.
        const total = named(
          q.from === null && q.to === null
            ? 'SELECT coalesce((SELECT listed FROM meeting_counts WHERE account_id = @accountId), 0) AS n'
            : `SELECT ${wheres.map((w) => `(SELECT count(*) FROM meetings WHERE ${w})`).join(' + ')} AS n`,
          args,
        )
        const n = await count(db, total.text, total.values)
        const at = nearerEnd(n, q.offset, q.limit)
        const dir = at.reverse ? 'DESC' : 'ASC'
        // Each side ordered itself: only then does the planner merge the two index orders (Merge Append).
        const sides = wheres.map((w) => `(SELECT id, starts_at FROM meetings WHERE ${w} ORDER BY starts_at ${dir}, id ${dir})`)
        const page = named(
          `WITH page AS (SELECT * FROM (${sides.join(' UNION ALL ')}) keys ORDER BY starts_at ${dir}, id ${dir} LIMIT @limit OFFSET @offset)
           SELECT meetings.* FROM page JOIN meetings ON meetings.id = page.id ORDER BY page.starts_at, page.id`,
          { ...args, limit: at.limit, offset: at.offset },
        )
        const found = at.limit === 0 ? [] : await rows<MeetingRow>(db, page.text, page.values)
        return { rows: found.map(toMeeting), total: n, limit: q.limit, offset: q.offset }
      }),
    ),
  update: (accountId, id, change) =>
    attempt(() =>
      inTransaction(pool, async (db) => {
        const row = await first<MeetingRow>(db, 'SELECT * FROM meetings WHERE account_id = $1 AND id = $2 AND removed_at IS NULL FOR NO KEY UPDATE', [accountId, id])
        if (row === undefined) return O.none
        const next = { ...change(toMeeting(row)), id, accountId }
        await db.query(PUT, values(next))
        return O.some(next)
      }),
    ),
  reconcile: (accountId, scope, plan) =>
    attempt(() =>
      inTransaction(pool, async (db) => {
        await lockFor(db, LOCKS.meetingsOfConnection, scope.connectionId)
        const existing = await rows<MeetingRow>(
          db,
          `SELECT * FROM meetings WHERE account_id = $1 AND connection_id = $2
             AND (external_id = ANY($3::text[]) OR (removed_at IS NULL AND ${inWindow('$4', '$5')}))
           FOR NO KEY UPDATE`,
          [accountId, scope.connectionId, scope.externalIds, scope.window.from, scope.window.to],
        )
        const writes = plan(existing.map(toMeeting))
        await write(db, writes)
        return writes
      }),
    ),
  startingBetween: (from, to, after, limit) =>
    attempt(async () =>
      (
        await rows<MeetingRow>(
          pool,
          `SELECT * FROM meetings WHERE removed_at IS NULL AND starts_at >= $1 AND starts_at < $2 AND (starts_at, id) > ($3::text, $4::text)
           ORDER BY starts_at, id LIMIT $5`,
          [from, to, after?.startsAt ?? '', after?.id ?? '', limit],
        )
      ).map(toMeeting),
    ),
  countUpcomingByConnection: (accountId, from) =>
    attempt(async () =>
      Object.fromEntries(
        (
          await rows<{ connection_id: string; n: number }>(
            pool,
            `SELECT connection_id, count(*)::int AS n FROM meetings WHERE account_id = $1 AND removed_at IS NULL AND connection_id IS NOT NULL AND ends_at > $2
             GROUP BY connection_id`,
            [accountId, from],
          )
        ).map((r) => [r.connection_id, r.n]),
      ),
    ),
  removeForConnection: (accountId, connectionId, at) =>
    attempt(async () =>
      (
        await rows<MeetingRow>(
          pool,
          `UPDATE meetings SET removed_at = $3, removed_by = 'user', updated_at = $3
           WHERE account_id = $1 AND connection_id = $2 AND removed_at IS NULL RETURNING *`,
          [accountId, connectionId, at],
        )
      ).map(toMeeting),
    ),
})
