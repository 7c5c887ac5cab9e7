import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as assert from 'uvu/assert'
import { ROOT } from '../support/cli.js'
import type { Harness } from '../support/http.js'
import { right } from '../support/run.js'

export const VTT = readFileSync(join(ROOT, 'fixtures', 'transcripts', 'planning-meeting.vtt'))

/** Silence as a 16 kHz mono 16-bit WAV (half a second by default). The harness's transcriber fails every call, so it fails processing but its audio is served. */
export const silentWav = (seconds = 0.5): Buffer => {
  const data = Buffer.alloc(Math.round(seconds * 16_000) * 2)
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(16_000, 24)
  header.writeUInt32LE(32_000, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

export const putContent = (h: Harness, uploadId: string, body: Buffer, key: string) =>
  fetch(`${h.url}/ext/v1/uploads/${uploadId}/content`, { method: 'PUT', headers: { authorization: `Bearer ${key}` }, body: new Uint8Array(body) })

/** Uploads a file with the key's account and lets processing finish; answers the upload. */
export const upload = async (h: Harness, key: string, file: { filename: string; bytes: Buffer; title?: string; startsAt?: string }) => {
  const created = await h.request('POST', '/uploads', {
    key,
    body: { filename: file.filename, byteSize: file.bytes.length, ...(file.title === undefined ? {} : { title: file.title }), ...(file.startsAt === undefined ? {} : { startsAt: file.startsAt }) },
  })
  assert.is(created.status, 201, JSON.stringify(created.body))
  assert.is((await putContent(h, created.body.data.id, file.bytes, key)).status, 200)
  await h.worker.drain()
  return created.body.data as { id: string; runId: string }
}

/** A notes-bearing recording made from the planning-meeting transcript. */
export const transcriptRecording = async (h: Harness, key: string, title = 'Launch planning', startsAt = '2026-05-20T09:00:00Z') =>
  (await upload(h, key, { filename: 'planning.vtt', bytes: VTT, title, startsAt })).runId

/** A recording with stored audio (its processing fails: the harness's transcriber hears nothing). */
export const audioRecording = async (h: Harness, key: string, startsAt = '2026-05-21T09:00:00Z') =>
  (await upload(h, key, { filename: 'call.wav', bytes: silentWav(), title: 'A call', startsAt })).runId

/** A new account and a full key of it. */
export const person = async (h: Harness, name: string) => {
  const account = await right(h.core.identity.createAccount({ name, email: `${name.toLowerCase()}@example.com`, planKey: 'free', organizationName: null }))
  const key = (await right(h.core.identity.issueApiKey({ accountId: account.id, name: 'test', access: 'full', organizationWide: false, expiresInDays: null }))).plaintext
  return { id: account.id, email: account.email, key }
}
