import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { DecodedWav } from '../../../../adapters/speech/audio/index.js'
import { type RecogniseWindow, transcribeInWindows, type WindowedOptions, type WindowJob } from '../../../../adapters/speech/transcribe-windows/index.js'
import type { FinishedWindow, TranscriptionCheckpoint } from '../../../../src/core/ports/transcriber.js'
import { left, right } from '../../../support/run.js'
import { memoryCheckpoint } from './memory-checkpoint.js'

interface Ctx {
  dir: string
  wav: DecodedWav
}
const driver = suite<Ctx>('transcription in windows: the shared driver', {} as Ctx)

const DURATION_MS = 18_000
/** A long pause, from 8 s to 16 s: windows wholly inside it are silent. */
const PAUSE = { startMs: 8000, endMs: 16_000 }

// A tone in bursts (0–2, 3–5, 6–8 and 16–18 s) with silence between, already as the engines decode it.
driver.before(async (ctx) => {
  ctx.dir = await mkdtemp(join(tmpdir(), 'windows-driver-'))
  const path = join(ctx.dir, 'audio-16k-mono.wav')
  const tone = `aevalsrc='if(lt(t,8)*lt(mod(t,3),2)+between(t,16,18),0.5*sin(2*PI*440*t),0)':s=16000:d=${DURATION_MS / 1000}`
  execFileSync('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', tone, '-ac', '1', '-c:a', 'pcm_s16le', path])
  ctx.wav = { path, dir: ctx.dir, durationMs: DURATION_MS }
})
driver.after(async (ctx) => {
  await rm(ctx.dir, { recursive: true, force: true })
})

/**
 * A stand-in engine: notes each window it is given (and the progress reported so far, in
 * `events`), says it is halfway, and hears one utterance 100–300 ms into the window.
 */
const fakeEngine = (options: { failOnCall?: number; language?: (job: WindowJob) => string | undefined } = {}) => {
  const jobs: WindowJob[] = []
  const events: string[] = []
  const recognise: RecogniseWindow = (job) => {
    jobs.push(job)
    events.push(`window ${job.window.startMs}`)
    if (jobs.length === options.failOnCall) return TE.left({ _tag: 'TranscriptionFailure', message: 'the engine broke down' })
    job.heard((job.window.endMs - job.window.startMs) / 2)
    const language = options.language?.(job)
    return TE.right({
      utterances: [{ start_ms: 100, end_ms: 300, speaker: 'S', text: `heard at ${job.window.startMs}` }],
      ...(language === undefined ? {} : { language }),
    })
  }
  return { recognise, jobs, events }
}

const ENGINE = 'fake:4000'
const optionsFor = (checkpoint: TranscriptionCheckpoint | undefined, progress: number[], events: string[] = []): WindowedOptions => ({
  windowMs: 4000,
  threads: 1,
  engine: ENGINE,
  ...(checkpoint === undefined ? {} : { checkpoint }),
  onProgress: (f) => {
    progress.push(f)
    events.push(`progress ${f}`)
  },
})

const assertRising = (progress: ReadonlyArray<number>) => {
  assert.ok(progress.length > 0, 'progress was reported')
  assert.ok(progress.every((f, i) => f > 0 && f <= 1 && (i === 0 || f > progress[i - 1]!)), `rising within (0, 1]: ${progress.join(', ')}`)
  assert.is(progress[progress.length - 1], 1)
}

driver('a long file is cut at its pauses, silent windows are skipped, utterances land on the file’s clock, each window is saved as it finishes', async (ctx) => {
  const engine = fakeEngine()
  const store = memoryCheckpoint()
  const progress: number[] = []
  const result = await right(transcribeInWindows(ctx.wav, optionsFor(store.checkpoint, progress), engine.recognise))
  const windows = engine.jobs.map((j) => j.window)
  assert.ok(windows.length >= 3, `several windows: ${JSON.stringify(windows)}`)
  assert.ok(windows.every((w) => w.endMs - w.startMs <= 4000 && !w.silent), JSON.stringify(windows))
  assert.ok(engine.jobs.every((j) => !j.whole))
  assert.not.ok(windows.some((w) => w.startMs >= PAUSE.startMs && w.endMs <= PAUSE.endMs), `no window wholly in the long pause was recognised: ${JSON.stringify(windows)}`)
  assert.ok(windows.some((w) => w.endMs === DURATION_MS), 'the last stretch of speech is recognised')
  assert.equal(
    result.utterances.map((u) => [u.start_ms, u.end_ms, u.text]),
    windows.map((w) => [w.startMs + 100, w.startMs + 300, `heard at ${w.startMs}`]),
  )
  assert.equal(store.loads, [ENGINE])
  assert.equal(
    store.saves.map(({ engine, window }) => [engine, window.startMs, window.endMs, window.utterances.map((u) => u.start_ms)]),
    windows.map((w) => [ENGINE, w.startMs, w.endMs, [w.startMs + 100]]),
    'every recognised window is saved, with its utterances on the file’s clock',
  )
  assertRising(progress)
  assert.ok(progress.length > windows.length, `a report within each window and at its end: ${progress.join(', ')}`)
})

driver('windows an earlier attempt saved are reused, not recognised again; those of another engine or with other bounds are ignored', async (ctx) => {
  const first = fakeEngine()
  const before = memoryCheckpoint()
  await right(transcribeInWindows(ctx.wav, optionsFor(before.checkpoint, []), first.recognise))
  const all = before.saves.map((s) => s.window)
  assert.ok(all.length >= 3)
  const reused = (w: FinishedWindow): FinishedWindow => ({ ...w, utterances: w.utterances.map((u) => ({ ...u, text: 'from the checkpoint' })), language: 'xx' })
  const [a, b, ...rest] = all
  const store = memoryCheckpoint({
    [ENGINE]: [reused(a!), reused(b!), { ...rest[0]!, endMs: rest[0]!.endMs - 1, utterances: [{ start_ms: 0, end_ms: 1, speaker: 'S', text: 'other bounds' }] }],
    'another-engine': rest.map(reused),
  })
  const engine = fakeEngine()
  const progress: number[] = []
  const events: string[] = []
  const result = await right(transcribeInWindows(ctx.wav, optionsFor(store.checkpoint, progress, events), engine.recognise))
  assert.equal(engine.jobs.map((j) => j.window.startMs), rest.map((w) => w.startMs), 'only the windows not saved are recognised')
  assert.equal(result.utterances.map((u) => u.text), [...[a, b].map(() => 'from the checkpoint'), ...rest.map((w) => `heard at ${w.startMs}`)])
  assert.is(result.language, 'xx', 'the earliest window’s language, reused')
  assert.ok(engine.jobs.every((j) => j.languageSoFar === 'xx'), 'later windows are told the language found so far')
  assert.equal(store.saves.map((s) => s.window.startMs), rest.map((w) => w.startMs), 'only new windows are saved')
  // Reused windows count as done before any is recognised.
  assert.ok(events[0]!.startsWith('progress '), events.join(' | '))
  assert.ok(progress[0]! >= (b!.endMs - a!.startMs) / DURATION_MS, `starts at the reused share: ${progress.join(', ')}`)
  assertRising(progress)
})

driver('a window that fails fails the transcription, saying where; the windows finished before it stay saved', async (ctx) => {
  const engine = fakeEngine({ failOnCall: 3 })
  const store = memoryCheckpoint()
  const progress: number[] = []
  const failure = await left(transcribeInWindows(ctx.wav, optionsFor(store.checkpoint, progress), engine.recognise))
  const failed = engine.jobs[2]!.window
  const clock = (ms: number) => `0:${String(Math.floor(ms / 1000)).padStart(2, '0')}`
  assert.is(failure.message, `the engine broke down (in the audio from ${clock(failed.startMs)} to ${clock(failed.endMs)})`)
  assert.is(engine.jobs.length, 3, 'no window is started after the failure')
  assert.equal(store.saves.map((s) => s.window.startMs), engine.jobs.slice(0, 2).map((j) => j.window.startMs))
  assert.ok(progress.every((f) => f < 1), progress.join(', '))
})

driver('audio no longer than a window is one whole window, without looking for pauses', async (ctx) => {
  const engine = fakeEngine({ language: () => 'en' })
  const progress: number[] = []
  // The ffmpeg given is only used to find pauses: were it run, the transcription would fail.
  const options = { ...optionsFor(undefined, progress), windowMs: DURATION_MS, ffmpegPath: join(ctx.dir, 'no-ffmpeg-here') }
  const result = await right(transcribeInWindows(ctx.wav, options, engine.recognise))
  assert.equal(engine.jobs.map((j) => [j.window.startMs, j.window.endMs, j.whole]), [[0, DURATION_MS, true]])
  assert.is(result.language, 'en')
  assertRising(progress)
})

driver('a checkpoint that cannot be read or kept does not fail the transcription', async (ctx) => {
  const broken: TranscriptionCheckpoint = {
    load: () => Promise.reject(new Error('database down')),
    save: () => Promise.reject(new Error('database down')),
  }
  const engine = fakeEngine()
  const result = await right(transcribeInWindows(ctx.wav, optionsFor(broken, []), engine.recognise))
  assert.is(result.utterances.length, engine.jobs.length)
  assert.ok(engine.jobs.length >= 3)
})

driver('windows recognised two at a time give the same result, in time order', async (ctx) => {
  const one = await right(transcribeInWindows(ctx.wav, optionsFor(undefined, []), fakeEngine().recognise))
  const progress: number[] = []
  const two = await right(transcribeInWindows(ctx.wav, { ...optionsFor(undefined, progress), threads: 2 }, fakeEngine().recognise))
  assert.equal(two, one)
  assertRising(progress)
})

driver.run()
