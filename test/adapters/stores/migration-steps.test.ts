/**
 * The SQLite and Postgres migrations aligned by intent: a change has one name and one step number,
 * its file's, in both folders. What `schema_migrations` recorded before the alignment (the id, the
 * key each runner checks, and the name) never changes, so a database migrated then upgrades with
 * nothing run twice and nothing missed.
 */
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { type Db, migrate as migrateSqlite, openDatabase } from '../../../adapters/stores/sqlite/database.js'
import { MIGRATIONS as SQLITE } from '../../../adapters/stores/sqlite/migrations/index.js'
import { migrate as migratePostgres } from '../../../adapters/stores/postgres/migrate.js'
import { MIGRATIONS as POSTGRES } from '../../../adapters/stores/postgres/migrations/index.js'

type Migration = (typeof SQLITE)[number]

/** `schema_migrations` (id-name) of a database migrated to the end before the alignment. */
const RECORDED_SQLITE = [
  '1-accounts', '2-organizations', '3-jobs', '4-webhooks', '5-recordings', '6-meetings', '7-bots', '8-shares', '9-listing-at-scale',
  '10-processing-index', '11-queued-bots-index', '12-utterance-count-index', '13-search', '14-deletion-and-retention', '15-notes-edits',
  '16-run-progress', '17-sessions', '18-run-language', '19-run-failed-stage', '20-calendar-warnings', '21-upload-warnings', '22-job-groups',
  '23-notes-settings', '24-server-admins', '25-run-transcribed-by', '26-connection-record-declined', '27-notes-part-edits',
  '28-share-invitations', '30-notifications', '31-connection-names', '33-delivery-payloads',
]
const RECORDED_POSTGRES = [
  '1-accounts', '2-jobs', '3-webhooks', '4-recordings', '5-meetings', '6-bots', '7-shares', '8-listing-at-scale', '9-processing-index',
  '10-queued-bots-index', '11-search', '12-deletion-and-retention', '13-notes-edits', '14-run-progress', '15-sessions', '16-run-language',
  '17-run-failed-stage', '18-calendar-warnings', '19-upload-warnings', '20-job-groups', '21-notes-settings', '22-server-admins',
  '23-run-transcribed-by', '24-connection-record-declined', '25-notes-part-edits', '26-share-invitations', '28-notifications',
  '29-connection-names', '31-delivery-payloads',
]
/** SQLite steps with no Postgres file: Postgres's accounts made the organizations whole; its utterances' primary key indexes them by run. */
const SQLITE_ONLY = ['organizations', 'utterance-count-index']

const MIGRATIONS_DIR = (store: string) => join(import.meta.dirname, '..', '..', '..', 'adapters', 'stores', store, 'migrations')
const key = (m: Migration) => `${m.id}-${m.name}`
const byId = (list: ReadonlyArray<Migration>) => [...list].sort((a, b) => a.id - b.id)
const STEP = new Map(SQLITE.map((m) => [m.name, m.id]))
const stepOf = (name: string) => STEP.get(name) ?? Number.NaN
const fileName = (step: number, name: string) => `${String(step).padStart(3, '0')}-${name}.ts`

/** Each migration file of a folder, with the SQL it holds. */
const filesOf = async (store: string) =>
  Promise.all(
    readdirSync(MIGRATIONS_DIR(store))
      .filter((f) => /^\d{3}-.+\.ts$/.test(f))
      .sort()
      .map(async (f) => [f, ((await import(join(MIGRATIONS_DIR(store), f))) as { sql: string }).sql] as const),
  )

test('the ids and names existing databases recorded are kept', () => {
  assert.equal(byId(SQLITE).slice(0, RECORDED_SQLITE.length).map(key), RECORDED_SQLITE)
  assert.equal(byId(POSTGRES).slice(0, RECORDED_POSTGRES.length).map(key), RECORDED_POSTGRES)
})

test('a change has one name and one step number, its file\'s, in both folders; after the recorded ones, its id is the step', async () => {
  assert.equal(new Set(SQLITE.map((m) => m.name)).size, SQLITE.length, 'names are unique')
  assert.equal(await filesOf('sqlite'), byId(SQLITE).map((m) => [fileName(m.id, m.name), m.sql]), 'SQLite: file NNN-name.ts, NNN its id')
  for (const m of POSTGRES) assert.ok(STEP.has(m.name), `Postgres's ${m.name} has a SQLite step of that name`)
  assert.equal(await filesOf('postgres'), [...POSTGRES].sort((a, b) => stepOf(a.name) - stepOf(b.name)).map((m) => [fileName(stepOf(m.name), m.name), m.sql]), 'Postgres: file NNN-name.ts, NNN its SQLite step')
  assert.equal(SQLITE.map((m) => m.name).filter((n) => !POSTGRES.some((m) => m.name === n)), SQLITE_ONLY)
  assert.equal(byId(POSTGRES).map((m) => m.name), [...POSTGRES].sort((a, b) => stepOf(a.name) - stepOf(b.name)).map((m) => m.name), 'both apply the changes in one order')
  const recorded = new Set(RECORDED_POSTGRES)
  for (const m of POSTGRES.filter((m) => !recorded.has(key(m)))) assert.is(m.id, stepOf(m.name), `Postgres ${m.name}: a new change is recorded under its step`)
})

test('docs/operations.md lists every step with the ids recorded for it', () => {
  const doc = readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'operations.md'), 'utf8')
  const rows = [...doc.matchAll(/^\| (\d{3}-[\w-]+) \| (\d+) \| (\d+|\(none[^|]*\)) \|$/gm)].map((m) => [m[1], Number(m[2]), /^\d+$/.test(m[3]!) ? Number(m[3]) : null])
  const postgresId = new Map(POSTGRES.map((m) => [m.name, m.id]))
  assert.equal(rows, byId(SQLITE).map((m) => [fileName(m.id, m.name).replace(/\.ts$/, ''), m.id, postgresId.get(m.name) ?? null]))
})

/** At ids of RECORDED before `cut` (by the names recorded then), as a database migrated before the alignment is. */
const recordedBefore = (recorded: ReadonlyArray<string>, cut: number) =>
  recorded.map((k) => /^(\d+)-(.+)$/.exec(k)!).map((m) => ({ id: Number(m[1]), name: m[2]! })).filter((r) => r.id < cut)

const sqliteSchema = (db: Db) =>
  db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all()

/** Every step a database at recordedBefore(recorded, cut) had not, steps added since the alignment included, as `migrate` names them. */
const after = (list: ReadonlyArray<Migration>, recorded: ReadonlyArray<string>, cut: number) => {
  const had = new Set(recordedBefore(recorded, cut).map((r) => r.id))
  return byId(list).filter((m) => !had.has(m.id)).map(key)
}

for (const cut of [Infinity, 24, 2]) {
  test(`SQLite migrated before the alignment${cut === Infinity ? '' : ` up to id ${cut - 1}`} upgrades to the schema a new database has`, () => {
    const fresh = openDatabase(':memory:')
    const old = openDatabase(':memory:')
    try {
      migrateSqlite(fresh)
      old.exec('CREATE TABLE schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)')
      for (const r of recordedBefore(RECORDED_SQLITE, cut)) {
        old.exec(SQLITE.find((m) => m.id === r.id)!.sql)
        old.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(r.id, r.name, 'then')
      }
      assert.equal(migrateSqlite(old), after(SQLITE, RECORDED_SQLITE, cut), 'applies exactly the steps it had not')
      assert.equal(sqliteSchema(old), sqliteSchema(fresh))
      assert.equal(migrateSqlite(old), [], 'and then nothing')
    } finally {
      fresh.close()
      old.close()
    }
  })
}

const url = process.env['DATABASE_URL'] ?? ''
if (url === '') {
  console.log('Postgres upgrade across the alignment skipped: set DATABASE_URL to run it')
} else {
  /** A schema of its own in the Postgres at `url`, dropped after `use`. */
  const withSchema = async <A>(use: (pool: pg.Pool, schema: string) => Promise<A>): Promise<A> => {
    const schema = `notetaker_steps_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`CREATE SCHEMA ${schema}`)
    const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 2 })
    try {
      return await use(pool, schema)
    } finally {
      await pool.end()
      await admin.query(`DROP SCHEMA ${schema} CASCADE`)
      await admin.end()
    }
  }
  const postgresSchema = async (pool: pg.Pool, schema: string) => {
    const columns = await pool.query(
      'SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns WHERE table_schema = $1 ORDER BY 1, 2',
      [schema],
    )
    const indexes = await pool.query('SELECT indexname, replace(indexdef, $1, \'S\') AS def FROM pg_indexes WHERE schemaname = $2 ORDER BY 1', [`${schema}.`, schema])
    const triggers = await pool.query(
      'SELECT trigger_name, event_object_table, event_manipulation, action_timing FROM information_schema.triggers WHERE trigger_schema = $1 ORDER BY 1, 2, 3',
      [schema],
    )
    return { columns: columns.rows, indexes: indexes.rows, triggers: triggers.rows }
  }

  for (const cut of [Infinity, 22, 2]) {
    test(`Postgres migrated before the alignment${cut === Infinity ? '' : ` up to id ${cut - 1}`} upgrades to the schema a new database has`, () =>
      withSchema((fresh, freshSchema) =>
        withSchema(async (old, oldSchema) => {
          await migratePostgres(fresh)
          await old.query('CREATE TABLE schema_migrations (id integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)')
          for (const r of recordedBefore(RECORDED_POSTGRES, cut)) {
            await old.query(POSTGRES.find((m) => m.id === r.id)!.sql)
            await old.query('INSERT INTO schema_migrations VALUES ($1, $2, $3)', [r.id, r.name, 'then'])
          }
          assert.equal(await migratePostgres(old), after(POSTGRES, RECORDED_POSTGRES, cut), 'applies exactly the steps it had not')
          assert.equal(await postgresSchema(old, oldSchema), await postgresSchema(fresh, freshSchema))
          assert.equal(await migratePostgres(old), [], 'and then nothing')
        }),
      ))
  }
}

test.run()
