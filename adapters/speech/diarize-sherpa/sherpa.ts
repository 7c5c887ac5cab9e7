/**
 * Who spoke when, by voice, with sherpa-onnx's offline speaker diarization: a pyannote
 * segmentation model finds the voices within each few seconds, a speaker-embedding model
 * measures each one, and clustering puts the same voice together across the recording.
 *
 * Off the event loop, and out of this process: each diarization runs in a child Node process
 * (child.mjs), at a lower priority, started afresh and ended afterwards. sherpa-onnx's
 * `process` is synchronous (its `processAsync` runs on a native thread, and is used), but
 * loading a model is synchronous too, and its native code ends the process it runs in on a
 * model it cannot use; a worker thread would share that fate with the request loop. A child
 * costs the model load (well under a second for the published models) each time.
 *
 * In windows, so memory stays flat with the recording's length: audio longer than `windowMs`
 * is cut in the middle of its pauses (as transcription is), the child reads and diarizes one
 * window at a time from the decoded file on disk, measures a voice print of each window's
 * speakers, and the prints are clustered across windows into the recording's speakers
 * (link-windows.ts). Audio within one window is diarized exactly as a whole, as before.
 */
import { fork } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type DecodedWav, lowerPriority, withWav16kMono } from '../audio/index.js'
import { findSilences } from '../transcribe-windows/silences.js'
import { findPcm } from '../transcribe-windows/wav-window.js'
import { planWindows, type Span } from '../transcribe-windows/windows.js'
import { linkWindows, type WindowSpeakers } from './link-windows.js'
import { checkEmbeddingModel, checkSegmentationModel, type EmbeddingModelInfo, type SegmentationModelInfo } from './model-check.js'
import type { DiarizationFailure, Diarizer, SpeakerTurn } from './turns.js'

export interface SherpaDiarizerOptions {
  /** The segmentation model (ONNX, pyannote segmentation-3.0 as sherpa-onnx exports it). */
  readonly segmentationModel: string
  /** The speaker-embedding model (ONNX: WeSpeaker, 3D-Speaker or NeMo as sherpa-onnx exports them). */
  readonly embeddingModel: string
  /** Threads each model may use; default 1 (the engine that transcribes has the other cores). */
  readonly threads?: number
  /** The number of speakers, when known; absent: found by `threshold`. */
  readonly numSpeakers?: number
  /** Clustering distance (cosine) below which two voices are one: larger merges more. Default 0.5, sherpa-onnx's. */
  readonly threshold?: number
  /** Turns shorter than this (seconds) are dropped; default 0.3. */
  readonly minDurationOn?: number
  /** Gaps shorter than this (seconds) within one speaker's speech are closed; default 0.5. */
  readonly minDurationOff?: number
  /** How long one diarization may take before it is stopped: `fixedMs + perAudioMs × the audio's length`. Default 5 min + 1× the audio. */
  readonly timeout?: { readonly fixedMs: number; readonly perAudioMs: number }
  /** Longest stretch diarized at once (its samples and sherpa-onnx's work on them are what the child holds); default 10 min. `Infinity`: the whole file at once. */
  readonly windowMs?: number
  /** Seconds of a window's speaker, its longest turns, that its voice print is measured over; default 30. */
  readonly embedSeconds?: number
  /** Told how each diarization went: the child's peak memory and the windows it read (for benchmarks). */
  readonly onMeasured?: (m: { readonly peakRssBytes: number; readonly windows: number }) => void
  readonly ffmpegPath?: string
}

const CHILD = fileURLToPath(new URL('./child.mjs', import.meta.url))

const fail = (message: string): DiarizationFailure => ({ _tag: 'DiarizationFailure', message })

/** Whether sherpa-onnx's native part for this platform is installed (without loading it). */
export const sherpaInstalled = (): boolean => {
  const require = createRequire(import.meta.url)
  const platform = process.platform === 'win32' ? 'win' : process.platform
  try {
    require.resolve('sherpa-onnx-node')
    require.resolve(`sherpa-onnx-${platform}-${process.arch}/package.json`)
    return true
  } catch {
    return false
  }
}

/** The line of sherpa-onnx's (or onnxruntime's) standard error that says why it stopped, without its source path. */
export const reasonFromStderr = (stderr: string): string | null => {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
  const what = lines.find((l) => l.startsWith('what():'))
  // onnxruntime's messages carry the source line and the C++ function: neither helps a reader.
  if (what !== undefined) return what.slice('what():'.length).trim().replace(/\/\S+\.(?:cc|cpp|h):\d+\s+(?:[\w:~<>]+\(.*?\)\s+(?=[A-Z]))?/, '')
  const last = lines.filter((l) => !/^terminate called/.test(l)).at(-1)
  return last === undefined ? null : last.replace(/^\S*sherpa-onnx\/\S+:\S+:\d+\s+/, '')
}

interface Job {
  readonly wav: string
  /** Where the samples are in the WAV: the child reads its windows from there. */
  readonly pcm: { readonly offset: number; readonly bytes: number }
  readonly windows: ReadonlyArray<Span>
  readonly embedSeconds: number
  readonly segmentation: string
  readonly embedding: string
  readonly threads: number
  readonly numSpeakers: number
  readonly threshold: number
  readonly minDurationOn: number
  readonly minDurationOff: number
}

type Segments = Array<{ start: number; end: number; speaker: number }>
type Found = { kind: 'windows'; sampleRate: number; windows: Array<{ turns: Segments; embeddings: Array<number[] | null> }>; peakRssBytes: number }
type Answer = { kind: 'progress'; done: number; total: number } | Found | { kind: 'failed'; message: string }

/** Runs one job in a child process; each window's turns (in seconds) and voice prints, or why not. */
const runChild = (job: Job, timeoutMs: number, onProgress?: (fraction: number) => void): Promise<E.Either<string, Found>> =>
  new Promise((resolve) => {
    const child = fork(CHILD, [], { execArgv: [], stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced' })
    // Background work, like the other processing programs: the request loop's process comes first.
    lowerPriority(child.pid)
    let stderr = ''
    child.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-8192)
    })
    let answer: Answer | null = null
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, timeoutMs)
    // sherpa-onnx reports from a native thread, so a window's last report can come after the child
    // said the window was done: progress only ever moves forward.
    let reported = 0
    child.on('message', (m: Answer) => {
      if (m.kind !== 'progress') answer = m
      else if (m.total > 0 && m.done / m.total >= reported) {
        reported = Math.min(1, m.done / m.total)
        onProgress?.(reported)
      }
    })
    child.on('error', (e) => {
      clearTimeout(timer)
      resolve(E.left(`speaker separation could not start: ${e.message}`))
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const a = answer as Answer | null
      if (a !== null && a.kind === 'windows') return resolve(E.right(a))
      if (a !== null && a.kind === 'failed') return resolve(E.left(a.message.split('\n')[0] ?? a.message))
      if (timedOut) return resolve(E.left(`speaker separation took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`))
      const why = reasonFromStderr(stderr)
      resolve(E.left(`speaker separation stopped (${signal ?? `exit ${code}`})${why === null ? '' : `: ${why}`}`))
    })
    child.send(job)
  })

export interface SherpaDiarizer extends Diarizer {
  readonly segmentation?: SegmentationModelInfo
  readonly embedding?: EmbeddingModelInfo
}

/**
 * The diarizer over two model files. Both are checked now (their ONNX header and metadata):
 * one that sherpa-onnx could not use makes the diarizer unavailable, with the reason.
 */
export const createSherpaDiarizer = (o: SherpaDiarizerOptions): SherpaDiarizer => {
  const name = 'sherpa-onnx'
  if (!sherpaInstalled()) {
    return { name, available: false, setupHint: `sherpa-onnx is not installed for this platform (${process.platform}-${process.arch}); npm install installs it where a prebuilt one exists`, diarize: () => TE.left(fail('speaker separation is not installed')) }
  }
  const segmentation = checkSegmentationModel(o.segmentationModel)
  const embedding = checkEmbeddingModel(o.embeddingModel)
  const problem = E.isLeft(segmentation)
    ? `the speaker segmentation model ${o.segmentationModel} cannot be used: ${segmentation.left}`
    : E.isLeft(embedding)
      ? `the speaker-embedding model ${o.embeddingModel} cannot be used: ${embedding.left}`
      : segmentation.right.sampleRate !== embedding.right.sampleRate
        ? `the speaker models do not fit together: the segmentation model is for ${segmentation.right.sampleRate} Hz, the embedding model for ${embedding.right.sampleRate} Hz`
        : null
  if (problem !== null || E.isLeft(segmentation) || E.isLeft(embedding)) {
    const message = problem ?? 'the speaker models cannot be used'
    return { name, available: false, setupHint: message, diarize: () => TE.left(fail(message)) }
  }
  const timeout = o.timeout ?? { fixedMs: 5 * 60_000, perAudioMs: 1 }
  const windowMs = o.windowMs ?? 10 * 60_000
  const job = {
    segmentation: o.segmentationModel,
    embedding: o.embeddingModel,
    threads: o.threads ?? 1,
    numSpeakers: o.numSpeakers ?? -1,
    threshold: o.threshold ?? 0.5,
    minDurationOn: o.minDurationOn ?? 0.3,
    minDurationOff: o.minDurationOff ?? 0.5,
    embedSeconds: o.embedSeconds ?? 30,
  }
  /** The windows, cut in pauses; one for audio up to `windowMs`. */
  const plan = async (wav: DecodedWav): Promise<Span[]> => {
    if (wav.durationMs <= windowMs) return [{ startMs: 0, endMs: wav.durationMs }]
    const silences = await findSilences(wav.path, wav.durationMs, {
      timeoutMs: Math.max(60_000, wav.durationMs / 10),
      ...(o.ffmpegPath === undefined ? {} : { ffmpegPath: o.ffmpegPath }),
    })()
    if (E.isLeft(silences)) throw new Error(silences.left)
    return planWindows(wav.durationMs, silences.right, { maxMs: windowMs }).map(({ startMs, endMs }) => ({ startMs, endMs }))
  }
  return {
    name,
    available: true,
    segmentation: segmentation.right,
    embedding: embedding.right,
    diarize: (path, onProgress) =>
      withWav16kMono(
        path,
        (f) => fail(f.message),
        (wav) =>
          TE.tryCatchK(
            async () => {
              const [pcm, windows] = await Promise.all([findPcm(wav.path), plan(wav)])
              const r = await runChild({ ...job, wav: wav.path, pcm, windows }, timeout.fixedMs + timeout.perAudioMs * wav.durationMs, onProgress)
              if (E.isLeft(r)) throw new Error(r.left)
              o.onMeasured?.({ peakRssBytes: r.right.peakRssBytes, windows: windows.length })
              const found: WindowSpeakers[] = r.right.windows.map((w) => ({ turns: toTurns(w.turns, wav.durationMs), embeddings: w.embeddings }))
              return linkWindows(found, { numSpeakers: job.numSpeakers, threshold: job.threshold, joinGapMs: job.minDurationOff * 1000 })
            },
            (e) => fail((e as Error).message),
          )(),
        o.ffmpegPath === undefined ? {} : { ffmpegPath: o.ffmpegPath },
      ),
  }
}

/** sherpa-onnx's segments (seconds) as turns in ms, inside the audio, in time order. */
export const toTurns = (segments: ReadonlyArray<{ start: number; end: number; speaker: number }>, durationMs: number): SpeakerTurn[] =>
  segments
    .map((s) => ({ startMs: Math.max(0, Math.round(s.start * 1000)), endMs: Math.min(durationMs, Math.round(s.end * 1000)), speaker: s.speaker }))
    .filter((t) => t.endMs > t.startMs && Number.isInteger(t.speaker) && t.speaker >= 0)
    .sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs)
