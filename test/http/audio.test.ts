import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startHarness, type Harness } from '../support/http.js'
import { speakToWav } from '../support/speech.js'
import { FAILING_TRANSCRIBER_MESSAGE } from '../support/transcribers.js'

const s = suite<{ h: Harness; wav: Buffer; runId: string; uploadId: string }>('recording audio: Range requests')
s.before(async (ctx) => {
  const dir = mkdtempSync(join(tmpdir(), 'notetaker-audio-'))
  await speakToWav('Hello everyone, this is the weekly planning meeting.', join(dir, 'a.wav'))
  ctx.wav = readFileSync(join(dir, 'a.wav'))
  rmSync(dir, { recursive: true, force: true })
  ctx.h = await startHarness()
  const u = (await ctx.h.request('POST', '/uploads', { body: { filename: 'meeting.wav', byteSize: ctx.wav.length } })).body.data
  const sent = await fetch(`${ctx.h.url}/ext/v1/uploads/${u.id}/content`, { method: 'PUT', headers: { authorization: `Bearer ${ctx.h.keys.full}` }, body: new Uint8Array(ctx.wav) })
  assert.is(sent.status, 200)
  ctx.runId = u.runId
  ctx.uploadId = u.id
  await ctx.h.worker.drain()
})
s.after(async ({ h }) => h.close())

const get = (h: Harness, runId: string, headers: Record<string, string> = {}) =>
  fetch(`${h.url}/ext/v1/recordings/${runId}/audio`, { headers: { authorization: `Bearer ${h.keys.full}`, ...headers } })

s('an audio upload the speech engine fails on ends failed with the engine\'s words; its audio is still served', async ({ h, uploadId }) => {
  const u = (await h.request('GET', `/uploads/${uploadId}`)).body.data
  assert.is(u.stage, 'failed')
  assert.is(u.error, `Transcribing failed: ${FAILING_TRANSCRIBER_MESSAGE}`)
  assert.is(u.failedStage, 'transcribing')
  assert.is(u.progress, null, 'no progress once processing has ended')
})

s('the recording says whether it has audio, so a player need not ask: an audio upload has, a transcript upload has not', async ({ h, runId }) => {
  assert.is((await h.request('GET', `/recordings/${runId}`)).body.data.hasAudio, true)
  const u = (await h.request('POST', '/uploads', { body: { filename: 'notes.vtt' } })).body.data
  const sent = await fetch(`${h.url}/ext/v1/uploads/${u.id}/content`, { method: 'PUT', headers: { authorization: `Bearer ${h.keys.full}` }, body: 'WEBVTT\n\n00:00.000 --> 00:02.000\nHello there.\n' })
  assert.is(sent.status, 200)
  await h.worker.drain()
  const transcriptOnly = (await h.request('GET', `/recordings/${u.runId}`)).body.data
  assert.equal([transcriptOnly.state, transcriptOnly.hasAudio], ['ready', false])
  assert.is((await get(h, u.runId)).status, 404, 'as the audio route answers')
})

s('the whole file: 200 with type, length and Accept-Ranges', async ({ h, runId, wav }) => {
  const r = await get(h, runId)
  assert.is(r.status, 200)
  assert.is(r.headers.get('content-type'), 'audio/wav')
  assert.is(r.headers.get('accept-ranges'), 'bytes')
  assert.is(Number(r.headers.get('content-length')), wav.length)
  assert.ok(Buffer.from(await r.arrayBuffer()).equals(wav))
})

s('a range, an open-ended range and a suffix range: 206 with Content-Range and the right bytes', async ({ h, runId, wav }) => {
  const cases: Array<[string, number, number]> = [['bytes=0-99', 0, 99], [`bytes=1000-`, 1000, wav.length - 1], ['bytes=-500', wav.length - 500, wav.length - 1], [`bytes=10-${wav.length + 50}`, 10, wav.length - 1]]
  for (const [range, start, end] of cases) {
    const r = await get(h, runId, { range })
    assert.is(r.status, 206, range)
    assert.is(r.headers.get('content-range'), `bytes ${start}-${end}/${wav.length}`, range)
    assert.is(Number(r.headers.get('content-length')), end - start + 1, range)
    assert.ok(Buffer.from(await r.arrayBuffer()).equals(wav.subarray(start, end + 1)), range)
  }
})

s('an unsatisfiable range is 416 with bytes */size; a malformed one is ignored', async ({ h, runId, wav }) => {
  const r = await get(h, runId, { range: `bytes=${wav.length + 10}-` })
  assert.is(r.status, 416)
  assert.is(r.headers.get('content-range'), `bytes */${wav.length}`)
  assert.is((await r.json()).error.code, 'VALIDATION_ERROR')
  const odd = await get(h, runId, { range: 'lines=1-2' })
  assert.is(odd.status, 200)
  await odd.arrayBuffer()
})

/** The whole file, 200, with no Content-Range: what a Range header that is ignored gets. */
const assertWhole = async (r: Response, wav: Buffer, range: string) => {
  assert.is(r.status, 200, range)
  assert.is(r.headers.get('content-range'), null, range)
  assert.is(Number(r.headers.get('content-length')), wav.length, range)
  assert.ok(Buffer.from(await r.arrayBuffer()).equals(wav), range)
}

s('an invalid range (last byte before the first), a malformed one, or another unit is ignored: the whole file, 200', async ({ h, runId, wav }) => {
  for (const range of ['bytes=5-1', `bytes=${wav.length + 50}-${wav.length + 10}`, 'bytes=abc', 'bytes=-', 'bytes 0-1', 'lines=999999-']) {
    await assertWhole(await get(h, runId, { range }), wav, range)
  }
})

s('several ranges are answered whole (200), never merged, even when they touch or overlap', async ({ h, runId, wav }) => {
  for (const range of ['bytes=0-1,5-9', 'bytes=0-1,2-9', 'bytes=0-99,50-149', `bytes=0-1,${wav.length + 10}-`]) {
    await assertWhole(await get(h, runId, { range }), wav, range)
  }
})

s('a suffix longer than the file serves all of it as 206 with bytes 0-(size-1)/size (RFC 9110 §14.1.2)', async ({ h, runId, wav }) => {
  for (const range of ['bytes=-99999999999', `bytes=-${wav.length}`, `bytes=-${wav.length + 1}`]) {
    const r = await get(h, runId, { range })
    assert.is(r.status, 206, range)
    assert.is(r.headers.get('content-range'), `bytes 0-${wav.length - 1}/${wav.length}`, range)
    assert.is(Number(r.headers.get('content-length')), wav.length, range)
    assert.ok(Buffer.from(await r.arrayBuffer()).equals(wav), range)
  }
})

s('the unit is read without regard to case; a range wholly past the end, or an empty suffix, stays 416', async ({ h, runId, wav }) => {
  const upper = await get(h, runId, { range: 'Bytes=0-9' })
  assert.is(upper.status, 206)
  assert.is(upper.headers.get('content-range'), `bytes 0-9/${wav.length}`)
  assert.ok(Buffer.from(await upper.arrayBuffer()).equals(wav.subarray(0, 10)))
  for (const range of ['bytes=999999-', `bytes=${wav.length}-`, 'bytes=-0']) {
    const r = await get(h, runId, { range })
    assert.is(r.status, 416, range)
    assert.is(r.headers.get('content-range'), `bytes */${wav.length}`, range)
    const body = await r.json()
    assert.is(body.error.code, 'VALIDATION_ERROR', range)
    assert.type(body.error.message, 'string')
  }
})

s.run()
