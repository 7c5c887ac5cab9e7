import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { ModelEntry } from '../../../../adapters/speech/models/catalog.js'
import { MirrorUnreachable, mirrorUrl, pullModel, TransferCut, type Progress } from '../../../../adapters/speech/models/download.js'
import { ModelError } from '../../../../adapters/speech/models/store.js'
import { startMirror, whisperModelFile, type Mirror } from '../../../support/model-mirror.js'

// Plain http on loopback (allowed): the https path is the CLI test's (test/cli/models.test.ts).
// A whole Whisper model: the download checks its layout before its checksum.
const MODEL = whisperModelFile()
const SIZE = MODEL.body.length
const s = suite<{ dir: string; mirror: Mirror; entry: ModelEntry; body: Buffer }>('pullModel: download, resume, verify, put in place')
s.before.each(async (ctx) => {
  ctx.dir = mkdtempSync(join(tmpdir(), 'models-pull-'))
  ctx.mirror = await startMirror()
  const { body, sha256 } = MODEL
  ctx.body = body
  ctx.entry = { name: 'test', file: 'ggml-test.bin', bytes: SIZE, sha256, multilingual: true, source: 'operator' }
  ctx.mirror.files.set('ggml-test.bin', body)
})
s.after.each(async (ctx) => {
  await ctx.mirror.close()
  rmSync(ctx.dir, { recursive: true, force: true })
})

const target = (ctx: { dir: string }) => join(ctx.dir, 'models', 'ggml-test.bin')
const part = (ctx: { dir: string }) => `${target(ctx)}.part`

s('follows a redirect, reports progress, lands the file (0600, in a 0700 folder) under its name only once verified', async (ctx) => {
  ctx.mirror.behaviour = { redirect: true }
  const seen: Progress[] = []
  const r = await pullModel({ entry: ctx.entry, dataDir: ctx.dir, baseUrl: `${ctx.mirror.url}/`, onProgress: (p) => seen.push(p) })
  assert.equal(r, { path: target(ctx), alreadyPresent: false, resumedFrom: 0 })
  assert.ok(readFileSync(target(ctx)).equals(ctx.body))
  assert.is(statSync(target(ctx)).mode & 0o777, 0o600)
  assert.is(statSync(join(ctx.dir, 'models')).mode & 0o777, 0o700)
  assert.not.ok(existsSync(part(ctx)))
  assert.equal(ctx.mirror.requests.map((q) => q.path), ['/ggml-test.bin', '/cdn/ggml-test.bin'])
  assert.ok(seen.length > 5 && seen.at(-1)!.received === SIZE && seen.every((p, i) => i === 0 || p.received >= seen[i - 1]!.received))
  const again = await pullModel({ entry: ctx.entry, dataDir: ctx.dir, baseUrl: ctx.mirror.url })
  assert.is(again.alreadyPresent, true)
  assert.is(ctx.mirror.requests.length, 2, 'a verified file is not downloaded again')
})

s('a cut transfer keeps its part; the next pull re-hashes it and asks for the rest (Range), then verifies the whole', async (ctx) => {
  ctx.mirror.behaviour = { cutAfter: 100 * 1024, cuts: 1 }
  const cut = await pullModel({ entry: ctx.entry, dataDir: ctx.dir, baseUrl: ctx.mirror.url }).catch((e: unknown) => e)
  assert.instance(cut, TransferCut)
  assert.match((cut as Error).message, /stopped at .* of 4\.1 MB .*run the same command again to resume/)
  const kept = statSync(part(ctx)).size
  assert.ok(kept > 0 && kept <= 100 * 1024, String(kept))
  assert.not.ok(existsSync(target(ctx)))
  const notes: string[] = []
  const r = await pullModel({ entry: ctx.entry, dataDir: ctx.dir, baseUrl: ctx.mirror.url, onNote: (n) => notes.push(n) })
  assert.is(r.resumedFrom, kept)
  assert.equal(ctx.mirror.requests.map((q) => q.range), [null, `bytes=${kept}-`])
  assert.ok(readFileSync(target(ctx)).equals(ctx.body))
  assert.match(notes.join('\n'), /resuming ggml-test\.bin from/)
})

s('a mirror that ignores Range (200) is followed from the start; 416 starts over too', async (ctx) => {
  mkdirSync(join(ctx.dir, 'models'))
  writeFileSync(part(ctx), ctx.body.subarray(0, 1000))
  ctx.mirror.behaviour = { ignoreRange: true }
  const notes: string[] = []
  await pullModel({ entry: ctx.entry, dataDir: ctx.dir, baseUrl: ctx.mirror.url, onNote: (n) => notes.push(n) })
  assert.ok(readFileSync(target(ctx)).equals(ctx.body))
  assert.match(notes.join('\n'), /does not resume downloads; starting ggml-test\.bin over/)

  rmSync(target(ctx))
  ctx.mirror.behaviour = {}
  ctx.mirror.files.set('ggml-test.bin', ctx.body.subarray(0, 500)) // the mirror's copy is shorter than the part: 416
  writeFileSync(part(ctx), ctx.body.subarray(0, 1000))
  const shorter = await pullModel({ entry: ctx.entry, dataDir: ctx.dir, baseUrl: ctx.mirror.url }).catch((e: unknown) => e)
  assert.instance(shorter, ModelError)
  assert.match((shorter as Error).message, new RegExp(`sends 500 bytes for ggml-test\\.bin, not the ${SIZE} of the catalog; nothing was kept`))
  assert.equal(ctx.mirror.requests.slice(-2).map((q) => q.range), ['bytes=1000-', null])
  assert.not.ok(existsSync(part(ctx)))
})

s('a file that does not match its SHA-256 is deleted and named in the error', async (ctx) => {
  const wrong = { ...ctx.entry, sha256: 'f'.repeat(64) }
  const e = await pullModel({ entry: wrong, dataDir: ctx.dir, baseUrl: ctx.mirror.url }).catch((x: unknown) => x)
  assert.instance(e, ModelError)
  assert.match((e as Error).message, /^the downloaded ggml-test\.bin does not match its SHA-256 \(got [0-9a-f]{64}, expected f{64}\); it was deleted$/)
  assert.not.ok(existsSync(part(ctx)))
  assert.not.ok(existsSync(target(ctx)))
})

s('refused before anything is fetched: plain http to another host, a non-address; 404 and an unreachable mirror in words', async (ctx) => {
  assert.throws(() => mirrorUrl('http://mirror.example.com/models', ctx.entry), /plain http; models are downloaded over https/)
  assert.is(mirrorUrl('http://mirror.example.com/models/', ctx.entry, true).href, 'http://mirror.example.com/models/ggml-test.bin')
  assert.throws(() => mirrorUrl('ftp://x/y', ctx.entry), /is not an https address/)
  assert.throws(() => mirrorUrl('not a url', ctx.entry), /is not an address/)
  const missing = await pullModel({ entry: { ...ctx.entry, file: 'ggml-other.bin' }, dataDir: ctx.dir, baseUrl: ctx.mirror.url }).catch((e: unknown) => e)
  assert.match((missing as Error).message, /^the model mirror has no ggml-other\.bin \(HTTP 404 from http:\/\/127\.0\.0\.1:\d+\/ggml-other\.bin\)$/)
  const closed = await startMirror()
  const url = closed.url
  await closed.close()
  const gone = await pullModel({ entry: ctx.entry, dataDir: ctx.dir, baseUrl: url }).catch((e: unknown) => e)
  assert.instance(gone, MirrorUnreachable, String(gone))
  assert.match((gone as Error).message, /^cannot reach the model mirror \(http:\/\/127\.0\.0\.1:\d+\): .*ECONNREFUSED/)
})

s.run()
