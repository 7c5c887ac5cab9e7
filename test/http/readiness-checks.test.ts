/**
 * The readiness checks the adapters provide (a `ping` each), through /readyz:
 * SQLite, Postgres, Redis and an S3 bucket, answering and not, and what their
 * failures say (in words, and never a password or a secret key).
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import pg from 'pg'
import pino from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { headBucket, s3Client } from '../../adapters/stores/blob-s3/index.js'
import type { ReadinessCheck } from '../../adapters/driving/http-koa/health.js'
import { pingPool } from '../../adapters/stores/postgres/index.js'
import { openRedis, pingRedis } from '../../adapters/stores/redis/index.js'
import { openDatabase, pingDatabase } from '../../adapters/stores/sqlite/database.js'
import { openAdapters } from '../../src/app/composition/adapters.js'
import { loadConfig } from '../../src/app/config/index.js'
import { tempDir } from '../support/cli.js'
import { startHarness } from '../support/http.js'
import { startTestS3, type TestS3 } from '../support/s3/server.js'

interface Check {
  readonly name: string
  readonly ok: boolean
  readonly ms: number
  readonly error?: string
}

/** GET /readyz of a harness that asks these checks. */
const probe = async (checks: ReadonlyArray<ReadinessCheck>, timeoutMs = 2_000) => {
  const h = await startHarness({ readiness: { checks, timeoutMs } })
  try {
    const res = await fetch(`${h.url}/readyz`)
    const text = await res.text()
    return { status: res.status, text, body: JSON.parse(text) as { status: string; checks: Check[] } }
  } finally {
    await h.close()
  }
}

/** A port nothing listens on: connections to it are refused at once. */
const CLOSED_PORT = 1

const s = suite<{ s3: TestS3 | null }>('readiness checks of the adapters')
s.before((ctx) => {
  ctx.s3 = null
})
s.after(async ({ s3 }) => s3?.close())

s('SQLite: an open database answers; a closed one fails in words', async () => {
  const dir = tempDir('ready-sqlite')
  try {
    const db = openDatabase(join(dir, 'notetaker.db'))
    const check: ReadinessCheck = { name: 'database', check: async () => pingDatabase(db) }
    const up = await probe([check])
    assert.is(up.status, 200)
    assert.equal(up.body.checks.map((c) => [c.name, c.ok]), [['database', true]])
    db.close()
    const down = await probe([check])
    assert.is(down.status, 503)
    assert.is(down.body.status, 'unavailable')
    assert.match(down.body.checks[0]!.error!, /database connection is not open/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

s('Postgres on a port nothing listens on: 503 naming the database, the refusal in words, and no password', async () => {
  const pool = new pg.Pool({ connectionString: `postgres://notetaker:pg-S3cret-pass@127.0.0.1:${CLOSED_PORT}/notetaker`, connectionTimeoutMillis: 1_000 })
  pool.on('error', () => {})
  try {
    const r = await probe([{ name: 'database', check: () => pingPool(pool) }])
    assert.is(r.status, 503)
    const [db] = r.body.checks
    assert.equal([db!.name, db!.ok], ['database', false])
    assert.match(db!.error!, /^Postgres did not answer: .*ECONNREFUSED/)
    assert.not.match(r.text, /S3cret/)
  } finally {
    await pool.end()
  }
})

s('Postgres that answers (DATABASE_URL): ready', async () => {
  const url = process.env['DATABASE_URL'] ?? ''
  if (url === '') {
    console.log('  (Postgres: skipped, DATABASE_URL is not set)')
    return
  }
  const pool = new pg.Pool({ connectionString: url, max: 1 })
  try {
    const r = await probe([{ name: 'database', check: () => pingPool(pool) }])
    assert.is(r.status, 200)
    assert.ok(r.body.checks[0]!.ok)
  } finally {
    await pool.end()
  }
})

s('Redis on a port nothing listens on: 503 naming redis, in words, and no password', async () => {
  const client = openRedis(`redis://default:redis-S3cret@127.0.0.1:${CLOSED_PORT}`)
  try {
    const r = await probe([{ name: 'redis', check: () => pingRedis(client) }], 5_000)
    assert.is(r.status, 503)
    const [redis] = r.body.checks
    assert.equal([redis!.name, redis!.ok], ['redis', false])
    assert.match(redis!.error!, /^Redis did not answer PING: not connected \(\w+: connect ECONNREFUSED 127\.0\.0\.1:1\)$/)
    assert.not.match(r.text, /S3cret/)
  } finally {
    client.disconnect()
  }
})

s('Redis that answers (REDIS_URL): ready', async () => {
  const url = process.env['REDIS_URL'] ?? ''
  if (url === '') {
    console.log('  (Redis: skipped, REDIS_URL is not set)')
    return
  }
  const client = openRedis(url)
  try {
    const r = await probe([{ name: 'redis', check: () => pingRedis(client) }])
    assert.is(r.status, 200)
    assert.ok(r.body.checks[0]!.ok)
  } finally {
    await client.quit()
  }
})

s('S3: a bucket that exists answers; a missing one, or a server that cannot be reached, fails in words without the secret key', async (ctx) => {
  ctx.s3 ??= await startTestS3()
  const { settings } = ctx.s3
  const client = s3Client(settings)
  const unreachable = s3Client({ ...settings, endpoint: `http://127.0.0.1:${CLOSED_PORT}`, secretAccessKey: 'aws-S3cret-key' })
  try {
    const r = await probe([
      { name: 's3', check: (signal) => headBucket(client, settings.bucket, signal) },
      { name: 'missing', check: (signal) => headBucket(client, 'no-such-bucket-here', signal) },
      { name: 'unreachable', check: (signal) => headBucket(unreachable, settings.bucket, signal) },
    ])
    assert.is(r.status, 503)
    const [s3, missing, away] = r.body.checks
    assert.equal([s3!.name, s3!.ok], ['s3', true])
    assert.equal([missing!.ok, missing!.error], [false, 'S3 did not answer: the bucket "no-such-bucket-here" does not exist'])
    assert.is(away!.ok, false)
    assert.match(away!.error!, /^S3 did not answer: the bucket "[^"]+" could not be reached: /)
    assert.not.match(r.text, /S3cret/)
  } finally {
    client.destroy()
    unreachable.destroy()
  }
})

s('openAdapters hands out a check for each service it opened: the store, Redis, and the S3 bucket', async (ctx) => {
  ctx.s3 ??= await startTestS3()
  const { settings } = ctx.s3
  const dir = tempDir('ready-composed')
  const config = loadConfig({
    NOTETAKER_STORE: 'memory',
    DATA_DIR: dir,
    NOTETAKER_BLOBS: 's3',
    NOTETAKER_S3_ENDPOINT: settings.endpoint,
    NOTETAKER_S3_BUCKET: settings.bucket,
    NOTETAKER_S3_ACCESS_KEY_ID: settings.accessKeyId,
    NOTETAKER_S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    NOTETAKER_S3_FORCE_PATH_STYLE: 'true',
    // Redis where nothing listens: its check fails, the others hold.
    NOTETAKER_RATE_LIMITER: 'redis',
    REDIS_URL: `redis://127.0.0.1:${CLOSED_PORT}`,
  })
  if (E.isLeft(config)) throw new Error(config.left.join('; '))
  const opened = await openAdapters(config.right, { migrate: true, logger: pino({ level: 'silent' }) })
  try {
    assert.equal(opened.checks.map((c) => c.name), ['database', 'redis', 's3'])
    const r = await probe(opened.checks, 5_000)
    assert.is(r.status, 503)
    assert.equal(r.body.checks.map((c) => [c.name, c.ok]), [['database', true], ['redis', false], ['s3', true]])
  } finally {
    await opened.close()
    rmSync(dir, { recursive: true, force: true })
  }
})

s.run()
