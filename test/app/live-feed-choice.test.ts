/**
 * Which live feed the composition opens on Postgres: the database's (LISTEN/NOTIFY) without
 * REDIS_URL, Redis's streams with it; either way two processes (two openAdapters) share it.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import * as E from 'fp-ts/lib/Either.js'
import { Redis } from 'ioredis'
import pg from 'pg'
import pino from 'pino'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { openAdapters } from '../../src/app/composition/adapters.js'
import { loadConfig } from '../../src/app/config/index.js'
import type { LiveEvent } from '../../src/core/ports/live-feed.js'
import { tempDir } from '../support/cli.js'
import { right } from '../support/run.js'

type Opened = Awaited<ReturnType<typeof openAdapters>>

const url = process.env['DATABASE_URL'] ?? ''
const redisUrl = process.env['REDIS_URL'] ?? ''

/** Two processes' adapters on a schema of their own, with REDIS_URL when given; `use` publishes and subscribes. */
const twoProcesses = async (redis: string, use: (opened: Opened[], inSchema: (sql: string, values?: unknown[]) => Promise<pg.QueryResult>) => Promise<void>) => {
  const schema = `notetaker_live_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${schema}`)
  const dir = tempDir('live-choice')
  const u = new URL(url)
  u.searchParams.set('options', `-c search_path=${schema}`)
  const config = loadConfig({ NOTETAKER_STORE: 'postgres', DATABASE_URL: u.toString(), DATA_DIR: dir, REDIS_URL: redis })
  if (E.isLeft(config)) throw new Error(config.left.join('; '))
  const logger = pino({ level: 'silent' })
  const opened = [await openAdapters(config.right, { migrate: true, logger })]
  opened.push(await openAdapters(config.right, { migrate: false, logger }))
  try {
    await use(opened, (sql, values) => admin.query(sql.replaceAll('{schema}', schema), values))
  } finally {
    await Promise.all(opened.map((o) => o.close()))
    await admin.query(`DROP SCHEMA ${schema} CASCADE`)
    await admin.end()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Subscribes in one process, publishes in the other; answers what the subscriber was told. */
const acrossProcesses = async (opened: Opened[], runId: string) => {
  const [one, two] = [opened[0]!.liveFeed!, opened[1]!.liveFeed!]
  const got: LiveEvent[] = []
  const sub = two.subscribe(runId, (e) => got.push(e))
  await new Promise((r) => setTimeout(r, 300))
  await right(one.publish(runId, { kind: 'state', data: { state: 'in_call' } }, new Date()))
  for (const end = Date.now() + 5_000; got.length < 1 && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20))
  sub.close()
  return got.map((e) => [e.seq, e.kind])
}

if (url === '') {
  console.log('live feed choice: skipped, DATABASE_URL is not set')
} else {
  test('without REDIS_URL, the live feed is on Postgres', () =>
    twoProcesses('', async (opened, inSchema) => {
      const runId = randomUUID()
      assert.equal(await acrossProcesses(opened, runId), [[1, 'state']])
      assert.is((await inSchema('SELECT 1 FROM {schema}.live_events WHERE run_id = $1', [runId])).rowCount, 1)
    }))

  if (redisUrl === '') {
    console.log('live feed choice on Redis: skipped, REDIS_URL is not set')
  } else {
    test('with REDIS_URL, the live feed is on Redis, under the service\'s key prefix', () =>
      twoProcesses(redisUrl, async (opened, inSchema) => {
        const runId = randomUUID()
        assert.equal(await acrossProcesses(opened, runId), [[1, 'state']])
        const redis = new Redis(redisUrl)
        const keys = [`notetaker:live:{${runId}}`, `notetaker:live:{${runId}}:seq`]
        try {
          assert.is(await redis.exists(...keys), 2)
          assert.is((await inSchema('SELECT 1 FROM {schema}.live_events')).rowCount, 0, 'nothing in the database')
        } finally {
          await redis.del(...keys)
          redis.disconnect()
        }
      }))
  }
}

test.run()
