import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createWhisperTranscriber, readWhisperModelInfo, toUtterances} from '../../../../adapters/speech/transcribe-whisper/index.js'
import type { Utterance } from '../../../../src/core/domain/recordings/utterance.js'
import { tinyWhisperModel, writeTinyWhisperModel } from '../../../../scripts/make-tiny-whisper-model.js'
import { left, right } from '../../../support/run.js'
import { speakDialogue, speakToWav, wavDurationMs } from '../../../support/speech.js'
import { memoryCheckpoint } from '../transcribe-windows/memory-checkpoint.js'

interface Ctx {
  dir: string
  model: string
  clip: string
  clipMs: number
  /** Several turns with pauses between, for windows. */
  long: string
}
const whisper = suite<Ctx>('whisper transcriber', {} as Ctx)

// A model in whisper.cpp's real file format with tiny dimensions and random weights: it loads
// and runs through the whole pipeline, and the words it "hears" mean nothing, so none are checked.
whisper.before(async (ctx) => {
  ctx.dir = await mkdtemp(join(tmpdir(), 'whisper-test-'))
  ctx.model = join(ctx.dir, 'ggml-tiny-random.bin')
  writeTinyWhisperModel(ctx.model)
  ctx.clip = join(ctx.dir, 'clip.wav')
  await speakToWav('Good morning everyone. Let us start with the budget, then the release plan for next week.', ctx.clip)
  ctx.clipMs = await wavDurationMs(ctx.clip)
  ctx.long = join(ctx.dir, 'long.wav')
  await speakDialogue(
    [
      { speaker: 'A', text: 'Hello everyone. Welcome to the meeting.' },
      { speaker: 'B', text: 'Thank you. Let us talk about the budget.' },
      { speaker: 'A', text: 'The project is going well.' },
      { speaker: 'B', text: 'Good. See you next week.' },
    ],
    ctx.long,
    { gapMs: 1500 },
  )
})
whisper.after(async (ctx) => {
  await rm(ctx.dir, { recursive: true, force: true })
})

const HOW_TO = ['notetaker models pull base.en', 'models add']

const assertTimeline = (utterances: ReadonlyArray<Utterance>, durationMs: number) => {
  let cursor = 0
  for (const u of utterances) {
    assert.ok(u.start_ms >= cursor, `starts ${u.start_ms} before the previous end ${cursor}`)
    assert.ok(u.end_ms >= u.start_ms, `ends ${u.end_ms} before it starts ${u.start_ms}`)
    assert.ok(u.end_ms <= durationMs, `ends ${u.end_ms} after the audio (${durationMs})`)
    cursor = u.end_ms
  }
}

whisper('the generated model is a whole whisper.cpp model, the same bytes for the same seed', async (ctx) => {
  const info = readWhisperModelInfo(ctx.model)
  if (E.isLeft(info)) throw new Error(info.left)
  assert.is(info.right.hparams.n_vocab, 51864)
  assert.is(info.right.multilingual, false)
  assert.ok(info.right.bytes < 8_000_000, `${info.right.bytes} bytes`)
  const again = tinyWhisperModel()
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')
  assert.is(sha(again), sha(await readFile(ctx.model)))
  assert.is.not(sha(tinyWhisperModel({ seed: 2 })), sha(again))
})

whisper('transcribes a clip off the event loop: times follow each other inside the clip, progress reaches 1', async (ctx) => {
  const transcriber = createWhisperTranscriber({ modelPath: ctx.model, threads: 2, temperatureInc: 0 })
  assert.ok(transcriber.available, transcriber.setupHint)
  assert.is(transcriber.modelInfo?.size, 'custom (1 layers)')
  assert.is(transcriber.model, 'tiny-random')
  assert.equal(transcriber.languages, ['en'])
  const progress: number[] = []
  // Off the event loop means timers keep firing while whisper.cpp works; counted rather than timed, as a shared machine's delays say nothing.
  let ticks = 0
  let transcribing = false
  const ticker = setInterval(() => {
    if (transcribing) ticks += 1
  }, 10)
  try {
    const result = await right(
      transcriber.transcribe({ path: ctx.clip, defaultSpeaker: 'Room' }, (f) => {
        transcribing = f < 1
        progress.push(f)
      }),
    )
    assert.ok(Math.abs(result.durationMs - ctx.clipMs) < 100, `${result.durationMs} vs ${ctx.clipMs}`)
    assertTimeline(result.utterances, result.durationMs)
    for (const u of result.utterances) assert.is(u.speaker, 'Room')
    assert.is(result.language, 'en')
    assert.is(progress[0], 0)
    assert.is(progress[progress.length - 1], 1)
    assert.ok(progress.every((f, i) => i === 0 || f > progress[i - 1]!), progress.join(','))
  } finally {
    clearInterval(ticker)
    await transcriber.close()
  }
  assert.ok(ticks >= 3, `timers fired ${ticks} times while whisper.cpp transcribed`)
})

whisper('two transcriptions at once take turns and both finish; whisper.cpp retries on by default', async (ctx) => {
  const transcriber = createWhisperTranscriber({ modelPath: ctx.model, threads: 1 })
  try {
    const [a, b] = await Promise.all([
      right(transcriber.transcribe({ path: ctx.clip, defaultSpeaker: 'A' })),
      right(transcriber.transcribe({ path: ctx.clip, defaultSpeaker: 'B' })),
    ])
    assertTimeline(a.utterances, a.durationMs)
    assertTimeline(b.utterances, b.durationMs)
  } finally {
    await transcriber.close()
  }
})

whisper('a multilingual model detects the language by default and says which', async (ctx) => {
  const path = join(ctx.dir, 'ggml-tiny-multilingual-random.bin')
  writeTinyWhisperModel(path, { multilingual: true })
  const transcriber = createWhisperTranscriber({ modelPath: path, threads: 2, temperatureInc: 0 })
  try {
    assert.is(transcriber.modelInfo?.multilingual, true)
    assert.is(transcriber.languages, 'any')
    const result = await right(transcriber.transcribe({ path: ctx.clip, defaultSpeaker: 'Room' }))
    assert.type(result.language, 'string')
    assert.ok(/^[a-z]{2,3}$/.test(result.language ?? ''), result.language)
    assertTimeline(result.utterances, result.durationMs)
    // An upload naming its language (with a region) is transcribed in that base language.
    const german = await right(transcriber.transcribe({ path: ctx.clip, defaultSpeaker: 'Room', language: 'de-DE' }))
    assert.is(german.language, 'de')
  } finally {
    await transcriber.close()
  }
})

const standIn = (name: string) => join(import.meta.dirname, 'stand-ins', `${name}.cjs`)

/** The real binding in the engine's process, noting how many samples each `transcribeData` call is given. */
const spyBinding = async (ctx: Ctx) => {
  const log = join(ctx.dir, `spy-${Math.random().toString(36).slice(2)}.log`)
  await writeFile(log, '')
  process.env.WHISPER_SPY_LOG = log
  return {
    bindingModule: standIn('spy'),
    samples: async () =>
      (await readFile(log, 'utf8'))
        .split('\n')
        .filter((l) => l !== '')
        .map(Number),
  }
}

const SAMPLES_PER_MS = 16

whisper('a recording longer than a window goes to whisper.cpp a window at a time, none longer than the window', async (ctx) => {
  const spy = await spyBinding(ctx)
  const transcriber = createWhisperTranscriber({ modelPath: ctx.model, threads: 2, temperatureInc: 0, windowMs: 4000, bindingModule: spy.bindingModule })
  const progress: number[] = []
  try {
    const result = await right(transcriber.transcribe({ path: ctx.long, defaultSpeaker: 'Room' }, (f) => progress.push(f)))
    const samples = await spy.samples()
    assert.ok(samples.length >= 3, `several calls: ${samples.join(', ')}`)
    assert.ok(samples.every((n) => n > 0 && n <= 4000 * SAMPLES_PER_MS), `none over the window: ${samples.join(', ')}`)
    assert.ok(samples.reduce((a, b) => a + b, 0) <= result.durationMs * SAMPLES_PER_MS)
    assertTimeline(result.utterances, result.durationMs)
    assert.is(result.language, 'en')
    assert.is(progress[0], 0)
    assert.is(progress[progress.length - 1], 1)
    assert.ok(progress.every((f, i) => i === 0 || f > progress[i - 1]!), progress.join(','))
  } finally {
    await transcriber.close()
  }
})

whisper('windows saved by an earlier attempt are not transcribed again; their utterances are kept', async (ctx) => {
  const first = await spyBinding(ctx)
  const store = memoryCheckpoint()
  const transcriber = createWhisperTranscriber({ modelPath: ctx.model, threads: 2, temperatureInc: 0, windowMs: 4000, bindingModule: first.bindingModule })
  try {
    await right(transcriber.transcribe({ path: ctx.long, defaultSpeaker: 'Room', checkpoint: store.checkpoint }))
  } finally {
    await transcriber.close()
  }
  const firstSamples = await first.samples()
  assert.equal(store.loads, ['whisper:tiny-random:4000:en'], 'the model, the window length and the language name the saved windows')
  assert.is(store.saves.length, firstSamples.length, 'each window saved as it finished')
  // Cut off after the first two windows; the first held one utterance.
  const [a, b] = store.saves.map((s) => s.window)
  const saved = { ...a!, utterances: [{ start_ms: a!.startMs + 10, end_ms: a!.startMs + 20, speaker: 'Room', text: 'from the checkpoint' }] }
  const resumed = memoryCheckpoint({ 'whisper:tiny-random:4000:en': [saved, b!] })
  const second = await spyBinding(ctx)
  const again = createWhisperTranscriber({ modelPath: ctx.model, threads: 2, temperatureInc: 0, windowMs: 4000, bindingModule: second.bindingModule })
  try {
    const result = await right(again.transcribe({ path: ctx.long, defaultSpeaker: 'Room', checkpoint: resumed.checkpoint }))
    const secondSamples = await second.samples()
    assert.is(secondSamples.length, firstSamples.length - 2, 'only the windows not saved are transcribed')
    assert.equal(secondSamples, firstSamples.slice(2))
    assert.ok(result.utterances.some((u) => u.text === 'from the checkpoint'), JSON.stringify(result.utterances))
    assert.is(resumed.saves.length, firstSamples.length - 2)
    assertTimeline(result.utterances, result.durationMs)
  } finally {
    await again.close()
  }
})

const assertRefused = async (modelPath: string, why: RegExp) => {
  const transcriber = createWhisperTranscriber({ modelPath })
  assert.is(transcriber.available, false)
  for (const words of HOW_TO) assert.ok(transcriber.setupHint?.includes(words), transcriber.setupHint)
  assert.match(transcriber.setupHint ?? '', why)
  const failure = await left(transcriber.transcribe({ path: '/nonexistent.wav', defaultSpeaker: 'Room' }))
  assert.is(failure.message, transcriber.setupHint)
}

whisper('a missing model is not available, and says how to get one', async (ctx) => {
  await assertRefused(join(ctx.dir, 'ggml-base.en.bin'), /no model file/)
})

whisper('a cut or foreign file is refused before whisper.cpp sees it (its loader accepts some cut files)', async (ctx) => {
  const whole = await readFile(ctx.model)
  for (const [name, bytes, why] of [
    ['cut-in-header.bin', 100, /incomplete/],
    ['cut-in-half.bin', Math.floor(whole.length / 2), /incomplete/],
    ['cut-near-end.bin', whole.length - 100, /incomplete/],
    ['empty.bin', 0, /not a whisper/],
  ] as const) {
    const path = join(ctx.dir, name)
    await writeFile(path, whole)
    await truncate(path, bytes)
    await assertRefused(path, why)
  }
  const garbage = join(ctx.dir, 'garbage.bin')
  await writeFile(garbage, Buffer.from('this is not a model, just some text pretending to be one'.repeat(100)))
  await assertRefused(garbage, /not a whisper/)
})

whisper('segments become utterances clamped into the audio, in order, never overlapping, blanks dropped', () => {
  const utterances = toUtterances(
    [
      { text: ' hello', t0: 0, t1: 1200 },
      { text: 'overlaps', t0: 1000, t1: 2500 },
      { text: '  ', t0: 2500, t1: 2600 },
      { text: 'past the end', t0: 2900, t1: 3600 },
      { text: 'after the end', t0: 3700, t1: 3900 },
    ],
    { durationMs: 3000, speaker: 'S' },
  )
  assert.equal(utterances, [
    { start_ms: 0, end_ms: 1200, speaker: 'S', text: 'hello' },
    { start_ms: 1200, end_ms: 2500, speaker: 'S', text: 'overlaps' },
    { start_ms: 2900, end_ms: 3000, speaker: 'S', text: 'past the end' },
    { start_ms: 3000, end_ms: 3000, speaker: 'S', text: 'after the end' },
  ])
})

whisper.run()
