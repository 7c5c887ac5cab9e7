/**
 * The sherpa-onnx diarizer for real, over tiny hand-made models (scripts/make-tiny-speaker-models.ts):
 * they load and run as the published ones do, so this proves the loading, the child process, the
 * decoding and the turns, not that the voices are told apart well.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { checkEmbeddingModel, checkSegmentationModel, createSherpaDiarizer, reasonFromStderr, type SpeakerTurn, withVoiceSpeakers } from '../../../../adapters/speech/diarize-sherpa/index.js'
import type { Transcriber, Transcription } from '../../../../src/core/ports/transcriber.js'
import { tinyEmbeddingModel, tinySegmentationModel, writeTinySpeakerModels } from '../../../../scripts/make-tiny-speaker-models.js'
import { speakToWav, wavDurationMs } from '../../../support/speech.js'

const dir = mkdtempSync(join(tmpdir(), 'notetaker-diarize-test-'))
const models = writeTinySpeakerModels(join(dir, 'models'))
/** Two voices taking turns, as 48 kHz stereo m4a: the diarizer decodes it itself. */
const meeting = join(dir, 'meeting.m4a')
let meetingMs = 0
/** Two voices alternating four times, 16 kHz mono: with 6 s windows, each window hears one of them. */
const alternating = join(dir, 'alternating.wav')

test.before(async () => {
  const a = join(dir, 'a.wav')
  const b = join(dir, 'b.wav')
  await speakToWav('Good morning everyone. Today we plan the launch of the new office and the budget.', a)
  await speakToWav('Thank you. I will send the numbers on Friday, and we talk again next week.', b, { voice: 'en-us+f3' })
  execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', a, '-i', b, '-i', a, '-filter_complex', '[0][1][2]concat=n=3:v=0:a=1,aresample=48000', '-ac', '2', '-c:a', 'aac', meeting])
  meetingMs = (await wavDurationMs(a)) * 2 + (await wavDurationMs(b))
  execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', a, '-i', b, '-i', a, '-i', b, '-filter_complex', '[0][1][2][3]concat=n=4:v=0:a=1', '-ar', '16000', '-ac', '1', alternating])
})
test.after(() => rmSync(dir, { recursive: true, force: true }))

test('the tiny models read as sherpa-onnx wants them: a segmentation model and an embedding model', () => {
  assert.equal(checkSegmentationModel(models.segmentation), E.right({ sampleRate: 16_000, windowSize: 32_000, numSpeakers: 3 }))
  assert.equal(checkEmbeddingModel(models.embedding), E.right({ framework: 'wespeaker', sampleRate: 16_000, dim: 32, language: 'English' }))
  assert.ok(tinySegmentationModel().equals(tinySegmentationModel()) && tinyEmbeddingModel({ seed: 3 }).equals(tinyEmbeddingModel({ seed: 3 })), 'the same options give the same bytes')
  assert.not.ok(tinyEmbeddingModel({ seed: 3 }).equals(tinyEmbeddingModel({ seed: 4 })))
})

test('sherpa-onnx loads them and diarizes a clip: turns inside it, in order, valid speakers, progress to 1', async () => {
  const d = createSherpaDiarizer({ segmentationModel: models.segmentation, embeddingModel: models.embedding })
  assert.is(d.available, true, d.setupHint)
  const progress: number[] = []
  const r = await d.diarize(meeting, (f) => progress.push(f))()
  assert.ok(E.isRight(r), E.isLeft(r) ? r.left.message : '')
  const turns = (r as E.Right<ReadonlyArray<SpeakerTurn>>).right
  assert.ok(turns.length >= 1, 'the speech was found')
  for (const t of turns) {
    assert.ok(Number.isInteger(t.startMs) && Number.isInteger(t.endMs) && t.startMs >= 0 && t.endMs > t.startMs, JSON.stringify(t))
    assert.ok(t.endMs <= meetingMs + 200, `${t.endMs} is inside the ${meetingMs} ms clip`)
    assert.ok(Number.isInteger(t.speaker) && t.speaker >= 0 && t.speaker < turns.length, JSON.stringify(t))
  }
  assert.ok(turns.every((t, i) => i === 0 || t.startMs >= turns[i - 1]!.startMs), 'in time order')
  const covered = turns.reduce((sum, t) => sum + (t.endMs - t.startMs), 0)
  assert.ok(covered > meetingMs / 2, `most of a clip that is all speech is in a turn (${covered} of ${meetingMs} ms)`)
  assert.ok(progress.length > 0 && progress.every((f, i) => f > 0 && f <= 1 && (i === 0 || f >= progress[i - 1]!)), String(progress))
  assert.is(progress.at(-1), 1)
})

test('in windows: a clip longer than a window is read and diarized window by window; two voices alternating across the windows keep their numbers', async () => {
  const measured: Array<{ peakRssBytes: number; windows: number }> = []
  // The tiny embedding model puts these two voices 0.44 apart (cosine): a threshold below that tells them apart.
  const d = createSherpaDiarizer({ segmentationModel: models.segmentation, embeddingModel: models.embedding, windowMs: 6000, threshold: 0.3, onMeasured: (m) => measured.push(m) })
  const progress: number[] = []
  const r = await d.diarize(alternating, (f) => progress.push(f))()
  assert.ok(E.isRight(r), E.isLeft(r) ? r.left.message : '')
  const turns = (r as E.Right<ReadonlyArray<SpeakerTurn>>).right
  assert.equal(measured.map((m) => m.windows), [4], 'cut in the pauses between the turns')
  assert.ok(measured[0]!.peakRssBytes > 10_000_000, 'the child reports its peak memory')
  assert.equal(turns.map((t) => t.speaker), [0, 1, 0, 1], JSON.stringify(turns))
  const total = (await wavDurationMs(join(dir, 'a.wav'))) * 2 + (await wavDurationMs(join(dir, 'b.wav'))) * 2
  for (const t of turns) assert.ok(Number.isInteger(t.startMs) && t.endMs > t.startMs && t.endMs <= total + 200, JSON.stringify(t))
  assert.ok(turns.every((t, i) => i === 0 || t.startMs >= turns[i - 1]!.endMs), 'in time order, one after the other')
  assert.ok(progress.every((f, i) => f > 0 && f <= 1 && (i === 0 || f >= progress[i - 1]!)), String(progress))
  assert.is(progress.at(-1), 1)

  // At the default threshold (0.5) the tiny model's two voices are one: linked into a single speaker, not one per window.
  const merged = await createSherpaDiarizer({ segmentationModel: models.segmentation, embeddingModel: models.embedding, windowMs: 6000 }).diarize(alternating)()
  assert.equal(E.isRight(merged) ? [...new Set(merged.right.map((t) => t.speaker))] : merged, [0])
})

test('one window (audio no longer than windowMs) gives what diarizing the whole file at once gives', async () => {
  const whole = await createSherpaDiarizer({ segmentationModel: models.segmentation, embeddingModel: models.embedding, windowMs: Infinity }).diarize(alternating)()
  const byDefault = await createSherpaDiarizer({ segmentationModel: models.segmentation, embeddingModel: models.embedding }).diarize(alternating)()
  assert.ok(E.isRight(whole) && whole.right.length === 4, JSON.stringify(whole))
  assert.equal(byDefault, whole)
  assert.equal(E.isRight(whole) ? whole.right.map((t) => t.speaker) : null, [0, 1, 0, 1], 'sherpa-onnx tells the two voices apart over the whole clip')
})

test('memory: six minutes in one-minute windows peak well below six minutes at once (the samples and sherpa-onnx’s work on them are one window’s)', async () => {
  const long = join(dir, 'six-minutes.wav')
  execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-stream_loop', '-1', '-i', alternating, '-t', '360', long])
  const peak = async (windowMs: number) => {
    let measured = { peakRssBytes: 0, windows: 0 }
    const r = await createSherpaDiarizer({ segmentationModel: models.segmentation, embeddingModel: models.embedding, windowMs, onMeasured: (m) => (measured = m) }).diarize(long)()
    assert.ok(E.isRight(r) && r.right.length > 20, JSON.stringify(r).slice(0, 300))
    return measured
  }
  const windowed = await peak(60_000)
  const whole = await peak(Infinity)
  assert.ok(windowed.windows >= 6 && whole.windows === 1, JSON.stringify({ windowed, whole }))
  // Measured 115 MB against 153 MB: 6 minutes of floats are 23 MB, sherpa-onnx's work on them more.
  assert.ok(windowed.peakRssBytes + 25e6 < whole.peakRssBytes, `windowed ${Math.round(windowed.peakRssBytes / 1e6)} MB, whole ${Math.round(whole.peakRssBytes / 1e6)} MB`)
})

test('through the wrapper: a transcript of the clip gets speakers by voice', async () => {
  const d = createSherpaDiarizer({ segmentationModel: models.segmentation, embeddingModel: models.embedding })
  const third = Math.round(meetingMs / 3)
  const engine: Transcriber = {
    name: 'fake',
    available: true,
    transcribe: () => TE.right({ utterances: [0, 1, 2].map((i) => ({ start_ms: i * third + 200, end_ms: (i + 1) * third - 200, speaker: 'Speaker 1', text: `part ${i}` })), durationMs: meetingMs }),
  }
  const r = await withVoiceSpeakers(engine, d).transcribe({ path: meeting, defaultSpeaker: 'Speaker 1' })()
  assert.ok(E.isRight(r))
  const t = (r as E.Right<Transcription>).right
  assert.is(t.speakerSeparation, 'voices')
  assert.is(t.utterances[0]!.speaker, 'Speaker 1', 'the first to speak is Speaker 1')
  assert.ok(t.utterances.every((x) => /^Speaker [1-3]$/.test(x.speaker)), JSON.stringify(t.utterances))
  assert.equal(t.utterances.map((x) => x.text), ['part 0', 'part 1', 'part 2'])
})

test('a missing, garbage, swapped or incomplete model is refused in words, before sherpa-onnx reads it', () => {
  const hint = (segmentationModel: string, embeddingModel: string) => {
    const d = createSherpaDiarizer({ segmentationModel, embeddingModel })
    assert.is(d.available, false)
    return d.setupHint ?? ''
  }
  const garbage = join(dir, 'garbage.onnx')
  writeFileSync(garbage, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)))
  const cut = join(dir, 'cut.onnx')
  writeFileSync(cut, tinyEmbeddingModel().subarray(0, 4000))
  const noWindow = join(dir, 'no-window.onnx')
  writeFileSync(noWindow, tinySegmentationModel({ omitMetadata: ['window_size'] }))
  const noFramework = join(dir, 'no-framework.onnx')
  writeFileSync(noFramework, tinyEmbeddingModel({ omitMetadata: ['framework'] }))
  const noDim = join(dir, 'no-dim.onnx')
  writeFileSync(noDim, tinyEmbeddingModel({ omitMetadata: ['output_dim', 'language'] }))

  assert.match(hint(join(dir, 'absent.onnx'), models.embedding), /^the speaker segmentation model .*absent\.onnx cannot be used: no model file at /)
  assert.match(hint(garbage, models.embedding), /garbage\.onnx cannot be used: it is not (an|a whole) ONNX model/)
  assert.match(hint(models.segmentation, cut), /^the speaker-embedding model .*cut\.onnx cannot be used: it is not a whole ONNX model \(the file is cut short/)
  assert.match(hint(models.embedding, models.segmentation), /cannot be used: it is a speaker-embedding model, not a segmentation model/)
  assert.match(hint(models.segmentation, models.segmentation), /cannot be used: it is a speaker segmentation model, not a speaker-embedding model/)
  assert.match(hint(noWindow, models.embedding), /its metadata lacks "window_size"/)
  assert.match(hint(models.segmentation, noFramework), /its metadata names no "framework"/)
  assert.match(hint(models.segmentation, noDim), /its metadata lacks "output_dim", "language"/)
})

test('a model sherpa-onnx cannot load after all ends only its child process: the diarization fails in words, the transcript stays', async () => {
  // IR version 99 passes the header check, but onnxruntime refuses it, and aborts the process it runs in.
  const future = join(dir, 'future.onnx')
  writeFileSync(future, tinySegmentationModel({ irVersion: 99 }))
  const d = createSherpaDiarizer({ segmentationModel: future, embeddingModel: models.embedding })
  assert.is(d.available, true)
  const r = await d.diarize(meeting)()
  assert.ok(E.isLeft(r))
  assert.match((r as E.Left<{ message: string }>).left.message, /^speaker separation stopped \((SIGABRT|exit \d+)\): Load model from .*future\.onnx failed:Unsupported model IR version: 99/)

  const reasons: string[] = []
  const engine: Transcriber = { name: 'fake', available: true, transcribe: () => TE.right({ utterances: [{ start_ms: 0, end_ms: 1000, speaker: 'Speaker 1', text: 'kept' }], durationMs: meetingMs }) }
  const t = await withVoiceSpeakers(engine, d, { onNotSeparated: (why) => reasons.push(why) }).transcribe({ path: meeting, defaultSpeaker: 'Speaker 1' })()
  assert.equal(E.isRight(t) ? [t.right.speakerSeparation, t.right.utterances.map((x) => x.text)] : null, ['none', ['kept']])
  assert.match(reasons[0] ?? '', /^speakers were not separated by voice: speaker separation stopped/)
})

test('audio that cannot be decoded fails in words', async () => {
  const notAudio = join(dir, 'notes.txt')
  writeFileSync(notAudio, 'not audio at all')
  const r = await createSherpaDiarizer({ segmentationModel: models.segmentation, embeddingModel: models.embedding }).diarize(notAudio)()
  assert.ok(E.isLeft(r))
  assert.ok((r as E.Left<{ message: string }>).left.message.length > 10)
})

test('the reason read from sherpa-onnx’s standard error drops its source path; onnxruntime’s what() wins', () => {
  assert.is(reasonFromStderr("/shared/sherpa-onnx/csrc/macros.h:Init:88 'window_size' does not exist in the metadata\n"), "'window_size' does not exist in the metadata")
  assert.is(reasonFromStderr("terminate called after throwing an instance of 'Ort::Exception'\n  what():  Load model from x.onnx failed:Protobuf parsing failed.\n"), 'Load model from x.onnx failed:Protobuf parsing failed.')
  assert.is(
    reasonFromStderr("  what():  Load model from /m/f.onnx failed:/shared/onnxruntime/core/graph/model.cc:192 onnxruntime::Model::Model(onnx::ModelProto&&, const PathString&) Unsupported model IR version: 99, max supported IR version: 13\n"),
    'Load model from /m/f.onnx failed:Unsupported model IR version: 99, max supported IR version: 13',
  )
  assert.is(reasonFromStderr('\n\n'), null)
})

test.run()
