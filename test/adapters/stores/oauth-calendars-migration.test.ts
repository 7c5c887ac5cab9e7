/**
 * The migration for calendars over OAuth (step 34 on SQLite and Postgres), on an installation that
 * exists already: its ICS connection keeps its sealed address (now the sealed credential), loses the
 * unsealed cursor it may have had, has no push channel, and afterwards takes the new status and a push
 * channel; the checks and indexes the connections had still hold.
 */
import * as O from 'fp-ts/lib/Option.js'
import type pg from 'pg'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { postgresCalendarConnectionStore } from '../../../adapters/stores/postgres/calendar-connections.js'
import { migrate as migratePostgres } from '../../../adapters/stores/postgres/migrate.js'
import { sqliteCalendarConnectionStore } from '../../../adapters/stores/sqlite/calendar-connections.js'
import { type Db, migrate as migrateSqlite } from '../../../adapters/stores/sqlite/database.js'
import type { CalendarConnectionStore } from '../../../src/core/ports/calendar-connection-store.js'
import { left, right } from '../../support/run.js'
import { withPostgresBefore, withSqliteBefore } from '../../support/migrated-before.js'
import { ACCOUNT, OLD, OLD_CONNECTION } from './connection-before-migrations.js'

const OLD_CURSOR = `UPDATE calendar_connections SET cursor = 'unsealed-token' WHERE id = '${OLD}'`
const PUSH = { id: 'channel-1', resourceId: 'resource-1', expiresAt: '2026-05-08T00:00:00.000Z', sealedToken: 'sealed-token' }

const assertStoreAfter = async (connections: CalendarConnectionStore) => {
  const old = O.toNullable(await right(connections.find(ACCOUNT, OLD)))!
  assert.equal(
    [old.provider, old.status, old.sealedCredential, old.sealedCursor, old.push, old.recordDeclined, old.warnings],
    ['ics', 'active', 'sealed', null, null, false, []],
    'the feed keeps its sealed address; its unsealed cursor is gone',
  )
  await right(connections.update(ACCOUNT, OLD, (c) => ({ ...c, status: 'reauthorization_required', push: PUSH })))
  assert.equal(await right(connections.findByPushChannel(PUSH.id)), O.some({ ...old, status: 'reauthorization_required', push: PUSH }))
  const again = await left(connections.create({ ...old, id: 'c0000000-0000-4000-8000-000000000002', push: null }))
  assert.is(again._tag, 'Conflict', 'one feed per account still')
}

/** Writes the store never makes, each refused by a check the table keeps or gains. */
const REFUSED = [
  `UPDATE calendar_connections SET status = 'broken'`,
  `UPDATE calendar_connections SET provider = 'caldav'`,
  `UPDATE calendar_connections SET auto_join = 'sometimes'`,
  `UPDATE calendar_connections SET push_channel_id = NULL`, // its expiry and token are still set
]

test('SQLite 34: an existing feed connection keeps its sealed address and takes a push channel and the new status', async () =>
  withSqliteBefore(34, async (db: Db) => {
    db.exec(OLD_CONNECTION)
    db.exec(OLD_CURSOR)
    assert.equal(migrateSqlite(db)[0], '34-oauth-calendars')
    await assertStoreAfter(sqliteCalendarConnectionStore(db))
    for (const write of REFUSED) assert.throws(() => db.exec(write), /CHECK/, write)
    assert.throws(() => db.exec(`UPDATE calendar_connections SET record_declined = 2`), /CHECK/)
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'calendar_connections' AND sql IS NOT NULL ORDER BY name").pluck().all()
    assert.equal(indexes, ['calendar_connections_account', 'calendar_connections_feed', 'calendar_connections_push'])
  }))

const url = process.env['DATABASE_URL'] ?? ''
if (url === '') {
  console.log('Postgres migration test skipped: set DATABASE_URL to run it')
} else {
  const refused = (pool: pg.Pool, write: string) => pool.query(write).then(() => false, (e: Error) => /check constraint/.test(e.message))
  test('Postgres 34: an existing feed connection keeps its sealed address and takes a push channel and the new status', async () =>
    withPostgresBefore(url, 34, async (pool) => {
      await pool.query(OLD_CONNECTION)
      await pool.query(OLD_CURSOR)
      assert.equal((await migratePostgres(pool))[0], '34-oauth-calendars')
      await assertStoreAfter(postgresCalendarConnectionStore(pool))
      for (const write of REFUSED) assert.ok(await refused(pool, write), write)
    }))
}

test.run()
