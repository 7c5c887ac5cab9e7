/**
 * npm run bench:transcription-latency [-- --seconds 20 --audio-minutes 3 --runs 1 --rate 50]
 *
 * Are other accounts answered promptly while one account's long audio is transcribed?
 * Starts a real `notetaker serve` (the job worker in the same process) on SQLite in a
 * temporary DATA_DIR with this machine's default speech to text (NOTETAKER_TRANSCRIBER=auto:
 * PocketSphinx on Debian). Account B asks GET /me, GET /recordings and GET /recordings/{id}
 * of a ready recording in turn, --rate requests a second one at a time, first for --seconds
 * with nothing else running, then while account A's upload of --audio-minutes of speech
 * (espeak-ng, encoded to MP3 by ffmpeg, cached in the system's temporary directory) is
 * `transcribing`, and on through `analysing`. Each latency counts from when its request was
 * due (the wrk2 correction for coordinated omission), so a stall shows in every request it
 * held up. The server's event-loop delay is read through loop-delay-preload.mjs.
 * --runs repeats the quiet and the loaded window on the same server, a new upload each time.
 * --nice N (an experiment, off by default) lowers the priority of every process the server
 * starts (the recognisers, ffmpeg) to nice N from outside, to compare with the server as it is.
 *
 * --engine whisper transcribes with Whisper instead, on a model generated into the temporary
 * DATA_DIR (scripts/make-tiny-whisper-model.ts, random weights, shape from --whisper-shape
 * WIDTH,HEADS,LAYERS; described to the server by an operator catalog): it recognises nothing,
 * but whisper.cpp works through every window as hard as with a real model, which is what B
 * competes with. --server DIR runs the server of another checkout (the same bench, its code):
 * the release before Whisper ran in its own process, say, for the comparison.
 * The bench prints whether B's p99 while transcribing stays within 1.5× of quiet.
 */
import { execFile, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs, promisify } from 'node:util'
import { writeTinyWhisperModel } from '../scripts/make-tiny-whisper-model.js'
import { speakDialogue } from '../test/support/speech.js'
import { freePort, percentile, timedGets } from './support/latency.js'
import { type LoopDelay, loopDelayProbe } from './support/loop-delay.js'
import { cpuSeconds, reniceChildren } from './support/proc.js'

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    'audio-minutes': { type: 'string', default: '3' },
    runs: { type: 'string', default: '1' },
    rate: { type: 'string', default: '50' },
    nice: { type: 'string' },
    engine: { type: 'string', default: 'auto' },
    'whisper-shape': { type: 'string', default: '32,2,1' },
    server: { type: 'string' },
  },
})
const ENGINE = args.engine
if (ENGINE !== 'auto' && ENGINE !== 'whisper') throw new Error('--engine takes auto (what this machine has: PocketSphinx on Debian) or whisper (a generated model)')
const SHAPE = args['whisper-shape'].split(',').map(Number)
if (SHAPE.length !== 3 || !SHAPE.every((n) => Number.isInteger(n) && n > 0) || SHAPE[0]! % SHAPE[1]! !== 0 || SHAPE[0]! > 1280 || SHAPE[2]! > 32)
  throw new Error('--whisper-shape takes WIDTH,HEADS,LAYERS: whole numbers, the width a multiple of the heads (base: 512,8,6)')
const SERVER_DIR = resolve(args.server ?? '.')
if (!existsSync(join(SERVER_DIR, 'bin/notetaker.mjs'))) throw new Error(`--server ${SERVER_DIR}: no bin/notetaker.mjs there`)
const SECONDS = Number(args.seconds)
const AUDIO_MINUTES = Number(args['audio-minutes'])
const RUNS = Number(args.runs)
const RATE = Number(args.rate)
const NICE = args.nice === undefined ? null : Number(args.nice)
if (NICE !== null && !(Number.isInteger(NICE) && NICE >= 0 && NICE <= 19)) throw new Error('--nice takes a whole number from 0 to 19')
if (![SECONDS, AUDIO_MINUTES, RUNS, RATE].every((n) => Number.isFinite(n) && n > 0)) throw new Error('--seconds, --audio-minutes, --runs and --rate take positive numbers')
if (SECONDS > 600 || AUDIO_MINUTES > 60 || RUNS > 10 || !Number.isInteger(RUNS) || RATE > 500)
  throw new Error('keep the run bounded: --seconds <= 600, --audio-minutes <= 60, --runs a whole number <= 10, --rate <= 500')

/** How long A's upload may take to reach `transcribing`, and then to finish, before the bench gives up. */
const START_TIMEOUT_MS = 120_000
const FINISH_TIMEOUT_MS = Math.max(600_000, AUDIO_MINUTES * 60_000 * 4)
const POLL_MS = 250

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const run = promisify(execFile)

class BenchFailure extends Error {}

// --- the audio ---------------------------------------------------------------------------

const SENTENCES = [
  'Good morning everyone and welcome to the weekly planning meeting.',
  'I would like to start with the budget for the next quarter.',
  'The project is on track but we need two more people for testing.',
  'Can we move the release date by one week to be safe?',
  'Yes, that works for me. Let us write that down as an action item.',
  'The customer asked for a shorter onboarding and a clearer price list.',
  'Support tickets went down by a third since the last release.',
  'We should review the security report before the end of the month.',
  'Marketing wants a short video that explains the product.',
  'Please add the hiring plan to the agenda for next time.',
  'The new office opens in March and everyone can work from there.',
  'Thank you all, I will send the notes to everyone after the call.',
]

/** Length of a media file in seconds (ffprobe). */
const durationSeconds = async (path: string) =>
  Number((await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path])).stdout.trim())

/** `minutes` of two voices taking turns, as MP3; made once and kept in the temporary directory. */
const longSpeech = async (minutes: number): Promise<{ path: string; seconds: number }> => {
  const dir = join(tmpdir(), 'notetaker-bench-audio')
  const path = join(dir, `speech-${minutes}min.mp3`)
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true })
    const work = mkdtempSync(join(dir, 'make-'))
    try {
      // About 4 s a sentence and 0.8 s between turns at 160 wpm; a fifth more, then cut to length.
      const turns = Math.ceil((minutes * 60 * 1.2) / 4.8)
      const wav = join(work, 'speech.wav')
      console.log(`making ${minutes} min of speech with espeak-ng (${turns} turns), once: ${path}`)
      await speakDialogue(
        Array.from({ length: turns }, (_, i) => ({ speaker: i % 2 === 0 ? 'A' : 'B', text: SENTENCES[(i * 5) % SENTENCES.length]!, voice: i % 2 === 0 ? 'en-us+f3' : 'en-us+m3' })),
        wav,
        { gapMs: 800, wpm: 160 },
      )
      const mp3 = join(work, 'speech.mp3')
      await run('ffmpeg', ['-v', 'error', '-y', '-i', wav, '-t', String(minutes * 60), '-ac', '1', '-b:a', '48k', mp3])
      renameSync(mp3, path)
    } finally {
      rmSync(work, { recursive: true, force: true })
    }
  }
  const seconds = await durationSeconds(path)
  if (seconds < minutes * 60 * 0.95) throw new BenchFailure(`${path} holds ${seconds.toFixed(0)} s, not ${minutes} min: delete it and run again`)
  return { path, seconds }
}

// --- the server ----------------------------------------------------------------------------

const dataDir = mkdtempSync(join(tmpdir(), 'notetaker-transcription-latency-'))
const port = await freePort()
const base = `http://127.0.0.1:${port}/ext/v1`

/** A Whisper model of --whisper-shape with random weights in DATA_DIR/models, and a catalog naming it, so the server finds it as an added model. */
const benchModel = (): NodeJS.ProcessEnv => {
  const [state, heads, layers] = SHAPE as [number, number, number]
  const file = 'ggml-bench-random.bin'
  const path = join(dataDir, 'models', file)
  mkdirSync(join(dataDir, 'models'), { recursive: true })
  writeTinyWhisperModel(path, { state, heads, layers })
  const bytes = readFileSync(path)
  const catalog = join(dataDir, 'bench-catalog.json')
  writeFileSync(catalog, JSON.stringify([{ name: 'bench-random', file, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), multilingual: false }]))
  return { NOTETAKER_TRANSCRIBER: 'whisper', NOTETAKER_WHISPER_MODEL: 'bench-random', NOTETAKER_MODELS_CATALOG: catalog }
}

const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  NOTETAKER_STORE: 'sqlite',
  NOTETAKER_TRANSCRIBER: 'auto',
  LOG_LEVEL: 'warn',
  NOTETAKER_RATE_LIMIT: '1000000',
  ...(ENGINE === 'whisper' ? benchModel() : {}),
}
const cli = async (...a: string[]) => (await run(process.execPath, ['bin/notetaker.mjs', ...a], { env, cwd: SERVER_DIR })).stdout.trim()

const account = async (name: string) => {
  const email = `${name.toLowerCase()}@bench.localhost`
  await cli('accounts', 'create', '--name', name, '--email', email, '--plan', 'pro')
  return (await cli('keys', 'create', '--account', email)).split('\n').pop()!
}

// The answers are read loosely, field by field, and checked where it matters.
type Json = any
const call = async (key: string, method: string, path: string, body?: unknown, raw?: Uint8Array<ArrayBuffer>) => {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(raw !== undefined ? { body: raw } : body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await r.text()
  return { status: r.status, text, json: (text.startsWith('{') ? JSON.parse(text) : null) as Json }
}
const expectStatus = <R extends { status: number; text: string }>(r: R, status: number, what: string): R => {
  if (r.status !== status) throw new BenchFailure(`${what} answered ${r.status}, not ${status}: ${r.text.slice(0, 300)}`)
  return r
}

/** An upload of `bytes` by `key`, created and sent; its id. */
const upload = async (key: string, filename: string, bytes: Uint8Array<ArrayBuffer>) => {
  const created = expectStatus(await call(key, 'POST', '/uploads', { filename, title: filename, byteSize: bytes.length }), 201, `POST /uploads of ${filename}`)
  const id: string = created.json.data.id
  expectStatus(await call(key, 'PUT', `/uploads/${id}/content`, undefined, bytes), 200, `PUT /uploads/${id}/content`)
  return id
}

// --- B's requests -----------------------------------------------------------------------------

interface Sample {
  readonly path: string
  readonly ms: number
  /** The upload's stage when the request was due (`quiet` in the baseline). */
  readonly phase: string
}

/**
 * B's GETs at RATE a second, one at a time over one kept-alive connection, cycling through
 * `paths`, until `done()`; each timed from when it was due. A non-200 answer ends the bench.
 */
const probe = async (get: ReturnType<typeof timedGets>['timedGet'], key: string, paths: ReadonlyArray<string>, phase: () => string, done: () => boolean) => {
  const samples: Sample[] = []
  const start = performance.now()
  for (let n = 0; !done(); n++) {
    const due = start + (n * 1000) / RATE
    if (due > performance.now()) await sleep(due - performance.now())
    const path = paths[n % paths.length]!
    const stage = phase()
    const r = await get(`/ext/v1${path}`, key)
    if (r.status !== 200) throw new BenchFailure(`B's GET ${path} answered ${r.status}: ${r.body.slice(0, 300)}`)
    samples.push({ path, ms: performance.now() - due, phase: stage })
  }
  return samples
}

// --- one run: the quiet window, then A's upload ------------------------------------------------

interface RunResult {
  readonly samples: Sample[]
  readonly loop: Map<string, LoopDelay | null>
  readonly transcribingSeconds: number
  readonly analysingSeconds: number
  readonly progress: number
  readonly progressSteps: number
  readonly audioMs: number | null
  /** CPU seconds while transcribing: the server process (all its threads), and the processes it ran (recognisers, ffmpeg). */
  readonly cpu: { own: number; children: number } | null
}

const oneRun = async (
  ctx: { keyA: string; keyB: string; paths: ReadonlyArray<string>; audio: Uint8Array<ArrayBuffer>; pid: number; get: ReturnType<typeof timedGets>['timedGet'] },
  loopWindow: (pid: number) => Promise<LoopDelay | null>,
  n: number,
): Promise<RunResult> => {
  const loop = new Map<string, LoopDelay | null>()
  await loopWindow(ctx.pid)
  const quietUntil = performance.now() + SECONDS * 1000
  const samples = await probe(ctx.get, ctx.keyB, ctx.paths, () => 'quiet', () => performance.now() >= quietUntil)
  loop.set('quiet', await loopWindow(ctx.pid))

  const id = await upload(ctx.keyA, `long-meeting-${n}.mp3`, ctx.audio)
  const sent = performance.now()
  let stage = 'stored'
  let fraction = 0
  const fractions = new Set<number>()
  const stageAt = new Map<string, number>()
  let audioMs: number | null = null
  let cpuAtStart: { own: number; children: number } | null = null
  let cpu: { own: number; children: number } | null = null
  // A's own polling; `stage` is what B's samples are tagged with.
  const watch = async () => {
    for (;;) {
      const r = expectStatus(await call(ctx.keyA, 'GET', `/uploads/${id}`), 200, `GET /uploads/${id}`)
      const u = r.json.data
      if (u.stage !== stage) {
        if (u.stage === 'failed') throw new BenchFailure(`A's upload failed: ${u.error ?? 'no reason given'}`)
        // A window of the server's event loop per stage B is measured in.
        if (stage === 'transcribing' || stage === 'analysing') loop.set(stage, await loopWindow(ctx.pid))
        if (u.stage === 'transcribing') {
          await loopWindow(ctx.pid)
          cpuAtStart = cpuSeconds(ctx.pid)
        }
        if (stage === 'transcribing' && cpuAtStart !== null) {
          const end = cpuSeconds(ctx.pid)
          cpu = { own: end.own - cpuAtStart.own, children: end.children - cpuAtStart.children }
        }
        stage = u.stage
        stageAt.set(stage, performance.now())
      }
      audioMs = u.durationMs ?? audioMs
      if (u.progress?.stage === 'transcribing') {
        fraction = Math.max(fraction, u.progress.fraction)
        fractions.add(u.progress.fraction)
      }
      if (stage === 'ready') return
      if (!stageAt.has('transcribing') && stage !== 'stored' && stage !== 'pending')
        throw new BenchFailure(`A's upload went to ${stage} without being seen transcribing: is speech to text running?`)
      const waited = performance.now() - sent
      if (!stageAt.has('transcribing') && waited > START_TIMEOUT_MS)
        throw new BenchFailure(`A's upload is still ${stage} ${START_TIMEOUT_MS / 1000} s after its content was sent: transcription never started`)
      if (waited > START_TIMEOUT_MS + FINISH_TIMEOUT_MS) throw new BenchFailure(`A's upload is still ${stage} after ${(waited / 1000).toFixed(0)} s; giving up`)
      await sleep(POLL_MS)
    }
  }
  let finished = false
  const watching = watch().finally(() => (finished = true))
  // B's requests while A's upload is transcribed (decoding included) and analysed; the wait for the worker to take it is left out.
  const probing = (async () => {
    while (!finished && stage !== 'transcribing') await sleep(10)
    return finished ? [] : probe(ctx.get, ctx.keyB, ctx.paths, () => stage, () => finished)
  })()
  const [, loaded] = await Promise.all([watching, probing])
  samples.push(...loaded)
  const at = (s: string) => stageAt.get(s) ?? Number.NaN
  return {
    samples,
    loop,
    transcribingSeconds: ((stageAt.get('analysing') ?? at('ready')) - at('transcribing')) / 1000,
    analysingSeconds: stageAt.has('analysing') ? (at('ready') - at('analysing')) / 1000 : 0,
    progress: fraction,
    progressSteps: fractions.size,
    audioMs,
    cpu,
  }
}

// --- the report -------------------------------------------------------------------------------

const stats = (ms: number[]) => ({ n: ms.length, p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99), max: Math.max(...ms) })
type Stats = ReturnType<typeof stats>
const KEYS = ['p50', 'p95', 'p99', 'max'] as const
const fmt = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2))
const row = (label: string, cells: ReadonlyArray<string>) => console.log(`${label.padEnd(44)}${cells.map((c) => c.padStart(9)).join('')}`)

/** B's p99 while transcribing may be at most this many times its quiet p99 (issue 31's goal). */
const P99_BOUND = 1.5
const verdicts: number[] = []

const printRun = (r: RunResult, audioSeconds: number, label: string) => {
  console.log(`\n${label}: B's latency in ms from when each request was due (${RATE}/s, one at a time)`)
  row('request, phase', ['n', ...KEYS])
  const groups = [['all three', null], ...[...new Set(r.samples.map((s) => s.path))].map((p) => [`GET ${p.replace(/[0-9a-f-]{36}/, '{id}')}`, p])] as const
  for (const [name, path] of groups) {
    const of = (phase: string) => r.samples.filter((s) => s.phase === phase && (path === null || s.path === path)).map((s) => s.ms)
    const quiet = stats(of('quiet'))
    const phases: Array<[string, Stats]> = [['quiet', quiet]]
    for (const phase of ['transcribing', 'analysing']) if (of(phase).length > 0) phases.push([phase, stats(of(phase))])
    for (const [phase, s] of phases) row(`${name}, ${phase}`, [String(s.n), ...KEYS.map((k) => fmt(s[k]))])
    const busy = phases.find(([p]) => p === 'transcribing')?.[1]
    if (busy !== undefined) row(`${name}, transcribing / quiet`, ['', ...KEYS.map((k) => `${(busy[k] / quiet[k]).toFixed(2)}x`)])
    if (busy !== undefined && path === null) verdicts.push(busy.p99 / quiet.p99)
  }
  const ratio = verdicts.at(-1)
  if (ratio !== undefined)
    console.log(`\nB's p99 while A's audio is transcribed: ${ratio.toFixed(2)}x quiet, ${ratio <= P99_BOUND ? 'within' : 'NOT within'} the ${P99_BOUND}x goal`)
  console.log('\nserver event loop, ms of delay beyond a 10 ms timer (p50 / p99 / max) and share of time busy')
  for (const [phase, d] of r.loop)
    console.log(`  ${phase.padEnd(13)} ${d === null ? 'not read' : `${fmt(d.p50)} / ${fmt(d.p99)} / ${fmt(d.max)} ms, busy ${(d.utilization * 100).toFixed(1)} %`}`)
  const audioS = r.audioMs === null ? audioSeconds : r.audioMs / 1000
  console.log(
    `\nA's upload: ${(audioS / 60).toFixed(1)} min of audio transcribed in ${r.transcribingSeconds.toFixed(1)} s (real-time factor ${(r.transcribingSeconds / audioS).toFixed(2)}, ` +
      `progress reached ${(r.progress * 100).toFixed(0)} % in ${r.progressSteps} steps seen), ` +
      (r.analysingSeconds > 0 ? `analysed in ${r.analysingSeconds.toFixed(1)} s` : `analysed within one poll (${POLL_MS} ms)`),
  )
  if (r.cpu !== null)
    console.log(
      `CPU while transcribing: the processes the server ran ${r.cpu.children.toFixed(1)} s (${(r.cpu.children / audioS).toFixed(2)} s per second of audio), ` +
        `the server itself ${r.cpu.own.toFixed(1)} s, over ${r.transcribingSeconds.toFixed(1)} s on ${availableParallelism()} cores`,
    )
}

const printSummary = (results: RunResult[]) => {
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  const of = (r: RunResult, phase: string) => stats(r.samples.filter((s) => s.phase === phase).map((s) => s.ms))
  console.log(`\nmedian of ${results.length} runs, all three requests, ms`)
  row('phase', KEYS)
  for (const phase of ['quiet', 'transcribing']) row(phase, KEYS.map((k) => fmt(med(results.map((r) => of(r, phase)[k])))))
  row('transcribing / quiet', KEYS.map((k) => `${med(results.map((r) => of(r, 'transcribing')[k] / of(r, 'quiet')[k])).toFixed(2)}x`))
  const p99 = med(verdicts)
  console.log(`B's p99 while transcribing, median of the runs: ${p99.toFixed(2)}x quiet, ${p99 <= P99_BOUND ? 'within' : 'NOT within'} the ${P99_BOUND}x goal`)
  console.log(`real-time factor: ${results.map((r) => (r.transcribingSeconds / ((r.audioMs ?? Number.NaN) / 1000)).toFixed(2)).join(', ')}`)
}

// --- the bench --------------------------------------------------------------------------------

const main = async () => {
  for (const tool of ['espeak-ng', 'sox', 'ffmpeg', 'ffprobe', ...(ENGINE === 'whisper' ? [] : ['pocketsphinx_continuous'])])
    await run('sh', ['-c', `command -v ${tool}`]).catch(() => {
      throw new BenchFailure(`${tool} is not installed (Debian: apt-get install espeak-ng sox ffmpeg pocketsphinx pocketsphinx-en-us)`)
    })
  const speech = await longSpeech(AUDIO_MINUTES)
  const audio = new Uint8Array(readFileSync(speech.path))
  const keyA = await account('Alice')
  const keyB = await account('Bob')

  const loopDelay = loopDelayProbe(join(dataDir, 'loop-delay.json'))
  const server = spawn(process.execPath, [...loopDelay.execArgv, 'bin/notetaker.mjs', 'serve'], { env: { ...env, ...loopDelay.env }, cwd: SERVER_DIR, stdio: ['ignore', 'ignore', 'inherit'] })
  const exited = new Promise((r) => server.once('exit', r))
  try {
    const startedAt = performance.now()
    while ((await call(keyB, 'GET', '/me').then((r) => r.status, () => 0)) !== 200) {
      if (server.exitCode !== null) throw new BenchFailure(`the server exited with ${server.exitCode}`)
      if (performance.now() - startedAt > 120_000) throw new BenchFailure('the server did not answer in 120 s')
      await sleep(100)
    }
    const engine = expectStatus(await call(keyB, 'GET', '/server'), 200, 'GET /server').json.data.speechToText
    if (!engine.available) throw new BenchFailure(`no speech to text on this machine (${engine.engine}): ${engine.setupHint}`)
    if (ENGINE === 'whisper' && engine.engine !== 'whisper') throw new BenchFailure(`the server transcribes with ${engine.engine}, not the generated Whisper model`)

    // B's own recording, from a transcript file, for GET /recordings/{id}.
    const bUpload = await upload(keyB, 'planning-meeting.vtt', new Uint8Array(readFileSync('fixtures/transcripts/planning-meeting.vtt')))
    let bRun = ''
    for (let i = 0; bRun === ''; i++) {
      const u = expectStatus(await call(keyB, 'GET', `/uploads/${bUpload}`), 200, 'GET B\'s upload').json.data
      if (u.stage === 'failed') throw new BenchFailure(`B's transcript upload failed: ${u.error}`)
      if (u.stage === 'ready') bRun = u.runId
      else if (i > 600) throw new BenchFailure('B\'s transcript upload was not ready in 60 s')
      else await sleep(100)
    }
    const paths = ['/me', '/recordings', `/recordings/${bRun}`]
    const { timedGet, agent } = timedGets(port)
    for (const p of paths) await timedGet(`/ext/v1${p}`, keyB) // warm the connection and the routes

    console.log(
      `SQLite, speech to text: ${engine.engine}${engine.model ? ` (${engine.model})` : ''}; audio ${(speech.seconds / 60).toFixed(1)} min MP3 ` +
        `(${(audio.length / 1024 / 1024).toFixed(1)} MB); quiet window ${SECONDS} s; B at ${RATE} req/s over GET ${paths.map((p) => p.replace(bRun, '{id}')).join(', ')}` +
        (NICE === null ? '' : `; the server's child processes reniced to ${NICE} by the bench`) +
        (ENGINE === 'whisper' ? `; generated model ${SHAPE.join(',')} (width, heads, layers), random weights` : '') +
        (SERVER_DIR === resolve('.') ? '' : `; the server of ${SERVER_DIR}`),
    )
    const stopRenice = NICE === null ? () => {} : reniceChildren(server.pid!, NICE)
    const load = () => loadavg().map((l) => l.toFixed(1)).join(' ')
    console.log(`load average before: ${load()} (the machine's other work shows in every figure)`)
    const results: RunResult[] = []
    for (let n = 1; n <= RUNS; n++) {
      const r = await oneRun({ keyA, keyB, paths, audio, pid: server.pid!, get: timedGet }, loopDelay.window, n)
      if (!r.samples.some((s) => s.phase === 'transcribing')) throw new BenchFailure('no request of B fell while A\'s upload was transcribing')
      results.push(r)
      printRun(r, speech.seconds, `run ${n} of ${RUNS}`)
    }
    stopRenice()
    if (RUNS > 1) printSummary(results)
    console.log(`\nload average after: ${load()}`)
    agent.destroy()
  } finally {
    server.kill('SIGTERM')
    await exited
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const started = performance.now()
try {
  await main()
  console.log(`\n(${((performance.now() - started) / 1000).toFixed(0)} s)`)
} catch (e) {
  console.error(`\nbench:transcription-latency failed: ${e instanceof Error ? e.message : String(e)}`)
  if (!(e instanceof BenchFailure)) console.error(e)
  process.exitCode = 1
}
