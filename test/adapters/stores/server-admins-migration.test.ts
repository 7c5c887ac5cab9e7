/**
 * The migration that adds server administrators (SQLite 24, Postgres 22) on an installation that
 * exists already: its oldest account, the one its first start created, becomes one; others do not.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { migrate as migrateSqlite } from '../../../adapters/stores/sqlite/database.js'
import { migrate as migratePostgres } from '../../../adapters/stores/postgres/migrate.js'
import { withPostgresBefore, withSqliteBefore } from '../../support/migrated-before.js'

const ACCOUNTS = [
  ['b-second', 'second@example.com', '2026-01-02T00:00:00.000Z'],
  ['a-owner', 'owner@example.com', '2026-01-01T00:00:00.000Z'],
  ['c-third', 'third@example.com', '2026-01-03T00:00:00.000Z'],
] as const

test('SQLite 24: the oldest account of an existing installation becomes its server administrator', () =>
  withSqliteBefore(24, async (db) => {
    const insert = db.prepare("INSERT INTO accounts (id, name, email, plan_key, created_at) VALUES (?, 'P', ?, 'free', ?)")
    for (const a of ACCOUNTS) insert.run(...a)
    assert.equal(migrateSqlite(db)[0], '24-server-admins', 'applied first, before the later ones')
    assert.equal(db.prepare('SELECT id, server_admin FROM accounts ORDER BY id').all(), [
      { id: 'a-owner', server_admin: 1 },
      { id: 'b-second', server_admin: 0 },
      { id: 'c-third', server_admin: 0 },
    ])
  }))

test('SQLite 24 on an empty installation makes no one an administrator (the first start will)', () =>
  withSqliteBefore(1, (db) => {
    migrateSqlite(db)
    assert.is(db.prepare('SELECT count(*) FROM accounts WHERE server_admin = 1').pluck().get(), 0)
  }))

const url = process.env['DATABASE_URL'] ?? ''
if (url === '') {
  console.log('Postgres migration test skipped: set DATABASE_URL to run it')
} else {
  test('Postgres 22: the oldest account of an existing installation becomes its server administrator', async () =>
    withPostgresBefore(url, 22, async (pool) => {
      for (const [id, email, at] of ACCOUNTS) await pool.query("INSERT INTO accounts (id, name, email, plan_key, created_at) VALUES ($1, 'P', $2, 'free', $3)", [id, email, at])
      assert.equal((await migratePostgres(pool))[0], '22-server-admins', 'applied first, before the later ones')
      const { rows } = await pool.query('SELECT id, server_admin FROM accounts ORDER BY id')
      assert.equal(rows, [
        { id: 'a-owner', server_admin: true },
        { id: 'b-second', server_admin: false },
        { id: 'c-third', server_admin: false },
      ])
    }))
}

test.run()
