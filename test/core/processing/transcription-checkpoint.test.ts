import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryBlobStore } from '../../../adapters/stores/memory/blob-store.js'
import { blobCheckpoint } from '../../../src/core/processing/transcription-checkpoint.js'
import { right } from '../../support/run.js'

const KEY = 'processing/a/r/windows.json'
const window = { startMs: 0, endMs: 30_000, utterances: [{ start_ms: 1_000, end_ms: 2_000, speaker: 'Speaker 1', text: 'Hello.' }], language: 'en' }

async function* bytes(text: string) {
  yield new TextEncoder().encode(text)
}

test('windows kept by one attempt are read by the next, for the same engine only', async () => {
  const blobs = memoryBlobStore()
  await blobCheckpoint(blobs, KEY).save('whisper', window)
  const next = blobCheckpoint(blobs, KEY)
  assert.equal(await next.load('whisper'), [window])
  assert.equal(await next.load('pocketsphinx'), [])
})

test('a checkpoint that is not JSON, or not ours, is started over', async () => {
  for (const text of ['{"windows": [', '{"windows": [{"engine": 1}]}']) {
    const blobs = memoryBlobStore()
    await right(blobs.put(KEY, bytes(text), { maxBytes: 1024 }))
    assert.equal(await blobCheckpoint(blobs, KEY).load('whisper'), [])
  }
})

test.run()
