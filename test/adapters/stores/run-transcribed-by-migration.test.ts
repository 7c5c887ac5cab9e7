/**
 * The migration that keeps which engine made a run's transcript (SQLite 25, Postgres 23), on an
 * installation that exists already: its runs read as transcribed by an unknown engine (null), and
 * the stores keep the engine of the next ones.
 */
import * as O from 'fp-ts/lib/Option.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { migrate as migratePostgres } from '../../../adapters/stores/postgres/migrate.js'
import { postgresRunStore } from '../../../adapters/stores/postgres/recordings.js'
import { migrate as migrateSqlite } from '../../../adapters/stores/sqlite/database.js'
import { sqliteRunStore } from '../../../adapters/stores/sqlite/recordings.js'
import type { RunStore } from '../../../src/core/ports/recording-stores.js'
import { right } from '../../support/run.js'
import { withPostgresBefore, withSqliteBefore } from '../../support/migrated-before.js'

const ACCOUNT = 'a0000000-0000-4000-8000-000000000001'
const OLD = '00000000-0000-4000-8000-000000000001'
const NEW = '00000000-0000-4000-8000-000000000002'
const WHISPER = { engine: 'whisper', model: 'base.en', accuracy: 'accurate' } as const

/** A run transcribed before the migration, written the way the store of then wrote it. */
const OLD_RUN = `INSERT INTO runs (id, account_id, reference, origin, title, starts_at, state, has_notes, created_at, updated_at)
  VALUES ('${OLD}', '${ACCOUNT}', 'rec-0000-0000-0001', 'upload', 'Before', '2026-01-01T00:00:00.000Z', 'ready', $true, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`

/** The old run reads null; a run the store writes now keeps its engine, and an update can set it. */
const assertStoreAfter = async (runs: RunStore) => {
  const old = O.toNullable(await right(runs.find(ACCOUNT, OLD)))
  assert.ok(old !== null)
  assert.is(old.transcribedBy, null, 'transcribed before: engine unknown')
  const updated = { ...old, transcribedBy: { engine: 'pocketsphinx', model: null, accuracy: 'rough' as const }, updatedAt: '2026-01-02T00:00:00.000Z' }
  await right(runs.update(updated, ['ready']))
  assert.equal(O.toNullable(await right(runs.find(ACCOUNT, OLD)))?.transcribedBy, { engine: 'pocketsphinx', model: null, accuracy: 'rough' })
  await right(runs.create({ ...old, id: NEW, reference: 'rec-0000-0000-0002', transcribedBy: WHISPER }))
  assert.equal(O.toNullable(await right(runs.find(ACCOUNT, NEW)))?.transcribedBy, WHISPER)
}

test('SQLite 25: runs of an existing installation read as transcribed by an unknown engine; new ones keep theirs', async () =>
  withSqliteBefore(25, async (db) => {
    db.exec(OLD_RUN.replace('$true', '1'))
    assert.equal(migrateSqlite(db)[0], '25-run-transcribed-by')
    assert.equal(db.prepare('SELECT transcribed_by FROM runs').all(), [{ transcribed_by: null }])
    await assertStoreAfter(sqliteRunStore(db))
    assert.is(db.prepare('SELECT transcribed_by FROM runs WHERE id = ?').pluck().get(NEW), JSON.stringify(WHISPER), 'kept as JSON text')
  }))

const url = process.env['DATABASE_URL'] ?? ''
if (url === '') {
  console.log('Postgres migration test skipped: set DATABASE_URL to run it')
} else {
  test('Postgres 23: runs of an existing installation read as transcribed by an unknown engine; new ones keep theirs', async () =>
    withPostgresBefore(url, 23, async (pool) => {
      await pool.query(OLD_RUN.replace('$true', 'true'))
      assert.equal((await migratePostgres(pool))[0], '23-run-transcribed-by')
      assert.equal((await pool.query('SELECT transcribed_by FROM runs')).rows, [{ transcribed_by: null }])
      await assertStoreAfter(postgresRunStore(pool))
      const { rows } = await pool.query("SELECT transcribed_by->>'model' AS model FROM runs WHERE id = $1", [NEW])
      assert.equal(rows, [{ model: 'base.en' }], 'kept as jsonb')
    }))
}

test.run()
