import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import pg from 'pg'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli, serve, tempDir } from '../support/cli.js'
import { readEvents } from '../support/sse.js'

type Process = Awaited<ReturnType<typeof serve>>

const MEET = 'https://meet.google.com/abc-defg-hij'
const WORKER_READY = /Notetaker worker is running()/

const keyOf = (p: Process) => p.output.map((l) => /^\s+(ntk_\S+)$/.exec(l)?.[1]).find((k) => k !== undefined)!

const call = async (base: string, key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const r = await fetch(`${base}/ext/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: r.status, body: (await r.json()) as any }
}

const waitForState = async (base: string, key: string, runId: string, states: string[]) => {
  for (let i = 0; i < 300; i++) {
    const r = (await call(base, key, 'GET', `/recordings/${runId}`)).body.data
    if (states.includes(r.state)) return r
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`run ${runId} never reached ${states}`)
}

/** Two API processes without workers and one worker, on one store: what must hold across them (a live stream too). */
const acrossProcesses = async (env: Record<string, string>, shared: { rateLimits: boolean }) => {
  const dir = tempDir('processes')
  const common: Record<string, string> = { DATA_DIR: dir, NOTETAKER_SECRET_KEY: randomBytes(32).toString('base64'), NOTETAKER_SIMULATED_SPEED: '50', NOTETAKER_RATE_LIMIT: '100', ...env }
  const started: Process[] = []
  try {
    const a = await serve(common, ['serve', '--no-worker'])
    started.push(a)
    const b = await serve(common, ['serve', '--no-worker'])
    started.push(b)
    const key = keyOf(a)
    assert.ok(key, 'the first API process created the first account')
    assert.ok(a.output.some((l) => l.includes('no background jobs')))

    // One live bot: ten parallel sends spread over both API processes.
    const sends = await Promise.all(Array.from({ length: 10 }, (_, i) => call(i % 2 === 0 ? a.url : b.url, key, 'POST', '/bots', { joinUrl: MEET })))
    assert.equal(sends.map((r) => r.status).sort(), [201, 409, 409, 409, 409, 409, 409, 409, 409, 409])
    const bot = sends.find((r) => r.status === 201)!.body.data

    // Nothing runs the bot until a worker starts.
    assert.is((await call(b.url, key, 'GET', `/recordings/${bot.runId}`)).body.data.state, 'queued')
    // A client of the other API process watches the bot live, from before it starts until it leaves.
    const live = await fetch(`${b.url}/ext/v1/bots/${bot.runId}/live`, { headers: { authorization: `Bearer ${key}` } })
    assert.is(live.status, 200)
    const streamed = readEvents(live, { stop: (e) => e.event === 'end', timeoutMs: 60_000 })
    const worker = await serve(common, ['worker'], WORKER_READY)
    started.push(worker)
    const done = await waitForState(a.url, key, bot.runId, ['ready', 'failed'])
    assert.is(done.state, 'ready', done.detail)
    const events = await streamed
    assert.equal(events.map((e) => Number(e.id)), events.map((_, i) => i + 1), 'every event once, in order, from the worker to the other process')
    const lines = events.filter((e) => e.event === 'utterance').map((e) => JSON.parse(e.data).text)
    const transcript = (await call(a.url, key, 'GET', `/recordings/${bot.runId}?include=transcript`)).body.data.transcript.map((u: { text: string }) => u.text)
    assert.equal(lines, transcript, 'the finished lines streamed are the final transcript')
    assert.is(events[events.length - 1]!.event, 'end')

    // Idempotency: the same key on both processes answers the same bot.
    const first = await call(a.url, key, 'POST', '/bots', { joinUrl: MEET }, { 'idempotency-key': 'across' })
    const again = await call(b.url, key, 'POST', '/bots', { joinUrl: MEET }, { 'idempotency-key': 'across' })
    assert.equal([first.status, again.status, again.body.data.runId], [201, 201, first.body.data.runId])
    await waitForState(b.url, key, first.body.data.runId, ['ready', 'failed'])

    // Rate limits, on a fresh key: one budget of 100 across processes when shared, 100 per process otherwise.
    const fresh = cli(['keys', 'create', '--account', common.NOTETAKER_OWNER_EMAIL ?? 'owner@notetaker.localhost'], common).stdout.trim().split('\n').pop()!
    const burst = await Promise.all(Array.from({ length: 150 }, (_, i) => call(i % 2 === 0 ? a.url : b.url, fresh, 'GET', '/me')))
    const limited = burst.filter((r) => r.status === 429).length
    assert.is(limited, shared.rateLimits ? 50 : 0, `${limited} of 150 refused`)
    for (const p of started.reverse()) assert.is(await p.stop(), 0)
  } finally {
    for (const p of started) await p.stop().catch(() => undefined)
    rmSync(dir, { recursive: true, force: true })
  }
}

test('SQLite: `serve --no-worker` twice and `worker` share one database file', async () => {
  await acrossProcesses({}, { rateLimits: false })
})

const DATABASE_URL = process.env['DATABASE_URL']
const REDIS_URL = process.env['REDIS_URL']
if (DATABASE_URL === undefined || REDIS_URL === undefined) {
  console.log('processes: the Postgres/Redis case is skipped, DATABASE_URL and REDIS_URL are not set (CI sets both)')
} else {
  test('Postgres and Redis: one live bot, idempotency and rate limits hold across two API processes and a worker', async () => {
    const schema = `nt_processes_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: DATABASE_URL })
    await admin.connect()
    await admin.query(`CREATE SCHEMA ${schema}`)
    try {
      const url = new URL(DATABASE_URL)
      url.searchParams.set('options', `-c search_path=${schema}`)
      await acrossProcesses(
        { NOTETAKER_STORE: 'postgres', DATABASE_URL: url.toString(), REDIS_URL, NOTETAKER_RATE_LIMITER: 'redis', NOTETAKER_IDEMPOTENCY: 'redis', NOTETAKER_OWNER_EMAIL: `${schema}@notetaker.localhost` },
        { rateLimits: true },
      )
    } finally {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`)
      await admin.end()
    }
  })
}

test.run()
