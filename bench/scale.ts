/**
 * List and schedule endpoints of one account holding a million recordings and
 * 100,000 meetings, on SQLite or Postgres, against GET /me of the same server
 * in the same run. Seeds the account (bench/support/seed-scale.ts), issues a
 * key through the CLI, starts the real server (`serve --no-worker`: the
 * engine would otherwise start scheduling bots for the seeded meetings), then
 * per endpoint and round: requests one at a time (latency without queueing)
 * and under load with autocannon (req/s and latency with `connections` in flight).
 *
 * Usage: npm run bench:scale -- --store sqlite|postgres [--keep] [--reuse DIR|SCHEMA]
 *          [--seconds 5] [--rounds 2] [--connections 8]
 *   --keep    keep the seeded data (a DATA_DIR, or a Postgres schema) and print how to reuse it
 *   --reuse   bench data seeded by an earlier --keep run (never deleted); migrations pending are applied at start
 * Postgres: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); the data goes in a schema of its own.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs, promisify } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'
import { median, stop } from './support/load.js'
import { SCALE, SCALE_ACCOUNT, SHARING_ACCOUNT, WINDOW } from './support/scale-data.js'
import { seedScale } from './support/seed-scale.js'
import { freePort, startBenchServer, timedGets } from './support/latency.js'

const { values } = parseArgs({
  options: {
    store: { type: 'string', default: 'sqlite' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '8' },
  },
})
const store = values.store
if (store !== 'sqlite' && store !== 'postgres') throw new Error('--store must be sqlite or postgres')
const seconds = Number(values.seconds)
const rounds = Number(values.rounds)
const connections = Number(values.connections)
const reuse = values.reuse

const baseUrl = process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/test'
const schema = store === 'postgres' ? (reuse ?? `notetaker_scale_${Date.now()}`) : null
if (schema !== null && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error('the schema name must be lower-case letters, digits and _')
const databaseUrl = schema === null ? '' : `${baseUrl}${baseUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`
const dataDir = store === 'sqlite' && reuse !== undefined ? reuse : mkdtempSync(join(tmpdir(), 'notetaker-scale-'))

const port = await freePort()
const env = {
  ...process.env, NOTETAKER_STORE: store, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn',
  NOTETAKER_RATE_LIMIT: '1000000', HOST: '127.0.0.1', PORT: String(port),
}
const cli = async (...args: string[]) => (await promisify(execFile)(process.execPath, ['bin/notetaker.mjs', ...args], { env, maxBuffer: 1 << 20 })).stdout.trim()

const withAdmin = async <A>(f: (c: pg.Client) => Promise<A>) => {
  const c = new pg.Client({ connectionString: baseUrl })
  await c.connect()
  try {
    return await f(c)
  } finally {
    await c.end()
  }
}

const seed = async () => {
  if (schema !== null) await withAdmin((c) => c.query(`CREATE SCHEMA ${schema}`))
  await cli('migrate')
  const created = async (a: { name: string; email: string }) => (JSON.parse(await cli('accounts', 'create', '--name', a.name, '--email', a.email, '--plan', 'pro', '--json')) as { id: string }).id
  const accounts = { scale: await created(SCALE_ACCOUNT), colleague: await created(SHARING_ACCOUNT) }
  const target = store === 'sqlite' ? { store, path: join(dataDir, 'notetaker.db') } as const : { store, url: databaseUrl } as const
  const report = await seedScale(target, accounts)
  console.log(`seeded in ${report.seconds.toFixed(0)} s: ${report.runs.toLocaleString('en')} runs (${report.listedRuns.toLocaleString('en')} listed), ${report.meetings.toLocaleString('en')} meetings (${report.windowMeetings.toLocaleString('en')} in ${WINDOW.from} .. ${WINDOW.to}), ${SCALE.sharedRuns} runs shared in`)
}

const startServer = async (key: string) => {
  const { child, seconds } = await startBenchServer(env, port, key)
  console.log(`server up in ${seconds.toFixed(1)} s (port ${port}, store ${store}, no worker)`)
  return child
}

const { timedGet, sequential, agent } = timedGets(port)

const loaded = async (path: string, key: string, secs: number) => {
  const r = await autocannon({ url: `http://127.0.0.1:${port}${path}`, headers: { authorization: `Bearer ${key}` }, duration: secs, connections, timeout: 120 })
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failures: r.errors + r.timeouts + r.non2xx }
}

const window = `from=${WINDOW.from}&to=${WINDOW.to}`
const ENDPOINTS = [
  { name: 'GET /me (baseline)', path: '/ext/v1/me' },
  { name: 'recordings, first page', path: '/ext/v1/recordings?limit=25' },
  { name: 'recordings, offset 999000', path: '/ext/v1/recordings?limit=25&offset=999000' },
  // The middle of the list: the furthest any page is from both ends, so the most rows an offset skips.
  { name: 'recordings, offset 499775', path: '/ext/v1/recordings?limit=25&offset=499775' },
  { name: 'schedule, first page', path: `/ext/v1/meetings/schedule?${window}&limit=25` },
  { name: `schedule, offset ${SCALE.windowMeetings - 100}`, path: `/ext/v1/meetings/schedule?${window}&limit=25&offset=${SCALE.windowMeetings - 100}` },
  { name: 'meetings, first page', path: '/ext/v1/meetings?limit=25' },
  { name: 'meetings, offset 99000', path: '/ext/v1/meetings?limit=25&offset=99000' },
  { name: 'meetings, offset 49975', path: '/ext/v1/meetings?limit=25&offset=49975' },
] as const

const run = async () => {
  const key = (await cli('keys', 'create', '--account', SCALE_ACCOUNT.email, '--name', 'scale bench')).split('\n').at(-1)!.trim()
  const server = await startServer(key)
  try {
    console.log('\nwhat each endpoint answers (checked before loading):')
    for (const e of ENDPOINTS) {
      const r = await timedGet(e.path, key)
      if (r.status !== 200) throw new Error(`${e.path} answered ${r.status}: ${r.body.slice(0, 300)}`)
      const body = JSON.parse(r.body) as { data: { total?: number; rows?: unknown[] } }
      const d = body.data
      console.log(`  ${e.name.padEnd(28)} ${d.total === undefined ? 'ok' : `total ${d.total.toLocaleString('en')}, ${d.rows!.length} rows`}  (first request ${r.ms.toFixed(1)} ms)`)
    }
    type Figures = { seq: Awaited<ReturnType<typeof sequential>>; load: Awaited<ReturnType<typeof loaded>> }
    const results = new Map<string, Figures[]>(ENDPOINTS.map((e) => [e.name, []]))
    for (let round = 1; round <= rounds; round++) {
      console.log(`round ${round} of ${rounds}`)
      for (const e of ENDPOINTS) results.get(e.name)!.push({ seq: await sequential(e.path, key, Math.min(3, seconds)), load: await loaded(e.path, key, seconds) })
    }
    const summary = (fs: Figures[]) => ({
      p50: median(fs.map((f) => f.seq.p50)),
      p99: median(fs.map((f) => f.seq.p99)),
      rps: median(fs.map((f) => f.load.rps)),
      loadP50: median(fs.map((f) => f.load.p50)),
      loadP99: median(fs.map((f) => f.load.p99)),
      failures: fs.reduce((n, f) => n + f.load.failures, 0),
    })
    const me = summary(results.get(ENDPOINTS[0].name)!)
    console.log(`\n${store}: ${SCALE.runs.toLocaleString('en')} runs, ${(SCALE.pastMeetings + SCALE.windowMeetings).toLocaleString('en')} meetings; median of ${rounds} rounds`)
    console.log(`one at a time (${Math.min(3, seconds)} s, >= 20 requests) | autocannon, ${connections} connections, ${seconds} s`)
    console.log(`${'endpoint'.padEnd(28)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'p50 x/me'.padStart(9)} | ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'req/s /me'.padStart(9)} failures`)
    for (const e of ENDPOINTS) {
      const s = summary(results.get(e.name)!)
      console.log(
        `${e.name.padEnd(28)} ${s.p50.toFixed(2).padStart(8)} ${s.p99.toFixed(2).padStart(8)} ${(s.p50 / me.p50).toFixed(1).padStart(9)} | ${
          // No request finished within the run: autocannon has no latency to give.
          s.rps === 0 ? `${'none done'.padStart(23)} ${'-'.padStart(9)}` : `${Math.round(s.rps).toString().padStart(7)} ${String(s.loadP50).padStart(7)} ${String(s.loadP99).padStart(7)} ${(s.rps / me.rps).toFixed(3).padStart(9)}`
        } ${s.failures}`,
      )
    }
  } finally {
    agent.destroy()
    await stop(server)
  }
}

try {
  if (reuse === undefined) await seed()
  await run()
} finally {
  // On Postgres, DATA_DIR only holds the server's key file: never worth keeping.
  if (schema !== null) rmSync(dataDir, { recursive: true, force: true })
  if (reuse !== undefined) console.log(`kept the data in ${schema ?? dataDir} (reused)`)
  else if (values.keep) console.log(`\nkept the seeded data: npm run bench:scale -- --store ${store} --reuse ${schema ?? dataDir}`)
  else if (schema !== null) await withAdmin((c) => c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`))
  else rmSync(dataDir, { recursive: true, force: true })
}
