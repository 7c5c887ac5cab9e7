/**
 * The last step, as an operator does it: a Whisper model file brought by hand
 * (`notetaker models add`) is checked, and the running server transcribes with Whisper
 * within a few seconds, without a restart, saying so in its log and in GET /server; removed,
 * it goes back. The model is the generated tiny one, described to the catalog the way a
 * company describes its own (NOTETAKER_MODELS_CATALOG).
 */
import { createHash } from 'node:crypto'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { writeTinyWhisperModel } from '../../scripts/make-tiny-whisper-model.js'
import { cli, firstKey, serve, tempDir, waitFor } from '../support/cli.js'

test('models add of a checked file switches the running server to Whisper without a restart; models remove switches it back', async () => {
  const dir = tempDir('models-switch')
  const file = join(dir, 'ggml-tiny-random.bin')
  writeTinyWhisperModel(file)
  const catalog = join(dir, 'catalog.json')
  const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex')
  writeFileSync(catalog, JSON.stringify([{ name: 'tiny-random', file: 'ggml-tiny-random.bin', bytes: statSync(file).size, sha256, multilingual: false }]))
  const env = { DATA_DIR: join(dir, 'data'), NOTETAKER_MODELS_CATALOG: catalog }

  const running = await serve(env)
  try {
    const key = firstKey(running.output)
    type Stt = { engine: string; available: boolean; model: string | null }
    const server = async () => ((await (await fetch(`${running.url}/ext/v1/server`, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: { speechToText: Stt } }).data.speechToText
    const before = (await server()).engine
    assert.not.equal(before, 'whisper', 'no model yet')

    const added = cli(['models', 'add', file], env)
    assert.is(added.code, 0, added.stderr)
    assert.match(added.stdout, /A running server on this DATA_DIR follows within a few seconds \(no restart needed\)\.\n$/)
    const after = await waitFor('GET /server shows Whisper', server, (s) => s.engine === 'whisper', 15)
    assert.equal([after.available, after.model], [true, 'tiny-random'])
    assert.ok(running.output.some((l) => l.includes('speech to text: now Whisper tiny-random (a Whisper model was added); the next transcription uses it')), running.output.join('\n'))

    assert.is(cli(['models', 'remove', 'tiny-random'], env).code, 0)
    assert.is((await waitFor('GET /server goes back', server, (s) => s.engine !== 'whisper', 15)).engine, before)
  } finally {
    await running.stop()
  }
})

test.run()
