import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type ProcessFailure, runProcess, summariseStderr } from '../audio/index.js'
import { parseSilences, type Span } from './windows.js'

export interface SilenceOptions {
  /** Quieter than this counts as silence; default -35 dB (below the level of speech, above a quiet room). */
  readonly noiseDb?: number
  /** Shortest silence worth cutting at; default 300 ms (a pause between sentences, not between words). */
  readonly minSilenceMs?: number
  readonly ffmpegPath?: string
  readonly timeoutMs: number
}

/**
 * The silences of a (decoded) file, from ffmpeg's `silencedetect`, one pass over the file
 * without holding it: the filter's findings are printed to stdout, a few lines per silence.
 */
export const findSilences = (path: string, durationMs: number, options: SilenceOptions): TE.TaskEither<string, Span[]> => {
  const filter = `silencedetect=noise=${options.noiseDb ?? -35}dB:d=${(options.minSilenceMs ?? 300) / 1000},ametadata=mode=print:file='pipe\\:1'`
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-i', path, '-af', filter, '-f', 'null', '-']
  const describe = (f: ProcessFailure) => (f._tag === 'TimedOut' ? `it took longer than ${f.timeoutMs} ms` : f._tag === 'NotInstalled' ? `${f.binary} is not installed` : f.message)
  return pipe(
    runProcess(options.ffmpegPath ?? 'ffmpeg', args, { timeoutMs: options.timeoutMs }),
    TE.mapLeft((f) => `could not find the pauses in the audio: ${describe(f)}`),
    TE.flatMap((r) =>
      r.exitCode === 0
        ? TE.right(parseSilences(r.stdout, durationMs))
        : TE.left(`could not find the pauses in the audio: ${summariseStderr(r.stderrTail) || `ffmpeg exited with code ${r.exitCode}`}`),
    ),
  )
}
