import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { describeModel, findWhisperModels } from '../../bench/support/whisper-bench.js'
import { tinyWhisperModel } from '../../scripts/make-tiny-whisper-model.js'

const dataDir = mkdtempSync(join(tmpdir(), 'bench-whisper-models-'))
const models = join(dataDir, 'models')
mkdirSync(models)
const tiny = tinyWhisperModel()
writeFileSync(join(models, 'ggml-tiny-random.bin'), tiny)
writeFileSync(join(models, 'ggml-base.en.bin.part'), tiny.subarray(0, 1000)) // a download under way: not a model
writeFileSync(join(models, 'notes.txt'), 'not a model')
const cut = join(dataDir, 'ggml-cut.bin')
writeFileSync(cut, tiny.subarray(0, 100_000))
const elsewhere = join(dataDir, 'other')
mkdirSync(elsewhere)
writeFileSync(join(elsewhere, 'ggml-tiny-random.bin'), tiny)

test.after(() => rmSync(dataDir, { recursive: true, force: true }))

test('no models folder: none found, and where it looked', () => {
  const found = findWhisperModels(join(dataDir, 'nowhere'), [])
  assert.equal(found.models, [])
  assert.is(found.dir, join(dataDir, 'nowhere', 'models'))
})

test('DATA_DIR/models ggml-*.bin and the files given; each path once; unusable ones say why', () => {
  const found = findWhisperModels(dataDir, [join(models, 'ggml-tiny-random.bin'), cut, join(dataDir, 'missing.bin'), join(elsewhere, 'ggml-tiny-random.bin')])
  assert.equal(
    found.models.map((m) => [m.name, m.problem ?? 'ok']),
    [
      ['tiny-random', 'ok'],
      ['cut', 'it is incomplete (the file was cut short)'],
      ['missing', `no model file at ${join(dataDir, 'missing.bin')}`],
      ['tiny-random.2', 'ok'],
    ],
  )
  assert.match(describeModel(found.models[1]!), /unusable, it is incomplete/)
})

test('a model far narrower than Whisper tiny is flagged as a test model; a tiny-sized one is not', () => {
  const [flagged] = findWhisperModels(dataDir, []).models
  assert.match(flagged!.testModel ?? '', /32 wide/)
  const wide = join(dataDir, 'ggml-wide.bin')
  writeFileSync(wide, tinyWhisperModel({ state: 384, heads: 6, layers: 1 }))
  const [, notFlagged] = findWhisperModels(dataDir, [wide]).models
  assert.is(notFlagged!.problem, undefined)
  assert.is(notFlagged!.testModel, undefined)
})

test.run()
