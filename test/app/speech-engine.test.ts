/**
 * The live engine: the process's speech-to-text engine follows DATA_DIR/models without a restart,
 * at once after the model service's own changes and at the next look at the folder after another
 * process's (the CLI, a worker's sibling); a transcription keeps the engine it started with, and the
 * old engine is closed once it has finished.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import pino from 'pino'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { loadConfig } from '../../src/app/config/index.js'
import { processingAdapters } from '../../src/app/composition/processing-adapters.js'
import { createSpeechEngine } from '../../src/app/composition/speech-engine.js'
import { type EngineChoice, installedEngines, type OpenedEngine } from '../../src/app/composition/transcriber-choice.js'
import { engineNow } from '../../src/core/speech/index.js'
import type { Transcription, TranscriptionFailure } from '../../src/core/ports/transcriber.js'
import { writeTinySpeakerModels } from '../../scripts/make-tiny-speaker-models.js'
import { tempDir } from '../support/cli.js'
import { entryFor } from '../support/model-files.js'
import { whisperModelFile } from '../support/model-mirror.js'

const MODEL = whisperModelFile()

const setup = (options: { speakers?: boolean } = {}) => {
  const dir = tempDir('speech-engine')
  const file = join(dir, 'ggml-tiny-random.bin')
  writeFileSync(file, MODEL.body)
  const catalog = join(dir, 'catalog.json')
  const speakers = options.speakers === true ? writeTinySpeakerModels(join(dir, 'made')) : null
  writeFileSync(
    catalog,
    JSON.stringify([
      { name: 'tiny-random', file: 'ggml-tiny-random.bin', bytes: MODEL.body.length, sha256: MODEL.sha256, multilingual: false },
      ...(speakers === null
        ? []
        : [
            { ...entryFor(speakers.segmentation, 'tiny-segmentation', 'tiny-segmentation.onnx'), kind: 'speaker-segmentation' },
            { ...entryFor(speakers.embedding, 'tiny-embedding', 'tiny-embedding.onnx'), kind: 'speaker-embedding' },
          ]),
    ]),
  )
  const loaded = loadConfig({ DATA_DIR: join(dir, 'data'), NOTETAKER_MODELS_CATALOG: catalog })
  if (E.isLeft(loaded)) throw new Error(loaded.left.join('; '))
  const logged: Array<{ level: number; msg: string }> = []
  const logger = pino({ level: 'info' }, { write: (l: string) => void logged.push(JSON.parse(l)) })
  // No PocketSphinx here, whatever this machine has: the engine before a model is `none`.
  const adapters = processingAdapters(loaded.right, logger, (c) => ({ ...installedEngines(c), pocketsphinx: false }), { modelsLookEveryMs: 100 })
  return { dir, file, logged, adapters, models: join(dir, 'data', 'models'), server: () => engineNow(adapters.ports.transcriber) }
}

const until = async (what: string, done: () => boolean, ms = 5000) => {
  for (let waited = 0; !done(); waited += 25) {
    if (waited > ms) throw new Error(`${what}: not after ${ms} ms`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

test('a model added through the service is the engine of the next transcription at once, and GET /server says so; removed, it goes back', async () => {
  const { file, logged, adapters, server } = setup()
  try {
    const { transcriber, speechModels } = adapters.ports
    assert.equal([server().engine, server().available, transcriber.accuracy ?? null], ['none', false, null])
    const added = await speechModels!.add('tiny-random', file)()
    assert.ok(E.isRight(added) && added.right.state === 'present' && added.right.inUse, JSON.stringify(added))
    assert.equal(server(), { engine: 'whisper', available: true, model: 'tiny-random', setupHint: null, accuracy: 'accurate', description: 'Whisper tiny-random: accurate, English' }, 'no wait: the service refreshed the engine')
    assert.equal([transcriber.accuracy, transcriber.description], ['accurate', 'Whisper tiny-random: accurate, English'])
    assert.ok(logged.some((l) => l.level === 30 && l.msg === 'speech to text: now Whisper tiny-random (tiny-random was added); the next transcription uses it'), logged.map((l) => l.msg).join('\n'))

    const removed = await speechModels!.remove('tiny-random')()
    assert.equal(removed, E.right(true))
    assert.equal([server().engine, server().available], ['none', false])
    assert.ok(logged.some((l) => l.level === 40 && l.msg.startsWith('speech to text: now none (tiny-random was removed), so audio uploads are refused')))
  } finally {
    await adapters.close()
  }
})

test('a model put in place by another process (the CLI, on the same DATA_DIR) is followed at the next look at the folder; close stops looking', async () => {
  const { file, logged, adapters, models, server } = setup()
  mkdirSync(models, { recursive: true })
  try {
    copyFileSync(file, join(models, 'ggml-tiny-random.bin'))
    await until('the engine follows the folder', () => server().engine === 'whisper')
    assert.ok(logged.some((l) => l.msg === 'speech to text: now Whisper tiny-random (a Whisper model was added); the next transcription uses it'))
    rmSync(join(models, 'ggml-tiny-random.bin'))
    await until('and follows its removal', () => server().engine === 'none')
  } finally {
    await adapters.close()
  }
  copyFileSync(file, join(models, 'ggml-tiny-random.bin'))
  await new Promise((r) => setTimeout(r, 400))
  assert.is(server().engine, 'none', 'closed: no more looks')
})

test('speaker separation follows the same way: both speaker models put in place, voices are told apart from the next transcription', async () => {
  const { file, logged, adapters, models, dir } = setup({ speakers: true })
  mkdirSync(models, { recursive: true })
  try {
    copyFileSync(file, join(models, 'ggml-tiny-random.bin'))
    await until('Whisper first', () => adapters.ports.transcriber.name === 'whisper')
    assert.ok(logged.some((l) => l.msg === 'speech to text: now Whisper tiny-random (a Whisper model was added); the next transcription uses it'))
    for (const name of ['tiny-segmentation.onnx', 'tiny-embedding.onnx']) copyFileSync(join(dir, 'made', name), join(models, name))
    await until('speakers by voice', () => logged.some((l) => l.msg === 'speakers: now told apart by voice (tiny-segmentation and tiny-embedding); the next transcription does it'))
    const views = await adapters.ports.speechModels!.list()()
    assert.ok(E.isRight(views))
    assert.equal(views.right.filter((v) => v.inUse).map((v) => v.name).sort(), ['tiny-embedding', 'tiny-random', 'tiny-segmentation'])
    assert.is(views.right.find((v) => v.name === 'tiny-embedding')?.description, 'speaker separation: tells voices apart by how they sound (needs a speaker-segmentation model too)')
    // Cut short, as a copy stopped half way would leave it: passed over, with a warning naming it.
    const embedding = readFileSync(join(dir, 'made', 'tiny-embedding.onnx'))
    writeFileSync(join(models, 'tiny-embedding.onnx'), embedding.subarray(0, embedding.length - 1))
    await until('one speaker again', () => logged.some((l) => l.msg === 'speakers: now one speaker for mono audio (a speaker model was removed or cannot be used)'))
    assert.ok(logged.some((l) => l.level === 40 && /^speakers: the speaker model tiny-embedding \(.*tiny-embedding\.onnx\) is passed over: its size is \d+ bytes, not the \d+ of tiny-embedding\.onnx\. Remove it/.test(l.msg)), logged.map((l) => l.msg).join('\n'))
  } finally {
    await adapters.close()
  }
})

test('a transcription keeps the engine it started with; the old engine is closed once it finishes, and the next one uses the new engine', async () => {
  const closed: string[] = []
  const started: string[] = []
  let finish: () => void = () => {}
  const fake = (name: string): OpenedEngine => ({
    transcriber: {
      name,
      available: true,
      transcribe: () => () => {
        started.push(name)
        return new Promise<E.Either<TranscriptionFailure, Transcription>>((ok) => (finish = () => ok(E.right({ utterances: [], durationMs: 0 }))))
      },
    },
    accuracy: 'rough',
    description: name,
    files: [],
    speakersByVoice: null,
    close: async () => void closed.push(name),
  })
  let next = 'first'
  const choice = (): EngineChoice => ({ setting: 'auto', chosen: 'pocketsphinx', found: { whisperModel: null, pocketsphinx: true }, speakers: null, unusableSpeakers: [], key: next })
  const engine = createSpeechEngine({ choose: choice, open: (c) => fake(c.key) })
  const running = engine.transcribe({ path: '/a.wav', defaultSpeaker: 'S' })()
  assert.equal(started, ['first'])
  assert.is(await engine.refresh(), false, 'nothing changed')
  next = 'second'
  assert.is(await engine.refresh(), true)
  assert.is(engine.name, 'second')
  assert.equal(closed, [], 'the first engine still transcribes')
  finish()
  const ran = await running
  assert.equal(E.isRight(ran) ? ran.right.madeBy : null, { engine: 'first', model: null, accuracy: 'rough' }, 'named by the engine it ran on, not the one in use when it finished')
  await until('the first engine is closed', () => closed.includes('first'))
  const after = engine.transcribe({ path: '/b.wav', defaultSpeaker: 'S' })()
  assert.equal(started, ['first', 'second'])
  finish()
  const afterwards = await after
  assert.equal(E.isRight(afterwards) ? afterwards.right.madeBy?.engine : null, 'second')
  await engine.close()
  assert.equal(closed, ['first', 'second'])
})

test('an engine that names itself keeps its own name; a failure is passed on as it is', async () => {
  const own = { engine: 'whisper', model: 'small', accuracy: 'accurate' } as const
  let answer: E.Either<TranscriptionFailure, Transcription> = E.right({ utterances: [], durationMs: 0, madeBy: own })
  const opened: OpenedEngine = {
    transcriber: { name: 'whisper', model: 'base.en', available: true, transcribe: () => async () => answer },
    accuracy: 'accurate',
    description: 'Whisper base.en: accurate, English',
    files: [],
    speakersByVoice: null,
    close: async () => {},
  }
  const engine = createSpeechEngine({
    choose: () => ({ setting: 'auto', chosen: 'whisper', found: { whisperModel: '/m.bin', pocketsphinx: false }, speakers: null, unusableSpeakers: [], key: 'k' }),
    open: () => opened,
  })
  const named = await engine.transcribe({ path: '/a.wav', defaultSpeaker: 'S' })()
  assert.equal(E.isRight(named) ? named.right.madeBy : null, own)
  answer = E.left({ _tag: 'TranscriptionFailure', message: 'whisper.cpp stopped' })
  assert.equal(await engine.transcribe({ path: '/a.wav', defaultSpeaker: 'S' })(), answer)
  await engine.close()
})

test.run()
