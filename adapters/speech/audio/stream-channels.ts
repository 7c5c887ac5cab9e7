import { basename } from 'node:path'
import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type AudioFailure, audioFailure } from './audio-failure.js'
import { notAudio } from './not-audio.js'
import { formatLimit, type ProcessFailure, runProcess, summariseStderr } from './run-process.js'

export interface StreamChannelsOptions {
  /** Program to run; default `ffprobe` from PATH (Debian's ffmpeg package). */
  readonly ffprobePath?: string
  /** Kill ffprobe after this long; default 60 s (it reads headers and a few packets, not the whole file). */
  readonly timeoutMs?: number
}

const DEFAULT_TIMEOUT_MS = 60_000

const describeProcessFailure = (f: ProcessFailure): string => {
  switch (f._tag) {
    case 'NotInstalled':
      return `${f.binary} is not installed or not on PATH (Debian: apt-get install ffmpeg)`
    case 'TimedOut':
      return `reading it took longer than ${formatLimit(f.timeoutMs)} and was stopped`
    case 'SpawnFailed':
      return `${f.binary} could not be started: ${f.message}`
  }
}

/**
 * ffprobe's complaint without what only the server knows: the file's path here (the user knows it
 * by what they uploaded) and the "[mov,mp4,... @ 0x55…]" prefix naming a library's internals.
 */
const inWords = (text: string, path: string): string =>
  text.split(path).join('the file').split(basename(path)).join('the file').replace(/\[[^\]]* @ 0x[0-9a-f]+\] */g, '')

const readChannels = (stdout: string): number | null => {
  try {
    const parsed = JSON.parse(stdout) as { streams?: ReadonlyArray<{ channels?: unknown }> }
    const channels = parsed.streams?.[0]?.channels
    return typeof channels === 'number' && Number.isInteger(channels) && channels > 0 ? channels : null
  } catch {
    return null
  }
}

/**
 * How many channels the first audio stream carries, as ffprobe reads the stream itself (the
 * codec's own configuration, decoding a few packets where it must), not the container header:
 * ffmpeg's mono AAC in .m4a/.mp4 says two channels in its MP4 header and one in the stream,
 * and music-metadata believes the header. Runs at lower CPU priority, bounded in time.
 */
export const streamChannels = (path: string, options: StreamChannelsOptions = {}): TE.TaskEither<AudioFailure, number> =>
  pipe(
    runProcess(
      options.ffprobePath ?? 'ffprobe',
      ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=channels', '-of', 'json', path],
      { timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, maxStdoutBytes: 64 * 1024 },
    ),
    TE.mapLeft((f) => audioFailure(`could not read the audio's channels: ${describeProcessFailure(f)}`)),
    TE.flatMap((r) => {
      if (r.exitCode !== 0)
        return TE.left(notAudio(path, inWords(summariseStderr(r.stderrTail), path) || `ffprobe exited with code ${r.exitCode}`))
      const channels = readChannels(r.stdout)
      return channels === null ? TE.left(audioFailure('the file has no audio track we can read')) : TE.right(channels)
    }),
  )
