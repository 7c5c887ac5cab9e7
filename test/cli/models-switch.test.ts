/**
 * The last step, as an operator does it: a Whisper model file brought by hand
 * (`notetaker models add`) is verified, and the next start transcribes with Whisper,
 * says so in its log and in GET /server. The model is the generated tiny one, described
 * to the catalog the way a company describes its own (NOTETAKER_MODELS_CATALOG).
 */
import { createHash } from 'node:crypto'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { writeTinyWhisperModel } from '../../scripts/make-tiny-whisper-model.js'
import { cli, firstKey, serve, tempDir } from '../support/cli.js'

test('models add of a verified file switches the engine to Whisper at the next start', async () => {
  const dir = tempDir('models-switch')
  const file = join(dir, 'ggml-tiny-random.bin')
  writeTinyWhisperModel(file)
  const catalog = join(dir, 'catalog.json')
  const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex')
  writeFileSync(catalog, JSON.stringify([{ name: 'tiny-random', file: 'ggml-tiny-random.bin', bytes: statSync(file).size, sha256, multilingual: false }]))
  const env = { DATA_DIR: join(dir, 'data'), NOTETAKER_MODELS_CATALOG: catalog }

  const before = await serve(env)
  const key = firstKey(before.output)
  const server = async (url: string) => ((await (await fetch(`${url}/ext/v1/server`, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: { speechToText: { engine: string; model: string | null } } }).data.speechToText
  assert.not.equal((await server(before.url)).engine, 'whisper', 'no model yet')
  await before.stop()

  const added = cli(['models', 'add', file], env)
  assert.is(added.code, 0, added.stderr)

  const after = await serve(env)
  try {
    assert.equal(await server(after.url), { engine: 'whisper', available: true, model: 'tiny-random', setupHint: null })
    assert.ok(after.output.some((l) => l.includes('speech to text: whisper (found on this machine, model tiny-random)')), after.output.join('\n'))
  } finally {
    await after.stop()
  }
})

test.run()
