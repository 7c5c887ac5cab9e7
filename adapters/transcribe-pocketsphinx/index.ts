import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Transcriber, TranscriptionFailure } from '../../src/core/ports/transcriber.js'
import { type DecodedWav, formatLimit, type ProcessFailure, runProcess, withWav16kMono } from '../audio/index.js'
import { groupAtPauses, parseTimedWords, progressReader } from './parse-output.js'

export { groupAtPauses, parseTimedWords, progressReader, type TimedWord } from './parse-output.js'
export { pocketsphinxInstalled } from './installed.js'

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
}

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
 * Offline speech to text with CMU PocketSphinx (`pocketsphinx_continuous`), on audio decoded
 * to 16 kHz mono first. One speaker throughout: PocketSphinx cannot tell voices apart.
 */
export const createPocketsphinxTranscriber = (options: PocketsphinxOptions = {}): Transcriber => {
  const binary = options.binary ?? 'pocketsphinx_continuous'
  const recognise = (
    wav: DecodedWav,
    speaker: string,
    onProgress: ((fraction: number) => void) | undefined,
  ): TE.TaskEither<TranscriptionFailure, ReturnType<typeof groupAtPauses>> => {
    const logPath = join(wav.dir, 'pocketsphinx.log')
    const kwsPath = join(wav.dir, 'keywords.list')
    const keywords = options.keywords ?? []
    const args = ['-infile', wav.path, '-time', 'yes', '-logfn', logPath]
    if (keywords.length > 0) args.push('-kws', kwsPath)
    for (const [flag, value] of [['-hmm', options.hmm], ['-lm', options.lm], ['-dict', options.dict]] as const)
      if (value !== undefined) args.push(flag, value)
    const readLog = () => readFile(logPath, 'utf8').catch(() => '')
    return pipe(
      TE.tryCatch(
        () => (keywords.length > 0 ? writeFile(kwsPath, `${keywords.map(keywordLine).join('\n')}\n`) : Promise.resolve()),
        (e) => fail(`could not prepare speech recognition: ${(e as Error).message}`),
      ),
      TE.flatMap(() =>
        pipe(
          runProcess(binary, args, {
            timeoutMs: options.timeoutMs ?? Math.max(60_000, wav.durationMs * 2),
            // Words are printed, with their times, as each stretch of speech is recognised.
            ...(onProgress === undefined ? {} : { onStdout: progressReader(wav.durationMs, onProgress) }),
          }),
          TE.mapLeft((f) => fail(describe(f))),
        ),
      ),
      TE.flatMap((result) =>
        pipe(
          TE.fromTask(readLog),
          TE.flatMap((log) => {
            const problems = problemsIn(log)
            const missing = problems.find((p) => p.includes('missing in the dictionary'))
            if (missing !== undefined) return TE.left(fail(`a keyword cannot be spotted: ${missing}`))
            if (result.exitCode !== 0)
              return TE.left(fail(`speech recognition failed: ${problems.slice(-2).join(' | ') || `${binary} exited with code ${result.exitCode}`}`))
            const words = parseTimedWords(result.stdout)
            return TE.right(groupAtPauses(words, { pauseMs: options.pauseMs ?? 700, speaker, durationMs: wav.durationMs }))
          }),
        ),
      ),
    )
  }
  return {
    name: 'pocketsphinx',
    available: true,
    transcribe: ({ path, defaultSpeaker }, onProgress) =>
      withWav16kMono(
        path,
        (f) => fail(f.message),
        (wav) => pipe(recognise(wav, defaultSpeaker, onProgress), TE.map((utterances) => ({ utterances, durationMs: wav.durationMs }))),
        options.ffmpegPath === undefined ? {} : { ffmpegPath: options.ffmpegPath },
      ),
  }
}
