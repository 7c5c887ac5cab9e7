import { availableParallelism } from 'node:os'
import { basename } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Transcriber, TranscriptionFailure } from '../../src/core/ports/transcriber.js'
import { AUTO_LANGUAGE, baseLanguage } from '../../src/core/domain/language.js'
import { withWav16kMono } from '../audio/index.js'
import { findPcm, readWindowSamples, transcribeInWindows, type WindowJob, type WindowText } from '../transcribe-windows/index.js'
import { loadBinding, type WhisperContext, type WhisperModule } from './binding.js'
import { progressTracker, toUtterances } from './segments.js'
import { readWhisperModelInfo, type WhisperModelInfo } from './model-file.js'

export { readWhisperModelInfo, type WhisperModelInfo } from './model-file.js'
export { toUtterances } from './segments.js'
export type { WhisperContext, WhisperModule } from './binding.js'

export interface WhisperOptions {
  /** A whisper.cpp ggml model file, e.g. DATA_DIR/models/ggml-base.en.bin. */
  readonly modelPath: string
  /**
   * A language code, or `auto` to detect it (multilingual models only); an upload's own language
   * comes first. Default: `auto` for multilingual models. English-only models (`*.en`) always use `en`.
   */
  readonly language?: string
  /** CPU threads for one transcription. Default: all cores, at most 4. */
  readonly threads?: number
  readonly ffmpegPath?: string
  /** Temperature step of whisper.cpp's retries on unreliable windows (default 0.2, as whisper.cpp); 0 turns them off. */
  readonly temperatureInc?: number
  /** Longest stretch given to whisper.cpp at once; longer audio is cut in the middle of its pauses. Default 5 minutes. */
  readonly windowMs?: number
}

export interface WhisperTranscriber extends Transcriber {
  /** The model file's name without `ggml-` and `.bin`, e.g. `base.en`. */
  readonly model: string
  /** The model's header, when the file is a whole Whisper model. */
  readonly modelInfo?: WhisperModelInfo
  /** Frees the loaded model (it is loaded again on the next transcription). */
  close(): Promise<void>
}

const fail = (message: string): TranscriptionFailure => ({ _tag: 'TranscriptionFailure', message })

const howToGetOne = 'Get one with `notetaker models pull base.en`, or bring a file with `notetaker models add FILE`.'
const unusable = (modelPath: string, why: string) => `The Whisper model ${basename(modelPath)} cannot be used: ${why}. ${howToGetOne}`

/**
 * whisper.cpp decodes in 30 s chunks anyway, each conditioned on the text of the one before; a
 * window starts that context over, at a pause. Five minutes is ten of its chunks, so cuts are
 * rare enough to cost no words worth counting, while the samples held stay small (under 20 MB of
 * Float32) and a restart redoes at most five minutes of audio.
 */
const DEFAULT_WINDOW_MS = 5 * 60_000

/**
 * Offline speech to text with whisper.cpp (through `@fugood/whisper.node`). The model file is
 * checked when the transcriber is created (`available`), loaded on first use and kept. The audio
 * is decoded to a WAV on disk and given to whisper.cpp a window at a time (read from the file
 * just before), so memory stays bounded by one window however long the recording; one window
 * runs at a time, off the event loop, other transcriptions' windows wait their turn.
 * `binding` replaces `@fugood/whisper.node`, for tests.
 */
export const createWhisperTranscriber = (options: WhisperOptions, binding: WhisperModule | Error = loadBinding()): WhisperTranscriber => {
  const info = readWhisperModelInfo(options.modelPath)
  const problem =
    binding instanceof Error
      ? `the speech engine package @fugood/whisper.node is not installed (${binding.message.split('\n')[0]}); run npm install`
      : E.isLeft(info)
        ? unusable(options.modelPath, info.left)
        : undefined
  const model = E.isRight(info) ? info.right : undefined
  const multilingual = model?.multilingual === true
  // whisper.cpp takes base codes (`pt`, not `pt-BR`); an English-only model knows nothing else.
  const languageFor = (asked: string | undefined) => (multilingual ? baseLanguage(asked ?? options.language ?? AUTO_LANGUAGE) : 'en')
  const threads = options.threads ?? Math.max(1, Math.min(4, availableParallelism()))
  const windowMs = options.windowMs ?? DEFAULT_WINDOW_MS
  const modelName = basename(options.modelPath).replace(/^ggml-/, '').replace(/\.bin$/, '')

  let context: Promise<WhisperContext> | undefined
  const load = (): Promise<WhisperContext> => {
    if (binding instanceof Error) return Promise.reject(binding)
    // whisper.cpp logs the load on stderr. Its log can be routed to JS only through a callback
    // that deadlocks when the (synchronous) load itself logs, so it is left as it is.
    context ??= binding.initWhisper({ filePath: options.modelPath, useGpu: false }).catch((e: unknown) => {
      context = undefined
      throw e
    })
    return context
  }
  const loaded = TE.tryCatch(load, (e) => fail(unusable(options.modelPath, `whisper.cpp could not load it (${(e as Error).message})`)))
  // One window at a time: the native context serialises on a mutex anyway, and a waiting call would
  // hold a libuv thread. Queued per window, so a short recording is not held up by a long one to its end.
  let queue: Promise<unknown> = Promise.resolve()
  const serially = <A>(task: () => Promise<A>): Promise<A> => {
    const run = queue.then(task, task)
    queue = run.catch(() => undefined)
    return run
  }

  /** One window's samples, read from the decoded file, through one `transcribeData` call; times on the window's clock. */
  const recogniseWindow =
    (speaker: string, asked: string) =>
    (job: WindowJob): TE.TaskEither<TranscriptionFailure, WindowText> =>
      TE.tryCatch(
        () =>
          serially(async () => {
            const ctx = await load()
            const lengthMs = job.window.endMs - job.window.startMs
            const samples = await readWindowSamples(job.wav.path, await findPcm(job.wav.path), job.window).catch((e: unknown) => {
              throw fail(`could not read the decoded audio: ${(e as Error).message}`)
            })
            if (samples.length === 0) return { utterances: [] }
            // Detected once, in the first window, then kept: as whisper.cpp keeps what it detects in a file's first 30 s.
            const language = asked === AUTO_LANGUAGE ? (job.languageSoFar ?? asked) : asked
            const { promise } = ctx.transcribeData(samples.buffer as ArrayBuffer, {
              language,
              maxThreads: threads,
              ...(options.temperatureInc === undefined ? {} : { temperatureInc: options.temperatureInc }),
              onProgress: (percent) => job.heard((percent / 100) * lengthMs),
              onNewSegments: ({ segments }) => job.heard(Math.max(0, ...segments.map((s) => s.t1))),
            })
            const result = await promise
            return {
              utterances: toUtterances(result.segments, { durationMs: lengthMs, speaker }),
              ...(result.language ? { language: result.language } : {}),
            }
          }),
        (e) => ((e as TranscriptionFailure)._tag === 'TranscriptionFailure' ? (e as TranscriptionFailure) : fail(`speech recognition failed: ${(e as Error).message}`)),
      )

  return {
    name: 'whisper',
    model: modelName,
    available: problem === undefined,
    languages: multilingual ? 'any' : ['en'],
    ...(problem === undefined ? {} : { setupHint: problem }),
    ...(model === undefined ? {} : { modelInfo: model }),
    transcribe: (audio, onProgress) => {
      if (problem !== undefined) return TE.left(fail(problem))
      const asked = languageFor(audio.language)
      const progress = progressTracker(onProgress)
      return withWav16kMono(
        audio.path,
        (f) => fail(f.message),
        (wav) =>
          pipe(
            loaded,
            TE.flatMap(() => {
              progress.at(0)
              return transcribeInWindows(
                wav,
                {
                  windowMs,
                  threads: 1,
                  // The model, the windows and the language asked decide the words.
                  engine: `whisper:${modelName}:${windowMs}:${asked}`,
                  onProgress: progress.at,
                  ...(options.ffmpegPath === undefined ? {} : { ffmpegPath: options.ffmpegPath }),
                  ...(audio.checkpoint === undefined ? {} : { checkpoint: audio.checkpoint }),
                  ...(audio.signal === undefined ? {} : { signal: audio.signal }),
                },
                recogniseWindow(audio.defaultSpeaker, asked),
              )
            }),
            TE.map(({ utterances, language }) => {
              const spoken = language ?? (asked === AUTO_LANGUAGE ? undefined : asked)
              return { utterances, durationMs: wav.durationMs, ...(spoken === undefined ? {} : { language: spoken }) }
            }),
            (task) => () => task().finally(progress.stop),
          ),
        options.ffmpegPath === undefined ? {} : { ffmpegPath: options.ffmpegPath },
      )
    },
    close: async () => {
      const current = context
      context = undefined
      if (current !== undefined) await serially(async () => (await current.catch(() => undefined))?.release())
    },
  }
}
