/**
 * Search over many one-hour transcripts: GET /recordings?q=... for a rare, a
 * medium and a common word and two words, against GET /me of the same server
 * in the same run.
 *
 * Fills N recordings (default 100,000), each with notes, a transcript of ≈ 700
 * utterances (≈ 9,000 words, bench/support/search-data.ts) and its search
 * document, straight through the driver in large transactions, the documents
 * written by the stores' own code (adapters/{sqlite,postgres}/search-documents.ts).
 * One account holds every tenth recording (10,000 of 100,000): the hard case,
 * searched as that account; the others are spread over 90 accounts. The fill is
 * kept in --data DIR (SQLite: the DATA_DIR; Postgres: a schema named after it)
 * and resumed where it stopped; the fill rate is printed as it goes, to
 * extrapolate from a small N. Postgres is filled by two connections at once,
 * its search index built once at the end (fillPostgres).
 *
 * Usage: npm run bench:search -- --data DIR [--store sqlite|postgres] [--runs 100000] [--utterances 700] [--seconds 10] [--fill-only] [--drop]
 * Postgres: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); --drop drops the schema at the end.
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { parseArgs, promisify } from 'node:util'
import Database from 'better-sqlite3'
import pg from 'pg'
import { sqliteSearchDocuments } from '../adapters/stores/sqlite/search-documents.js'
import { distinctChunksOf } from '../adapters/stores/sqlite/transcript-chunks.js'
import { PUT_SEARCH_DOCUMENTS } from '../adapters/stores/postgres/search-documents.js'
import { searchDocumentOf } from '../adapters/stores/shared/search/match.js'
import type { StoredNotes } from '../src/core/ports/recording-stores.js'
import { stop } from './support/load.js'
import { RARE_EVERY, RARE_WORD, transcriptOf, vocabulary, zipf } from './support/search-data.js'
import { freePort, startBenchServer, timedGets } from './support/latency.js'

const { values } = parseArgs({
  options: {
    store: { type: 'string', default: 'sqlite' },
    data: { type: 'string' },
    runs: { type: 'string', default: '100000' },
    utterances: { type: 'string', default: '700' },
    seconds: { type: 'string', default: '10' },
    'fill-only': { type: 'boolean', default: false },
    drop: { type: 'boolean', default: false },
  },
})
const store = values.store
if (store !== 'sqlite' && store !== 'postgres') throw new Error('--store must be sqlite or postgres')
if (values.data === undefined) throw new Error('--data DIR is required (the fill is kept there and resumed)')
const dataDir = resolve(values.data)
mkdirSync(dataDir, { recursive: true })
const N = Number(values.runs)
const UTTERANCES = Number(values.utterances)
const seconds = Number(values.seconds)

const baseUrl = process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/test'
const schema = store === 'postgres' ? `notetaker_search_${basename(dataDir).toLowerCase().replace(/[^a-z0-9_]/g, '_')}` : null
const databaseUrl = schema === null ? '' : `${baseUrl}${baseUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`

const port = await freePort()
const env = { ...process.env, NOTETAKER_STORE: store, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', NOTETAKER_RATE_LIMIT: '1000000', HOST: '127.0.0.1', PORT: String(port) }
const cli = async (...args: string[]) => (await promisify(execFile)(process.execPath, ['bin/notetaker.mjs', ...args], { env, maxBuffer: 1 << 20 })).stdout.trim()

const ACCOUNT = { name: 'Search Bench', email: 'search-bench@example.com' }
const statePath = join(dataDir, 'search-bench.json')

/** Made once per --data: the schema, the account and its key. */
const prepare = async (): Promise<{ accountId: string; key: string }> => {
  if (existsSync(statePath)) return JSON.parse(readFileSync(statePath, 'utf8'))
  if (schema !== null) {
    const c = new pg.Client({ connectionString: baseUrl })
    await c.connect()
    await c.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`)
    await c.end()
  }
  await cli('migrate')
  const accountId = (JSON.parse(await cli('accounts', 'create', '--name', ACCOUNT.name, '--email', ACCOUNT.email, '--plan', 'pro', '--json')) as { id: string }).id
  const key = (await cli('keys', 'create', '--account', ACCOUNT.email, '--name', 'search bench')).split('\n').at(-1)!.trim()
  writeFileSync(statePath, JSON.stringify({ accountId, key }))
  return { accountId, key }
}

const words = vocabulary()
const draw = zipf(words.length)
const TITLES = ['Weekly sync', 'Design review', 'Customer call', 'Sprint planning', 'Retro', 'Interview', 'All hands', 'Board prep', 'Roadmap']
const uuidOf = (n: number) => `5ea4c000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`
const HOUR = 3_600_000
const START = Date.parse('2020-01-01T09:00:00.000Z')

/** Every tenth recording is the searched account's; the others belong to 90 accounts that only hold runs. */
const ACCOUNTS = 90
const BIG_EVERY = 10
const ownerOf = (accountId: string, n: number) => (n % BIG_EVERY === 0 ? accountId : `0000a000-0000-4000-8000-${(n % ACCOUNTS).toString(16).padStart(12, '0')}`)

const recording = (accountId: string, n: number) => {
  const t = transcriptOf(n, UTTERANCES, words, draw)
  const startsAt = new Date(START + n * HOUR * 2).toISOString()
  const title = `${TITLES[n % TITLES.length]} ${n}`
  const notes = {
    shortSummary: t.utterances[0]!.text, detailedSummary: t.utterances.slice(1, 4).map((u) => u.text).join(' '), attendees: [], topics: [], decisions: [], speakers: [],
    actionItems: [{ id: uuidOf(n + 10_000_000), title: t.utterances[5]!.text, owner: null, due: null, status: 'active', context: '', tags: [] }],
  } as unknown as StoredNotes
  const run = [
    uuidOf(n), ownerOf(accountId, n), `rec-${n.toString(16).padStart(12, '0').replace(/(....)(....)(....)/, '$1-$2-$3')}`, 'upload', null, title, startsAt, null, null,
    'ready', null, null, null, 3600, new Date(Date.parse(startsAt) + HOUR).toISOString(), JSON.stringify({ kind: 'transcript', key: `bench/${n}`, format: 'vtt' }), null, true, null, startsAt, startsAt,
  ]
  return { run, title, notes, utterances: t.utterances, words: t.words }
}
const RUN_COLUMNS = 'id, account_id, reference, origin, meeting_id, title, starts_at, platform, join_url, state, detail, joined_at, waited_seconds, recording_seconds, ended_at, source, audio, has_notes, leave_requested_at, created_at, updated_at'

/** Recordings per transaction. */
const BATCH = 200

/** Inserts the recordings not there yet, BATCH per transaction, printing the rate. */
const fill = async (accountId: string) => {
  let done = 0
  let wordsWritten = 0
  const started = performance.now()
  let last = started
  const progress = (at: number, force = false) => {
    const now = performance.now()
    if (!force && now - last < 10_000) return
    last = now
    const rate = done / ((now - started) / 1000)
    console.log(`  filled ${at.toLocaleString('en')} / ${N.toLocaleString('en')} recordings (${rate.toFixed(1)} recordings/s, ${Math.round(wordsWritten / ((now - started) / 1000)).toLocaleString('en')} words/s; ${N - at > 0 ? `${((N - at) / rate / 60).toFixed(0)} min to go` : 'done'})`)
  }
  /** Writes the batches starting at `starts`, `workers` at a time (generated in this thread, written by the store's connections). */
  const batches = async (starts: number[], write: (recs: ReturnType<typeof recording>[]) => Promise<void> | void, workers = 1) => {
    const base = N - starts.reduce((s, n) => s + Math.min(BATCH, N - n), 0)
    const queue = [...starts]
    await Promise.all(Array.from({ length: workers }, async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
        const recs = Array.from({ length: Math.min(BATCH, N - n) }, (_, i) => recording(accountId, n + i))
        await write(recs)
        done += recs.length
        wordsWritten += recs.reduce((s, r) => s + r.words, 0)
        progress(base + done)
      }
    }))
    progress(N, true)
  }
  if (store === 'sqlite') {
    const db = new Database(join(dataDir, 'notetaker.db'))
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = OFF')
    db.pragma('cache_size = -1000000')
    // Everything of a recording is written in one transaction, so the count of runs is where to resume.
    const from = db.prepare('SELECT count(*) FROM runs').pluck().get() as number
    console.log(`filling ${store}: ${from.toLocaleString('en')} recordings already there`)
    const addRun = db.prepare(`INSERT INTO runs (${RUN_COLUMNS}) VALUES (${RUN_COLUMNS.split(',').map(() => '?').join(', ')})`)
    const addNotes = db.prepare('INSERT INTO notes (run_id, body) VALUES (?, ?)')
    const addUtterance = db.prepare('INSERT INTO utterances (run_id, seq, start_ms, end_ms, speaker, text) VALUES (?, ?, ?, ?, ?, ?)')
    const addDocument = sqliteSearchDocuments(db)
    const write = db.transaction((recs: ReturnType<typeof recording>[]) => {
      for (const r of recs) {
        addRun.run(r.run.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)))
        r.utterances.forEach((u, i) => addUtterance.run(r.run[0], i, u.start_ms, u.end_ms, u.speaker, u.text))
        addNotes.run(r.run[0], JSON.stringify(r.notes))
        addDocument(r.run[0] as string, r.notes, distinctChunksOf(r.utterances))
      }
    })
    await batches(Array.from({ length: Math.max(0, Math.ceil((N - from) / BATCH)) }, (_, i) => from + i * BATCH), write)
    db.pragma('wal_checkpoint(TRUNCATE)')
    db.close()
  } else await fillPostgres(accountId, batches)
}

/** Connections writing batches at once on Postgres: each batch is one transaction, computed by its own backend. */
const PG_WRITERS = 2

/**
 * Postgres: the missing batches (a batch's runs, then the rest in one
 * transaction, so its first search document tells whether it is there), written by PG_WRITERS connections at once, each
 * table with one INSERT ... SELECT FROM unnest(...) per batch; the documents by
 * the store's own statement. The search indexes are set aside while filling
 * and built once at the end, as a restore would (their definitions are kept in
 * --data, so a resumed fill builds the same ones).
 */
const fillPostgres = async (accountId: string, batches: (starts: number[], write: (recs: ReturnType<typeof recording>[]) => Promise<void>, workers: number) => Promise<void>) => {
  const c = new pg.Client({ connectionString: databaseUrl })
  await c.connect()
  // Runs of a batch cut off between its two transactions are written again with the rest of it.
  await c.query('DELETE FROM runs WHERE NOT EXISTS (SELECT 1 FROM search_docs d WHERE d.run_id = runs.id)')
  const there = new Set((await c.query<{ id: string }>('SELECT run_id AS id FROM search_docs')).rows.map((r) => r.id))
  const starts = Array.from({ length: Math.ceil(N / BATCH) }, (_, i) => i * BATCH).filter((n) => !there.has(uuidOf(n)))
  console.log(`filling ${store}: ${there.size.toLocaleString('en')} recordings already there`)
  const indexesPath = join(dataDir, 'search-bench-indexes.json')
  if (starts.length > 0 && !existsSync(indexesPath)) {
    const ix = (await c.query<{ name: string; def: string }>("SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'search_docs' AND indexdef LIKE '%USING gin%'")).rows
    writeFileSync(indexesPath, JSON.stringify(ix))
    for (const i of ix) await c.query(`DROP INDEX ${i.name}`)
  }
  const types = ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'int', 'int', 'text', 'text', 'text', 'boolean', 'text', 'text', 'text']
  const cols = RUN_COLUMNS.split(', ')
  const writers = await Promise.all(Array.from({ length: PG_WRITERS }, async () => {
    const w = new pg.Client({ connectionString: databaseUrl })
    await w.connect()
    await w.query('SET synchronous_commit = off')
    return w
  }))
  const free = [...writers]
  await batches(starts, async (recs) => {
    const w = free.pop()!
    try {
      // The runs on their own first: their insert takes the account's counter row (migration 8), which would make the writers wait on each other.
      await w.query(
        `INSERT INTO runs (${RUN_COLUMNS}) SELECT ${cols.map((k) => (k === 'source' || k === 'audio' ? `${k}::jsonb` : k)).join(', ')} FROM unnest(${cols.map((_, i) => `$${i + 1}::${types[i]}[]`).join(', ')}) AS t(${RUN_COLUMNS}) ON CONFLICT (id) DO NOTHING`,
        cols.map((_, i) => recs.map((r) => r.run[i])),
      )
      await w.query('BEGIN')
      const us = recs.flatMap((r) => r.utterances.map((u, seq) => [r.run[0], seq, u.start_ms, u.end_ms, u.speaker, u.text] as const))
      await w.query(
        'INSERT INTO utterances (run_id, seq, start_ms, end_ms, speaker, text) SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::text[], $6::text[])',
        [0, 1, 2, 3, 4, 5].map((k) => us.map((u) => u[k])),
      )
      await w.query('INSERT INTO notes (run_id, body) SELECT * FROM unnest($1::text[], $2::json[])', [recs.map((r) => r.run[0]), recs.map((r) => JSON.stringify(r.notes))])
      const docs = recs.map((r) => searchDocumentOf(r.title, r.notes, r.utterances))
      await w.query(PUT_SEARCH_DOCUMENTS, [recs.map((r) => r.run[0]), docs.map((d) => d.notes), docs.map((d) => d.transcript)])
      await w.query('COMMIT')
    } finally {
      free.push(w)
    }
  }, PG_WRITERS)
  await Promise.all(writers.map((w) => w.end()))
  const rebuilt = existsSync(indexesPath)
  if (rebuilt) {
    const started = performance.now()
    await c.query("SET maintenance_work_mem = '1GB'")
    for (const i of JSON.parse(readFileSync(indexesPath, 'utf8')) as { name: string; def: string }[]) await c.query(i.def.replace(/^CREATE INDEX/, 'CREATE INDEX IF NOT EXISTS'))
    unlinkSync(indexesPath)
    console.log(`  built the search indexes in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  }
  if (starts.length > 0 || rebuilt) {
    for (const t of ['runs', 'notes', 'search_docs']) await c.query(`VACUUM ANALYZE ${t}`)
    await c.query('ANALYZE utterances')
  }
  await c.end()
}

const startServer = async (key: string) => (await startBenchServer(env, port, key)).child

const { sequential, agent } = timedGets(port)

/** One request at a time for `seconds` (at least 20), with the total the last page reported. */
const measure = async (path: string, key: string) => {
  const { body, ...figures } = await sequential(path, key, seconds)
  return { ...figures, total: (JSON.parse(body) as { data: { total?: number } }).data.total }
}

const { accountId, key } = await prepare()
await fill(accountId)
if (!values['fill-only']) {
  const medium = words[words.length - 40_000 + 2_000]!
  const QUERIES = [
    { name: 'GET /me (baseline)', path: '/ext/v1/me' },
    { name: `q rare (${RARE_WORD}, 1 in ${RARE_EVERY.toLocaleString('en')})`, path: `/ext/v1/recordings?q=${RARE_WORD}` },
    { name: `q medium (${medium})`, path: `/ext/v1/recordings?q=${medium}` },
    { name: 'q common (project)', path: '/ext/v1/recordings?q=project' },
    { name: 'q two words (project budget)', path: '/ext/v1/recordings?q=project%20budget' },
    { name: 'list, no filter', path: '/ext/v1/recordings' },
  ]
  const server = await startServer(key)
  try {
    const results = []
    for (const q of QUERIES) results.push({ ...q, ...(await measure(q.path, key)) })
    const me = results[0]!
    const own = Math.ceil(N / BIG_EVERY)
    console.log(`\n${store}: ${N.toLocaleString('en')} recordings × ${UTTERANCES} utterances; searched as the account holding ${own.toLocaleString('en')} of them (the rest in ${ACCOUNTS} other accounts); one request at a time, ${seconds} s (>= 20 requests) each`)
    console.log(`${'request'.padEnd(36)} ${'found'.padStart(9)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'p50 x/me'.padStart(9)} ${'p99 x/me'.padStart(9)} ${'n'.padStart(6)}`)
    for (const r of results) {
      console.log(`${r.name.padEnd(36)} ${(r.total === undefined ? '-' : r.total.toLocaleString('en')).padStart(9)} ${r.p50.toFixed(2).padStart(9)} ${r.p99.toFixed(2).padStart(9)} ${(r.p50 / me.p50).toFixed(1).padStart(9)} ${(r.p99 / me.p99).toFixed(1).padStart(9)} ${String(r.n).padStart(6)}`)
    }
  } finally {
    agent.destroy()
    await stop(server)
  }
}
if (values.drop && schema !== null) {
  const c = new pg.Client({ connectionString: baseUrl })
  await c.connect()
  await c.query(`DROP SCHEMA ${schema} CASCADE`)
  await c.end()
  console.log(`dropped the schema ${schema}`)
}
