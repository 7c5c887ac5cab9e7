import pg from 'pg'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type AppError, conflict, type StoreFailure, storeFailure } from '../../../src/core/errors.js'

export type Pool = pg.Pool

/** The pool, or one client of it inside a transaction: both run queries. */
export interface Queryable {
  query(text: string, values?: ReadonlyArray<unknown>): Promise<pg.QueryResult>
}

/** The rows of a query. */
export const rows = async <R>(db: Queryable, text: string, values: ReadonlyArray<unknown> = []): Promise<R[]> =>
  (await db.query(text, values)).rows as R[]

/** The first row of a query, if any. */
export const first = async <R>(db: Queryable, text: string, values: ReadonlyArray<unknown> = []): Promise<R | undefined> =>
  (await rows<R>(db, text, values))[0]

/**
 * Runs `f` in one transaction on one client: committed when it resolves, rolled
 * back when it throws (the error is rethrown). A client whose rollback fails is
 * dropped rather than handed back to the pool.
 */
export const inTransaction = async <A>(pool: Pool, f: (client: pg.PoolClient) => Promise<A>): Promise<A> => {
  const client = await pool.connect()
  let broken = false
  // A connection lost between two statements is reported by the next one; unheard, the event would end the process.
  const onLost = () => {
    broken = true
  }
  client.on('error', onLost)
  try {
    await client.query('BEGIN')
    const result = await f(client)
    await client.query('COMMIT')
    return result
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {
      broken = true
    })
    throw e
  } finally {
    client.removeListener('error', onLost)
    client.release(broken)
  }
}

/**
 * Readiness: one `SELECT 1` through the pool, so it also fails when no
 * connection can be had. The driver's message names no credentials.
 */
export const pingPool = async (pool: Pool): Promise<void> => {
  try {
    await pool.query('SELECT 1')
  } catch (e) {
    throw new Error(`Postgres did not answer: ${(e as Error).message}`, { cause: e })
  }
}

/** Advisory lock namespaces (the first key of pg_advisory_xact_lock(int, int)), so different uses never share a lock. */
export const LOCKS = { migrations: 7_001, runsOfAccount: 7_002, meetingsOfConnection: 7_003, transcriptOfRun: 7_004, cappedJobClaims: 7_005, serverAdmins: 7_006 } as const

/** Serialises transactions on one key of a namespace until the transaction ends. */
export const lockFor = (db: Queryable, namespace: number, key: string) =>
  db.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [namespace, key])

const UNIQUE_VIOLATION = '23505'

/** A unique violation, of the named constraint (index) when one is given. */
export const isUniqueViolation = (e: unknown, constraint?: string): boolean =>
  e instanceof Error &&
  (e as { code?: unknown }).code === UNIQUE_VIOLATION &&
  (constraint === undefined || (e as { constraint?: unknown }).constraint === constraint)

/** Runs queries as a task; driver errors (and anything else thrown) become StoreFailure. */
export const attempt = <A>(f: () => Promise<A>): TE.TaskEither<StoreFailure, A> => TE.tryCatch(f, storeFailure)

/** Like attempt, but a unique violation becomes a Conflict with the given message. */
export const attemptUnique = <A>(f: () => Promise<A>, onDuplicate: string): TE.TaskEither<AppError, A> =>
  TE.tryCatch(f, (e): AppError => (isUniqueViolation(e) ? conflict(onDuplicate) : storeFailure(e)))

/** `count(*)` and other bigint results arrive as strings. */
export const count = async (db: Queryable, text: string, values: ReadonlyArray<unknown> = []): Promise<number> =>
  Number((await first<{ n: string | number }>(db, text, values))?.n ?? 0)

/** A JSON value as a query parameter (the driver would send a JS array as a Postgres array). */
export const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value))
