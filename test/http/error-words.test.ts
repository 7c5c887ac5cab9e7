import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as TE from 'fp-ts/lib/TaskEither.js'
import pino from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { withWav16kMono } from '../../adapters/speech/audio/with-decoded-wav.js'
import { fsBlobStore } from '../../adapters/stores/blob-fs/blob-store.js'
import type { Transcriber, TranscriptionFailure } from '../../src/core/ports/transcriber.js'
import { type Harness, startHarness } from '../support/http.js'

// An unreadable audio upload failed with ffmpeg's words as they were: the server's data folder, the account and
// upload ids in a path, and `[mov,mp4,… @ 0x55…]`. The user now reads what went wrong; the log keeps it all.

/** Decodes with ffmpeg as every engine does, then hears nothing: what fails is the decoding. */
const decodingTranscriber: Transcriber = {
  name: 'decoding',
  available: true,
  transcribe: (audio) =>
    withWav16kMono(audio.path, (f): TranscriptionFailure => ({ _tag: 'TranscriptionFailure', message: f.message }), () => TE.right({ utterances: [], durationMs: 0 })),
}

const s = suite<{ h: Harness; dir: string; logs: any[] }>('Processing errors in words, without server paths or library internals')
s.before(async (ctx) => {
  ctx.dir = mkdtempSync(join(tmpdir(), 'notetaker-error-words-'))
  ctx.logs = []
  const logger = pino({ level: 'info' }, { write: (line: string) => void ctx.logs.push(JSON.parse(line)) })
  ctx.h = await startHarness({ ports: { blobs: fsBlobStore(ctx.dir), transcriber: decodingTranscriber }, jobLogger: logger })
})
s.after(async ({ h, dir }) => {
  await h.close()
  rmSync(dir, { recursive: true, force: true })
})

const failedUpload = async (h: Harness, filename: string, bytes: Buffer) => {
  const u = (await h.request('POST', '/uploads', { body: { filename } })).body.data
  const put = await fetch(`${h.url}/ext/v1/uploads/${u.id}/content`, { method: 'PUT', headers: { authorization: `Bearer ${h.keys.full}` }, body: new Uint8Array(bytes) })
  assert.is(put.status, 200)
  await h.worker.drain()
  return { upload: (await h.request('GET', `/uploads/${u.id}`)).body.data, recording: (await h.request('GET', `/recordings/${u.runId}`)).body.data }
}

s('an unreadable .m4a: the upload and recording say what failed, with no path, id or ffmpeg address; the log has it all', async ({ h, dir, logs }) => {
  const { upload, recording } = await failedUpload(h, 'memo.m4a', Buffer.concat([Buffer.from([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70]), Buffer.alloc(200, 7)]))
  assert.is(upload.stage, 'failed')
  for (const text of [upload.error, recording.detail]) {
    assert.match(text, /^Transcribing failed: the file is not audio Notetaker can read: moov atom not found$/)
    assert.not.match(text, /\//, 'no path')
    assert.not.ok(text.includes(upload.id) || text.includes(h.accounts.first), 'no ids')
    assert.not.match(text, /0x[0-9a-f]{6,}|@ 0x|\[mov/, 'no library internals')
  }
  assert.is(upload.error, 'Transcribing failed: the file is not audio Notetaker can read: moov atom not found')
  const line = logs.find((l) => l.runId === upload.runId && /failed/.test(l.msg))
  assert.ok(line !== undefined, 'a log line for the failure')
  assert.is(line.level, 40)
  assert.ok(line.msg.includes(dir) && line.msg.includes(upload.id), 'the log keeps the path')
  assert.match(line.msg, /\[mov,mp4,m4a,3gp,3g2,mj2 @ 0x[0-9a-f]+\]/)
})

s('a file that is not audio at all: said so, with what it is when that can be told', async ({ h }) => {
  const text = await failedUpload(h, 'noise.wav', Buffer.from('this is not audio at all'))
  assert.is(text.upload.error, 'Transcribing failed: the file is not audio Notetaker can read (it is text)')
  const pdf = await failedUpload(h, 'minutes.mp3', Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1'))
  assert.is(pdf.upload.error, 'Transcribing failed: the file is not audio Notetaker can read (it is a PDF document)')
  const unknown = await failedUpload(h, 'random.ogg', Buffer.from([0x00, 0x9f, 0x13, 0x02, 0xfe, 0x00, 0x41, 0x07, ...Array(300).fill(3)]))
  assert.match(unknown.upload.error, /^Transcribing failed: the file is not audio Notetaker can read/)
  assert.not.match(unknown.upload.error, /Invalid data|codec parameters/, 'no ffmpeg words')
})

s.run()
