import * as O from 'fp-ts/Option'
import { endsAt, type Meeting } from '../../src/core/domain/meeting.js'
import type { MeetingWrites } from '../../src/core/domain/meeting-sync-plan.js'
import type { MeetingStore, SyncScope } from '../../src/core/ports/meeting-store.js'
import { attempt, type Db } from './database.js'

type Row = Record<string, string | number | null>

const json = <A>(v: string | number | null | undefined): A | null => (v == null ? null : (JSON.parse(String(v)) as A))
const bool = (v: string | number | null | undefined): boolean | null => (v == null ? null : v === 1)

const toMeeting = (r: Row): Meeting => ({
  id: r['id'] as string,
  accountId: r['account_id'] as string,
  connectionId: r['connection_id'] as string | null,
  externalId: r['external_id'] as string | null,
  source: r['source'] as string,
  title: r['title'] as string,
  link: r['link'] as string | null,
  description: r['description'] as string,
  location: r['location'] as string,
  startsAt: r['starts_at'] as string,
  durationMinutes: r['duration_minutes'] as number,
  isAllDay: r['is_all_day'] === 1,
  isRecurring: r['is_recurring'] === 1,
  attendees: json(r['attendees']) ?? [],
  attendeeCount: r['attendee_count'] as number,
  organizer: json(r['organizer']),
  responseStatus: r['response_status'] as Meeting['responseStatus'],
  externalUrl: r['external_url'] as string | null,
  recordOverride: bool(r['record_override']),
  createdAt: r['created_at'] as string,
  updatedAt: r['updated_at'] as string,
  removedAt: r['removed_at'] as string | null,
  removedBy: r['removed_by'] as Meeting['removedBy'],
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
const VALUES = `@id, @accountId, @connectionId, @externalId, @source, @title, @link, @description, @location, @startsAt, @endsAt,
  @durationMinutes, @isAllDay, @isRecurring, @attendees, @attendeeCount, @organizer, @responseStatus, @externalUrl,
  @recordOverride, @createdAt, @updatedAt, @removedAt, @removedBy`

// A meeting is in [from, to) when it starts before `to` and has not ended by `from` (see inWindow).
const IN_WINDOW = '(@from IS NULL OR ends_at > @from OR starts_at >= @from) AND (@to IS NULL OR starts_at < @to)'

/** Meetings in the service's SQLite file. */
export const sqliteMeetingStore = (db: Db): MeetingStore => {
  const insert = db.prepare(`INSERT INTO meetings (${COLUMNS}) VALUES (${VALUES})`)
  const replace = db.prepare(`REPLACE INTO meetings (${COLUMNS}) VALUES (${VALUES})`)
  const findListed = db.prepare<[string, string], Row>('SELECT * FROM meetings WHERE account_id = ? AND id = ? AND removed_at IS NULL')
  const findAny = db.prepare<[string, string], Row>('SELECT * FROM meetings WHERE account_id = ? AND id = ?')
  const list = db.prepare<Record<string, unknown>, Row>(
    `SELECT * FROM meetings WHERE account_id = @accountId AND removed_at IS NULL AND ${IN_WINDOW}
     ORDER BY starts_at, id LIMIT @limit OFFSET @offset`,
  )
  const count = db
    .prepare<Record<string, unknown>, number>(`SELECT count(*) FROM meetings WHERE account_id = @accountId AND removed_at IS NULL AND ${IN_WINDOW}`)
    .pluck()
  const scoped = db.prepare<Record<string, unknown>, Row>(
    `SELECT * FROM meetings WHERE account_id = @accountId AND connection_id = @connectionId
     AND (external_id IN (SELECT value FROM json_each(@externalIds)) OR (removed_at IS NULL AND ${IN_WINDOW}))`,
  )
  const listedOfConnection = db.prepare<[string, string], Row>(
    'SELECT * FROM meetings WHERE account_id = ? AND connection_id = ? AND removed_at IS NULL',
  )
  const write = (writes: MeetingWrites) => {
    for (const m of writes.inserts) insert.run(params(m))
    for (const m of writes.updates) replace.run(params(m))
  }
  const update = db.transaction((accountId: string, id: string, change: (m: Meeting) => Meeting): O.Option<Meeting> => {
    const row = findListed.get(accountId, id)
    if (row === undefined) return O.none
    const next = { ...change(toMeeting(row)), id, accountId }
    replace.run(params(next))
    return O.some(next)
  })
  const reconcile = db.transaction((accountId: string, scope: SyncScope, plan: (existing: ReadonlyArray<Meeting>) => MeetingWrites) => {
    const existing = scoped
      .all({ accountId, connectionId: scope.connectionId, externalIds: JSON.stringify(scope.externalIds), from: scope.window.from, to: scope.window.to })
      .map(toMeeting)
    const writes = plan(existing)
    write(writes)
    return writes
  })
  const removeAll = db.transaction((accountId: string, connectionId: string, at: string) => {
    const gone = listedOfConnection.all(accountId, connectionId).map((r): Meeting => ({ ...toMeeting(r), removedAt: at, removedBy: 'user', updatedAt: at }))
    for (const m of gone) replace.run(params(m))
    return gone
  })
  return {
    create: (m) => attempt(() => (insert.run(params(m)), m)),
    find: (accountId, id) => attempt(() => O.map(toMeeting)(O.fromNullable(findListed.get(accountId, id)))),
    findAny: (accountId, id) => attempt(() => O.map(toMeeting)(O.fromNullable(findAny.get(accountId, id)))),
    list: (accountId, q) =>
      attempt(() => {
        const args = { accountId, from: q.from, to: q.to }
        const rows = list.all({ ...args, limit: q.limit, offset: q.offset }).map(toMeeting)
        return { rows, total: count.get(args) as number, limit: q.limit, offset: q.offset }
      }),
    update: (accountId, id, change) => attempt(() => update.immediate(accountId, id, change)),
    reconcile: (accountId, scope, plan) => attempt(() => reconcile.immediate(accountId, scope, plan)),
    removeForConnection: (accountId, connectionId, at) => attempt(() => removeAll.immediate(accountId, connectionId, at)),
  }
}
