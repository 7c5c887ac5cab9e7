/**
 * The migration that adds a calendar connection's names (SQLite 31, Postgres 29), on an installation
 * that exists already: its connections have no name yet (the app shows "Calendar feed" until the next
 * sync names them from the feed), and the stores keep both names once they are set.
 */
import * as O from 'fp-ts/lib/Option.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { postgresCalendarConnectionStore } from '../../../adapters/stores/postgres/calendar-connections.js'
import { migrate as migratePostgres } from '../../../adapters/stores/postgres/migrate.js'
import { sqliteCalendarConnectionStore } from '../../../adapters/stores/sqlite/calendar-connections.js'
import { migrate as migrateSqlite } from '../../../adapters/stores/sqlite/database.js'
import { connectionName } from '../../../src/core/domain/meetings/calendar-connection.js'
import type { CalendarConnectionStore } from '../../../src/core/ports/calendar-connection-store.js'
import { right } from '../../support/run.js'
import { withPostgresBefore, withSqliteBefore } from '../../support/migrated-before.js'
import { ACCOUNT, OLD, OLD_CONNECTION } from './connection-before-migrations.js'

const assertStoreAfter = async (connections: CalendarConnectionStore) => {
  const old = O.toNullable(await right(connections.find(ACCOUNT, OLD)))
  assert.equal([old?.name, old?.feedName], [null, null], 'no name yet')
  assert.is(connectionName(old!), 'Calendar feed')
  await right(connections.update(ACCOUNT, OLD, (c) => ({ ...c, feedName: 'Team holidays' })))
  assert.is(connectionName(O.toNullable(await right(connections.find(ACCOUNT, OLD)))!), 'Team holidays', 'the feed\'s name, from a sync')
  await right(connections.update(ACCOUNT, OLD, (c) => ({ ...c, name: 'Holidays' })))
  const named = O.toNullable(await right(connections.find(ACCOUNT, OLD)))!
  assert.equal([named.name, named.feedName, connectionName(named)], ['Holidays', 'Team holidays', 'Holidays'], 'the person\'s name wins; the feed\'s is kept')
}

test('SQLite 31: connections of an existing installation have no name until a sync or their person gives one', async () =>
  withSqliteBefore(31, async (db) => {
    db.exec(OLD_CONNECTION)
    assert.ok(migrateSqlite(db).includes('31-connection-names'))
    await assertStoreAfter(sqliteCalendarConnectionStore(db))
  }))

const url = process.env['DATABASE_URL'] ?? ''
if (url === '') {
  console.log('Postgres migration test skipped: set DATABASE_URL to run it')
} else {
  test('Postgres 29: connections of an existing installation have no name until a sync or their person gives one', async () =>
    withPostgresBefore(url, 29, async (pool) => {
      await pool.query(OLD_CONNECTION)
      assert.ok((await migratePostgres(pool)).includes('29-connection-names'))
      await assertStoreAfter(postgresCalendarConnectionStore(pool))
    }))
}

test.run()
