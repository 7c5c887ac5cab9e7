import { createHash } from 'node:crypto'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { AudioSource, ProgressListener, Transcriber, TranscriptionFailure } from '../../../src/core/ports/transcriber.js'
import { type DecodedWav, formatLimit, type ProcessFailure, runProcess, withWav16kMono } from '../audio/index.js'
import { findPcm, type Span, transcribeInWindows, type WindowJob, type WindowText, writeWindow } from '../transcribe-windows/index.js'
import { groupAtPauses, parseTimedWords, progressReader, type TimedWord } from './parse-output.js'

export { groupAtPauses, parseTimedWords, progressReader, type TimedWord } from './parse-output.js'
export { pocketsphinxInstalled } from './installed.js'
export { parseSilences, planWindows, type Span, type Window } from '../transcribe-windows/index.js'

/** A phrase to spot, lower case, every word in the model's dictionary. */
export type Keyword = string | { readonly phrase: string; readonly threshold?: number }

export interface PocketsphinxOptions {
  /** Default `pocketsphinx_continuous` (Debian package `pocketsphinx`). */
  readonly binary?: string
  /** Kill the recogniser after this long. Default: twice the audio's length, at least a minute. */
  readonly timeoutMs?: number
  /**
   * Spot only these phrases instead of transcribing freely (`-kws`). Far more reliable on poor
   * audio when the words are known in advance; each becomes one "utterance" where it was heard.
   */
  readonly keywords?: ReadonlyArray<Keyword>
  /** Silence that ends an utterance. Default 700 ms. */
  readonly pauseMs?: number
  /** Acoustic model, language model and dictionary; the Debian package's en-us model when unset. */
  readonly hmm?: string
  readonly lm?: string
  readonly dict?: string
  readonly ffmpegPath?: string
  /** Recognisers run at once, one window each. Default: the machine's cores, at most 2. */
  readonly threads?: number
  /**
   * Longest stretch given to one recogniser; longer audio is cut in the middle of its pauses
   * (ffmpeg `silencedetect`). Default 120 s. `Infinity`: the whole file in one pass.
   */
  readonly windowMs?: number
  /** Extra `pocketsphinx_continuous` flags, replacing `DECODER_FLAGS`; `[]` runs it with its own defaults. */
  readonly decoderFlags?: ReadonlyArray<string>
}

/**
 * pocketsphinx's own defaults: none of `-remove_noise no`, `-remove_silence no`, `-dither yes`,
 * `-lw`, wider beams, `-fwdflat no`, `-bestpath no`, `-wip`, `-silprob` lowered the word error
 * rate over the whole `npm run bench:asr` set (docs/analyzer.md); the option is kept for tuning.
 */
export const DECODER_FLAGS: ReadonlyArray<string> = []

/** Shorter windows cost accuracy (the recogniser's loudness normalisation starts over in each): measured in docs/analyzer.md. */
const DEFAULT_WINDOW_MS = 120_000

const DEFAULT_KEYWORD_THRESHOLD = 1e-20

const fail = (message: string): TranscriptionFailure => ({ _tag: 'TranscriptionFailure', message })

const describe = (f: ProcessFailure): string => {
  switch (f._tag) {
    case 'NotInstalled':
      return `${f.binary} is not installed (Debian: apt-get install pocketsphinx pocketsphinx-en-us)`
    case 'TimedOut':
      return `speech recognition took longer than ${formatLimit(f.timeoutMs)} and was stopped`
    case 'SpawnFailed':
      return `${f.binary} could not be run: ${f.message}`
  }
}

const keywordLine = (k: Keyword): string => {
  const { phrase, threshold } = typeof k === 'string' ? { phrase: k, threshold: undefined } : k
  return `${phrase.trim().toLowerCase()} /${(threshold ?? DEFAULT_KEYWORD_THRESHOLD).toExponential()}/`
}

/** pocketsphinx logs at INFO by the page; only its ERROR and FATAL lines say what went wrong. */
const problemsIn = (log: string): string[] =>
  log
    .split('\n')
    .filter((l) => /^(ERROR|FATAL)/.test(l))
    .map((l) => l.replace(/^(ERROR|FATAL): "[^"]*", line \d+: /, '').trim())

/**
 * Offline speech to text with CMU PocketSphinx (`pocketsphinx_continuous`). The audio is decoded
 * once to a 16 kHz mono WAV on disk, cut at its pauses into windows of at most `windowMs`, and the
 * windows are recognised by up to `threads` child processes at once; word times are moved back to
 * the file's timeline. One speaker throughout: PocketSphinx cannot tell voices apart.
 */
export const createPocketsphinxTranscriber = (options: PocketsphinxOptions = {}): Transcriber => {
  const binary = options.binary ?? 'pocketsphinx_continuous'
  const threads = Math.max(1, Math.floor(options.threads ?? Math.min(2, availableParallelism())))
  const windowMs = options.windowMs ?? DEFAULT_WINDOW_MS
  const keywords = options.keywords ?? []

  /** One window through one recogniser: its words, on the window's own clock. */
  const recognise = (
    wav: DecodedWav,
    input: string,
    name: string,
    span: Span,
    onHeardMs: (ms: number) => void,
    signal: AbortSignal | undefined,
  ): TE.TaskEither<TranscriptionFailure, TimedWord[]> => {
    const logPath = join(wav.dir, `${name}.log`)
    const lengthMs = span.endMs - span.startMs
    const args = ['-infile', input, '-time', 'yes', '-logfn', logPath, ...(options.decoderFlags ?? DECODER_FLAGS)]
    if (keywords.length > 0) args.push('-kws', join(wav.dir, 'keywords.list'))
    for (const [flag, value] of [['-hmm', options.hmm], ['-lm', options.lm], ['-dict', options.dict]] as const)
      if (value !== undefined) args.push(flag, value)
    const readLog = () => readFile(logPath, 'utf8').catch(() => '')
    return pipe(
      runProcess(binary, args, {
        timeoutMs: options.timeoutMs ?? Math.max(60_000, lengthMs * 2),
        // Words are printed, with their times, as each stretch of speech is recognised.
        onStdout: progressReader(lengthMs, (fraction) => onHeardMs(fraction * lengthMs)),
        ...(signal === undefined ? {} : { signal }),
      }),
      TE.mapLeft((f) => fail(describe(f))),
      TE.flatMap((result) =>
        pipe(
          TE.fromTask(readLog),
          TE.flatMap((log) => {
            const problems = problemsIn(log)
            const missing = problems.find((p) => p.includes('missing in the dictionary'))
            if (missing !== undefined) return TE.left(fail(`a keyword cannot be spotted: ${missing}`))
            if (result.exitCode !== 0)
              return TE.left(fail(`speech recognition failed: ${problems.slice(-2).join(' | ') || `${binary} exited with code ${result.exitCode}`}`))
            return TE.right(parseTimedWords(result.stdout))
          }),
        ),
      ),
    )
  }

  const pauseMs = options.pauseMs ?? 700
  // Everything that decides the windows and the words in them: a saved window made otherwise is not reused.
  const engine = `pocketsphinx:${windowMs}:${createHash('sha256')
    .update(JSON.stringify([pauseMs, keywords.map(keywordLine), options.hmm, options.lm, options.dict, options.decoderFlags ?? DECODER_FLAGS]))
    .digest('hex')
    .slice(0, 12)}`

  /** One window, cut out to a file of its own unless it is the whole file; its words grouped into utterances on its own clock. */
  const recogniseWindow = (speaker: string) => async (job: WindowJob): Promise<E.Either<TranscriptionFailure, WindowText>> => {
    const { wav, window, index, whole } = job
    const name = `window-${String(index).padStart(5, '0')}`
    const input = whole ? wav.path : join(wav.dir, `${name}.wav`)
    try {
      if (!whole) await writeWindow(wav.path, await findPcm(wav.path), window, input)
    } catch (e) {
      return E.left(fail(`could not cut the audio into windows: ${(e as Error).message}`))
    }
    const result = await recognise(wav, input, name, window, job.heard, job.signal)()
    if (!whole) await rm(input, { force: true }).catch(() => undefined)
    await rm(join(wav.dir, `${name}.log`), { force: true }).catch(() => undefined)
    return E.map((words: TimedWord[]) => ({ utterances: groupAtPauses(words, { pauseMs, speaker, durationMs: window.endMs - window.startMs }), language: 'en' }))(result)
  }

  const transcribeWav = (wav: DecodedWav, audio: AudioSource, onProgress: ProgressListener | undefined) =>
    pipe(
      TE.tryCatch(
        () => (keywords.length > 0 ? writeFile(join(wav.dir, 'keywords.list'), `${keywords.map(keywordLine).join('\n')}\n`) : Promise.resolve()),
        (e) => fail(`could not prepare speech recognition: ${(e as Error).message}`),
      ),
      TE.flatMap(() =>
        transcribeInWindows(
          wav,
          {
            windowMs,
            threads,
            engine,
            ...(options.ffmpegPath === undefined ? {} : { ffmpegPath: options.ffmpegPath }),
            ...(audio.checkpoint === undefined ? {} : { checkpoint: audio.checkpoint }),
            ...(onProgress === undefined ? {} : { onProgress }),
            ...(audio.signal === undefined ? {} : { signal: audio.signal }),
          },
          (job) => () => recogniseWindow(audio.defaultSpeaker)(job),
        ),
      ),
    )

  return {
    name: 'pocketsphinx',
    available: true,
    languages: ['en'],
    transcribe: (audio, onProgress) =>
      withWav16kMono(
        audio.path,
        (f) => fail(f.message),
        (wav) => pipe(transcribeWav(wav, audio, onProgress), TE.map(({ utterances }) => ({ utterances, durationMs: wav.durationMs, language: 'en' }))),
        options.ffmpegPath === undefined ? {} : { ffmpegPath: options.ffmpegPath },
      ),
  }
}
