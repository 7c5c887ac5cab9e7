/**
 * `notetaker worker` processes on Postgres share DATA_DIR/models with the API: a model added
 * with the CLI is followed by a running worker within a few seconds, without a restart, and its
 * log says so; removed, it goes back.
 */
import { createHash, randomBytes } from 'node:crypto'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { writeTinyWhisperModel } from '../../scripts/make-tiny-whisper-model.js'
import { cli, serve, tempDir, waitFor } from '../support/cli.js'

const DATABASE_URL = process.env['DATABASE_URL']

if (DATABASE_URL === undefined) {
  console.log('models-workers: skipped, DATABASE_URL is not set (CI sets it)')
} else {
  test('a running worker on Postgres follows a model added and removed with the CLI, without a restart', async () => {
    const dir = tempDir('models-workers')
    const file = join(dir, 'ggml-tiny-random.bin')
    writeTinyWhisperModel(file)
    const catalog = join(dir, 'catalog.json')
    const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex')
    writeFileSync(catalog, JSON.stringify([{ name: 'tiny-random', file: 'ggml-tiny-random.bin', bytes: statSync(file).size, sha256, multilingual: false }]))
    const schema = `nt_models_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: DATABASE_URL })
    await admin.connect()
    await admin.query(`CREATE SCHEMA ${schema}`)
    const url = new URL(DATABASE_URL)
    url.searchParams.set('options', `-c search_path=${schema}`)
    const env = { DATA_DIR: join(dir, 'data'), NOTETAKER_MODELS_CATALOG: catalog, NOTETAKER_STORE: 'postgres', DATABASE_URL: url.toString() }
    const worker = await serve(env, ['worker'], /Notetaker worker is running background jobs/)
    try {
      const said = (text: string) => async () => worker.output.some((l) => l.includes(text))
      assert.is(cli(['models', 'add', file], env).code, 0)
      await waitFor('the worker follows the model added', said('speech to text: now Whisper tiny-random (a Whisper model was added); the next transcription uses it'), (yes) => yes, 15)
      assert.is(cli(['models', 'remove', 'tiny-random'], env).code, 0)
      await waitFor('and its removal', said('(its Whisper model was removed or cannot be used)'), (yes) => yes, 15)
    } finally {
      await worker.stop()
      await admin.query(`DROP SCHEMA ${schema} CASCADE`)
      await admin.end()
    }
  })
}

test.run()
