/**
 * The migration that adds server administrators (SQLite 24, Postgres 22) on an installation that
 * exists already: its oldest account, the one its first start created, becomes one; others do not.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import pg from 'pg'
import { migrate as migrateSqlite, openDatabase } from '../../adapters/sqlite/database.js'
import { MIGRATIONS as SQLITE } from '../../adapters/sqlite/migrations/index.js'
import { migrate as migratePostgres } from '../../adapters/postgres/migrate.js'
import { MIGRATIONS as POSTGRES } from '../../adapters/postgres/migrations/index.js'

const ACCOUNTS = [
  ['b-second', 'second@example.com', '2026-01-02T00:00:00.000Z'],
  ['a-owner', 'owner@example.com', '2026-01-01T00:00:00.000Z'],
  ['c-third', 'third@example.com', '2026-01-03T00:00:00.000Z'],
] as const

test('SQLite 24: the oldest account of an existing installation becomes its server administrator', () => {
  const dir = mkdtempSync(join(tmpdir(), 'notetaker-admins-'))
  const db = openDatabase(join(dir, 'notetaker.db'))
  try {
    db.exec('CREATE TABLE schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)')
    for (const m of SQLITE.filter((m) => m.id < 24)) {
      db.exec(m.sql)
      db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(m.id, m.name, 'then')
    }
    const insert = db.prepare("INSERT INTO accounts (id, name, email, plan_key, created_at) VALUES (?, 'P', ?, 'free', ?)")
    for (const a of ACCOUNTS) insert.run(...a)
    assert.equal(migrateSqlite(db)[0], '24-server-admins', 'applied first, before the later ones')
    assert.equal(db.prepare('SELECT id, server_admin FROM accounts ORDER BY id').all(), [
      { id: 'a-owner', server_admin: 1 },
      { id: 'b-second', server_admin: 0 },
      { id: 'c-third', server_admin: 0 },
    ])
  } finally {
    db.close()
    rmSync(dir, { recursive: true, force: true })
  }
})

test('SQLite 24 on an empty installation makes no one an administrator (the first start will)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'notetaker-admins-'))
  const db = openDatabase(join(dir, 'notetaker.db'))
  try {
    migrateSqlite(db)
    assert.is(db.prepare('SELECT count(*) FROM accounts WHERE server_admin = 1').pluck().get(), 0)
  } finally {
    db.close()
    rmSync(dir, { recursive: true, force: true })
  }
})

const url = process.env['DATABASE_URL'] ?? ''
if (url === '') {
  console.log('Postgres migration test skipped: set DATABASE_URL to run it')
} else {
  test('Postgres 22: the oldest account of an existing installation becomes its server administrator', async () => {
    const schema = `notetaker_admins_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`CREATE SCHEMA ${schema}`)
    const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 2 })
    try {
      await pool.query('CREATE TABLE schema_migrations (id integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)')
      for (const m of POSTGRES.filter((m) => m.id < 22)) {
        await pool.query(m.sql)
        await pool.query('INSERT INTO schema_migrations VALUES ($1, $2, $3)', [m.id, m.name, 'then'])
      }
      for (const [id, email, at] of ACCOUNTS) await pool.query("INSERT INTO accounts (id, name, email, plan_key, created_at) VALUES ($1, 'P', $2, 'free', $3)", [id, email, at])
      assert.equal((await migratePostgres(pool))[0], '22-server-admins', 'applied first, before the later ones')
      const { rows } = await pool.query('SELECT id, server_admin FROM accounts ORDER BY id')
      assert.equal(rows, [
        { id: 'a-owner', server_admin: true },
        { id: 'b-second', server_admin: false },
        { id: 'c-third', server_admin: false },
      ])
    } finally {
      await pool.end()
      await admin.query(`DROP SCHEMA ${schema} CASCADE`)
      await admin.end()
    }
  })
}

test.run()
