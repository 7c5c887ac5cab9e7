/**
 * Every store contract against Postgres from DATABASE_URL (CI sets it and makes
 * sure the server answers). The run gets a schema of its own, migrated once and
 * dropped at the end; each test starts from empty tables.
 */
import { randomBytes } from 'node:crypto'
import * as O from 'fp-ts/lib/Option.js'
import pg from 'pg'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { migrate } from '../../../adapters/stores/postgres/migrate.js'
import { MIGRATIONS } from '../../../adapters/stores/postgres/migrations/index.js'
import { postgresStores } from '../../../adapters/stores/postgres/index.js'
import { postgresJobQueue } from '../../../adapters/stores/postgres/job-queue.js'
import { postgresLiveFeed } from '../../../adapters/stores/postgres/live-feed.js'
import { randomIds } from '../../../adapters/system/ids.js'
import { runPortContracts } from '../../../src/contracts/index.js'
import { LIVE_BUFFER_MINUTES, type LiveEvent } from '../../../src/core/ports/live-feed.js'
import { liveFeedContract } from '../../../src/contracts/live-feed.js'
import { right } from '../../support/run.js'

const url = process.env['DATABASE_URL'] ?? ''

if (url === '') {
  console.log('postgres contracts: skipped, DATABASE_URL is not set (CI sets it, e.g. postgres://postgres@127.0.0.1:5432/test)')
} else {
  const schema = `notetaker_test_${process.pid}_${randomBytes(4).toString('hex')}`
  const poolIn = (name: string) => new pg.Pool({ connectionString: url, options: `-c search_path=${name}`, max: 10 })
  const pool = poolIn(schema)
  let emptyAll: Promise<string> | undefined

  /** The stores over empty tables (the schema is created and migrated on first use). */
  const fresh = async () => {
    emptyAll ??= (async () => {
      await pool.query(`CREATE SCHEMA ${schema}`)
      await migrate(pool)
      // Newest table first: a table is created after those it references. (DELETE: TRUNCATE takes ~20 times longer on tiny tables.)
      const names = await pool.query<{ t: string }>(
        "SELECT c.relname AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'r' AND c.relname <> 'schema_migrations' ORDER BY c.oid DESC",
        [schema],
      )
      return names.rows.map((r) => `DELETE FROM ${r.t};`).join(' ')
    })()
    await pool.query(await emptyAll)
    return postgresStores(pool, { idempotencyRetentionMs: 3_600_000, newId: randomIds.uuid })
  }

  runPortContracts('postgres', fresh)

  // Two feeds over two pools, as two processes have; each LISTENs on a connection of its own.
  const feedPools: pg.Pool[] = []
  liveFeedContract('postgres', async () => {
    await fresh()
    const [one, two] = [poolIn(schema), poolIn(schema)]
    feedPools.push(one, two)
    return { a: postgresLiveFeed(one), b: postgresLiveFeed(two) }
  })

  // What only a shared database shows: several pools stand for several processes.
  const s = suite('postgres: across processes')

  s('finished jobs stay a while, then go (here: kept 0 ms), so the table does not only grow', async () => {
    await fresh()
    const queue = postgresJobQueue(pool, randomIds.uuid, { keepDoneMs: 0, pruneEveryMs: 0 })
    const now = new Date()
    for (const n of [1, 2]) {
      await right(queue.enqueue({ kind: 'a', payload: n }))
      const job = await right(queue.claim(['a'], now, 60_000))
      await new Promise((r) => setTimeout(r, 5))
      await right(queue.complete(O.toNullable(job)!.id))
    }
    const left = await pool.query<{ payload: number; status: string }>('SELECT payload, status FROM jobs')
    assert.equal(left.rows, [{ payload: 2, status: 'done' }], 'the older finished job went when the newer finished')
  })

  s('workers on separate connections never claim the same job', async () => {
    await fresh()
    const workers = Array.from({ length: 4 }, () => poolIn(schema))
    try {
      const queue = postgresJobQueue(pool, randomIds.uuid)
      for (let n = 0; n < 40; n++) await right(queue.enqueue({ kind: 'a', payload: n }))
      const now = new Date('2026-05-01T10:00:00.000Z')
      const claimed = await Promise.all(
        workers.map(async (w) => {
          const q = postgresJobQueue(w, randomIds.uuid)
          const mine: unknown[] = []
          for (;;) {
            const job = await right(q.claim(['a'], now, 60_000))
            if (O.isNone(job)) return mine
            mine.push(job.value.payload)
          }
        }),
      )
      const all = claimed.flat()
      assert.is(all.length, 40)
      assert.is(new Set(all).size, 40, 'each job once')
    } finally {
      await Promise.all(workers.map((w) => w.end()))
    }
  })

  s('capped claims from several processes never run two jobs of one group at once', async () => {
    await fresh()
    const workers = Array.from({ length: 4 }, () => poolIn(schema))
    try {
      const queue = postgresJobQueue(pool, randomIds.uuid)
      for (let n = 0; n < 12; n++) await right(queue.enqueue({ kind: 'a', payload: n, group: `account-${n % 3}` }))
      const now = new Date('2026-05-01T10:00:00.000Z')
      const claimed = await Promise.all(workers.map((w) => right(postgresJobQueue(w, randomIds.uuid).claim(['a'], now, 60_000, { maxRunningPerGroup: 1 }))))
      const groups = claimed.flatMap((c) => (O.isSome(c) ? [`account-${(c.value.payload as number) % 3}`] : []))
      assert.equal(groups.sort(), ['account-0', 'account-1', 'account-2'], 'one job per group; the fourth worker finds none')
    } finally {
      await Promise.all(workers.map((w) => w.end()))
    }
  })

  s('processes migrating one database at once apply each migration once', async () => {
    const other = `${schema}_m`
    const pools = [poolIn(other), poolIn(other), poolIn(other)]
    try {
      await pool.query(`CREATE SCHEMA ${other}`)
      const applied = (await Promise.all(pools.map((p) => migrate(p)))).flat()
      assert.equal(applied.sort(), MIGRATIONS.map((m) => `${m.id}-${m.name}`).sort())
      assert.equal(await migrate(pools[0]!), [], 'nothing left to apply')
    } finally {
      await Promise.all(pools.map((p) => p.end()))
      await pool.query(`DROP SCHEMA IF EXISTS ${other} CASCADE`)
    }
  })

  const liveLine = (text: string) => ({ kind: 'utterance' as const, data: { speaker: 'Ada', text } })
  const liveAt = (minutes: number) => new Date(Date.UTC(2026, 5, 1, 12, 0, 0) + minutes * 60_000)

  s('the live feed LISTENs again when its connection drops, and tells what was published meanwhile', async () => {
    await fresh()
    // The application name picks out this feed's LISTEN connection among any others on the database.
    const name = `live-${schema}`
    const listening = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}`, application_name: name, max: 2 })
    const [a, b] = [postgresLiveFeed(pool), postgresLiveFeed(listening)]
    try {
      const got: LiveEvent[] = []
      b.subscribe('run-1', (e) => got.push(e))
      await new Promise((r) => setTimeout(r, 300))
      await right(a.publish('run-1', liveLine('before'), liveAt(0)))
      const waitFor = async (n: number) => {
        for (let end = Date.now() + 5_000; got.length < n && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20))
      }
      await waitFor(1)
      const killed = await pool.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'LISTEN%'", [name])
      assert.is(killed.rowCount, 1, 'one LISTEN connection')
      await right(a.publish('run-1', liveLine('while away'), liveAt(1)))
      await right(a.publish('run-1', liveLine('back'), liveAt(2)))
      await waitFor(3)
      assert.equal(got.map((e) => [e.seq, e.data['text']]), [[1, 'before'], [2, 'while away'], [3, 'back']])
    } finally {
      await a.close()
      await b.close()
      await listening.end()
    }
  })

  s('a run quiet for longer than the live buffer goes on counting where it was', async () => {
    await fresh()
    const feed = postgresLiveFeed(pool)
    try {
      await right(feed.publish('run-1', liveLine('first'), liveAt(0)))
      await right(feed.publish('run-1', liveLine('much later'), liveAt(3 * LIVE_BUFFER_MINUTES)))
      assert.equal((await right(feed.since('run-1', 0, 10))).map((e) => [e.seq, e.data['text']]), [[2, 'much later']])
    } finally {
      await feed.close()
    }
  })

  s.after(async () => {
    await Promise.all(feedPools.map((p) => p.end()))
    await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await pool.end()
  })

  s.run()
}
