/**
 * The migration that adds a calendar connection's recordDeclined setting (SQLite 26, Postgres 24), on
 * an installation that exists already: its connections read false (declined meetings are not recorded),
 * and the stores keep the setting once it is changed.
 */
import * as O from 'fp-ts/lib/Option.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { postgresCalendarConnectionStore } from '../../../adapters/stores/postgres/calendar-connections.js'
import { migrate as migratePostgres } from '../../../adapters/stores/postgres/migrate.js'
import { sqliteCalendarConnectionStore } from '../../../adapters/stores/sqlite/calendar-connections.js'
import { migrate as migrateSqlite } from '../../../adapters/stores/sqlite/database.js'
import type { CalendarConnectionStore } from '../../../src/core/ports/calendar-connection-store.js'
import { right } from '../../support/run.js'
import { withPostgresBefore, withSqliteBefore } from '../../support/migrated-before.js'
import { ACCOUNT, OLD, OLD_CONNECTION } from './connection-before-migrations.js'

const assertStoreAfter = async (connections: CalendarConnectionStore) => {
  const old = O.toNullable(await right(connections.find(ACCOUNT, OLD)))
  assert.is(old?.recordDeclined, false, 'an existing connection does not record declined meetings')
  await right(connections.update(ACCOUNT, OLD, (c) => ({ ...c, recordDeclined: true })))
  assert.is(O.toNullable(await right(connections.find(ACCOUNT, OLD)))?.recordDeclined, true)
}

test('SQLite 26: connections of an existing installation read recordDeclined false; a change is kept', async () =>
  withSqliteBefore(26, async (db) => {
    db.exec(OLD_CONNECTION)
    assert.equal(migrateSqlite(db)[0], '26-connection-record-declined')
    await assertStoreAfter(sqliteCalendarConnectionStore(db))
    assert.is(db.prepare('SELECT record_declined FROM calendar_connections').pluck().get(), 1, 'kept as 1')
    assert.throws(() => db.exec(`UPDATE calendar_connections SET record_declined = 2`), /CHECK/)
  }))

const url = process.env['DATABASE_URL'] ?? ''
if (url === '') {
  console.log('Postgres migration test skipped: set DATABASE_URL to run it')
} else {
  test('Postgres 24: connections of an existing installation read recordDeclined false; a change is kept', async () =>
    withPostgresBefore(url, 24, async (pool) => {
      await pool.query(OLD_CONNECTION)
      assert.equal((await migratePostgres(pool))[0], '24-connection-record-declined')
      await assertStoreAfter(postgresCalendarConnectionStore(pool))
    }))
}

test.run()
