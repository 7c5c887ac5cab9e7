/**
 * The migration that adds a calendar connection's recordDeclined setting (SQLite 26, Postgres 24), on
 * an installation that exists already: its connections read false (declined meetings are not recorded),
 * and the stores keep the setting once it is changed.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as O from 'fp-ts/lib/Option.js'
import pg from 'pg'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { postgresCalendarConnectionStore } from '../../adapters/postgres/calendar-connections.js'
import { migrate as migratePostgres } from '../../adapters/postgres/migrate.js'
import { MIGRATIONS as POSTGRES } from '../../adapters/postgres/migrations/index.js'
import { sqliteCalendarConnectionStore } from '../../adapters/sqlite/calendar-connections.js'
import { migrate as migrateSqlite, openDatabase } from '../../adapters/sqlite/database.js'
import { MIGRATIONS as SQLITE } from '../../adapters/sqlite/migrations/index.js'
import type { CalendarConnectionStore } from '../../src/core/ports/calendar-connection-store.js'
import { right } from '../support/run.js'

const ACCOUNT = 'a0000000-0000-4000-8000-000000000001'
const OLD = 'c0000000-0000-4000-8000-000000000001'

/** A connection made before the migration, written the way the store of then wrote it. */
const OLD_CONNECTION = `INSERT INTO calendar_connections (id, account_id, provider, account_email, calendar_id, status, auto_join, join_rules, bar_rules,
  created_at, updated_at, sealed_url, consecutive_failures)
  VALUES ('${OLD}', '${ACCOUNT}', 'ics', 'ada@example.com', 'ics-0000000000000001', 'active', 'all', '[]', '[]',
  '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'sealed', 0)`

const assertStoreAfter = async (connections: CalendarConnectionStore) => {
  const old = O.toNullable(await right(connections.find(ACCOUNT, OLD)))
  assert.is(old?.recordDeclined, false, 'an existing connection does not record declined meetings')
  await right(connections.update(ACCOUNT, OLD, (c) => ({ ...c, recordDeclined: true })))
  assert.is(O.toNullable(await right(connections.find(ACCOUNT, OLD)))?.recordDeclined, true)
}

test('SQLite 26: connections of an existing installation read recordDeclined false; a change is kept', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'notetaker-record-declined-'))
  const db = openDatabase(join(dir, 'notetaker.db'))
  try {
    db.exec('CREATE TABLE schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)')
    for (const m of SQLITE.filter((m) => m.id < 26)) {
      db.exec(m.sql)
      db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(m.id, m.name, 'then')
    }
    db.exec(OLD_CONNECTION)
    assert.equal(migrateSqlite(db)[0], '26-connection-record-declined')
    await assertStoreAfter(sqliteCalendarConnectionStore(db))
    assert.is(db.prepare('SELECT record_declined FROM calendar_connections').pluck().get(), 1, 'kept as 1')
    assert.throws(() => db.exec(`UPDATE calendar_connections SET record_declined = 2`), /CHECK/)
  } finally {
    db.close()
    rmSync(dir, { recursive: true, force: true })
  }
})

const url = process.env['DATABASE_URL'] ?? ''
if (url === '') {
  console.log('Postgres migration test skipped: set DATABASE_URL to run it')
} else {
  test('Postgres 24: connections of an existing installation read recordDeclined false; a change is kept', async () => {
    const schema = `notetaker_record_declined_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`CREATE SCHEMA ${schema}`)
    const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 2 })
    try {
      await pool.query('CREATE TABLE schema_migrations (id integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)')
      for (const m of POSTGRES.filter((m) => m.id < 24)) {
        await pool.query(m.sql)
        await pool.query('INSERT INTO schema_migrations VALUES ($1, $2, $3)', [m.id, m.name, 'then'])
      }
      await pool.query(OLD_CONNECTION)
      assert.equal((await migratePostgres(pool))[0], '24-connection-record-declined')
      await assertStoreAfter(postgresCalendarConnectionStore(pool))
    } finally {
      await pool.end()
      await admin.query(`DROP SCHEMA ${schema} CASCADE`)
      await admin.end()
    }
  })
}

test.run()
