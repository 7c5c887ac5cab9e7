import { availableParallelism } from 'node:os'
import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Transcriber, TranscriptionFailure } from '../../src/core/ports/transcriber.js'
import { AUTO_LANGUAGE, baseLanguage } from '../../src/core/domain/language.js'
import { withWav16kMono } from '../audio/index.js'
import { readWavPcm } from '../bot-simulated/speech.js'
import { loadBinding, type WhisperContext } from './binding.js'
import { progressTracker, toUtterances } from './segments.js'
import { readWhisperModelInfo, type WhisperModelInfo } from './model-file.js'

export { readWhisperModelInfo, type WhisperModelInfo } from './model-file.js'
export { toUtterances } from './segments.js'

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

const toFloat32 = (wav: Buffer): Float32Array => {
  const { samples } = readWavPcm(wav)
  const out = new Float32Array(samples.length)
  for (let i = 0; i < samples.length; i++) out[i] = samples[i]! / 32768
  return out
}

/**
 * Offline speech to text with whisper.cpp (through `@fugood/whisper.node`). The model file is
 * checked when the transcriber is created (`available`), loaded on first use and kept; one
 * transcription runs at a time, off the event loop, others wait their turn.
 */
export const createWhisperTranscriber = (options: WhisperOptions): WhisperTranscriber => {
  const binding = loadBinding()
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
  // One at a time: the native context serialises on a mutex anyway, and a waiting call would hold a libuv thread.
  let queue: Promise<unknown> = Promise.resolve()
  const serially = <A>(task: () => Promise<A>): Promise<A> => {
    const run = queue.then(task, task)
    queue = run.catch(() => undefined)
    return run
  }

  const recognise = (pcm: Float32Array, durationMs: number, speaker: string, language: string, onProgress?: (f: number) => void) =>
    TE.tryCatch(
      () =>
        serially(async () => {
          const ctx = await load().catch((e: unknown) => {
            throw fail(unusable(options.modelPath, `whisper.cpp could not load it (${(e as Error).message})`))
          })
          const progress = progressTracker(durationMs, onProgress)
          progress.at(0)
          try {
            const { promise } = ctx.transcribeData(pcm.buffer as ArrayBuffer, {
              language,
              maxThreads: threads,
              ...(options.temperatureInc === undefined ? {} : { temperatureInc: options.temperatureInc }),
              onProgress: (percent) => progress.at(percent / 100),
              onNewSegments: ({ segments }) => progress.reached(segments),
            })
            const result = await promise
            progress.at(1)
            return {
              utterances: toUtterances(result.segments, { durationMs, speaker }),
              durationMs,
              ...(result.language ? { language: result.language } : {}),
            }
          } finally {
            progress.stop()
          }
        }),
      (e) => ((e as TranscriptionFailure)._tag === 'TranscriptionFailure' ? (e as TranscriptionFailure) : fail(`speech recognition failed: ${(e as Error).message}`)),
    )

  return {
    name: 'whisper',
    model: basename(options.modelPath).replace(/^ggml-/, '').replace(/\.bin$/, ''),
    available: problem === undefined,
    languages: multilingual ? 'any' : ['en'],
    ...(problem === undefined ? {} : { setupHint: problem }),
    ...(model === undefined ? {} : { modelInfo: model }),
    transcribe: ({ path, defaultSpeaker, language }, onProgress) =>
      problem !== undefined
        ? TE.left(fail(problem))
        : withWav16kMono(
            path,
            (f) => fail(f.message),
            (wav) =>
              pipe(
                TE.tryCatch(
                  () => readFile(wav.path),
                  (e) => fail(`could not read the decoded audio: ${(e as Error).message}`),
                ),
                TE.flatMap((bytes) => recognise(toFloat32(bytes), wav.durationMs, defaultSpeaker, languageFor(language), onProgress)),
              ),
            options.ffmpegPath === undefined ? {} : { ffmpegPath: options.ffmpegPath },
          ),
    close: async () => {
      const loaded = context
      context = undefined
      if (loaded !== undefined) await serially(async () => (await loaded.catch(() => undefined))?.release())
    },
  }
}
