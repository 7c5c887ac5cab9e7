/**
 * Deleting a recording leaves none of its files in the blob store (nor, on disk, their emptied folders): listed
 * from outside the store (the folder on disk, the S3 bucket, the memory store's
 * keys), for an audio upload and for a bot's recording (audio and speaker timeline).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { CreateBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3'
import * as E from 'fp-ts/lib/Either.js'
import { pino } from 'pino'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { fsBlobStore } from '../../adapters/stores/blob-fs/blob-store.js'
import { s3BlobStore } from '../../adapters/stores/blob-s3/blob-store.js'
import { s3Client } from '../../adapters/stores/blob-s3/client.js'
import { createSimulatedBotRunner } from '../../adapters/bots/simulated/runner.js'
import { memoryBlobStore } from '../../adapters/stores/memory/blob-store.js'
import type { BlobStore } from '../../src/core/ports/blob-store.js'
import { type Harness, startHarness } from '../support/http.js'
import { startTestS3 } from '../support/s3/server.js'
import { speakToWav } from '../support/speech.js'

interface Place {
  readonly store: BlobStore
  /** Every stored object, read around the store. */
  readonly everything: () => Promise<string[]>
  readonly close: () => Promise<void>
}

const folder = async (): Promise<Place> => {
  const dir = mkdtempSync(join(tmpdir(), 'notetaker-no-blob-left-'))
  // A folder left empty counts as left behind: it is listed with a trailing slash.
  const walk = (d: string): string[] => {
    const entries = readdirSync(d, { withFileTypes: true })
    if (entries.length === 0 && d !== dir) return [`${relative(dir, d)}/`]
    return entries.flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [relative(dir, join(d, e.name))]))
  }
  return { store: fsBlobStore(dir), everything: async () => walk(dir).sort(), close: async () => rmSync(dir, { recursive: true, force: true }) }
}

const bucket = async (): Promise<Place> => {
  const server = await startTestS3()
  const client = s3Client(server.settings)
  const name = `${server.settings.bucket}-left-${Date.now().toString(36)}`
  await client.send(new CreateBucketCommand({ Bucket: name }))
  return {
    store: s3BlobStore(client, name),
    everything: async () => ((await client.send(new ListObjectsV2Command({ Bucket: name }))).Contents ?? []).map((o) => o.Key!).sort(),
    close: () => server.close(),
  }
}

const memory = async (): Promise<Place> => {
  const store = memoryBlobStore()
  return {
    store,
    everything: async () => {
      const r = await store.list('')()
      return E.isRight(r) ? [...r.right] : ['(could not list)']
    },
    close: async () => {},
  }
}

const wav = (() => {
  let made: Promise<Buffer> | null = null
  return () =>
    (made ??= (async () => {
      const dir = mkdtempSync(join(tmpdir(), 'notetaker-wav-'))
      await speakToWav('Hello everyone, this is the weekly planning meeting.', join(dir, 'a.wav'))
      const { readFileSync } = await import('node:fs')
      const bytes = readFileSync(join(dir, 'a.wav'))
      rmSync(dir, { recursive: true, force: true })
      return bytes
    })())
})()

const harnessOn = (place: Place) =>
  startHarness({
    ports: {
      blobs: place.store,
      // Bots speak their lines: audio and a speaker timeline, as fast as possible.
      botRunner: createSimulatedBotRunner({ clock: { now: () => new Date('2026-06-01T12:00:00.000Z') }, logger: pino({ level: 'silent' }), speed: Number.POSITIVE_INFINITY, audio: true }),
    },
  })

const deleted = async (h: Harness, runId: string) => assert.is((await h.request('DELETE', `/recordings/${runId}`)).status, 204)

for (const [name, open] of [['filesystem', folder], ['s3', bucket], ['memory', memory]] as const) {
  test(`${name}: an audio upload and a bot recording leave no file once deleted`, async () => {
    const place = await open()
    const h = await harnessOn(place)
    try {
      const audio = await wav()
      const u = (await h.request('POST', '/uploads', { body: { filename: 'meeting.wav', byteSize: audio.length } })).body.data
      const sent = await fetch(`${h.url}/ext/v1/uploads/${u.id}/content`, { method: 'PUT', headers: { authorization: `Bearer ${h.keys.full}` }, body: new Uint8Array(audio) })
      assert.is(sent.status, 200)
      const bot = (await h.request('POST', '/bots', { body: { joinUrl: 'https://meet.google.com/abc-defg-hij' } })).body.data
      await h.worker.drain()

      const before = await place.everything()
      assert.ok(before.some((k) => k.startsWith(`uploads/${h.accounts.first}/${u.id}`)), `the upload's audio is stored: ${before}`)
      const botFiles = before.filter((k) => k.includes(bot.runId))
      assert.ok(botFiles.some((k) => /audio\./.test(k)) && botFiles.some((k) => k.includes('speakers.jsonl')), `the bot's audio and speaker timeline are stored: ${botFiles}`)

      await deleted(h, u.runId)
      await deleted(h, bot.runId)
      assert.equal(await place.everything(), [], 'nothing is left, not even an empty folder')
    } finally {
      await h.close()
      await place.close()
    }
  })
}

test.run()
