import { chmodSync, copyFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import pino from 'pino'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { chooseModel, PUBLISHED_MODELS } from '../../adapters/speech/models/index.js'
import { pocketsphinxInstalled } from '../../adapters/speech/transcribe-pocketsphinx/index.js'
import { tinyWhisperModel, writeTinyWhisperModel } from '../../scripts/make-tiny-whisper-model.js'
import { loadConfig } from '../../src/app/config/index.js'
import { processingAdapters } from '../../src/app/composition/processing-adapters.js'
import { chooseTranscriber, type InstalledEngines, installedEngines, whisperLimits } from '../../src/app/composition/transcriber-choice.js'
import { entryFor, FOR_TESTS } from '../support/model-files.js'
import { tempDir } from '../support/cli.js'

const configOf = (env: Record<string, string>) => {
  const loaded = loadConfig(env)
  if (E.isLeft(loaded)) throw new Error(loaded.left.join('; '))
  return loaded.right
}

test('auto takes a Whisper model when one is present, else pocketsphinx when installed, else none; a named engine is taken as named', () => {
  assert.is(chooseTranscriber('auto', { whisperModel: '/m/ggml-base.en.bin', pocketsphinx: true }), 'whisper')
  assert.is(chooseTranscriber('auto', { whisperModel: null, pocketsphinx: true }), 'pocketsphinx')
  assert.is(chooseTranscriber('auto', { whisperModel: null, pocketsphinx: false }), 'none')
  assert.is(chooseTranscriber('none', { whisperModel: '/m', pocketsphinx: true }), 'none')
  assert.is(chooseTranscriber('openai', { whisperModel: '/m', pocketsphinx: true }), 'openai')
  assert.is(chooseTranscriber('pocketsphinx', { whisperModel: '/m', pocketsphinx: false }), 'pocketsphinx')
  assert.is(chooseTranscriber('whisper', { whisperModel: null, pocketsphinx: true }), 'whisper')
})

test('pocketsphinx counts as installed with its recogniser on the PATH and its model on disk, not with one of them', () => {
  const dir = tempDir('psx')
  const bin = join(dir, 'bin')
  mkdirSync(bin)
  const model = join(dir, 'model')
  mkdirSync(model)
  const recogniser = join(bin, 'pocketsphinx_continuous')
  writeFileSync(recogniser, '#!/bin/sh\n')
  assert.not.ok(pocketsphinxInstalled({ path: bin, model }), 'not executable')
  chmodSync(recogniser, 0o755)
  assert.ok(pocketsphinxInstalled({ path: `/nowhere:${bin}`, model }))
  assert.not.ok(pocketsphinxInstalled({ path: bin, model: join(dir, 'no-model') }), 'no model')
  assert.not.ok(pocketsphinxInstalled({ path: join(dir, 'empty'), model }), 'not on the PATH')
})

test('the model: the one named when present, else base.en before the others; a file of the wrong size is passed over', () => {
  const dataDir = tempDir('models-choice')
  mkdirSync(join(dataDir, 'models'))
  // Real layouts (the generated model, a seed per name), so that each is a model whisper.cpp loads.
  const names = ['tiny.en', 'small', 'base.en', 'custom']
  const bodies = new Map(names.map((name, i) => [name, tinyWhisperModel({ seed: i + 1 })]))
  const catalog = names.map((name) => ({ name, file: `ggml-${name}.bin`, bytes: bodies.get(name)!.length, sha256: '0'.repeat(64), multilingual: !name.includes('.en'), source: 'operator' as const }))
  for (const m of catalog) writeFileSync(join(dataDir, 'models', m.file), bodies.get(m.name)!)
  assert.is(chooseModel(dataDir, catalog, '')?.entry.name, 'base.en')
  assert.is(chooseModel(dataDir, catalog, 'tiny.en')?.entry.name, 'tiny.en')
  assert.is(chooseModel(dataDir, catalog, 'medium'), null, 'named but not present')
  writeFileSync(join(dataDir, 'models', 'ggml-base.en.bin'), Buffer.alloc(2))
  assert.is(chooseModel(dataDir, catalog, '')?.entry.name, 'small', 'a cut base.en is not used')
  assert.is(chooseModel(dataDir, catalog.filter((m) => m.name === 'custom'), '')?.entry.name, 'custom', 'a model of its own catalog, when nothing preferred is there')
  assert.ok(PUBLISHED_MODELS.some((m) => m.name === 'base.en'), 'base.en is published')
})

/** DATA_DIR/models holding whisper.cpp's base.en test file (no weights) as base.en, listed with its true size and SHA-256; `withTiny` adds a usable tiny.en. */
const unusableBaseEn = (withTiny: boolean) => {
  const dir = tempDir('fallback')
  mkdirSync(join(dir, 'data', 'models'), { recursive: true })
  const testFile = join(FOR_TESTS, 'for-tests-ggml-base.en.bin')
  copyFileSync(testFile, join(dir, 'data', 'models', 'ggml-base.en.bin'))
  const tiny = join(dir, 'tiny.bin')
  writeFileSync(tiny, tinyWhisperModel())
  if (withTiny) copyFileSync(tiny, join(dir, 'data', 'models', 'ggml-tiny.en.bin'))
  const catalog = join(dir, 'catalog.json')
  writeFileSync(catalog, JSON.stringify([entryFor(testFile, 'base.en'), entryFor(tiny, 'tiny.en')]))
  return { DATA_DIR: join(dir, 'data'), NOTETAKER_MODELS_CATALOG: catalog }
}

const logInto = (logged: Array<{ level: number; msg: string }>) => pino({ level: 'info' }, { write: (l: string) => void logged.push(JSON.parse(l)) })

test('auto passes over an unusable Whisper model with a warning naming it and why, and takes the next engine that works; a pinned whisper refuses', async () => {
  const logged: Array<{ level: number; msg: string }> = []
  const env = unusableBaseEn(true)
  const next = processingAdapters(configOf(env), logInto(logged))
  assert.equal([next.ports.transcriber.name, next.ports.transcriber.model, next.ports.transcriber.available], ['whisper', 'tiny.en', true], 'the next usable Whisper model')
  await next.close()
  const warning = logged.find((l) => l.level === 40)?.msg ?? ''
  assert.match(warning, /^speech to text: the Whisper model base\.en \(.*ggml-base\.en\.bin\) is passed over: it is a base English Whisper model with no weights \(.*\); using another Whisper model instead\. Remove it \(notetaker models remove base\.en\)/)

  logged.length = 0
  const alone = unusableBaseEn(false)
  const psx = processingAdapters(configOf(alone), logInto(logged), (config) => ({ ...installedEngines(config), pocketsphinx: true }))
  assert.equal([psx.ports.transcriber.name, psx.ports.transcriber.available], ['pocketsphinx', true], 'then PocketSphinx, never refusing audio while an engine works')
  await psx.close()
  assert.match(logged.find((l) => l.level === 40)?.msg ?? '', /is passed over: it is a base English Whisper model with no weights .*; using pocketsphinx instead/)
  const none = processingAdapters(configOf(alone), undefined, (config) => ({ ...installedEngines(config), pocketsphinx: false }))
  assert.equal([none.ports.transcriber.name, none.ports.transcriber.available], ['none', false], 'else none')
  await none.close()

  const pinned = processingAdapters(configOf({ ...alone, NOTETAKER_TRANSCRIBER: 'whisper' }), undefined)
  assert.equal([pinned.ports.transcriber.name, pinned.ports.transcriber.available], ['whisper', false], 'the operator asked for Whisper: refused, not replaced')
  assert.match(pinned.ports.transcriber.setupHint ?? '', /ggml-base\.en\.bin cannot be used: it is incomplete \(\d+ tensors missing\)/)
  await pinned.close()
})

test("Whisper's threads, memory bound and GPU build come from the settings; 0 and off leave the engine's defaults", () => {
  assert.equal(whisperLimits(configOf({})), {})
  assert.equal(whisperLimits(configOf({ NOTETAKER_WHISPER_THREADS: '3', NOTETAKER_WHISPER_MAX_MEMORY_MB: '1200', NOTETAKER_WHISPER_GPU: 'vulkan' })), {
    gpu: 'vulkan',
    threads: 3,
    maxMemoryBytes: 1200 * 1024 * 1024,
  })
})

test('each engine says how accurate it is, in words', async () => {
  const model = join(tempDir('described'), 'ggml-tiny-random.bin')
  writeTinyWhisperModel(model)
  const described = async (env: Record<string, string>, installed: InstalledEngines) => {
    const a = processingAdapters(configOf(env), undefined, () => installed)
    const t = a.ports.transcriber
    await a.close()
    return [t.accuracy ?? null, t.description]
  }
  assert.equal(await described({}, { whisperModel: null, pocketsphinx: true }), ['rough', 'PocketSphinx: rough, English only'])
  assert.equal(await described({}, { whisperModel: model, pocketsphinx: true }), ['accurate', 'Whisper tiny-random: accurate, English'])
  assert.equal(await described({}, { whisperModel: null, pocketsphinx: false }), [null, 'No speech-to-text engine: audio uploads are refused (transcript files are still read)'])
  assert.equal(await described({ NOTETAKER_TRANSCRIBER: 'openai', NOTETAKER_TRANSCRIBER_URL: 'http://127.0.0.1:9/v1', NOTETAKER_TRANSCRIBER_MODEL: 'whisper-1' }, { whisperModel: null, pocketsphinx: false }), ['accurate', 'OpenAI-compatible service (whisper-1)'])
  const multi = join(tempDir('described'), 'ggml-tiny-multi.bin')
  writeTinyWhisperModel(multi, { multilingual: true })
  assert.equal(await described({}, { whisperModel: multi, pocketsphinx: true }), ['accurate', 'Whisper tiny-multi: accurate, many languages'])
})

test('the start logs which engine it took, with the model, and says how to get one when there is none', async () => {
  const logged: Array<{ level: number; msg: string; transcriber?: string; speakerModels?: string | null }> = []
  const logger = pino({ level: 'info' }, { write: (l: string) => void logged.push(JSON.parse(l)) })
  const model = join(tempDir('whisper-choice'), 'ggml-tiny-random.bin')
  writeTinyWhisperModel(model)
  const config = configOf({})
  const none = processingAdapters(config, logger, () => ({ whisperModel: null, pocketsphinx: false }))
  assert.is(none.ports.transcriber.available, false)
  const psx = processingAdapters(config, logger, () => ({ whisperModel: null, pocketsphinx: true }))
  assert.is(psx.ports.transcriber.name, 'pocketsphinx')
  const whisper = processingAdapters(config, logger, () => ({ whisperModel: model, pocketsphinx: true }))
  assert.equal([whisper.ports.transcriber.name, whisper.ports.transcriber.model, whisper.ports.transcriber.available], ['whisper', 'tiny-random', true])
  const pinned = processingAdapters(configOf({ NOTETAKER_TRANSCRIBER: 'whisper', NOTETAKER_WHISPER_MODEL: 'small.en' }), logger, () => ({ whisperModel: null, pocketsphinx: true }))
  assert.is(pinned.ports.transcriber.available, false, 'whisper pinned with no model cannot run')
  assert.match(pinned.ports.transcriber.setupHint ?? '', /ggml-small\.en\.bin.*notetaker models pull/)
  await Promise.all([none.close(), psx.close(), whisper.close(), pinned.close()])
  const lines = logged.filter((l) => l.transcriber !== undefined)
  assert.equal(lines.map((l) => [l.level, l.transcriber]), [[40, 'none'], [30, 'pocketsphinx'], [30, 'whisper'], [40, 'whisper']])
  const speakers = logged.filter((l) => l.speakerModels !== undefined)
  assert.equal(speakers.length, 2, 'the two engines that can run say how speakers are told apart')
  for (const l of speakers) assert.match(l.msg, /mono audio is one speaker.*models pull pyannote-segmentation-3-0 and titanet-small/)
  assert.match(lines[0]?.msg ?? '', /notetaker models pull base\.en.*apt-get install pocketsphinx pocketsphinx-en-us/)
  assert.match(lines[1]?.msg ?? '', /found on this machine/)
  assert.match(lines[2]?.msg ?? '', /model tiny-random/)
})


test.run()
