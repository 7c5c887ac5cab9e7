import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Utterance } from '../../../src/core/domain/recordings/utterance.js'
import type { FinishedWindow, ProgressListener, TranscriptionCheckpoint, TranscriptionFailure } from '../../../src/core/ports/transcriber.js'
import type { DecodedWav } from '../audio/index.js'
import { runPool } from './pool.js'
import { findSilences } from './silences.js'
import { planWindows, type Span, type Window } from './windows.js'

export interface WindowedOptions {
  /** Longest window; longer audio is cut in the middle of its pauses (ffmpeg `silencedetect`). `Infinity`: one window. */
  readonly windowMs: number
  /** Windows recognised at once. */
  readonly threads: number
  readonly ffmpegPath?: string
  /** Where finished windows are kept, so a transcription cut off resumes after them. */
  readonly checkpoint?: TranscriptionCheckpoint
  /** The checkpoint's name for this engine and everything that decides its windows and words. */
  readonly engine: string
  /** Rises from above 0 to exactly 1; windows reused from the checkpoint count as done from the start. */
  readonly onProgress?: ProgressListener
  /** Aborts when processing passed its time limit: no window starts after it, and a running one is told (WindowJob.signal). */
  readonly signal?: AbortSignal
}

/** One window handed to the engine. */
export interface WindowJob {
  readonly wav: DecodedWav
  /** On the file's clock. */
  readonly window: Window
  /** Its place in the plan, from 0 (names scratch files). */
  readonly index: number
  /** The window is the whole file: nothing to cut out. */
  readonly whole: boolean
  /** The language of the earliest window, in the audio's order, finished so far that reported one. */
  readonly languageSoFar?: string
  /** How far into the window (ms on its own clock) the engine has got, for progress. */
  readonly heard: (ms: number) => void
  /** Aborts when processing passed its time limit: an engine that runs a program kills it. */
  readonly signal?: AbortSignal
}

/** What the engine heard in one window. */
export interface WindowText {
  /** On the window's own clock (0 is its start). */
  readonly utterances: ReadonlyArray<Utterance>
  readonly language?: string
}

export type RecogniseWindow = (job: WindowJob) => TE.TaskEither<TranscriptionFailure, WindowText>

export interface WindowedTranscription {
  /** On the file's clock, in time order. */
  readonly utterances: Utterance[]
  /** The language of the earliest window that reported one. */
  readonly language?: string
}

const fail = (message: string): TranscriptionFailure => ({ _tag: 'TranscriptionFailure', message })

/** "1:05" for a place in the audio, in failure messages. */
const clock = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}`

const key = (s: Span) => `${s.startMs}-${s.endMs}`

const planFor = (wav: DecodedWav, options: WindowedOptions): TE.TaskEither<TranscriptionFailure, Window[]> =>
  wav.durationMs <= options.windowMs
    ? TE.right([{ startMs: 0, endMs: wav.durationMs, silent: false }])
    : pipe(
        findSilences(wav.path, wav.durationMs, {
          timeoutMs: Math.max(60_000, wav.durationMs / 10),
          ...(options.ffmpegPath === undefined ? {} : { ffmpegPath: options.ffmpegPath }),
        }),
        TE.mapLeft(fail),
        TE.map((silences) => planWindows(wav.durationMs, silences, { maxMs: options.windowMs })),
      )

/** The windows an earlier attempt finished with this engine, by their bounds. */
const savedWindows = async (options: WindowedOptions): Promise<Map<string, FinishedWindow>> => {
  if (options.checkpoint === undefined) return new Map()
  // A checkpoint that cannot be read is no reason to fail: its windows are only done again.
  const saved = await options.checkpoint.load(options.engine).catch(() => [])
  return new Map(saved.map((w) => [key(w), w]))
}

const onFileClock = (utterances: ReadonlyArray<Utterance>, window: Span): Utterance[] => {
  const clamp = (ms: number) => Math.min(window.endMs, Math.max(window.startMs, ms + window.startMs))
  return utterances.map((u) => ({ ...u, start_ms: clamp(u.start_ms), end_ms: clamp(u.end_ms) }))
}

/**
 * Transcribes a decoded 16 kHz mono WAV window by window: audio longer than `windowMs` is cut in
 * the middle of its pauses, windows wholly in a pause are skipped, windows the checkpoint already
 * holds for this `engine` (same bounds exactly) are reused, and the rest go to `recognise`, up to
 * `threads` at once. Each window is saved to the checkpoint as soon as it is finished, so a restart
 * loses at most the windows that were running.
 */
export const transcribeInWindows = (
  wav: DecodedWav,
  options: WindowedOptions,
  recognise: RecogniseWindow,
): TE.TaskEither<TranscriptionFailure, WindowedTranscription> =>
  pipe(
    planFor(wav, options),
    TE.flatMap((windows) => TE.fromTask(async () => ({ windows, saved: await savedWindows(options) }))),
    TE.flatMap(({ windows, saved }) => {
      const lengthOf = (w: Span) => w.endMs - w.startMs
      const finished: Array<FinishedWindow | undefined> = windows.map((w) =>
        w.silent ? { startMs: w.startMs, endMs: w.endMs, utterances: [] } : saved.get(key(w)),
      )
      // Progress: the audio heard so far in every window (whole once a window is done), over the file's length.
      const heard = windows.map((w, i) => (finished[i] === undefined ? 0 : lengthOf(w)))
      let reported = 0
      let settled = false
      const reportFraction = (fraction: number) => {
        if (settled || fraction <= reported) return
        reported = fraction
        options.onProgress?.(fraction)
      }
      const report = () => reportFraction(Math.min(1, heard.reduce((a, b) => a + b, 0) / Math.max(1, wav.durationMs)))
      report()
      const languageSoFar = () => finished.find((w) => w?.language !== undefined)?.language
      const todo = windows.flatMap((_, i) => (finished[i] === undefined ? [i] : []))

      const runWindow = async (n: number): Promise<E.Either<TranscriptionFailure, void>> => {
        const index = todo[n]!
        const window = windows[index]!
        if (options.signal?.aborted === true) return E.left(fail('speech recognition was stopped: processing passed its time limit'))
        let running = true
        const language = languageSoFar()
        const job: WindowJob = {
          wav,
          window,
          index,
          whole: windows.length === 1,
          ...(language === undefined ? {} : { languageSoFar: language }),
          ...(options.signal === undefined ? {} : { signal: options.signal }),
          heard: (ms) => {
            if (!running) return
            // Only the end of the task says the window is done.
            heard[index] = Math.max(heard[index]!, Math.min(ms, lengthOf(window) * 0.99))
            report()
          },
        }
        const result = await recognise(job)().catch((e: unknown) => E.left(fail(`speech recognition failed: ${(e as Error).message}`)))
        running = false
        if (E.isLeft(result)) return result
        const done: FinishedWindow = {
          startMs: window.startMs,
          endMs: window.endMs,
          utterances: onFileClock(result.right.utterances, window),
          ...(result.right.language === undefined ? {} : { language: result.right.language }),
        }
        finished[index] = done
        await options.checkpoint?.save(options.engine, done).catch(() => undefined)
        heard[index] = lengthOf(window)
        report()
        return E.right(undefined)
      }

      return pipe(
        () => runPool(todo.length, options.threads, runWindow),
        TE.bimap(
          ({ index, failure }) => {
            settled = true
            const window = windows[todo[index]!]!
            // An engine that names the place itself ("while transcribing 10:00–15:00") is not told it again.
            const named = failure.message.includes(`${clock(window.startMs)}–${clock(window.endMs)}`)
            return windows.length === 1 || named ? failure : fail(`${failure.message} (in the audio from ${clock(window.startMs)} to ${clock(window.endMs)})`)
          },
          (): WindowedTranscription => {
            reportFraction(1)
            settled = true
            const language = languageSoFar()
            const utterances = finished.flatMap((w) => w?.utterances ?? []).sort((a, b) => a.start_ms - b.start_ms || a.end_ms - b.end_ms)
            return { utterances, ...(language === undefined ? {} : { language }) }
          },
        ),
      )
    }),
  )
