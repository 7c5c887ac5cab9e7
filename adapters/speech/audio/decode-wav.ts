import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type AudioFailure, audioFailure } from './audio-failure.js'
import { fileKindOf, isUnopenable, notAudio } from './not-audio.js'
import { formatLimit, type ProcessFailure, runProcess, summariseStderr } from './run-process.js'

export interface DecodeOptions {
  /** Program to run; default `ffmpeg` from PATH. */
  readonly ffmpegPath?: string
  /** Kill ffmpeg after this long; default 10 minutes, enough for hours of audio. */
  readonly timeoutMs?: number
}

const DEFAULT_TIMEOUT_MS = 10 * 60 * 1000

const describeProcessFailure = (f: ProcessFailure): string => {
  switch (f._tag) {
    case 'NotInstalled':
      return `${f.binary} is not installed or not on PATH (Debian: apt-get install ffmpeg)`
    case 'TimedOut':
      return `decoding took longer than ${formatLimit(f.timeoutMs)} and was stopped`
    case 'SpawnFailed':
      return `${f.binary} could not be started: ${f.message}`
  }
}

/** A file ffmpeg cannot open is not audio (said so, with its kind when known); audio it fails on is named as such. */
const failedDecoding = (path: string, complaint: string, exitCode: number): AudioFailure => {
  const kind = fileKindOf(path)
  return kind !== null || isUnopenable(complaint) ? notAudio(path, complaint, kind) : audioFailure(`could not decode the audio: ${complaint || `ffmpeg exited with code ${exitCode}`}`)
}

/**
 * Decodes the first audio stream of any container ffmpeg reads into 16 kHz mono 16-bit PCM
 * WAV, the input speech engines expect. Runs ffmpeg without a shell and bounded in time;
 * ffmpeg's own complaint is summarised into the failure.
 */
export const decodeToWav16kMono = (
  inputPath: string,
  outputPath: string,
  options: DecodeOptions = {},
): TE.TaskEither<AudioFailure, void> => {
  const args = [
    '-nostdin', '-hide_banner', '-loglevel', 'error', '-y',
    '-i', inputPath,
    '-map', '0:a:0', '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'wav',
    outputPath,
  ]
  return pipe(
    runProcess(options.ffmpegPath ?? 'ffmpeg', args, { timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS }),
    TE.mapLeft((f) => audioFailure(`could not decode the audio: ${describeProcessFailure(f)}`)),
    TE.flatMap((result) =>
      result.exitCode === 0
        ? TE.right(undefined)
        : TE.left(failedDecoding(inputPath, summariseStderr(result.stderrTail), result.exitCode)),
    ),
  )
}
