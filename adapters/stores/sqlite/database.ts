import { closeSync, openSync } from 'node:fs'
import Database from 'better-sqlite3'
import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type AppError, conflict, type StoreFailure, storeFailure } from '../../../src/core/errors.js'
import { makePrivate } from '../../system/data-dir.js'
import { MIGRATIONS } from './migrations/index.js'

export type Db = Database.Database

/**
 * Opens (creating if needed) a database file, or `:memory:`, in WAL mode with foreign keys on.
 * The folder must exist (the service makes DATA_DIR with prepareDataDir, adapters/system/data-dir.ts).
 * The file is private to its owner (0600), and so are its -wal and -shm: SQLite makes those with
 * the database file's own permissions, so the file is made 0600, and an older one tightened,
 * before the first statement can make them.
 */
export const openDatabase = (path: string): Db => {
  if (path !== ':memory:') closeSync(openSync(path, 'a', 0o600))
  const db = new Database(path)
  if (path !== ':memory:') {
    for (const p of [path, `${path}-wal`, `${path}-shm`]) {
      try {
        makePrivate(p)
      } catch {
        // Not ours to change (another user owns it): the service's start has already said so (prepareDataDir).
      }
    }
  }
  db.pragma('journal_mode = WAL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  db.pragma('synchronous = NORMAL')
  return db
}

/** Readiness: throws, in words, when the database cannot run a statement (e.g. it was closed). */
export const pingDatabase = (db: Db): void => {
  db.prepare('SELECT 1').get()
}

/** Applies the numbered migrations not applied yet, each in its own transaction; returns their names. */
export const migrate = (db: Db): ReadonlyArray<string> => {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)')
  const applied = new Set(db.prepare('SELECT id FROM schema_migrations').pluck().all() as number[])
  const record = db.prepare('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)')
  const done: string[] = []
  for (const m of [...MIGRATIONS].sort((a, b) => a.id - b.id)) {
    if (applied.has(m.id)) continue
    db.transaction(() => {
      db.exec(m.sql)
      record.run(m.id, m.name, new Date().toISOString())
    })()
    done.push(`${m.id}-${m.name}`)
  }
  return done
}

const isUniqueViolation = (e: unknown) =>
  typeof e === 'object' && e !== null && 'code' in e && String(e.code).startsWith('SQLITE_CONSTRAINT_UNIQUE')

/** Runs a synchronous statement as a task; driver errors become StoreFailure. */
export const attempt = <A>(f: () => A): TE.TaskEither<StoreFailure, A> =>
  TE.fromEither(E.tryCatch(f, storeFailure))

/** Like attempt, but a unique violation becomes a Conflict with the given message. */
export const attemptUnique = <A>(f: () => A, onDuplicate: string): TE.TaskEither<AppError, A> =>
  TE.fromEither(E.tryCatch(f, (e): AppError => (isUniqueViolation(e) ? conflict(onDuplicate) : storeFailure(e))))
