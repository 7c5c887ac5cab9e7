/**
 * npm run bench:live [-- --store sqlite|postgres|all --runs 2 --clients 1000 --subscribers 100 --bot simulated|chromium]
 *
 * Live transcripts across processes (issue 35). Per store, one API process (`serve --no-worker`)
 * and, apart from it, one worker process that runs the simulated bot in real time
 * (bench/support/live-worker.ts: `notetaker worker` with the runner wrapped to note when it hands
 * each event over, i.e. when the bot "shows" a line). Then:
 *
 * 1. Idle clients: before the worker starts, a bot is sent and stays queued; --clients SSE
 *    connections (loopback, one address, the per-address limit off) watch it. The API process's
 *    added RSS (/proc/<pid>/status) and whether every client got a heartbeat in 15 s.
 * 2. Latency: --runs meetings, each watched by one client of the API process. For every partial
 *    and finished line, the time from the meeting showing it (the simulated runner handing it
 *    over) to the client receiving it;
 *    p50/p95/max; every line the bot showed must arrive, and every finished line streamed must be
 *    in the final transcript.
 * 3. What clients cost the bot: one meeting with no client, one with --subscribers clients
 *    watching; the worker's CPU per published line and event-loop delay during the call, side by
 *    side (and the API process's CPU per line, where the clients' messages are written).
 *
 * --bot chromium runs the Chromium bot instead, in stand-in Google Meet meetings this process serves
 * (adapters/bots/chromium/standins; Debian's chromium and espeak-ng): a finished line counts from
 * when its caption last changed on the page. Its captions come whole, so there are no partials.
 *
 * --store all (the default): SQLite, then Postgres with Redis when DATABASE_URL and REDIS_URL are
 * set (each in a schema of its own, dropped at the end). About 5 minutes a store with the defaults.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { request, type ClientRequest } from 'node:http'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { startStandins, type Standins } from '../adapters/bots/chromium/standins/server.js'
import { freePort } from './support/latency.js'
import { latencies, LIVE_WORKER_READY, notInTranscript, type ReceivedEvent, type ShownFile, sseReader, summary } from './support/live-latency.js'
import { cpuSeconds } from './support/proc.js'

const { values: args } = parseArgs({
  options: {
    store: { type: 'string', default: 'all' },
    runs: { type: 'string', default: '2' },
    clients: { type: 'string', default: '1000' },
    subscribers: { type: 'string', default: '100' },
    bot: { type: 'string', default: 'simulated' },
  },
})
const RUNS = Number(args.runs)
const CLIENTS = Number(args.clients)
const SUBSCRIBERS = Number(args.subscribers)
if (args.bot !== 'simulated' && args.bot !== 'chromium') throw new Error('--bot takes simulated or chromium')
if (!['sqlite', 'postgres', 'all'].includes(args.store)) throw new Error('--store takes sqlite, postgres or all')
if (![RUNS, CLIENTS, SUBSCRIBERS].every((n) => Number.isInteger(n) && n >= 0) || RUNS < 1 || RUNS > 10 || CLIENTS > 5_000 || SUBSCRIBERS > 2_000)
  throw new Error('keep it bounded: --runs 1 to 10, --clients 0 to 5000, --subscribers 0 to 2000 (whole numbers)')
const DATABASE_URL = process.env['DATABASE_URL']
const REDIS_URL = process.env['REDIS_URL']
if (args.store === 'postgres' && (DATABASE_URL === undefined || REDIS_URL === undefined)) throw new Error('--store postgres needs DATABASE_URL and REDIS_URL')

const MEET = 'https://meet.google.com/abc-defg-hij'
const HEARTBEAT_MS = 15_000 // the server's comment line on an idle stream (adapters/driving/http-koa/exchange/event-stream.ts)
const MEETING_TIMEOUT_MS = 300_000
const now = () => performance.timeOrigin + performance.now()
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

class BenchFailure extends Error {}

// --- processes ----------------------------------------------------------------------------------

interface Proc {
  readonly child: ChildProcess
  readonly pid: number
  readonly lines: string[]
  stop(): Promise<void>
}

/** Starts node with `argv`; resolves once `ready(line)` accepts a line of its output. Warnings and errors of its log are echoed. */
const startNode = (argv: string[], env: NodeJS.ProcessEnv, ready: (line: string) => boolean): Promise<Proc> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { env, stdio: ['ignore', 'pipe', 'pipe'] })
    const lines: string[] = []
    const proc: Proc = {
      child,
      pid: child.pid!,
      lines,
      stop: () =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done()
          child.once('exit', () => done())
          child.kill('SIGTERM')
        }),
    }
    const timer = setTimeout(() => reject(new BenchFailure(`${argv.join(' ')} did not start in 120 s`)), 120_000)
    child.once('exit', (code) => reject(new BenchFailure(`${argv.join(' ')} exited with ${code}: ${lines.slice(-5).join(' / ')}`)))
    for (const stream of [child.stdout!, child.stderr!])
      createInterface({ input: stream }).on('line', (line) => {
        lines.push(line)
        if (/"level":(4|5|6)\d/.test(line)) process.stderr.write(`  [${argv.at(-1)}] ${line}\n`)
        if (ready(line)) {
          clearTimeout(timer)
          resolve(proc)
        }
      })
  })

const rssMiB = (pid: number) => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024

// --- the API ------------------------------------------------------------------------------------

type Json = any // answers are read field by field and checked where it matters
const api = (port: number, key: string) => async (method: string, path: string, body?: unknown): Promise<{ status: number; json: Json }> => {
  const r = await fetch(`http://127.0.0.1:${port}/ext/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await r.text()
  return { status: r.status, json: text.startsWith('{') ? JSON.parse(text) : text }
}
type Api = ReturnType<typeof api>

// --- the meetings --------------------------------------------------------------------------------

const ALICE = { name: 'Alice Example', voice: 'en-us+f3' }
const BOB = { name: 'Bob Example', voice: 'en-us+m3' }
const SENTENCES = [
  'Good morning everyone, let us go through the launch plan.',
  'The design is finished and the backend is ready for testing.',
  'What is still missing before we can launch the page?',
  'We need the load test and a last review of the pricing texts.',
  'Can you run the load test by Friday and send the results?',
  'Yes, I will run it by Friday and share what I find.',
  'Then we launch next Tuesday if the load test passes.',
  'Agreed, thanks everyone, talk to you next week.',
]
let meetings = 0

/** Where the next bot goes: the simulated bot plays its script at any Meet link; the Chromium bot joins a stand-in meeting scripted here. */
const nextMeeting = async (standins: Standins | null): Promise<string> => {
  if (standins === null) return MEET
  const n = meetings++
  const letters = 'abcdefghijklmnopqrstuvwxyz'
  const code = `blv-${letters[Math.floor(n / 26) % 26]}${letters[n % 26]}xx-mtg` // a valid Meet code per meeting
  const { joinUrl } = await standins.script('google_meet', code, {
    admission: { kind: 'admit', afterMs: 0 },
    participants: [ALICE, BOB],
    lines: SENTENCES.map((text, i) => ({ speaker: i % 2 === 0 ? ALICE.name : BOB.name, text })),
    firstLineAfterMs: 1_500,
    gapMs: 600,
    ending: { kind: 'hostEnds', afterMs: 1_500 },
  })
  return joinUrl
}

const sendBot = async (call: Api, joinUrl = MEET): Promise<string> => {
  const r = await call('POST', '/bots', { joinUrl })
  if (r.status !== 201) throw new BenchFailure(`POST /bots answered ${r.status}: ${JSON.stringify(r.json).slice(0, 300)}`)
  return r.json.data.runId
}

const stateOf = async (call: Api, runId: string): Promise<string> => {
  const r = await call('GET', `/recordings/${runId}`)
  if (r.status !== 200) throw new BenchFailure(`GET /recordings/${runId} answered ${r.status}`)
  return r.json.data.state
}

interface Stream {
  readonly status: number
  readonly events: ReceivedEvent[]
  heartbeats(): number
  /** The server ended the stream, or it broke. */
  isEnded(): boolean
  /** Settles when the server ends the stream (or it breaks). */
  readonly ended: Promise<void>
  close(): void
}

/** One SSE client of a run's live stream, on its own connection; `keep` stores the events (idle clients only count). */
const openStream = (port: number, key: string, runId: string, keep: boolean): Promise<Stream> =>
  new Promise((resolve, reject) => {
    const reader = sseReader()
    const events: ReceivedEvent[] = []
    let req: ClientRequest
    let isEnded = false
    let endedResolve: () => void = () => {}
    const ended = new Promise<void>((r) => (endedResolve = r)).then(() => void (isEnded = true))
    req = request({ host: '127.0.0.1', port, path: `/ext/v1/bots/${runId}/live`, agent: false, headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' } }, (res) => {
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        const got = reader.push(chunk, now())
        if (keep) events.push(...got)
      })
      res.on('close', endedResolve)
      res.on('error', endedResolve)
      resolve({ status: res.statusCode ?? 0, events, heartbeats: () => reader.comments, isEnded: () => isEnded, ended, close: () => req.destroy() })
    })
    req.on('error', (e) => {
      endedResolve()
      reject(e)
    })
    req.end()
  })

/** `count` streams, opened `batch` at a time. */
const openMany = async (count: number, open: () => Promise<Stream>, batch = 50): Promise<Stream[]> => {
  const streams: Stream[] = []
  for (let i = 0; i < count; i += batch) streams.push(...(await Promise.all(Array.from({ length: Math.min(batch, count - i) }, open))))
  const refused = streams.filter((s) => s.status !== 200)
  if (refused.length > 0) throw new BenchFailure(`${refused.length} of ${count} live streams were refused (${[...new Set(refused.map((s) => s.status))].join(', ')})`)
  return streams
}

// --- 1. idle clients -----------------------------------------------------------------------------

interface IdleResult {
  readonly clients: number
  readonly baseMiB: number
  readonly openMiB: number
  readonly afterBeatMiB: number
  readonly withHeartbeat: number
  readonly stillOpen: number
}

const idleClients = async (ctx: Ctx): Promise<IdleResult> => {
  const runId = await sendBot(ctx.call) // no worker yet: it stays queued, and its stream stays open and quiet
  const warm = await openStream(ctx.port, ctx.key, runId, false) // the route's code loaded and warm before the baseline
  warm.close()
  await sleep(1_000)
  const baseMiB = rssMiB(ctx.apiPid)
  const streams = await openMany(CLIENTS, () => openStream(ctx.port, ctx.key, runId, false))
  await sleep(2_000)
  const openMiB = rssMiB(ctx.apiPid)
  await sleep(HEARTBEAT_MS + 3_000)
  const afterBeatMiB = rssMiB(ctx.apiPid)
  const withHeartbeat = streams.filter((s) => s.heartbeats() >= 1).length
  const stillOpen = streams.filter((s) => !s.isEnded()).length
  for (const s of streams) s.close()
  const left = await ctx.call('POST', `/bots/${runId}/leave`)
  if (left.status !== 200 && left.status !== 202) throw new BenchFailure(`leaving the queued bot answered ${left.status}`)
  return { clients: CLIENTS, baseMiB, openMiB, afterBeatMiB, withHeartbeat, stillOpen }
}

// --- 2 and 3. meetings ---------------------------------------------------------------------------

interface MeetingResult {
  readonly runId: string
  readonly subscribers: number
  readonly measured: boolean
  readonly utterances: number[]
  readonly partials: number[]
  readonly handedUtterances: number[]
  readonly missing: string[]
  readonly notInTranscript: string[]
  /** Subscribers (the crowd) that received fewer finished lines than the bot showed. */
  readonly shortSubscribers: number
  readonly call: NonNullable<ShownFile['call']>
  /** The API process's CPU ms while the bot was in the call. */
  readonly apiCpuMs: number
}

/** One simulated meeting, watched by the measuring client (or not) and by `subscribers` more. */
const meeting = async (ctx: Ctx, subscribers: number, measure: boolean): Promise<MeetingResult> => {
  const runId = await sendBot(ctx.call, await nextMeeting(ctx.standins))
  const client = measure ? await openStream(ctx.port, ctx.key, runId, true) : null
  const crowd = await openMany(subscribers, () => openStream(ctx.port, ctx.key, runId, true))
  // The API's CPU from when the run shows it in the call to when it shows it left.
  let apiCpuFrom: number | null = null
  let apiCpuMs = 0
  const started = Date.now()
  for (let state = ''; state !== 'ready'; ) {
    state = await stateOf(ctx.call, runId)
    if (state === 'recording' && apiCpuFrom === null) apiCpuFrom = cpuSeconds(ctx.apiPid).own
    if (state !== 'recording' && apiCpuFrom !== null && apiCpuMs === 0) apiCpuMs = (cpuSeconds(ctx.apiPid).own - apiCpuFrom) * 1000
    if (state === 'failed' || state === 'cancelled') throw new BenchFailure(`the bot's run ${runId} ended ${state}`)
    if (Date.now() - started > MEETING_TIMEOUT_MS) throw new BenchFailure(`the bot's run ${runId} is still ${state} after ${MEETING_TIMEOUT_MS / 1000} s`)
    await sleep(250) // the same polls with or without clients: they are on both sides of the API CPU comparison
  }
  const streams = [...(client === null ? [] : [client]), ...crowd]
  await Promise.race([Promise.all(streams.map((s) => s.ended)), sleep(10_000)])
  for (const s of streams) s.close()

  const file = join(ctx.shownDir, `${runId}.json`)
  for (let i = 0; !existsSync(file); i++) {
    if (i > 100) throw new BenchFailure(`the worker wrote no shown times for ${runId}`)
    await sleep(100)
  }
  const shown = JSON.parse(readFileSync(file, 'utf8')) as ShownFile
  if (shown.call === null) throw new BenchFailure(`the bot of ${runId} never got into its meeting`)
  const lat = client === null ? { utterances: [], partials: [], handedUtterances: [], missing: [] } : latencies(shown.events, client.events)
  const transcript: string[] = ((await ctx.call('GET', `/recordings/${runId}?include=transcript`)).json.data.transcript ?? []).map((u: { text: string }) => u.text)
  const finished = (s: Stream) => s.events.filter((e) => e.event === 'utterance').map((e) => JSON.parse(e.data).text as string)
  const showedLines = shown.events.filter((e) => e.type === 'caption').length
  return {
    runId,
    subscribers,
    measured: measure,
    ...lat,
    notInTranscript: client === null ? [] : notInTranscript(finished(client), transcript),
    shortSubscribers: crowd.filter((s) => finished(s).length < showedLines).length,
    call: shown.call,
    apiCpuMs,
  }
}

// --- one store -------------------------------------------------------------------------------

interface Ctx {
  readonly port: number
  readonly key: string
  readonly apiPid: number
  readonly call: Api
  readonly shownDir: string
  readonly standins: Standins | null
}

interface StoreResult {
  readonly label: string
  readonly idle: IdleResult | null
  readonly measured: MeetingResult[]
  readonly quiet: MeetingResult
  readonly crowded: MeetingResult
}

const benchStore = async (label: string, storeEnv: Record<string, string>, standins: Standins | null): Promise<StoreResult> => {
  const dir = mkdtempSync(join(tmpdir(), 'notetaker-bench-live-'))
  const shownDir = join(dir, 'shown')
  mkdirSync(shownDir)
  const port = await freePort()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: join(dir, 'data'),
    NOTETAKER_SECRET_KEY: randomBytes(32).toString('base64'),
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    NOTETAKER_BOT: 'simulated',
    NOTETAKER_SIMULATED_SPEED: '1',
    NOTETAKER_RATE_LIMIT: '1000000',
    NOTETAKER_MAX_CONNECTIONS: String(CLIENTS + SUBSCRIBERS + 500),
    NOTETAKER_MAX_CONNECTIONS_PER_ADDRESS: '0',
    ...storeEnv,
  }
  const started: Proc[] = []
  try {
    console.log(`\n${label}: starting the API process (serve --no-worker)`)
    let key = ''
    const apiProc = await startNode(['bin/notetaker.mjs', 'serve', '--no-worker'], env, (l) => {
      key = /^\s+(ntk_\S+)$/.exec(l)?.[1] ?? key
      return key !== '' && l.includes('/ext/v1/me')
    })
    started.push(apiProc)
    const call = api(port, key)
    for (let i = 0; (await call('GET', '/me').then((r) => r.status, () => 0)) !== 200; i++) {
      if (i > 600) throw new BenchFailure('the API process did not answer /me in 60 s')
      await sleep(100)
    }
    const ctx: Ctx = { port, key, apiPid: apiProc.pid, call, shownDir, standins }

    let idle: IdleResult | null = null
    if (CLIENTS > 0) {
      console.log(`${label}: ${CLIENTS} idle clients on the API process`)
      idle = await idleClients(ctx)
    }

    console.log(`${label}: starting the worker process; ${RUNS} measured meeting(s), then one with no client and one with ${SUBSCRIBERS} subscribers (about a minute each)`)
    const botEnv = standins === null ? {} : { BENCH_BOT: 'chromium', BENCH_HOST_RESOLVER_RULES: standins.hostResolverRules }
    started.push(await startNode(['--import', 'tsx', 'bench/support/live-worker.ts'], { ...env, ...botEnv, BENCH_SHOWN_DIR: shownDir }, (l) => l === LIVE_WORKER_READY))
    const measured: MeetingResult[] = []
    for (let r = 1; r <= RUNS; r++) measured.push(await meeting(ctx, 0, true))
    const quiet = await meeting(ctx, 0, false)
    const crowded = await meeting(ctx, SUBSCRIBERS, true)
    return { label, idle, measured, quiet, crowded }
  } finally {
    for (const p of started.reverse()) await p.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Postgres in a schema of its own (dropped afterwards) and Redis for the live feed. */
const withPostgres = async <A>(f: (env: Record<string, string>) => Promise<A>): Promise<A> => {
  const schema = `nt_bench_live_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: DATABASE_URL })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${schema}`)
  try {
    const url = new URL(DATABASE_URL!)
    url.searchParams.set('options', `-c search_path=${schema}`)
    return await f({ NOTETAKER_STORE: 'postgres', DATABASE_URL: url.toString(), REDIS_URL: REDIS_URL!, NOTETAKER_OWNER_EMAIL: `${schema}@notetaker.localhost` })
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`)
    await admin.end()
  }
}

// --- the report --------------------------------------------------------------------------------

const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1))
const row = (cells: ReadonlyArray<string | number>) => console.log(`| ${cells.join(' | ')} |`)

const report = (results: StoreResult[]) => {
  console.log(`\n${availableParallelism()} cores here, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} at the end (other work on the machine shows in every figure)`)

  console.log(`\nLatency, ${args.bot} bot, from the meeting showing a line (the bot in the worker process) to an SSE client of the API process receiving it, ms`)
  row(['store', 'line', 'n', 'p50', 'p95', 'max', 'goal'])
  row(['---', '---', '---', '---', '---', '---', '---'])
  for (const r of results) {
    const lines = (k: 'utterances' | 'partials' | 'handedUtterances') => r.measured.flatMap((m) => m[k])
    for (const [k, name, goal] of [['utterances', 'finished', 2_000], ['partials', 'partial', 1_000]] as const) {
      const s = summary(lines(k))
      if (s.n > 0) row([r.label, name, s.n, ms(s.p50), ms(s.p95), ms(s.max), `p95 ≤ ${goal} ms: ${s.p95 <= goal ? 'met' : 'NOT met'}`])
    }
    // Where a finished line's time goes: the bot seeing it is finished (Chromium), then the feed.
    const handed = summary(lines('handedUtterances'))
    if (args.bot === 'chromium') row([r.label, 'finished, from the bot handing it over', handed.n, ms(handed.p50), ms(handed.p95), ms(handed.max), ''])
    for (const [k, name] of [['utterances', 'finished'], ['partials', 'partial']] as const) {
      const s = summary(r.crowded[k])
      if (s.n > 0) row([`${r.label}, ${SUBSCRIBERS} more watching`, name, s.n, ms(s.p50), ms(s.p95), ms(s.max), ''])
    }
  }
  for (const r of results) {
    const all = [...r.measured, r.crowded]
    const missing = all.flatMap((m) => m.missing)
    const absent = all.flatMap((m) => m.notInTranscript)
    console.log(
      `${r.label}: ${missing.length === 0 ? 'every line the bot showed reached the client' : `${missing.length} line(s) never reached the client: ${missing.slice(0, 3).join('; ')}`}; ` +
        `${absent.length === 0 ? 'every finished line streamed is in the final transcript' : `${absent.length} finished line(s) streamed are NOT in the final transcript: ${absent.slice(0, 3).join('; ')}`}; ` +
        `${r.crowded.shortSubscribers === 0 ? `all ${SUBSCRIBERS} subscribers got every finished line` : `${r.crowded.shortSubscribers} of ${SUBSCRIBERS} subscribers missed finished lines`}`,
    )
  }

  const idle = results.flatMap((r) => (r.idle === null ? [] : [{ label: r.label, ...r.idle }]))
  if (idle.length > 0) {
    console.log('\nIdle SSE clients on one API process (loopback)')
    row(['store', 'clients', 'RSS before, MiB', 'added, open', 'added after a heartbeat', 'per client, KiB', 'got a heartbeat', 'still open'])
    row(['---', '---', '---', '---', '---', '---', '---', '---'])
  }
  for (const i of idle) {
    const added = Math.max(i.openMiB, i.afterBeatMiB) - i.baseMiB
    row([i.label, i.clients, ms(i.baseMiB), ms(i.openMiB - i.baseMiB), ms(i.afterBeatMiB - i.baseMiB), ms((added * 1024) / i.clients), `${i.withHeartbeat} of ${i.clients}`, `${i.stillOpen} of ${i.clients}`])
  }

  console.log(`\nWhat clients cost the bot: the worker process while the bot is in the call, with no client and with ${SUBSCRIBERS + 1} watching`)
  row(['store', 'watching', 'lines published', 'worker CPU per line, ms', 'worker loop delay p99 / max, ms', 'API CPU per line, ms'])
  row(['---', '---', '---', '---', '---', '---'])
  for (const r of results) {
    for (const m of [r.quiet, r.crowded])
      row([r.label, m.subscribers + (m.measured ? 1 : 0), m.call.lines, (m.call.cpuMs / m.call.lines).toFixed(2), `${ms(m.call.loopDelayP99Ms)} / ${ms(m.call.loopDelayMaxMs)}`, (m.apiCpuMs / m.call.lines).toFixed(2)])
    const ratio = (m: MeetingResult) => m.call.cpuMs / m.call.lines
    console.log(`${r.label}: worker CPU per line, ${SUBSCRIBERS + 1} watching / none: ${(ratio(r.crowded) / ratio(r.quiet)).toFixed(2)}x`)
  }
}

const main = async () => {
  const results: StoreResult[] = []
  const standins = args.bot === 'chromium' ? await startStandins() : null
  try {
    if (args.store !== 'postgres') results.push(await benchStore('SQLite', { NOTETAKER_STORE: 'sqlite' }, standins))
    if (args.store === 'postgres' || (args.store === 'all' && DATABASE_URL !== undefined && REDIS_URL !== undefined))
      results.push(await withPostgres((env) => benchStore('Postgres+Redis', env, standins)))
    else if (args.store === 'all') console.log('\nPostgres+Redis skipped: DATABASE_URL and REDIS_URL are not both set')
  } finally {
    await standins?.close()
  }
  report(results)
}

const t0 = performance.now()
try {
  await main()
  console.log(`\n(${((performance.now() - t0) / 1000).toFixed(0)} s)`)
} catch (e) {
  console.error(`\nbench:live failed: ${e instanceof Error ? e.message : String(e)}`)
  if (!(e instanceof BenchFailure)) console.error(e)
  process.exitCode = 1
}
