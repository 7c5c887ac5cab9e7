import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { probeAudio } from '../../../../adapters/speech/audio/index.js'
import { channelLayout, mergeInTime, withChannelSpeakers } from '../../../../adapters/speech/transcribe-channels/index.js'
import { createPocketsphinxTranscriber } from '../../../../adapters/speech/transcribe-pocketsphinx/index.js'
import type { AudioSource, Transcriber, Transcription } from '../../../../src/core/ports/transcriber.js'
import { speakToWav } from '../../../support/speech.js'
import { memoryCheckpoint } from '../transcribe-windows/memory-checkpoint.js'

const dir = mkdtempSync(join(tmpdir(), 'notetaker-channels-test-'))
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args])

const MONO = 'aformat=sample_fmts=s16:sample_rates=16000:channel_layouts=mono'
const left = join(dir, 'left.wav')
const right = join(dir, 'right.wav')
/** A call recording: the first voice on the left, then, after it, the second on the right. */
const call = join(dir, 'call-stereo.wav')
/** The first voice alone, saved as stereo: both channels the same. */
const dual = join(dir, 'mono-as-stereo.wav')

test.before(async () => {
  await speakToWav('Good morning everyone. Today we plan the launch of the new office.', left)
  await speakToWav('Thank you. I will send the numbers on Friday.', right, { voice: 'en-us+m3' })
  const leftMs = (await probeAudio(left)())._tag === 'Right' ? ((await probeAudio(left)()) as E.Right<{ durationMs: number }>).right.durationMs : 0
  ffmpeg('-i', left, '-i', right, '-filter_complex', `[0:a]apad,${MONO}[l];[1:a]adelay=${leftMs + 500},${MONO}[r];[l][r]amerge=inputs=2[a]`, '-map', '[a]', '-ac', '2', call)
  ffmpeg('-i', left, '-ac', '2', dual)
})

/** Records what each call was given and answers one utterance a second long at `at` ms. */
const recording = (at: (audio: AudioSource) => number) => {
  const calls: AudioSource[] = []
  const inner: Transcriber = {
    name: 'fake',
    available: true,
    transcribe: (audio, onProgress) => {
      calls.push(audio)
      onProgress?.(0.5)
      onProgress?.(1)
      const start = at(audio)
      return TE.right({ utterances: [{ start_ms: start, end_ms: start + 1000, speaker: audio.defaultSpeaker, text: `from ${audio.path}` }], durationMs: 9000 })
    },
  }
  return { inner, calls }
}

test('the layout: one voice per channel is separate, the same sound twice is shared, mono is one', async () => {
  assert.equal(await channelLayout(call)(), E.right('separate'))
  assert.equal(await channelLayout(dual)(), E.right('shared'))
  assert.equal(await channelLayout(left)(), E.right('one'))
})

test('a call recording is transcribed per channel, one speaker each, merged in time, progress rising to 1', async () => {
  const { inner, calls } = recording((a) => (a.defaultSpeaker === 'Speaker 1' ? 2000 : 500))
  const progress: number[] = []
  const result = await withChannelSpeakers(inner).transcribe({ path: call, defaultSpeaker: 'Speaker 1' }, (f) => progress.push(f))()
  assert.ok(E.isRight(result))
  assert.equal(calls.map((c) => c.defaultSpeaker), ['Speaker 1', 'Speaker 2'])
  assert.not.ok(calls.some((c) => c.path === call), 'each call got one channel, not the stereo file')
  assert.equal(result.right.utterances.map((u) => [u.speaker, u.start_ms]), [['Speaker 2', 500], ['Speaker 1', 2000]], 'in time order')
  assert.equal(progress, [0.25, 0.5, 0.75, 1])
})

test('the upload\'s language goes to each channel; the left channel\'s detected language is the call\'s; the engine\'s languages carry through', async () => {
  const { inner, calls } = recording(() => 0)
  const detecting: Transcriber = {
    ...inner,
    languages: ['en'],
    transcribe: (audio, onProgress) => TE.map((t: Transcription) => ({ ...t, language: audio.defaultSpeaker === 'Speaker 1' ? 'de' : 'fr' }))(inner.transcribe(audio, onProgress)),
  }
  const wrapped = withChannelSpeakers(detecting)
  assert.equal(wrapped.languages, ['en'])
  const result = await wrapped.transcribe({ path: call, defaultSpeaker: 'Speaker 1', language: 'auto' })()
  assert.ok(E.isRight(result))
  assert.equal(calls.map((c) => c.language), ['auto', 'auto'])
  assert.is(result.right.language, 'de')
})

test('a stereo file with the same sound in both channels, and a mono file, go to the engine whole', async () => {
  for (const path of [dual, left]) {
    const { inner, calls } = recording(() => 0)
    const result = await withChannelSpeakers(inner).transcribe({ path, defaultSpeaker: 'Speaker 1' })()
    assert.ok(E.isRight(result))
    assert.equal(calls.map((c) => [c.path, c.defaultSpeaker]), [[path, 'Speaker 1']])
  }
})

/** An engine that keeps one finished window in whatever checkpoint it is given, after loading what is there. */
const checkpointing = (separation?: Transcription['speakerSeparation']) => {
  const seen: AudioSource[] = []
  const inner: Transcriber = {
    name: 'fake',
    available: true,
    transcribe: (audio) => async () => {
      seen.push(audio)
      const before = (await audio.checkpoint?.load('fake:engine')) ?? []
      const utterances = [{ start_ms: 0, end_ms: 1000, speaker: audio.defaultSpeaker, text: `${before.length} saved before` }]
      await audio.checkpoint?.save('fake:engine', { startMs: 0, endMs: 9000, utterances })
      return E.right({ utterances, durationMs: 9000, ...(separation === undefined ? {} : { speakerSeparation: separation }) })
    },
  }
  return { inner, seen }
}

test('each channel of a call recording keeps its windows in its own part of the checkpoint; the result says the speakers are the channels', async () => {
  const store = memoryCheckpoint({ 'fake:engine#right': [{ startMs: 0, endMs: 9000, utterances: [] }] })
  const { inner, seen } = checkpointing()
  const result = await withChannelSpeakers(inner).transcribe({ path: call, defaultSpeaker: 'Speaker 1', checkpoint: store.checkpoint })()
  assert.ok(E.isRight(result))
  assert.equal(store.loads, ['fake:engine#left', 'fake:engine#right'])
  assert.equal(store.saves.map((s) => [s.engine, s.window.utterances[0]?.speaker]), [['fake:engine#left', 'Speaker 1'], ['fake:engine#right', 'Speaker 2']])
  assert.equal(result.right.utterances.map((u) => [u.speaker, u.text]), [['Speaker 1', '0 saved before'], ['Speaker 2', '1 saved before']])
  assert.is(result.right.speakerSeparation, 'channels')
  assert.not.ok(seen.some((a) => a.checkpoint === store.checkpoint), 'no channel is given the whole file’s checkpoint')
})

test('a file not split goes to the engine with the checkpoint as it is, and the engine’s speaker separation stands', async () => {
  for (const separation of [undefined, 'voices'] as const) {
    const store = memoryCheckpoint()
    const { inner, seen } = checkpointing(separation)
    const result = await withChannelSpeakers(inner).transcribe({ path: dual, defaultSpeaker: 'Speaker 1', checkpoint: store.checkpoint })()
    assert.ok(E.isRight(result))
    assert.is(seen[0]?.checkpoint, store.checkpoint)
    assert.equal(store.loads, ['fake:engine'])
    assert.is(result.right.speakerSeparation, separation)
  }
})

test('a call recording without a checkpoint gives the channels none', async () => {
  const { inner, seen } = checkpointing()
  const result = await withChannelSpeakers(inner).transcribe({ path: call, defaultSpeaker: 'Speaker 1' })()
  assert.ok(E.isRight(result))
  assert.equal(seen.map((a) => a.checkpoint), [undefined, undefined])
  assert.is(result.right.speakerSeparation, 'channels')
})

test('the engine an inner transcription names is kept, split by channel or not', async () => {
  const madeBy = { engine: 'whisper', model: 'base.en', accuracy: 'accurate' } as const
  const inner: Transcriber = {
    name: 'whisper',
    available: true,
    transcribe: (audio) => TE.right({ utterances: [{ start_ms: 0, end_ms: 1000, speaker: audio.defaultSpeaker, text: 'hello' }], durationMs: 9000, madeBy }),
  }
  for (const path of [call, dual]) {
    const result = await withChannelSpeakers(inner).transcribe({ path, defaultSpeaker: 'Speaker 1' })()
    assert.equal(E.isRight(result) ? result.right.madeBy : null, madeBy, path)
  }
  const unnamed = await withChannelSpeakers(checkpointing().inner).transcribe({ path: call, defaultSpeaker: 'Speaker 1' })()
  assert.ok(E.isRight(unnamed) && !('madeBy' in unnamed.right), 'none named: none made up')
})

test('mergeInTime orders by start, then end', () => {
  const u = (start_ms: number, end_ms: number, speaker: string) => ({ start_ms, end_ms, speaker, text: '' })
  assert.equal(mergeInTime([u(0, 5, 'a'), u(10, 12, 'a')], [u(0, 3, 'b'), u(6, 8, 'b')]).map((x) => `${x.speaker}${x.start_ms}-${x.end_ms}`), ['b0-3', 'a0-5', 'b6-8', 'a10-12'])
})

test('with pocketsphinx, a stereo call recording gives two speakers, the first voice first', async () => {
  const result = await withChannelSpeakers(createPocketsphinxTranscriber()).transcribe({ path: call, defaultSpeaker: 'Speaker 1' })()
  if (E.isLeft(result)) throw new Error(result.left.message)
  const speakers = [...new Set(result.right.utterances.map((u) => u.speaker))]
  assert.equal(speakers.sort(), ['Speaker 1', 'Speaker 2'])
  const firstOf = (s: string) => Math.min(...result.right.utterances.filter((u) => u.speaker === s).map((u) => u.start_ms))
  assert.ok(firstOf('Speaker 1') < firstOf('Speaker 2'), 'the left voice spoke first')
  const starts = result.right.utterances.map((u) => u.start_ms)
  assert.equal(starts, [...starts].sort((a, b) => a - b), 'in time order')
})

test.run()
