/**
 * As a new user on a default install: the first upload is transcribed by PocketSphinx and says so
 * ("rough"); the administrator downloads a Whisper model through the API (POST /server/models, from a
 * loopback HTTPS mirror serving the generated tiny model, checked as any download is), and the next
 * upload, without a restart, is transcribed by Whisper and says so, while the first keeps its engine.
 * The tiny model's words mean nothing: only which engine ran is checked.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { pocketsphinxInstalled } from '../../adapters/speech/transcribe-pocketsphinx/index.js'
import { firstKey, serve, tempDir, waitFor } from '../support/cli.js'
import { loopbackCertificate, startMirror, whisperModelFile } from '../support/model-mirror.js'
import { speakToWav } from '../support/speech.js'

const MODEL = whisperModelFile()

test('the next upload after a model download is transcribed by Whisper, without a restart, and its recording says so', async () => {
  const dir = tempDir('transcribed-by')
  const tls = loopbackCertificate(dir)
  const mirror = await startMirror({ tls })
  mirror.files.set('ggml-tiny-random.bin', MODEL.body)
  const catalog = join(dir, 'catalog.json')
  writeFileSync(catalog, JSON.stringify([{ name: 'tiny-random', file: 'ggml-tiny-random.bin', bytes: MODEL.body.length, sha256: MODEL.sha256, multilingual: false }]))
  const clip = join(dir, 'standup.wav')
  await speakToWav('Good morning everyone. Let us start with the budget, then the release plan for next week.', clip)
  const bytes = readFileSync(clip)
  const running = await serve({ DATA_DIR: join(dir, 'data'), NOTETAKER_MODELS_CATALOG: catalog, NOTETAKER_MODELS_URL: mirror.url, NODE_EXTRA_CA_CERTS: tls.cert })
  try {
    const key = firstKey(running.output)
    const api = async (path: string, init: RequestInit = {}) => {
      const r = await fetch(`${running.url}/ext/v1${path}`, { ...init, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } })
      return { status: r.status, body: await r.json() }
    }
    /** Uploads the clip, waits for its notes, and answers the recording's `transcribedBy`. */
    const transcribedBy = async () => {
      const created = await api('/uploads', { method: 'POST', body: JSON.stringify({ filename: 'standup.wav', byteSize: bytes.length }) })
      assert.is(created.status, 201, JSON.stringify(created.body))
      const upload = created.body.data
      assert.is((await fetch(`${running.url}/ext/v1/uploads/${upload.id}/content`, { method: 'PUT', headers: { authorization: `Bearer ${key}` }, body: new Uint8Array(bytes) })).status, 200)
      const done = await waitFor('the upload', async () => (await api(`/uploads/${upload.id}`)).body.data, (u) => u.stage === 'ready' || u.stage === 'failed', 120)
      assert.is(done.stage, 'ready', JSON.stringify(done))
      return { runId: upload.runId as string, by: (await api(`/recordings/${upload.runId}`)).body.data.transcribedBy }
    }

    // This machine's PocketSphinx, as a default install with it has; without it, audio is refused until a model is here.
    const first = pocketsphinxInstalled() ? await transcribedBy() : null
    if (first !== null) assert.equal(first.by, { engine: 'pocketsphinx', model: null, accuracy: 'rough' })

    const pulled = await api('/server/models', { method: 'POST', body: JSON.stringify({ name: 'tiny-random' }) })
    assert.ok(pulled.status === 202 || pulled.status === 200, JSON.stringify(pulled.body))
    await waitFor('GET /server says Whisper', async () => (await api('/server')).body.data.speechToText, (s) => s.engine === 'whisper' && s.model === 'tiny-random', 60)

    const second = await transcribedBy()
    assert.equal(second.by, { engine: 'whisper', model: 'tiny-random', accuracy: 'accurate' })
    if (first !== null) assert.equal((await api(`/recordings/${first.runId}`)).body.data.transcribedBy, first.by, 'the first keeps the engine that made it')
    assert.ok(running.output.some((l) => l.includes('speech to text: now Whisper tiny-random')), running.output.join('\n'))
  } finally {
    await running.stop()
    await mirror.close()
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
