/**
 * The model service (the SpeechModels port) against a loopback https mirror with a throwaway
 * certificate, serving the generated Whisper model: a pull answers at once and runs in the
 * background with its progress, a cut download is `partial` and resumes, every file gets the full
 * check, the engine is told after each change, and close stops a download keeping its part.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import https from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import pino from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createModelService, type ModelEntry, type ModelService } from '../../../../adapters/speech/models/index.js'
import type { SpeechModelView } from '../../../../src/core/ports/speech-models.js'
import { entryFor, FOR_TESTS } from '../../../support/model-files.js'
import { loopbackCertificate, startMirror, whisperModelFile, type Mirror } from '../../../support/model-mirror.js'

const MODEL = whisperModelFile()

interface Ctx {
  dir: string
  mirror: Mirror
  catalog: ModelEntry[]
  refreshes: string[]
  logged: Array<{ level: number; msg: string }>
  inUse: string[]
  service: ModelService
}

const s = suite<Ctx>('the model service: list, pull in the background, add, remove', {} as Ctx)

s.before(async (ctx) => {
  ctx.dir = mkdtempSync(join(tmpdir(), 'models-service-'))
  const tls = loopbackCertificate(ctx.dir)
  // This process's https requests trust the throwaway certificate (as NODE_EXTRA_CA_CERTS does for a server).
  https.globalAgent.options.ca = readFileSync(tls.cert)
  ctx.mirror = await startMirror({ tls })
  ctx.mirror.files.set('ggml-tiny-random.bin', MODEL.body)
  ctx.mirror.files.set('ggml-base.en.bin', readFileSync(join(FOR_TESTS, 'for-tests-ggml-base.en.bin')))
  ctx.catalog = [
    { name: 'tiny-random', file: 'ggml-tiny-random.bin', bytes: MODEL.body.length, sha256: MODEL.sha256, multilingual: false, source: 'operator' },
    entryFor(join(FOR_TESTS, 'for-tests-ggml-base.en.bin'), 'base.en'),
  ]
})

s.before.each((ctx) => {
  ctx.refreshes = []
  ctx.logged = []
  ctx.inUse = []
  ctx.mirror.behaviour = {}
  rmSync(join(ctx.dir, 'data'), { recursive: true, force: true })
  ctx.service = createModelService({
    dataDir: join(ctx.dir, 'data'),
    catalog: ctx.catalog,
    mirror: ctx.mirror.url,
    refresh: async (reason) => void ctx.refreshes.push(reason),
    filesInUse: () => ctx.inUse,
    logger: pino({ level: 'info' }, { write: (l: string) => void ctx.logged.push(JSON.parse(l)) }),
  })
})

s.after.each(async (ctx) => {
  await ctx.service.close()
})

s.after(async (ctx) => {
  // Removed, not set to undefined: the agent's options override each request's, so a `ca: undefined`
  // left here would take their own certificate from later requests in this process.
  delete https.globalAgent.options.ca
  await ctx.mirror.close()
  rmSync(ctx.dir, { recursive: true, force: true })
})

const right = async <A>(task: () => Promise<E.Either<unknown, A>>): Promise<A> => {
  const r = await task()
  if (E.isLeft(r)) throw new Error(JSON.stringify(r.left))
  return r.right
}

const viewOf = async (service: ModelService, name: string): Promise<SpeechModelView> => (await right(service.list())).find((m) => m.name === name)!

/** Looks at the model every 20 ms until `done`, at most 20 s; returns every view seen. */
const watch = async (service: ModelService, name: string, done: (v: SpeechModelView) => boolean): Promise<SpeechModelView[]> => {
  const seen: SpeechModelView[] = []
  for (let i = 0; i < 1000; i++) {
    const v = await viewOf(service, name)
    seen.push(v)
    if (done(v)) return seen
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`${name} still ${JSON.stringify(seen.at(-1))}`)
}

s('list: every catalog entry with its state and what it is good for, in words', async (ctx) => {
  const all = await right(ctx.service.list())
  assert.ok(all.length === ctx.catalog.length)
  const base = all.find((m) => m.name === 'base.en')!
  assert.equal([base.state, base.receivedBytes, base.problem, base.inUse, base.kind, base.source], ['absent', 0, null, false, 'whisper', 'operator'])
  assert.is(base.description, 'accurate, English')
})

s('pull answers at once "downloading", shows the bytes growing, then "present", in use once the engine takes it; the engine is told', async (ctx) => {
  ctx.mirror.behaviour = { chunkDelayMs: 5 }
  const started = await right(ctx.service.pull('tiny-random'))
  assert.is(started.state, 'downloading')
  const again = await right(ctx.service.pull('tiny-random'))
  assert.is(again.state, 'downloading', 'one download per model: a second pull joins the first')
  const seen = await watch(ctx.service, 'tiny-random', (v) => v.state !== 'downloading')
  const progress = seen.filter((v) => v.state === 'downloading').map((v) => v.receivedBytes)
  assert.ok(new Set(progress).size >= 3, `progress grows: ${progress.join(', ')}`)
  assert.ok(progress.every((b, i) => i === 0 || b >= progress[i - 1]!))
  assert.equal([seen.at(-1)!.state, seen.at(-1)!.receivedBytes, seen.at(-1)!.problem], ['present', MODEL.body.length, null])
  assert.equal(ctx.refreshes, ['tiny-random was downloaded'])
  assert.equal(ctx.mirror.requests.filter((r) => r.path === '/ggml-tiny-random.bin').length, 1, 'downloaded once')
  assert.ok(ctx.logged.some((l) => l.msg === 'speech models: tiny-random downloaded (4.1 MB, checked: size, layout and SHA-256)'))
  ctx.inUse = [join(ctx.dir, 'data', 'models', 'ggml-tiny-random.bin')]
  assert.is((await viewOf(ctx.service, 'tiny-random')).inUse, true)
  assert.is((await right(ctx.service.pull('tiny-random'))).state, 'present', 'a present model answers as it is')

  assert.is(await right(ctx.service.remove('tiny-random')), true)
  assert.equal(ctx.refreshes, ['tiny-random was downloaded', 'tiny-random was removed'])
  assert.is((await viewOf(ctx.service, 'tiny-random')).state, 'absent')
  assert.is(await right(ctx.service.remove('tiny-random')), false, 'nothing left to remove')
})

s('a cut download is "partial" with its bytes and the reason; pulling again resumes it with a Range request', async (ctx) => {
  ctx.mirror.behaviour = { cutAfter: 1_000_000, cuts: 1 }
  await right(ctx.service.pull('tiny-random'))
  const cut = (await watch(ctx.service, 'tiny-random', (v) => v.state !== 'downloading')).at(-1)!
  assert.is(cut.state, 'partial')
  assert.ok(cut.receivedBytes > 0 && cut.receivedBytes <= 1_000_000, String(cut.receivedBytes))
  assert.match(cut.problem ?? '', /^the download of ggml-tiny-random\.bin stopped at /)
  assert.ok(ctx.logged.some((l) => l.level === 40 && l.msg.startsWith('speech models: tiny-random was not downloaded: the download of ggml-tiny-random.bin stopped at')))
  assert.equal(ctx.refreshes, [])
  await right(ctx.service.pull('tiny-random'))
  const done = (await watch(ctx.service, 'tiny-random', (v) => v.state !== 'downloading')).at(-1)!
  assert.equal([done.state, done.problem], ['present', null])
  assert.is(ctx.mirror.requests.at(-1)!.range, `bytes=${cut.receivedBytes}-`)
})

s("whisper.cpp's test file listed as base.en: pulled, it is refused by the full check and nothing is kept; added, refused with what it is", async (ctx) => {
  await right(ctx.service.pull('base.en'))
  const failed = (await watch(ctx.service, 'base.en', (v) => v.state !== 'downloading')).at(-1)!
  assert.is(failed.state, 'absent', 'nothing kept')
  assert.is(failed.problem, "the downloaded ggml-base.en.bin is a base English Whisper model with no weights (only whisper.cpp's header and vocabulary, as in its test files); nothing was kept")
  assert.not.ok(existsSync(join(ctx.dir, 'data', 'models', 'ggml-base.en.bin.part')))

  const added = await ctx.service.add('base.en', join(FOR_TESTS, 'for-tests-ggml-base.en.bin'))()
  assert.equal(added, E.left({ _tag: 'SpeechModelFailure', kind: 'refused', message: "ggml-base.en.bin is a base English Whisper model with no weights (only whisper.cpp's header and vocabulary, as in its test files); nothing was added" }))
  assert.equal(ctx.refreshes, [])
})

s('add puts a checked file in place and tells the engine; a file under the name that the engine cannot read is "unusable", in words', async (ctx) => {
  const brought = join(ctx.dir, 'brought.bin')
  writeFileSync(brought, MODEL.body)
  const added = await right(ctx.service.add('tiny-random', brought))
  assert.equal([added.state, added.receivedBytes], ['present', MODEL.body.length])
  assert.equal(ctx.refreshes, ['tiny-random was added'])
  assert.ok(existsSync(brought), 'the caller owns its file')

  const path = join(ctx.dir, 'data', 'models', 'ggml-base.en.bin')
  writeFileSync(path, Buffer.alloc(10))
  const unusable = await viewOf(ctx.service, 'base.en')
  assert.equal([unusable.state, unusable.problem], ['unusable', 'its size is 10 bytes, not the 586836 of ggml-base.en.bin'])
  writeFileSync(path, readFileSync(join(FOR_TESTS, 'for-tests-ggml-base.en.bin')))
  assert.match((await viewOf(ctx.service, 'base.en')).problem ?? '', /^it is a base English Whisper model with no weights/)
  const pulled = await ctx.service.pull('base.en')()
  assert.ok(E.isLeft(pulled) && pulled.left.kind === 'refused' && /remove it first/.test(pulled.left.message), JSON.stringify(pulled))
})

s('an unknown name is unknown-model; a mirror that is not https is refused before anything starts', async (ctx) => {
  for (const call of [ctx.service.pull('nope'), ctx.service.add('nope', '/x'), ctx.service.remove('nope')]) {
    const r = await call()
    assert.equal(r, E.left({ _tag: 'SpeechModelFailure', kind: 'unknown-model', message: "no model is named 'nope'" }))
  }
  const plain = createModelService({ dataDir: join(ctx.dir, 'data'), catalog: ctx.catalog, mirror: 'http://mirror.example.com/m', refresh: async () => {}, filesInUse: () => [] })
  const r = await plain.pull('tiny-random')()
  assert.ok(E.isLeft(r) && r.left.kind === 'refused' && /is plain http/.test(r.left.message), JSON.stringify(r))
  assert.is((await viewOf(plain, 'tiny-random')).state, 'absent')
})

s('close stops a download and keeps its part, to resume; remove during a download stops it and deletes the part', async (ctx) => {
  ctx.mirror.behaviour = { cutAfter: 500_000, cuts: 2, stall: true }
  await right(ctx.service.pull('tiny-random'))
  const part = join(ctx.dir, 'data', 'models', 'ggml-tiny-random.bin.part')
  for (let i = 0; i < 200 && (!existsSync(part) || statSync(part).size < 500_000); i++) await new Promise((r) => setTimeout(r, 20))
  await ctx.service.close()
  assert.is(statSync(part).size, 500_000)
  assert.is((await viewOf(ctx.service, 'tiny-random')).state, 'partial')

  await right(ctx.service.pull('tiny-random'))
  assert.is((await viewOf(ctx.service, 'tiny-random')).state, 'downloading')
  assert.is(await right(ctx.service.remove('tiny-random')), true)
  assert.not.ok(existsSync(part))
  assert.is((await viewOf(ctx.service, 'tiny-random')).state, 'absent')
})

s.run()
