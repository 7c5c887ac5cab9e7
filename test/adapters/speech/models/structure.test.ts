/**
 * The full check on real files: whisper.cpp's own `for-tests-ggml-*.bin` (its converter's header,
 * mel filters and vocabulary, no tensors; see ../shared/models/README.md), listed with their true
 * size and SHA-256 so that only the layout can refuse them, and the generated tiny model whole,
 * cut, and with some of its tensors only.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { addFromFile, checkFile, chooseUsableModel, ModelError, quickProblem } from '../../../../adapters/speech/models/index.js'
import { tinyWhisperModel } from '../../../../scripts/make-tiny-whisper-model.js'
import { entryFor, FOR_TESTS } from '../../../support/model-files.js'

test("whisper.cpp's test files are named for what they are: the size and language from their header, and no weights", async () => {
  const cases: Array<[string, string]> = [
    ['base.en', 'a base English Whisper model'],
    ['tiny.en', 'a tiny English Whisper model'],
    ['tiny', 'a tiny multilingual Whisper model'],
  ]
  for (const [name, what] of cases) {
    const path = join(FOR_TESTS, `for-tests-ggml-${name}.bin`)
    const entry = entryFor(path, name)
    const said = `it is ${what} with no weights (only whisper.cpp's header and vocabulary, as in its test files)`
    assert.is(quickProblem(path, entry), said)
    assert.is(await checkFile(path, entry), said, 'its size and SHA-256 are right: the layout refuses it')
  }
})

test("add refuses whisper.cpp's base.en test file naming what it is, and adds nothing", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'models-structure-'))
  try {
    const path = join(FOR_TESTS, 'for-tests-ggml-base.en.bin')
    const refused = await addFromFile(path, join(dir, 'data'), entryFor(path, 'base.en'), 'for-tests-ggml-base.en.bin').catch((e: unknown) => e)
    assert.instance(refused, ModelError)
    assert.is(
      (refused as Error).message,
      "for-tests-ggml-base.en.bin is a base English Whisper model with no weights (only whisper.cpp's header and vocabulary, as in its test files); nothing was added",
    )
    assert.not.ok(existsSync(join(dir, 'data', 'models')), 'refused before anything was written')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the generated model: whole passes; cut inside a tensor, or ending after its first tensors, is refused in words', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'models-structure-'))
  try {
    const whole = tinyWhisperModel()
    const put = (name: string, body: Buffer) => {
      const path = join(dir, name)
      writeFileSync(path, body)
      return { path, entry: entryFor(path, 'tiny-random') }
    }
    const good = put('good.bin', whole)
    assert.is(await checkFile(good.path, good.entry), null)
    const cut = put('cut.bin', whole.subarray(0, whole.length - 100))
    assert.is(quickProblem(cut.path, cut.entry), 'it is incomplete (the file was cut short)')
    // Ends exactly before its second tensor (a tensor's record: 3 ints, its dimensions, its name).
    const second = whole.indexOf('encoder.conv1.weight') - 4 * 3 - 4 * 3
    const some = put('some.bin', whole.subarray(0, second))
    assert.match(quickProblem(some.path, some.entry) ?? '', /^it is a custom \(1 layers\) English Whisper model, but incomplete \(\d+ tensors missing\)$/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the start passes over an unusable model (the test file as base.en) and takes the next usable one, saying why', () => {
  const dir = mkdtempSync(join(tmpdir(), 'models-structure-'))
  try {
    const models = join(dir, 'models')
    const testFile = join(FOR_TESTS, 'for-tests-ggml-base.en.bin')
    const tiny = join(dir, 'tiny.bin')
    writeFileSync(tiny, tinyWhisperModel())
    const catalog = [entryFor(testFile, 'base.en'), entryFor(tiny, 'tiny.en')]
    mkdirSync(models)
    writeFileSync(join(models, 'ggml-base.en.bin'), readFileSync(testFile))
    const alone = chooseUsableModel(dir, catalog, '')
    assert.is(alone.chosen, null)
    assert.equal(alone.passedOver.map((p) => [p.present.entry.name, p.problem.slice(0, 34)]), [['base.en', 'it is a base English Whisper model']])
    writeFileSync(join(models, 'ggml-tiny.en.bin'), tinyWhisperModel())
    const both = chooseUsableModel(dir, catalog, '')
    assert.is(both.chosen?.entry.name, 'tiny.en', 'base.en is preferred, but cannot be used')
    assert.equal(both.passedOver.map((p) => p.present.entry.name), ['base.en'])
    assert.ok(statSync(join(models, 'ggml-base.en.bin')).size > 0, 'passed over, not deleted')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
