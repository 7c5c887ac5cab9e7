/**
 * Fills one account with SCALE.runs runs and SCALE.pastMeetings +
 * SCALE.windowMeetings meetings (see scale-data.ts), straight through the
 * driver: multi-row statements in transactions on SQLite, unnest() batches on
 * Postgres. The accounts must exist (made through the CLI, as an operator would);
 * the schema is the one the migrations made.
 */
import { randomUUID } from 'node:crypto'
import Database from 'better-sqlite3'
import pg from 'pg'
import { endsAt, type Meeting } from '../../src/core/domain/meetings/meeting.js'
import type { Run } from '../../src/core/domain/recordings/run.js'
import { planMeetings, planRuns, runOf, SCALE, SCALE_ACCOUNT, sharedRunsOf } from './scale-data.js'

export interface SeedAccounts {
  /** The account the bench reads. */
  readonly scale: string
  /** Shares SCALE.sharedRuns of its runs with the scale account. */
  readonly colleague: string
}

export type SeedTarget = { readonly store: 'sqlite'; readonly path: string } | { readonly store: 'postgres'; readonly url: string }

const RUN_COLUMNS = [
  'id', 'account_id', 'reference', 'origin', 'meeting_id', 'title', 'starts_at', 'platform', 'join_url', 'state', 'detail', 'joined_at',
  'waited_seconds', 'recording_seconds', 'ended_at', 'source', 'audio', 'has_notes', 'leave_requested_at', 'created_at', 'updated_at',
] as const
const runValues = (r: Run) => [
  r.id, r.accountId, r.reference, r.origin, r.meetingId, r.title, r.startsAt, r.platform, r.joinUrl, r.state, r.detail, r.joinedAt,
  r.waitedSeconds, r.recordingSeconds, r.endedAt, r.source === null ? null : JSON.stringify(r.source), r.audio === null ? null : JSON.stringify(r.audio),
  r.hasNotes, r.leaveRequestedAt, r.createdAt, r.updatedAt,
]
const RUN_TYPES = ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'int', 'int', 'text', 'jsonb', 'jsonb', 'boolean', 'text', 'text', 'text']

const MEETING_COLUMNS = [
  'id', 'account_id', 'connection_id', 'external_id', 'source', 'title', 'link', 'description', 'location', 'starts_at', 'ends_at',
  'duration_minutes', 'is_all_day', 'is_recurring', 'attendees', 'attendee_count', 'organizer', 'response_status', 'external_url',
  'record_override', 'created_at', 'updated_at', 'removed_at', 'removed_by',
] as const
const meetingValues = (m: Meeting) => [
  m.id, m.accountId, m.connectionId, m.externalId, m.source, m.title, m.link, m.description, m.location, m.startsAt, endsAt(m),
  m.durationMinutes, m.isAllDay, m.isRecurring, JSON.stringify(m.attendees), m.attendeeCount, m.organizer === null ? null : JSON.stringify(m.organizer),
  m.responseStatus, m.externalUrl, m.recordOverride, m.createdAt, m.updatedAt, m.removedAt, m.removedBy,
]
const MEETING_TYPES = ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'int', 'boolean', 'boolean', 'jsonb', 'int', 'jsonb', 'text', 'text', 'boolean', 'text', 'text', 'text', 'text']

const SHARE_COLUMNS = ['id', 'run_id', 'owner_account_id', 'email', 'scope', 'created_at'] as const

/** Writes rows in batches through `write`, printing the rate. */
const inBatches = async <A>(what: string, items: Iterable<A>, total: number, size: number, write: (batch: A[]) => Promise<void> | void) => {
  const started = performance.now()
  let done = 0
  let batch: A[] = []
  let lastPrint = started
  const flush = async () => {
    await write(batch)
    done += batch.length
    batch = []
    const now = performance.now()
    if (now - lastPrint > 2_000 || done === total) {
      lastPrint = now
      const rate = Math.round(done / ((now - started) / 1000))
      console.log(`  ${what}: ${done.toLocaleString('en')} / ${total.toLocaleString('en')} (${rate.toLocaleString('en')} rows/s)`)
    }
  }
  for (const item of items) {
    batch.push(item)
    if (batch.length === size) await flush()
  }
  if (batch.length > 0) await flush()
  return (performance.now() - started) / 1000
}

/** Booleans as SQLite stores them. */
const sqliteValue = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)

const seedSqlite = async (path: string, write: (insert: Inserter) => Promise<void>) => {
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = OFF')
  db.pragma('cache_size = -1000000')
  const statements = new Map<string, Database.Statement>()
  const statement = (table: string, columns: ReadonlyArray<string>, rows: number) => {
    const key = `${table}:${rows}`
    if (!statements.has(key)) {
      const one = `(${columns.map(() => '?').join(', ')})`
      statements.set(key, db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array.from({ length: rows }, () => one).join(', ')}`))
    }
    return statements.get(key)!
  }
  // 500 rows of at most 24 columns stay under SQLite's limit of 32766 variables per statement.
  const ROWS = 500
  const insert: Inserter = async (table, columns, _types, rows) => {
    db.transaction(() => {
      for (let i = 0; i < rows.length; i += ROWS) {
        const part = rows.slice(i, i + ROWS)
        statement(table, columns, part.length).run(part.flat().map(sqliteValue))
      }
    })()
  }
  try {
    await write(insert)
    db.pragma('wal_checkpoint(TRUNCATE)')
  } finally {
    db.close()
  }
}

const seedPostgres = async (url: string, write: (insert: Inserter) => Promise<void>) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const insert: Inserter = async (table, columns, types, rows) => {
    const arrays = columns.map((_, c) => rows.map((r) => r[c]))
    // Arrays of text cast per column: jsonb arrays arrive as text and are parsed by the cast.
    const select = columns.map((c, i) => (types[i] === 'jsonb' ? `${c}::jsonb` : c)).join(', ')
    const unnest = columns.map((_, i) => `$${i + 1}::${types[i] === 'jsonb' ? 'text' : types[i]}[]`).join(', ')
    await client.query(`INSERT INTO ${table} (${columns.join(', ')}) SELECT ${select} FROM unnest(${unnest}) AS t(${columns.join(', ')})`, arrays)
  }
  try {
    await write(insert)
    console.log('  VACUUM ANALYZE (what autovacuum does after a bulk load; index-only scans need the visibility map)')
    for (const t of ['runs', 'meetings', 'recording_shares']) await client.query(`VACUUM ANALYZE ${t}`)
  } finally {
    await client.end()
  }
}

type Inserter = (table: string, columns: ReadonlyArray<string>, types: ReadonlyArray<string>, rows: unknown[][]) => Promise<void>

/** Seeds the accounts' rows; returns what was written and how long it took. */
export const seedScale = async (target: SeedTarget, accounts: SeedAccounts, now = Date.now()) => {
  const started = performance.now()
  const meetings = planMeetings(accounts.scale, now)
  const seeds = planRuns(meetings, now)
  console.log(`seeding ${seeds.length.toLocaleString('en')} runs and ${meetings.meetings.length.toLocaleString('en')} meetings (${target.store})`)
  const write = async (insert: Inserter) => {
    const batch = target.store === 'sqlite' ? 20_000 : 5_000
    const meetingRows = meetings.meetings.map(meetingValues)
    await inBatches('meetings', meetingRows, meetingRows.length, batch, (rows) => insert('meetings', MEETING_COLUMNS, MEETING_TYPES, rows))
    function* runs() {
      for (let i = 0; i < seeds.length; i++) yield runValues(runOf(seeds[i]!, meetings, accounts.scale, i))
    }
    await inBatches('runs', runs(), seeds.length, batch, (rows) => insert('runs', RUN_COLUMNS, RUN_TYPES, rows))
    const shared = sharedRunsOf(accounts.colleague, now)
    await insert('runs', RUN_COLUMNS, RUN_TYPES, shared.map(runValues))
    const shares = shared.map((r, i) => [randomUUID(), r.id, accounts.colleague, SCALE_ACCOUNT.email, i % 2 === 0 ? 'full' : 'summary', r.createdAt])
    await insert('recording_shares', SHARE_COLUMNS, SHARE_COLUMNS.map(() => 'text'), shares)
  }
  if (target.store === 'sqlite') await seedSqlite(target.path, write)
  else await seedPostgres(target.url, write)
  const listed = seeds.filter((s) => s.state !== 'superseded').length
  return {
    seconds: (performance.now() - started) / 1000,
    runs: seeds.length,
    listedRuns: listed,
    visibleRuns: listed + SCALE.sharedRuns,
    meetings: meetings.meetings.length,
    windowMeetings: SCALE.windowMeetings,
  }
}
