import { spawn } from 'node:child_process'
import { chmodSync, copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { ROOT, tempDir } from '../support/cli.js'
import { entryFor, FOR_TESTS } from '../support/model-files.js'
import { loopbackCertificate, startMirror, whisperModelFile, type Mirror } from '../support/model-mirror.js'

/** Runs the CLI without blocking this process (the mirror answers from it), to completion. */
const run = (args: string[], env: Record<string, string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'notetaker.mjs'), ...args], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })

// Whole Whisper models (the generated one; another seed for the liar): every file passes the layout check before its checksum.
const GOOD = whisperModelFile(1)
const SIZE = GOOD.body.length
const HALF = 2_000_000
const FOLLOWS = 'A running server on this DATA_DIR follows within a few seconds (no restart needed).\n'
interface Ctx { dir: string; mirror: Mirror; env: Record<string, string>; body: Buffer; models: string; cert: string }
const s = suite<Ctx>('notetaker models: pull over https (progress, resume, checksum), add, verify, remove, list', {} as Ctx)

s.before(async (ctx) => {
  ctx.dir = tempDir('models')
  const tls = loopbackCertificate(ctx.dir)
  ctx.cert = tls.cert
  ctx.mirror = await startMirror({ tls })
  const good = GOOD
  ctx.body = good.body
  ctx.mirror.files.set('ggml-test.bin', good.body)
  ctx.mirror.files.set('ggml-liar.bin', whisperModelFile(2).body)
  // whisper.cpp's own base.en test file (no weights), listed with its true size and SHA-256: only the layout check refuses it.
  const noWeights = entryFor(join(FOR_TESTS, 'for-tests-ggml-base.en.bin'), 'base.en')
  ctx.mirror.files.set('ggml-base.en.bin', readFileSync(join(FOR_TESTS, 'for-tests-ggml-base.en.bin')))
  const catalog = join(ctx.dir, 'catalog.json')
  writeFileSync(catalog, JSON.stringify([
    { name: 'test.en', file: 'ggml-test.bin', bytes: SIZE, sha256: good.sha256 },
    { name: 'liar', file: 'ggml-liar.bin', bytes: SIZE, sha256: good.sha256 },
    { name: noWeights.name, file: noWeights.file, bytes: noWeights.bytes, sha256: noWeights.sha256 },
  ]))
  ctx.models = join(ctx.dir, 'data', 'models')
  ctx.env = { DATA_DIR: join(ctx.dir, 'data'), NOTETAKER_MODELS_CATALOG: catalog, NOTETAKER_MODELS_URL: ctx.mirror.url, NODE_EXTRA_CA_CERTS: tls.cert }
})
s.after(async (ctx) => {
  await ctx.mirror.close()
  rmSync(ctx.dir, { recursive: true, force: true })
})

s('pull: a cut transfer keeps its part; the second pull resumes it with a Range request, shows progress and lands the verified file', async (ctx) => {
  ctx.mirror.behaviour = { redirect: true, cutAfter: HALF, cuts: 1 }
  const cut = await run(['models', 'pull', 'test.en'], ctx.env)
  assert.is(cut.code, 1, cut.stderr)
  assert.match(cut.stderr, /notetaker: the download of ggml-test\.bin stopped at \d\.\d MB of 4\.1 MB .*run the same command again to resume it\n$/)
  const kept = statSync(join(ctx.models, 'ggml-test.bin.part')).size
  assert.ok(kept > 0 && kept <= HALF, String(kept))
  assert.not.ok(existsSync(join(ctx.models, 'ggml-test.bin')))

  const resumed = await run(['models', 'pull', 'test.en'], ctx.env)
  assert.is(resumed.code, 0, resumed.stderr)
  assert.equal(ctx.mirror.requests.filter((r) => r.path.startsWith('/cdn/')).map((r) => r.range), [null, `bytes=${kept}-`])
  assert.ok(ctx.mirror.requests.filter((r) => !r.path.startsWith('/cdn/')).every((r) => r.path === '/ggml-test.bin'), 'through the redirect each time')
  const mb = (kept / 1e6).toFixed(1)
  assert.ok(resumed.stderr.startsWith(`resuming ggml-test.bin from ${mb} MB\nggml-test.bin: ${Math.floor((kept / SIZE) * 100)}% (${mb} of 4.1 MB)\n`), resumed.stderr)
  assert.match(resumed.stderr, /ggml-test\.bin: 100% \(4\.1 of 4\.1 MB\)\n$/)
  assert.ok(resumed.stderr.split('\n').filter((l) => /: \d+% /.test(l)).length >= 3, resumed.stderr)
  assert.match(resumed.stdout, /^pulled test\.en \(4\.1 MB, checked: size, layout and SHA-256\) into .*ggml-test\.bin\nA running server on this DATA_DIR follows within a few seconds \(no restart needed\)\.\n$/)
  const landed = join(ctx.models, 'ggml-test.bin')
  assert.ok(readFileSync(landed).equals(ctx.body))
  assert.is(statSync(landed).mode & 0o777, 0o600)
  assert.is(statSync(ctx.models).mode & 0o777, 0o700)
  assert.equal(readdirSync(ctx.models), ['ggml-test.bin'])

  const again = await run(['models', 'pull', 'test.en'], ctx.env)
  assert.match(again.stdout, /^test\.en is already present and verified: /)
})

s('pull: a file that does not match its SHA-256 is refused in one line, exit 1, and neither it nor a part is left', async (ctx) => {
  ctx.mirror.behaviour = {}
  const r = await run(['models', 'pull', 'liar'], ctx.env)
  assert.is(r.code, 1)
  assert.match(r.stderr, /notetaker: the downloaded ggml-liar\.bin does not match its SHA-256 \(got [0-9a-f]{64}, expected [0-9a-f]{64}\); it was deleted\n$/)
  assert.not.ok(existsSync(join(ctx.models, 'ggml-liar.bin')) || existsSync(join(ctx.models, 'ggml-liar.bin.part')))
})

s('pull: an unreachable mirror is one line naming NOTETAKER_MODELS_URL and `models add`; plain http elsewhere is refused', async (ctx) => {
  const closed = await startMirror({ tls: { key: join(ctx.dir, 'mirror-key.pem'), cert: ctx.cert } })
  await closed.close()
  const r = await run(['models', 'pull', 'test.en'], { ...ctx.env, DATA_DIR: join(ctx.dir, 'other'), NOTETAKER_MODELS_URL: closed.url })
  assert.is(r.code, 1)
  assert.is(r.stderr.split('\n').length, 2, r.stderr)
  assert.match(r.stderr, /^notetaker: cannot reach the model mirror \(https:\/\/127\.0\.0\.1:\d+\): .*ECONNREFUSED.*\. Set NOTETAKER_MODELS_URL to a mirror this machine can reach, or bring ggml-test\.bin here by other means and run `node bin\/notetaker\.mjs models add ggml-test\.bin`\n$/)
  const http = await run(['models', 'pull', 'test.en'], { ...ctx.env, NOTETAKER_MODELS_URL: 'http://mirror.example.com/whisper' })
  assert.is(http.code, 1)
  assert.match(http.stderr, /^notetaker: the model mirror http:\/\/mirror\.example\.com is plain http; models are downloaded over https \(plain http only from this machine, or with --allow-http\)\n$/)
  const unknown = await run(['models', 'pull', 'nope'], ctx.env)
  assert.equal([unknown.code, /^notetaker: no model is named 'nope'/.test(unknown.stderr)], [1, true])
  // A model with its own address (the speaker models) is not fetched from the mirror: the line says where it is published instead.
  const own = join(ctx.dir, 'own-address.json')
  writeFileSync(own, JSON.stringify([{ name: 'voices', kind: 'speaker-embedding', bytes: SIZE, sha256: 'a'.repeat(64), url: `${closed.url}/voices.onnx` }]))
  const away = await run(['models', 'pull', 'voices'], { ...ctx.env, DATA_DIR: join(ctx.dir, 'other'), NOTETAKER_MODELS_CATALOG: own })
  assert.is(away.code, 1)
  assert.match(away.stderr, /ECONNREFUSED.*\. Bring voices\.onnx here by other means \(it is published at https:\/\/127\.0\.0\.1:\d+\/voices\.onnx\) and run `node bin\/notetaker\.mjs models add voices\.onnx`\n$/)
})

s('Ctrl-C during a pull keeps the part file and says how to resume; the next pull resumes from it', async (ctx) => {
  const env = { ...ctx.env, DATA_DIR: join(ctx.dir, 'interrupted') }
  const part = join(ctx.dir, 'interrupted', 'models', 'ggml-test.bin.part')
  ctx.mirror.behaviour = { cutAfter: 1_000_000, cuts: 1, stall: true }
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'notetaker.mjs'), 'models', 'pull', 'test.en'], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (d) => (stderr += d))
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)))
  for (let i = 0; i < 200 && (!existsSync(part) || statSync(part).size < 1_000_000); i++) await new Promise((r) => setTimeout(r, 50))
  child.kill('SIGINT')
  assert.is(await exited, 130, stderr)
  assert.match(stderr, /notetaker: stopped; what was downloaded is kept in .*ggml-test\.bin\.part and `node bin\/notetaker\.mjs models pull test\.en` resumes from there\n$/)
  const kept = statSync(part).size
  assert.is(kept, 1_000_000)
  ctx.mirror.behaviour = {}
  const resumed = await run(['models', 'pull', 'test.en'], env)
  assert.is(resumed.code, 0, resumed.stderr)
  assert.is(ctx.mirror.requests.at(-1)!.range, `bytes=${kept}-`)
  assert.ok(readFileSync(join(ctx.dir, 'interrupted', 'models', 'ggml-test.bin')).equals(ctx.body))
})

s('add: a good file brought by hand is copied in (by its file name or --name); a bad one is refused and nothing is left', async (ctx) => {
  const env = { ...ctx.env, DATA_DIR: join(ctx.dir, 'airgapped') }
  const models = join(ctx.dir, 'airgapped', 'models')
  const brought = join(ctx.dir, 'ggml-test.bin')
  writeFileSync(brought, ctx.body)
  const bad = join(ctx.dir, 'renamed.bin')
  writeFileSync(bad, whisperModelFile(3).body)
  const refused = await run(['models', 'add', bad, '--name', 'test.en'], env)
  assert.is(refused.code, 1)
  assert.match(refused.stderr, /^notetaker: .*renamed\.bin is not test\.en: its SHA-256 is [0-9a-f]{64}, not the [0-9a-f]{64} of ggml-test\.bin; nothing was added\n$/)
  assert.equal(readdirSync(models), [])
  const nameless = await run(['models', 'add', bad], env)
  assert.match(nameless.stderr, /cannot tell which model .*renamed\.bin is from its name; say it with --name NAME/)

  const added = await run(['models', 'add', brought], env)
  assert.is(added.code, 0, added.stderr)
  assert.match(added.stdout, /^added test\.en \(4\.1 MB, checked: size, layout and SHA-256\) as .*airgapped\/models\/ggml-test\.bin\n/)
  assert.ok(added.stdout.endsWith(FOLLOWS), added.stdout)
  assert.ok(existsSync(brought), 'copied, not moved')
  assert.ok(readFileSync(join(models, 'ggml-test.bin')).equals(ctx.body))
})

s("add and pull refuse whisper.cpp's base.en test file (its true size and SHA-256) as a base English model with no weights, and keep nothing", async (ctx) => {
  const env = { ...ctx.env, DATA_DIR: join(ctx.dir, 'no-weights') }
  const models = join(ctx.dir, 'no-weights', 'models')
  const added = await run(['models', 'add', join(FOR_TESTS, 'for-tests-ggml-base.en.bin'), '--name', 'base.en'], env)
  assert.is(added.code, 1)
  assert.match(added.stderr, /^notetaker: .*for-tests-ggml-base\.en\.bin is a base English Whisper model with no weights \(only whisper\.cpp's header and vocabulary, as in its test files\); nothing was added\n$/)
  assert.is(added.stdout, '')
  assert.not.ok(existsSync(join(models, 'ggml-base.en.bin')))

  ctx.mirror.behaviour = {}
  const pulled = await run(['models', 'pull', 'base.en'], env)
  assert.is(pulled.code, 1, pulled.stdout)
  assert.match(pulled.stderr, /notetaker: the downloaded ggml-base\.en\.bin is a base English Whisper model with no weights \(only whisper\.cpp's header and vocabulary, as in its test files\); nothing was kept\n$/)
  assert.equal(readdirSync(models), [], 'neither the file nor a part')

  // Put there by hand (or by an older version): list and verify name it for what it is.
  copyFileSync(join(FOR_TESTS, 'for-tests-ggml-base.en.bin'), join(models, 'ggml-base.en.bin'))
  const list = await run(['models', 'list'], env)
  assert.match(list.stdout, /^base\.en +0\.6 MB  Whisper, English +present, but not usable: it is a base English Whisper model with no weights /m)
  const verify = await run(['models', 'verify'], env)
  assert.is(verify.code, 1)
  assert.match(verify.stdout, /^BAD  base\.en \(ggml-base\.en\.bin\): it is a base English Whisper model with no weights/)
})

s('verify catches a file corrupted after the fact (exit 1, naming it); list --json; remove', async (ctx) => {
  const ok = await run(['models', 'verify'], ctx.env)
  assert.equal([ok.code, ok.stdout], [0, 'ok   test.en (ggml-test.bin)\n'])
  const landed = join(ctx.models, 'ggml-test.bin')
  chmodSync(landed, 0o600)
  const corrupted = Buffer.from(ctx.body)
  corrupted[1000] = corrupted[1000]! ^ 0xff
  writeFileSync(landed, corrupted)
  const bad = await run(['models', 'verify'], ctx.env)
  assert.is(bad.code, 1)
  assert.match(bad.stdout, /^BAD  test\.en \(ggml-test\.bin\): its SHA-256 is [0-9a-f]{64}, not the /)
  assert.match(bad.stderr, /^notetaker: test\.en failed verification: remove \(`node bin\/notetaker\.mjs models remove NAME`\), then pull or add again\n$/)

  const list = await run(['models', 'list', '--json'], ctx.env)
  assert.is(list.code, 0, list.stderr)
  const shown = JSON.parse(list.stdout)
  assert.is(shown.dir, ctx.models)
  const test = shown.models.find((m: { name: string }) => m.name === 'test.en')
  assert.equal([test.present, test.path, test.bytes, test.multilingual, test.source], [true, landed, SIZE, false, 'operator'])
  const published = shown.models.find((m: { name: string }) => m.name === 'tiny.en')
  assert.equal([published.present, published.bytes, published.sha256, published.source], [false, 77_704_715, '921e4cf8686fdd993dcd081a5da5b6c365bfde1162e72b08d75ac75289920b1f', 'published'])
  const operators = shown.models.find((m: { name: string }) => m.name === 'base.en')
  assert.equal([operators.bytes, operators.source], [586_836, 'operator'], "the operator's entry replaces the published one of its name")
  const text = await run(['models', 'list'], ctx.env)
  assert.match(text.stdout, /^test\.en +4\.1 MB  Whisper, English +present$/m)
  assert.match(text.stdout, /^large-v3-turbo-q5_0 +574\.0 MB  Whisper, multilingual$/m)
  assert.match(text.stdout, /^titanet-small +40\.3 MB  speaker embedding$/m)

  const removed = await run(['models', 'remove', 'test.en'], ctx.env)
  assert.equal([removed.code, removed.stdout], [0, `removed test.en from ${ctx.models}\n${FOLLOWS}`])
  assert.equal(readdirSync(ctx.models), [])
  assert.is((await run(['models', 'remove', 'test.en'], ctx.env)).stdout, 'test.en is not present; nothing removed\n')
  assert.is((await run(['models', 'verify'], ctx.env)).stdout, `no models in ${ctx.models}\n`)
})

s.run()
