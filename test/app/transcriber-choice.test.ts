import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import pino from 'pino'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { chooseModel, PUBLISHED_MODELS } from '../../adapters/models/index.js'
import { pocketsphinxInstalled } from '../../adapters/transcribe-pocketsphinx/index.js'
import { writeTinyWhisperModel } from '../../scripts/make-tiny-whisper-model.js'
import { loadConfig } from '../../src/app/config.js'
import { processingAdapters } from '../../src/app/processing-adapters.js'
import { chooseTranscriber } from '../../src/app/transcriber-choice.js'
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
  const fake = (name: string, bytes: number) => ({ name, file: `ggml-${name}.bin`, bytes, sha256: '0'.repeat(64), multilingual: !name.includes('.en'), source: 'operator' as const })
  const catalog = [fake('tiny.en', 3), fake('small', 4), fake('base.en', 5), fake('custom', 6)]
  for (const m of catalog) writeFileSync(join(dataDir, 'models', m.file), Buffer.alloc(m.bytes))
  assert.is(chooseModel(dataDir, catalog, '')?.entry.name, 'base.en')
  assert.is(chooseModel(dataDir, catalog, 'tiny.en')?.entry.name, 'tiny.en')
  assert.is(chooseModel(dataDir, catalog, 'medium'), null, 'named but not present')
  writeFileSync(join(dataDir, 'models', 'ggml-base.en.bin'), Buffer.alloc(2))
  assert.is(chooseModel(dataDir, catalog, '')?.entry.name, 'small', 'a cut base.en is not used')
  assert.is(chooseModel(dataDir, [fake('custom', 6)], '')?.entry.name, 'custom', 'a model of its own catalog, when nothing preferred is there')
  assert.ok(PUBLISHED_MODELS.some((m) => m.name === 'base.en'), 'base.en is published')
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
