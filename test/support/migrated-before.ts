/**
 * For tests of one migration on an installation that exists already: a database with every migration
 * before it applied and recorded, as that installation's would be, handed to the test and dropped after.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { type Db, openDatabase } from '../../adapters/stores/sqlite/database.js'
import { MIGRATIONS as SQLITE } from '../../adapters/stores/sqlite/migrations/index.js'
import { MIGRATIONS as POSTGRES } from '../../adapters/stores/postgres/migrations/index.js'

type SqliteDatabase = Db

/** A SQLite database in a temporary folder at the migrations before `id`. */
export const withSqliteBefore = async <A>(id: number, use: (db: SqliteDatabase) => A | Promise<A>): Promise<A> => {
  const dir = mkdtempSync(join(tmpdir(), 'notetaker-migration-'))
  const db = openDatabase(join(dir, 'notetaker.db'))
  try {
    db.exec('CREATE TABLE schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)')
    for (const m of SQLITE.filter((m) => m.id < id)) {
      db.exec(m.sql)
      db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(m.id, m.name, 'then')
    }
    return await use(db)
  } finally {
    db.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A schema of its own in the Postgres at `url`, at the migrations before `id`. */
export const withPostgresBefore = async <A>(url: string, id: number, use: (pool: pg.Pool) => Promise<A>): Promise<A> => {
  const schema = `notetaker_migration_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${schema}`)
  const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 2 })
  try {
    await pool.query('CREATE TABLE schema_migrations (id integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)')
    for (const m of POSTGRES.filter((m) => m.id < id)) {
      await pool.query(m.sql)
      await pool.query('INSERT INTO schema_migrations VALUES ($1, $2, $3)', [m.id, m.name, 'then'])
    }
    return await use(pool)
  } finally {
    await pool.end()
    await admin.query(`DROP SCHEMA ${schema} CASCADE`)
    await admin.end()
  }
}
