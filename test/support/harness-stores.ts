/**
 * The stores behind the HTTP harness: memory by default, or the real SQLite or
 * Postgres (+ Redis) adapters when HARNESS_STORE says so, so the same HTTP tests
 * prove the whole API on every store (`npm test` runs test/http on each).
 *
 *   HARNESS_STORE=memory    (default)
 *   HARNESS_STORE=sqlite    a database file of its own per harness, under the OS temp folder
 *   HARNESS_STORE=postgres  a schema of its own per harness on DATABASE_URL, dropped at close;
 *                           idempotency keys in Redis when REDIS_URL is set
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { migrate as migratePostgres, postgresLiveFeed, postgresStores } from '../../adapters/stores/postgres/index.js'
import { openRedis, redisIdempotencyStore, redisLiveFeed, redisRateLimiter } from '../../adapters/stores/redis/index.js'
import { signInLimits } from '../../adapters/stores/shared/sign-in-limits.js'
import { memoryStores } from '../../adapters/stores/memory/stores.js'
import { memoryLiveFeed } from '../../adapters/stores/memory/live-feed.js'
import { migrate as migrateSqlite, openDatabase } from '../../adapters/stores/sqlite/database.js'
import { sqliteStores } from '../../adapters/stores/sqlite/stores.js'
import { sqliteLiveFeed } from '../../adapters/stores/sqlite/live-feed.js'
import { randomIds } from '../../adapters/system/ids.js'
import type { Ports } from '../../src/core/build-core.js'
import type { LiveFeed } from '../../src/core/ports/live-feed.js'

export type HarnessStoreKind = 'memory' | 'sqlite' | 'postgres'

type StorePorts = Pick<
  Ports,
  'accounts' | 'organizations' | 'apiKeys' | 'idempotency' | 'jobs' | 'webhooks' | 'runs' | 'shares' | 'uploads' | 'notes' | 'meetings' | 'calendarConnections'
  | 'accountSettings'
  | 'notesSettings'
  | 'notesEdits'
  | 'sessions'
  | 'passwords'
  | 'notifications'
  | 'shareInvitations'
> &
  /** Sign-in limits on Redis when REDIS_URL is set (Postgres); the harness keeps its memory ones otherwise. */
  Partial<Pick<Ports, 'signInLimits'>>

export interface HarnessStores {
  readonly kind: HarnessStoreKind
  readonly ports: StorePorts
  /** Each run's live events on the harness's store; `close` ends it. */
  readonly liveFeed?: LiveFeed
  close(): Promise<void>
}

const RETENTION_MS = 86_400_000
/** The defaults of NOTETAKER_SIGNIN_ATTEMPTS and NOTETAKER_SIGNIN_WINDOW_SECONDS. */
export const HARNESS_SIGN_IN = { attempts: 10, windowSeconds: 900 }
const STORE_OPTIONS = { idempotencyRetentionMs: RETENTION_MS, newId: randomIds.uuid }

export const harnessStoreKind = (): HarnessStoreKind => {
  const kind = process.env['HARNESS_STORE'] ?? 'memory'
  if (kind !== 'memory' && kind !== 'sqlite' && kind !== 'postgres') throw new Error(`HARNESS_STORE must be memory, sqlite or postgres, not ${kind}`)
  return kind
}

export const openHarnessStores = async (kind: HarnessStoreKind = harnessStoreKind()): Promise<HarnessStores> => {
  if (kind === 'sqlite') return openSqlite()
  if (kind === 'postgres') return openPostgres()
  const liveFeed = memoryLiveFeed()
  return { kind, ports: memoryStores(STORE_OPTIONS), liveFeed, close: () => liveFeed.close() }
}

const openSqlite = (): HarnessStores => {
  const dir = mkdtempSync(join(tmpdir(), 'notetaker-harness-'))
  const db = openDatabase(join(dir, 'notetaker.db'))
  migrateSqlite(db)
  const liveFeed = sqliteLiveFeed(db)
  return {
    kind: 'sqlite',
    ports: sqliteStores(db, STORE_OPTIONS),
    liveFeed,
    close: async () => {
      await liveFeed.close()
      db.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

const openPostgres = async (): Promise<HarnessStores> => {
  const url = process.env['DATABASE_URL'] ?? ''
  if (url === '') throw new Error('HARNESS_STORE=postgres needs DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test')
  const schema = `notetaker_http_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${schema}`)
  const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 5 })
  await migratePostgres(pool)
  const redisUrl = process.env['REDIS_URL'] ?? ''
  const redis = redisUrl === '' ? null : openRedis(redisUrl)
  const stores = postgresStores(pool, STORE_OPTIONS)
  const liveFeed = redis === null ? postgresLiveFeed(pool) : redisLiveFeed(redis, `notetaker-test:${schema}:`)
  return {
    kind: 'postgres',
    ports: {
      ...stores,
      // Keys are per account, and every harness's accounts are new, so harnesses sharing the Redis never meet.
      ...(redis === null ? {} : { idempotency: redisIdempotencyStore(redis, RETENTION_MS, `notetaker-test:${schema}:`) }),
      // Emails repeat across harnesses (ada@example.com): the schema keeps their attempt counts apart.
      ...(redis === null ? {} : { signInLimits: signInLimits(HARNESS_SIGN_IN, (limit, name) => redisRateLimiter(redis, limit, `notetaker-test:${schema}:${name}:`)) }),
    },
    liveFeed,
    close: async () => {
      await liveFeed.close()
      await redis?.quit().catch(() => redis.disconnect())
      await pool.end()
      await admin.query(`DROP SCHEMA ${schema} CASCADE`)
      await admin.end()
    },
  }
}
