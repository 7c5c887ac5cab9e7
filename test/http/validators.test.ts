/**
 * Validators on files (RFC 9110 §8.8, §13): ETag and Last-Modified on the audio and the export,
 * If-Range, If-None-Match, If-Modified-Since, If-Match and If-Unmodified-Since. The audio runs
 * over the memory file store and the real one on disk (what SQLite and Postgres servers use).
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { fsBlobStore } from '../../adapters/stores/blob-fs/blob-store.js'
import { memoryBlobStore } from '../../adapters/stores/memory/blob-store.js'
import type { BlobStore } from '../../src/core/ports/blob-store.js'
import { startHarness, type Harness } from '../support/http.js'
import { right } from '../support/run.js'
import { labelledRecording } from './notes-world.js'
import { audioRecording } from './share-world.js'

const run = promisify(execFile)
const STRONG = /^"[A-Za-z0-9_-]{32}"$/
const WEAK = /^W\/"[A-Za-z0-9_-]{32}"$/

interface AudioCtx {
  h: Harness
  runId: string
  wav: Buffer
  etag: string
  lastModified: string
  storedFrom: number
  storedTo: number
}

const readAll = async (r: Response) => Buffer.from(await r.arrayBuffer())

const audioSuite = (name: string, blobs: () => { store: BlobStore; close(): void }) => {
  const s = suite<AudioCtx & { close: () => void }>(`audio validators (${name} files)`)
  s.before(async (ctx) => {
    const b = blobs()
    ctx.close = b.close
    ctx.h = await startHarness({ ports: { blobs: b.store } })
    ctx.storedFrom = Math.floor(Date.now() / 1000) * 1000
    ctx.runId = await audioRecording(ctx.h, ctx.h.keys.full)
    ctx.storedTo = Date.now()
    const whole = await get(ctx.h, ctx.runId)
    ctx.wav = await readAll(whole)
    ctx.etag = whole.headers.get('etag')!
    ctx.lastModified = whole.headers.get('last-modified')!
  })
  s.after(async ({ h, close }) => {
    await h.close()
    close()
  })

  const get = (h: Harness, runId: string, headers: Record<string, string> = {}, key = h.keys.full) =>
    fetch(`${h.url}/ext/v1/recordings/${runId}/audio`, { headers: { authorization: `Bearer ${key}`, ...headers } })

  s('a strong ETag and Last-Modified (when it was stored), the same on every answer while the file is the same', async ({ h, runId, etag, lastModified, storedFrom, storedTo }) => {
    assert.match(etag, STRONG)
    const stored = Date.parse(lastModified)
    assert.ok(stored >= storedFrom && stored <= storedTo, `${lastModified} is when the upload was stored`)
    for (const headers of [{}, { range: 'bytes=0-9' }, { range: 'bytes=99999999-' }] as Array<Record<string, string>>) {
      const r = await get(h, runId, headers)
      await r.arrayBuffer()
      assert.is(r.headers.get('etag'), etag, JSON.stringify(headers))
      assert.is(r.headers.get('last-modified'), lastModified, JSON.stringify(headers))
    }
  })

  s('If-Range: a stale or weak ETag gets the whole file (200); the current one gets the range (206)', async ({ h, runId, wav, etag }) => {
    for (const ifRange of ['"stale"', `W/${etag}`, 'not a validator']) {
      const r = await get(h, runId, { range: 'bytes=0-9', 'if-range': ifRange })
      assert.is(r.status, 200, ifRange)
      assert.is(r.headers.get('content-range'), null, ifRange)
      assert.ok((await readAll(r)).equals(wav), ifRange)
    }
    const part = await get(h, runId, { range: 'bytes=0-9', 'if-range': etag })
    assert.is(part.status, 206)
    assert.is(part.headers.get('content-range'), `bytes 0-9/${wav.length}`)
    assert.ok((await readAll(part)).equals(wav.subarray(0, 10)))
    const past = await get(h, runId, { range: `bytes=${wav.length + 5}-`, 'if-range': '"stale"' })
    assert.is(past.status, 200, 'a range it would refuse is not even looked at when If-Range fails')
    await past.arrayBuffer()
  })

  s('If-Range with a date: exactly Last-Modified, once it is a second old, gets the range; another date the whole file', async ({ h, runId, wav, lastModified }) => {
    // Last-Modified is a strong validator only once the Date of the answer is a second past it (RFC 9110 §8.8.2.2).
    while (Date.now() < Date.parse(lastModified) + 2000) await new Promise((r) => setTimeout(r, 100))
    const part = await get(h, runId, { range: 'bytes=5-14', 'if-range': lastModified })
    assert.is(part.status, 206)
    assert.ok((await readAll(part)).equals(wav.subarray(5, 15)))
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString()
    const whole = await get(h, runId, { range: 'bytes=5-14', 'if-range': earlier })
    assert.is(whole.status, 200)
    assert.ok((await readAll(whole)).equals(wav))
  })

  s('If-None-Match (the tag, its weak form, a list, *) answers 304 with the validators and no body; another tag 200', async ({ h, runId, etag, lastModified }) => {
    for (const inm of [etag, `W/${etag}`, `"x", ${etag}`, '*']) {
      const r = await get(h, runId, { 'if-none-match': inm })
      assert.is(r.status, 304, inm)
      assert.is(r.headers.get('etag'), etag)
      assert.is(r.headers.get('last-modified'), lastModified)
      assert.is((await readAll(r)).length, 0)
    }
    const other = await get(h, runId, { 'if-none-match': '"other"', 'if-modified-since': lastModified })
    assert.is(other.status, 200, 'If-Modified-Since is ignored beside an If-None-Match that does not match')
    await other.arrayBuffer()
  })

  s('If-Modified-Since: 304 when the file has not changed since; 200 when it has, or when the date cannot be read', async ({ h, runId, wav, lastModified }) => {
    const same = await get(h, runId, { 'if-modified-since': lastModified })
    assert.is(same.status, 304)
    await same.arrayBuffer()
    for (const ims of [new Date(Date.parse(lastModified) - 1000).toUTCString(), 'last Tuesday']) {
      const r = await get(h, runId, { 'if-modified-since': ims })
      assert.is(r.status, 200, ims)
      assert.ok((await readAll(r)).equals(wav))
    }
  })

  s('If-Match and If-Unmodified-Since: 412 in the error envelope naming the header when they fail; the file when they hold', async ({ h, runId, etag, lastModified }) => {
    const wrong = await get(h, runId, { 'if-match': '"other"' })
    assert.is(wrong.status, 412)
    assert.is(wrong.headers.get('etag'), etag)
    const body = await wrong.json()
    assert.is(body.error.code, 'VALIDATION_ERROR')
    assert.match(body.error.message, /has changed/)
    assert.equal(body.error.details, [{ path: 'If-Match', message: `the audio's ETag is now ${etag}` }])
    const before = await get(h, runId, { 'if-unmodified-since': new Date(Date.parse(lastModified) - 1000).toUTCString() })
    assert.is(before.status, 412)
    assert.is((await before.json()).error.details[0].path, 'If-Unmodified-Since')
    for (const headers of [{ 'if-match': etag }, { 'if-match': '*' }, { 'if-unmodified-since': lastModified }] as Array<Record<string, string>>) {
      const r = await get(h, runId, headers)
      assert.is(r.status, 200, JSON.stringify(headers))
      await r.arrayBuffer()
    }
  })

  s("another account's recording is 404 whatever the validators", async ({ h, runId, etag }) => {
    for (const headers of [{ 'if-none-match': '*' }, { 'if-match': etag }, { 'if-range': etag, range: 'bytes=0-1' }] as Array<Record<string, string>>) {
      const r = await get(h, runId, headers, h.keys.other)
      assert.is(r.status, 404, JSON.stringify(headers))
      assert.is((await r.json()).error.code, 'NOT_FOUND')
    }
  })

  s('a file that changes gets another ETag: a resumed download with the old one gets the new file whole', async ({ h, runId, wav, etag }) => {
    const found = await right(h.core.ports.runs.find(h.accounts.first, runId))
    const key = O.isSome(found) ? found.value.audio!.key : ''
    const changed = Buffer.from(wav)
    changed[wav.length - 1] = changed[wav.length - 1]! ^ 0xff
    await right(h.core.ports.blobs.put(key, (async function* () { yield changed })(), { maxBytes: wav.length }))
    const r = await get(h, runId, { range: 'bytes=100-', 'if-range': etag })
    assert.is(r.status, 200)
    const now = r.headers.get('etag')!
    assert.match(now, STRONG)
    assert.is.not(now, etag, 'same size, other bytes, another ETag')
    assert.ok((await readAll(r)).equals(changed))
    const revalidated = await get(h, runId, { 'if-none-match': etag })
    assert.is(revalidated.status, 200)
    await revalidated.arrayBuffer()
    // Put the first bytes back for the tests that follow in this suite, under yet another version.
    await right(h.core.ports.blobs.put(key, (async function* () { yield wav })(), { maxBytes: wav.length }))
  })

  s('with curl: a stale If-Range gets the whole file, the current ETag the ten bytes asked', async ({ h, runId, wav }) => {
    const url = `${h.url}/ext/v1/recordings/${runId}/audio`
    const auth = `Authorization: Bearer ${h.keys.full}`
    const stale = await run('curl', ['-s', '-D', '-', '-o', '/dev/null', '-H', auth, '-H', 'If-Range: "stale"', '-r', '0-9', url])
    assert.match(stale.stdout, /^HTTP\/1\.1 200 /)
    assert.match(stale.stdout, new RegExp(`\\r\\ncontent-length: ${wav.length}\\r\\n`, 'i'))
    const etag = /\r\netag: (.+)\r\n/i.exec(stale.stdout)![1]!
    const fresh = await run('curl', ['-s', '-D', '-', '-o', '/dev/null', '-H', auth, '-H', `If-Range: ${etag}`, '-r', '0-9', url])
    assert.match(fresh.stdout, /^HTTP\/1\.1 206 /)
    assert.match(fresh.stdout, new RegExp(`\\r\\ncontent-range: bytes 0-9/${wav.length}\\r\\n`, 'i'))
  })

  return s
}

audioSuite('memory', () => ({ store: memoryBlobStore(), close: () => {} })).run()
audioSuite('disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'notetaker-validators-'))
  return { store: fsBlobStore(dir), close: () => rmSync(dir, { recursive: true, force: true }) }
}).run()

const e = suite<{ h: Harness; runId: string }>('export validators')
e.before(async (ctx) => {
  ctx.h = await startHarness()
  ctx.runId = (await labelledRecording(ctx.h, ctx.h.keys.full)).runId
})
e.after(async ({ h }) => h.close())

const exported = (h: Harness, runId: string, format: string, headers: Record<string, string> = {}) =>
  h.request('GET', `/recordings/${runId}/export?format=${format}`, { headers })

const FORMATS = ['md', 'vtt', 'srt', 'txt', 'json'] as const

e('a weak ETag and Last-Modified on every format, stable while nothing changes, another per format', async ({ h, runId }) => {
  const tags = new Set<string>()
  for (const format of FORMATS) {
    const a = await exported(h, runId, format)
    const b = await exported(h, runId, format)
    assert.is(a.status, 200)
    assert.match(a.headers.get('etag')!, WEAK, format)
    assert.is(b.headers.get('etag'), a.headers.get('etag'), format)
    assert.is(a.headers.get('last-modified'), new Date(h.clock.now()).toUTCString(), `${format}: the recording's last change (the test's clock)`)
    tags.add(a.headers.get('etag')!)
  }
  assert.is(tags.size, FORMATS.length)
})

e('If-None-Match with the ETag answers 304 without a body; If-Modified-Since the same; a stale tag gets the file', async ({ h, runId }) => {
  const first = await exported(h, runId, 'md')
  const etag = first.headers.get('etag')!
  for (const headers of [{ 'if-none-match': etag }, { 'if-none-match': '*' }, { 'if-modified-since': first.headers.get('last-modified')! }] as Array<Record<string, string>>) {
    const r = await exported(h, runId, 'md', headers)
    assert.is(r.status, 304, JSON.stringify(headers))
    assert.is(r.body, '')
    assert.is(r.headers.get('etag'), etag)
  }
  const stale = await exported(h, runId, 'md', { 'if-none-match': 'W/"stale"' })
  assert.is(stale.status, 200)
  assert.is(stale.body, first.body)
})

e('renaming a speaker or editing an action item changes the ETag of every format; the old one no longer answers 304', async ({ h, runId }) => {
  const before = new Map<string, string>()
  for (const format of FORMATS) before.set(format, (await exported(h, runId, format)).headers.get('etag')!)
  const detail = (await h.request('GET', `/recordings/${runId}`)).body.data
  const speaker = detail.speakers.find((x: { label: string }) => x.label === 'Speaker 2').id
  h.clock.advance(60_000)
  assert.is((await h.request('PATCH', `/recordings/${runId}/speakers/${speaker}`, { body: { name: 'Tom Becker' } })).status, 200)
  const renamed = new Map<string, string>()
  for (const format of FORMATS) {
    const r = await exported(h, runId, format, { 'if-none-match': before.get(format)! })
    assert.is(r.status, 200, `${format} after the rename`)
    assert.ok(String(typeof r.body === 'string' ? r.body : JSON.stringify(r.body)).includes('Tom Becker'), format)
    assert.is.not(r.headers.get('etag'), before.get(format), format)
    assert.is(r.headers.get('last-modified'), new Date(h.clock.now()).toUTCString(), `${format}: the rename is the latest change`)
    renamed.set(format, r.headers.get('etag')!)
  }
  assert.is((await h.request('PATCH', `/recordings/${runId}/action-items/${detail.actionItems[0].id}`, { body: { status: 'done' } })).status, 200)
  for (const format of ['md', 'txt', 'json'] as const) {
    const r = await exported(h, runId, format, { 'if-none-match': renamed.get(format)! })
    assert.is(r.status, 200, `${format} after the edit`)
  }
  const md = await exported(h, runId, 'md')
  assert.is((await exported(h, runId, 'md', { 'if-none-match': md.headers.get('etag')! })).status, 304, 'and the new tag is stable')
})

e('If-Match with the weak tag fails (strong comparison) with 412 in the envelope; * passes', async ({ h, runId }) => {
  const etag = (await exported(h, runId, 'txt')).headers.get('etag')!
  const r = await exported(h, runId, 'txt', { 'if-match': etag })
  assert.is(r.status, 412)
  assert.is(r.body.error.code, 'VALIDATION_ERROR')
  assert.is(r.body.error.details[0].path, 'If-Match')
  assert.is(r.headers.get('content-disposition'), null, 'the refusal is not offered as a download')
  assert.is((await exported(h, runId, 'txt', { 'if-match': '*' })).status, 200)
})

e("another account's export is 404 whatever the validators", async ({ h, runId }) => {
  const r = await h.request('GET', `/recordings/${runId}/export?format=md`, { key: h.keys.other, headers: { 'if-none-match': '*' } })
  assert.is(r.status, 404)
  assert.is(r.body.error.code, 'NOT_FOUND')
})

e.run()
