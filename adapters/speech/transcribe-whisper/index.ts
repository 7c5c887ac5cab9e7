import { availableParallelism } from 'node:os'
import { basename } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Transcriber, TranscriptionFailure } from '../../../src/core/ports/transcriber.js'
import { AUTO_LANGUAGE, baseLanguage } from '../../../src/core/domain/recordings/language.js'
import { withWav16kMono } from '../audio/index.js'
import { findPcm, transcribeInWindows, windowBytes, type WindowJob, type WindowText } from '../transcribe-windows/index.js'
import { gpuBuildProblem, loadBinding, type WhisperGpu, type WhisperModule } from './binding.js'
import { EngineStopped, type EngineProcess, startEngine } from './engine-process.js'
import { cutLoops, mostlyOnePhrase, repetitionWarning } from './repetition.js'
import { progressTracker, toUtterances } from './segments.js'
import { readWhisperModelInfo, type WhisperModelInfo } from './model-file.js'

export { readWhisperModelInfo, type WhisperModelInfo } from './model-file.js'
export { toUtterances } from './segments.js'
export { cutLoops, cutLoopsInText, mostlyOnePhrase } from './repetition.js'
export { residentBytes } from './engine-process.js'
export { gpuBuildPackage, gpuBuildProblem, WHISPER_GPUS, type WhisperContext, type WhisperGpu, type WhisperModule } from './binding.js'

export interface WhisperOptions {
  /** A whisper.cpp ggml model file, e.g. DATA_DIR/models/ggml-base.en.bin. */
  readonly modelPath: string
  /**
   * A language code, or `auto` to detect it (multilingual models only); an upload's own language
   * comes first. Default: `auto` for multilingual models. English-only models (`*.en`) always use `en`.
   */
  readonly language?: string
  /** CPU threads for one transcription. Default: all cores but one (at least 1, at most 4), so a core is left to the server. */
  readonly threads?: number
  /**
   * Resident memory (bytes) the speech engine's process may hold; past it the process is killed and the
   * window fails. Default: 2.5 × the model file + 400 MB (see defaultMaxMemoryBytes).
   */
  readonly maxMemoryBytes?: number
  /**
   * whisper.cpp's GPU build to run on (NOTETAKER_WHISPER_GPU); absent: the CPU build. A build that is not
   * installed is not used: the CPU build transcribes and `gpuProblem` says why.
   */
  readonly gpu?: WhisperGpu
  /** A module the engine's process loads instead of `@fugood/whisper.node`, for tests (one that crashes, say). */
  readonly bindingModule?: string
  readonly ffmpegPath?: string
  /** Temperature step of whisper.cpp's retries on unreliable windows (default 0.2, as whisper.cpp); 0 turns them off. */
  readonly temperatureInc?: number
  /** Longest stretch given to whisper.cpp at once; longer audio is cut in the middle of its pauses. Default 5 minutes. */
  readonly windowMs?: number
}

export interface WhisperTranscriber extends Transcriber {
  /** The threads one transcription uses. */
  readonly threads: number
  /** The memory bound of the engine's process, in bytes. */
  readonly maxMemoryBytes: number
  /** The GPU build it runs on; null: the CPU build. */
  readonly gpu: WhisperGpu | null
  /** Why the GPU build asked for is not used, in words; absent when none was asked or it is used. */
  readonly gpuProblem?: string
  /** Process ids of the engine processes running now (one per transcription under way), for tests. */
  readonly enginePids: () => ReadonlyArray<number>
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

interface Written {
  readonly startMs: number
  readonly endMs: number
  readonly texts: ReadonlyArray<string>
}

/** "1:05" for a place in the audio. */
const clock = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}`

/** All cores but one, so one is left to the server; at least 1, and at most 4 (whisper.cpp gains little past that). */
export const defaultThreads = (cores: number = availableParallelism()) => Math.max(1, Math.min(4, cores - 1))

/**
 * The memory bound for a model of `modelBytes`: whisper.cpp holds the weights (the file's size),
 * its key-value caches and compute buffers (whisper.cpp logs them at load: about 120 MB even for
 * the 4 MB test model, most of it the decoder's logits), node itself (about 60 MB), and one window of samples
 * (20 MB for five minutes). 2.5 × the file + 400 MB leaves room for all of that and for the
 * temperature retries, and still stops a process running away (base.en: 770 MB; large-v3: 8 GB).
 * Measured: 369 MB at most for a generated model of base's shape (141 MB), bound 753 MB.
 */
export const defaultMaxMemoryBytes = (modelBytes: number) => Math.round(2.5 * modelBytes + 400 * 1024 * 1024)

/**
 * Offline speech to text with whisper.cpp (through `@fugood/whisper.node`). The model file is
 * checked when the transcriber is created (`available`). Each transcription runs whisper.cpp in
 * a child process of its own (engine-process.ts), at a lower CPU priority, with the model loaded
 * there once: a crash, an abort or memory past the bound fails the window it happened in, never
 * the server. The audio is decoded to a WAV on disk and given to whisper.cpp a window at a time
 * (the child reads the window's samples from the file), so memory stays bounded by one window
 * however long the recording. One window runs at a time across transcriptions, so the threads
 * given are all whisper.cpp takes; other transcriptions' windows wait their turn. Windows that
 * are silence throughout are not given to Whisper, loops it writes are cut, and a transcript
 * that is mostly one phrase says so in `warnings`. `binding` replaces `@fugood/whisper.node` for
 * the check that it is installed (tests).
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
  const gpuProblem = options.gpu === undefined ? null : gpuBuildProblem(options.gpu)
  const gpu = options.gpu !== undefined && gpuProblem === null ? options.gpu : null
  const threads = options.threads ?? defaultThreads()
  const maxMemoryBytes = options.maxMemoryBytes ?? defaultMaxMemoryBytes(model?.bytes ?? 0)
  const windowMs = options.windowMs ?? DEFAULT_WINDOW_MS
  const modelName = basename(options.modelPath).replace(/^ggml-/, '').replace(/\.bin$/, '')
  const running = new Set<EngineProcess>()

  // One window at a time across transcriptions: each is given all the threads. Queued per window,
  // so a short recording is not held up by a long one to its end.
  let queue: Promise<unknown> = Promise.resolve()
  const serially = <A>(task: () => Promise<A>): Promise<A> => {
    const run = queue.then(task, task)
    queue = run.catch(() => undefined)
    return run
  }

  /** One transcription's engine process, started with its first window, and what Whisper wrote before loops were cut. */
  const session = (signal: AbortSignal | undefined) => {
    let engine: EngineProcess | undefined
    const written: Written[] = []
    const engineFor = async (): Promise<EngineProcess> => {
      if (engine !== undefined) return engine
      const started = startEngine({
        modelPath: options.modelPath,
        maxMemoryBytes,
        ...(gpu === null ? {} : { gpu }),
        ...(options.bindingModule === undefined ? {} : { bindingModule: options.bindingModule }),
        ...(signal === undefined ? {} : { signal }),
      })
      engine = started
      running.add(started)
      await started.loaded.catch((e: unknown) => {
        if (signal?.aborted === true) throw fail('speech recognition was stopped: processing passed its time limit')
        const why = e instanceof EngineStopped ? e.message.replace(/^the speech engine /, 'it ') : (e as Error).message
        throw fail(unusable(options.modelPath, `whisper.cpp could not load it (${why})`))
      })
      return started
    }
    const stop = () => {
      if (engine === undefined) return
      engine.stop()
      running.delete(engine)
    }
    return { engineFor, written, stop }
  }

  /** One window through the transcription's engine process; times on the window's clock. */
  const recogniseWindow =
    (speaker: string, asked: string, current: ReturnType<typeof session>) =>
    (job: WindowJob): TE.TaskEither<TranscriptionFailure, WindowText> =>
      TE.tryCatch(
        () =>
          serially(async () => {
            const lengthMs = job.window.endMs - job.window.startMs
            const pcm = await findPcm(job.wav.path).catch((e: unknown) => {
              throw fail(`could not read the decoded audio: ${(e as Error).message}`)
            })
            const engine = await current.engineFor()
            // Detected once, in the first window, then kept: as whisper.cpp keeps what it detects in a file's first 30 s.
            const language = asked === AUTO_LANGUAGE ? (job.languageSoFar ?? asked) : asked
            const answer = await engine
              .transcribe(
                {
                  wav: job.wav.path,
                  ...windowBytes(pcm, job.window),
                  lengthMs,
                  language,
                  threads,
                  ...(options.temperatureInc === undefined ? {} : { temperatureInc: options.temperatureInc }),
                },
                job.heard,
              )
              .catch((e: unknown) => {
                if (job.signal?.aborted === true) throw fail('speech recognition was stopped: processing passed its time limit')
                if (e instanceof EngineStopped)
                  throw fail(`the speech engine ${e.what} while transcribing ${clock(job.window.startMs)}–${clock(job.window.endMs)}${e.why === null ? '' : `: ${e.why}`}`)
                throw e
              })
            current.written.push({ startMs: job.window.startMs, endMs: job.window.endMs, texts: answer.segments.map((s) => s.text) })
            return {
              utterances: toUtterances(cutLoops(answer.segments), { durationMs: lengthMs, speaker }),
              ...(answer.language ? { language: answer.language } : {}),
            }
          }),
        (e) => ((e as TranscriptionFailure)._tag === 'TranscriptionFailure' ? (e as TranscriptionFailure) : fail(`speech recognition failed: ${(e as Error).message}`)),
      )

  /** Whisper's own words (loops not cut) where this run transcribed the window, the saved ones where a checkpoint gave it. */
  const textsOf = (utterances: ReadonlyArray<{ start_ms: number; text: string }>, written: ReadonlyArray<Written>) => {
    const fresh = (ms: number) => written.some((w) => ms >= w.startMs && ms <= w.endMs)
    return [...written.flatMap((w) => w.texts), ...utterances.filter((u) => !fresh(u.start_ms)).map((u) => u.text)]
  }

  return {
    name: 'whisper',
    model: modelName,
    threads,
    maxMemoryBytes,
    gpu,
    ...(gpuProblem === null ? {} : { gpuProblem }),
    enginePids: () => [...running].flatMap((e) => (e.pid === undefined ? [] : [e.pid])),
    available: problem === undefined,
    languages: multilingual ? 'any' : ['en'],
    ...(problem === undefined ? {} : { setupHint: problem }),
    ...(model === undefined ? {} : { modelInfo: model }),
    transcribe: (audio, onProgress) => {
      if (problem !== undefined) return TE.left(fail(problem))
      const asked = languageFor(audio.language)
      const progress = progressTracker(onProgress)
      const current = session(audio.signal)
      return withWav16kMono(
        audio.path,
        (f) => fail(f.message),
        (wav) =>
          pipe(
            TE.fromIO(() => progress.at(0)),
            TE.flatMap(() =>
              transcribeInWindows(
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
                recogniseWindow(audio.defaultSpeaker, asked, current),
              ),
            ),
            TE.map(({ utterances, language }) => {
              const spoken = language ?? (asked === AUTO_LANGUAGE ? undefined : asked)
              const phrase = mostlyOnePhrase(textsOf(utterances, current.written))
              return {
                utterances,
                durationMs: wav.durationMs,
                ...(spoken === undefined ? {} : { language: spoken }),
                ...(phrase === null ? {} : { warnings: [repetitionWarning(phrase)] }),
              }
            }),
            (task) => () =>
              task().finally(() => {
                progress.stop()
                current.stop()
              }),
          ),
        options.ffmpegPath === undefined ? {} : { ffmpegPath: options.ffmpegPath },
      )
    },
    close: async () => {
      for (const engine of running) engine.stop()
      running.clear()
    },
  }
}
