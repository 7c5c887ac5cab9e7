/**
 * npm run bench:isolation [-- --mb 50] [--parallel 8] [--checkout DIR] [--part all|load|fair] [--worst-kb 400] [--worst-files 2] [--timeout-minutes M]
 *
 * Does one account's heavy work hold up another's requests? Starts a real
 * `notetaker serve` on SQLite, and while account A's transcript of --mb
 * megabytes (100,000 utterances) is processed, account B asks GET /me 100
 * times a second: its p50/p99/max against a quiet window of the same run.
 * Then A reads that recording with include=transcript, --parallel times at
 * once: the answer's size, the server's peak memory, and B's GET /me meanwhile.
 *
 * Part `fair`: account A sends --worst-files SubRip files of --worst-kb KB, each one cue of `<a`
 * repeated without a `>` (the worst case of a tag stripper that backtracks, issue #29), and then
 * account B sends a 57-byte WebVTT file: B's time from sending it to `ready`, and what became of
 * A's files and when. --timeout-minutes sets NOTETAKER_PROCESSING_TIMEOUT_MINUTES (a checkout
 * without it ignores it). --worst large sends transcripts of --worst-mb MB (100,000 utterances)
 * instead: slow to read, store and analyse whatever the parser, once the tag stripper is linear. Part `load` is the 50 MB transcript above; `all` runs both, load first.
 *
 * --checkout runs another checkout of Notetaker (e.g. a git worktree of an
 * earlier commit, with node_modules) the same way, for a before/after pair.
 */
import { execFile, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs, promisify } from 'node:util'

const { values: args } = parseArgs({
  options: {
    mb: { type: 'string', default: '50' },
    parallel: { type: 'string', default: '8' },
    checkout: { type: 'string', default: '.' },
    part: { type: 'string', default: 'all' },
    'worst-kb': { type: 'string', default: '400' },
    'worst-files': { type: 'string', default: '2' },
    worst: { type: 'string', default: 'srt' },
    'worst-mb': { type: 'string', default: '20' },
    'timeout-minutes': { type: 'string' },
  },
})
if (!['all', 'load', 'fair'].includes(args.part)) throw new Error(`--part is all, load or fair, not ${args.part}`)
if (!['srt', 'large'].includes(args.worst)) throw new Error(`--worst is srt or large, not ${args.worst}`)
const checkout = resolve(args.checkout)
const megabytes = Number(args.mb)
const parallel = Number(args.parallel)
const UTTERANCES = 100_000
const PROBE_INTERVAL_MS = 10

const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => done(port))
    })
  })

const dataDir = mkdtempSync(join(tmpdir(), 'notetaker-isolation-'))
const port = await freePort()
const base = `http://127.0.0.1:${port}/ext/v1`
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  NOTETAKER_STORE: 'sqlite',
  LOG_LEVEL: 'warn',
  NOTETAKER_RATE_LIMIT: '1000000',
  ...(args['timeout-minutes'] === undefined ? {} : { NOTETAKER_PROCESSING_TIMEOUT_MINUTES: args['timeout-minutes'] }),
}
const cli = async (...a: string[]) => (await promisify(execFile)(process.execPath, ['bin/notetaker.mjs', ...a], { cwd: checkout, env })).stdout.trim()

/** A transcript of `UTTERANCES` lines, `Speaker: words`, about `bytes` long, varied enough to analyze. */
const transcript = (bytes: number): Buffer => {
  const words = 'launch budget review customer release design testing hiring roadmap pricing support partner migration security onboarding quarter metrics feedback contract schedule'.split(' ')
  const perLine = Math.floor(bytes / UTTERANCES)
  let seed = 7
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  const lines: string[] = []
  for (let i = 0; i < UTTERANCES; i++) {
    let line = `Speaker ${1 + (i % 4)}: by Friday we should look at`
    while (line.length < perLine) line += ` ${words[Math.floor(next() * words.length)]}`
    lines.push(`${line.slice(0, perLine - 2)}.`)
  }
  return Buffer.from(lines.join('\n'))
}

const account = async (name: string) => {
  await cli('accounts', 'create', '--name', name, '--email', `${name.toLowerCase()}@bench.localhost`, '--plan', 'pro')
  return (await cli('keys', 'create', '--account', `${name.toLowerCase()}@bench.localhost`)).split('\n').pop()!
}

const request = async (key: string, method: string, path: string, body?: unknown, raw?: Buffer) => {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(raw !== undefined ? { body: new Uint8Array(raw) } : body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await r.text()
  return { status: r.status, bytes: Buffer.byteLength(text), json: text.startsWith('{') ? JSON.parse(text) : null }
}

/**
 * B asks GET /me 100 times a second until `until` resolves, one request at a
 * time. Each latency counts from when its request was due, not from when it
 * could be sent, so a stall of the server shows in every request it held up
 * (the correction wrk2 makes for coordinated omission), not as one slow one.
 */
const probe = async (key: string, until: Promise<unknown>): Promise<Probed> => {
  let doneAt = Number.POSITIVE_INFINITY
  void until.finally(() => (doneAt = performance.now()))
  const times: number[] = []
  let failed = 0
  const start = performance.now()
  // Requests that fell due before the work ended are all sent, however late: those a stall held back count too.
  for (let n = 0, due = start; due < doneAt; n++, due = start + n * PROBE_INTERVAL_MS) {
    if (due > performance.now()) await sleep(due - performance.now())
    const answered = await request(key, 'GET', '/me').then((r) => r.status === 200, () => false)
    if (!answered) failed++
    times.push(performance.now() - due)
  }
  return { times, failed }
}

interface Probed {
  readonly times: number[]
  /** Requests that got no 200: an error status, or the connection reset. */
  readonly failed: number
}

const stats = ({ times: ms, failed }: Probed) => {
  const s = [...ms].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN
  return `${s.length} requests, p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${(s[s.length - 1] ?? NaN).toFixed(0)} ms${failed > 0 ? `, ${failed} failed` : ''}`
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const keyA = await account('Alice')
const keyB = await account('Bob')
const server = spawn(process.execPath, ['bin/notetaker.mjs', 'serve'], { cwd: checkout, env, stdio: ['ignore', 'ignore', 'inherit'] })
try {
  for (let i = 0; (await request(keyB, 'GET', '/me').then((r) => r.status, () => 0)) !== 200; i++) {
    if (i > 600) throw new Error('the server did not start in 60 s')
    await sleep(100)
  }
  if (args.part !== 'fair') await heavyTranscript()
  if (args.part !== 'load') await worstCaseBesideSmall()
} finally {
  server.kill('SIGTERM')
  await new Promise((r) => server.once('exit', r))
  rmSync(dataDir, { recursive: true, force: true })
}

/** Sends a file as a new upload of `key`'s account; answers its id and when it was sent. */
async function send(key: string, filename: string, bytes: Buffer) {
  const created = await request(key, 'POST', '/uploads', { filename, byteSize: bytes.length })
  if (created.status !== 201) throw new Error(`POST /uploads answered ${created.status}: ${JSON.stringify(created.json)}`)
  const sent = await request(key, 'PUT', `/uploads/${created.json.data.id}/content`, undefined, bytes)
  if (sent.status !== 200) throw new Error(`sending ${filename} answered ${sent.status}`)
  return { id: created.json.data.id as string, sentAt: performance.now() }
}

/** Polls the upload every 50 ms until it is ready or failed: its stage, error and seconds since it was sent. */
async function settled(key: string, upload: { id: string; sentAt: number }) {
  for (;;) {
    const u = (await request(key, 'GET', `/uploads/${upload.id}`)).json.data
    if (u.stage === 'ready' || u.stage === 'failed') return { stage: u.stage as string, error: u.error as string | null, seconds: (performance.now() - upload.sentAt) / 1000 }
    await sleep(50)
  }
}

/** A's worst-case files, then B's small one: how long B waits for `ready`. */
async function worstCaseBesideSmall() {
  const kb = Number(args['worst-kb'])
  const files = Number(args['worst-files'])
  const large = args.worst === 'large'
  const worst = large ? transcript(Number(args['worst-mb']) * 1024 * 1024) : Buffer.from(`1\n00:00:01,000 --> 00:00:05,000\n${'<a'.repeat(Math.floor((kb * 1024 - 40) / 2))}\n`)
  const small = Buffer.from('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Bob>Hi.\n\n')
  const what = large ? `transcript(s) of ${args['worst-mb']} MB (${UTTERANCES.toLocaleString('en')} utterances)` : `SubRip file(s) of ${kb} KB (one cue of "<a" repeated)`
  console.log(`checkout ${checkout}, SQLite: A sends ${files} ${what}, then B one of ${small.length} bytes${args['timeout-minutes'] === undefined ? '' : `; NOTETAKER_PROCESSING_TIMEOUT_MINUTES=${args['timeout-minutes']}`}`)
  const startedAt = performance.now()
  const aUploads = []
  for (let i = 0; i < files; i++) aUploads.push(await send(keyA, `worst-${i + 1}.${large ? 'txt' : 'srt'}`, worst))
  // Long enough for the worker (polling every 500 ms) to have claimed A's files first.
  await sleep(1_500)
  const b = await settled(keyB, await send(keyB, 'hello.vtt', small))
  console.log(`B's ${small.length}-byte upload: ${b.stage} ${b.seconds.toFixed(1)} s after it was sent${b.error === null ? '' : ` (${b.error})`}`)
  for (const [i, a] of (await Promise.all(aUploads.map((u) => settled(keyA, u)))).entries()) {
    const since = (aUploads[i]!.sentAt - startedAt) / 1000
    console.log(`A's file ${i + 1}: ${a.stage} ${a.seconds.toFixed(1)} s after it was sent (at ${since.toFixed(1)} s)${a.error === null ? '' : ` (${a.error})`}`)
  }
}

async function heavyTranscript() {
  console.log(`checkout ${checkout}, SQLite, ${megabytes} MB transcript of ${UTTERANCES.toLocaleString('en')} utterances`)
  console.log(`quiet:       B GET /me ${stats(await probe(keyB, sleep(5_000)))}`)

  const file = transcript(megabytes * 1024 * 1024 - 1024)
  const created = await request(keyA, 'POST', '/uploads', { filename: 'long-meeting.txt', byteSize: file.length })
  if (created.status !== 201) throw new Error(`POST /uploads answered ${created.status}: ${JSON.stringify(created.json)}`)
  const upload = created.json.data
  const sendStarted = performance.now()
  const finished = (async () => {
    const sent = await request(keyA, 'PUT', `/uploads/${upload.id}/content`, undefined, file)
    if (sent.status !== 200) throw new Error(`sending the file answered ${sent.status}`)
    for (;;) {
      const u = (await request(keyA, 'GET', `/uploads/${upload.id}`)).json.data
      if (u.stage === 'ready' || u.stage === 'failed') return u
      await sleep(500)
    }
  })()
  const during = await probe(keyB, finished)
  const done = await finished
  console.log(`processing:  B GET /me ${stats(during)}`)
  console.log(`             A's upload ${done.stage}${done.error ? ` (${done.error})` : ''} after ${((performance.now() - sendStarted) / 1000).toFixed(1)} s`)

  if (done.stage === 'ready') {
    const alone = performance.now()
    await request(keyA, 'GET', `/recordings/${done.runId}?include=transcript`)
    console.log(`one include=transcript alone: ${(performance.now() - alone).toFixed(0)} ms`)
    const before = rssMb(server.pid!)
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 20)
    const reads = Promise.all(Array.from({ length: parallel }, () => request(keyA, 'GET', `/recordings/${done.runId}?include=transcript`)))
    const meanwhile = await probe(keyB, reads)
    clearInterval(sampler)
    const answers = await reads
    console.log(`${parallel} x include=transcript: answers of ${(answers[0]!.bytes / 1024 / 1024).toFixed(2)} MB (${answers[0]!.json?.data?.transcript?.length ?? '?'} utterances), server memory ${before.toFixed(0)} MB -> peak ${peak.toFixed(0)} MB`)
    console.log(`             B GET /me ${stats(meanwhile)}`)
  }
}
