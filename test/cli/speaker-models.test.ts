/**
 * Speakers by voice, as an operator sets it up: the two speaker models brought by hand
 * (`notetaker models add`, the generated tiny ones described to an operator catalog), and the
 * next start says speakers are told apart by voice; a mono upload then carries
 * `speakerSeparation: voices`. Without them the start says how to get them, and the same upload
 * says its speakers were not separated. The tiny models' voices mean nothing: only the plumbing is checked.
 */
import { createHash } from 'node:crypto'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { writeTinySpeakerModels } from '../../scripts/make-tiny-speaker-models.js'
import { cli, firstKey, serve, tempDir, waitFor } from '../support/cli.js'
import { speakDialogue } from '../support/speech.js'

const entry = (name: string, kind: string, path: string) => ({
  name,
  kind,
  file: basename(path),
  bytes: statSync(path).size,
  sha256: createHash('sha256').update(readFileSync(path)).digest('hex'),
})

test('with both speaker models added, the next start tells mono voices apart; without them, the recording says speakers were not separated', async () => {
  const dir = tempDir('speaker-models')
  const models = writeTinySpeakerModels(join(dir, 'made'))
  const catalog = join(dir, 'catalog.json')
  writeFileSync(catalog, JSON.stringify([entry('tiny-segmentation', 'speaker-segmentation', models.segmentation), entry('tiny-embedding', 'speaker-embedding', models.embedding)]))
  const audio = join(dir, 'call.wav')
  await speakDialogue(
    [
      { speaker: 'A', text: 'Hello everyone. Welcome to the meeting.', voice: 'en-us+f3' },
      { speaker: 'B', text: 'Thank you. Let us talk about the budget.', voice: 'en-us+m3' },
    ],
    audio,
  )
  const bytes = readFileSync(audio)
  const env = { DATA_DIR: join(dir, 'data'), NOTETAKER_MODELS_CATALOG: catalog, NOTETAKER_TRANSCRIBER: 'pocketsphinx' }

  /** Uploads the call on a running server and answers how its recording's speakers were separated. */
  const separation = async (server: { url: string }, key: string) => {
    const api = (path: string, init: RequestInit = {}) => fetch(`${server.url}/ext/v1${path}`, { ...init, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } })
    const upload = (await (await api('/uploads', { method: 'POST', body: JSON.stringify({ filename: 'call.wav', byteSize: bytes.length }) })).json()).data
    assert.is((await api(`/uploads/${upload.id}/content`, { method: 'PUT', body: new Uint8Array(bytes) })).status, 200)
    const done = await waitFor('the upload', async () => (await (await api(`/uploads/${upload.id}`)).json()).data, (u) => u.stage === 'ready' || u.stage === 'failed', 120)
    assert.is(done.stage, 'ready', JSON.stringify(done))
    return (await (await api(`/recordings/${upload.runId}`)).json()).data.speakerSeparation
  }

  const before = await serve(env)
  const key = firstKey(before.output)
  try {
    assert.ok(before.output.some((l) => l.includes('speakers: mono audio is one speaker') && l.includes('models pull pyannote-segmentation-3-0')), before.output.join('\n'))
    assert.is(await separation(before, key), 'none')
  } finally {
    await before.stop()
  }

  for (const file of [models.segmentation, models.embedding]) {
    const added = cli(['models', 'add', file], env)
    assert.is(added.code, 0, added.stderr)
  }

  const after = await serve(env)
  try {
    assert.ok(after.output.some((l) => l.includes('speakers: told apart by voice (tiny-segmentation and tiny-embedding)')), after.output.join('\n'))
    assert.is(await separation(after, key), 'voices')
  } finally {
    await after.stop()
  }
})

test.run()
