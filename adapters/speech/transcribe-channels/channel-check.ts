import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type AudioFailure, audioFailure, formatLimit, runProcess, streamChannels } from '../audio/index.js'

/** What the audio's channels carry: one sound (mono, or one channel silent), the same sound twice, or a voice each. */
export type ChannelLayout = 'one' | 'shared' | 'separate'

/** The mean (RMS) levels, in dBFS, of a two-channel stream: each channel, their difference and their mix (volumedetect reads 16-bit samples: digital silence is about -91). */
export interface ChannelLevels {
  readonly left: number
  readonly right: number
  readonly difference: number
  readonly sum: number
}

export interface ChannelCheckOptions {
  readonly ffmpegPath?: string
  readonly ffprobePath?: string
  /** How close to the mix the difference must come for the channels to be separate; default 3 dB. */
  readonly marginDb?: number
  /** Kill ffmpeg after this long; default 10 minutes, one decoding pass over hours of audio. */
  readonly timeoutMs?: number
}

/** Below this a channel carries nothing (digital silence reads about -91 dBFS, a quiet voice above -45). */
export const SILENT_DBFS = -60
/** A channel this much quieter than the other carries at most the other's bleed, not a voice of its own. */
export const SILENT_BELOW_OTHER_DB = 40

/**
 * The decision on measured levels. A channel that is silent (or far quieter than the other) is
 * never a speaker of its own: the file is one sound. Otherwise the difference of the channels
 * tells: with two voices, one per channel, it is as loud as their mix or louder (a voice's
 * energy shows in both); with the same sound in both, it is far quieter (what cancels is what
 * they share).
 */
export const decideLayout = (levels: ChannelLevels, marginDb = 3): ChannelLayout => {
  const silent = (level: number, other: number) => !(level >= SILENT_DBFS) || level < other - SILENT_BELOW_OTHER_DB
  if (silent(levels.left, levels.right) || silent(levels.right, levels.left)) return 'one'
  return levels.difference >= levels.sum - marginDb ? 'separate' : 'shared'
}

/** What is measured, in this order: each channel, their difference and their mix (pan expressions over the stereo stream). */
const MEASURED = [
  ['left', 'c0'],
  ['right', 'c1'],
  ['difference', 'c0-c1'],
  ['sum', '0.5*c0+0.5*c1'],
] as const

/**
 * One decoding pass, split four ways, each mixed to one channel and measured by volumedetect.
 * ffmpeg names the filters of a graph by their place in it (`Parsed_<filter>_<n>`): aformat is
 * 0, asplit 1, then each measure's pan and volumedetect, so the n-th measure's volumedetect is 3 + 2n.
 */
const FILTER_GRAPH = `[0:a:0]aformat=sample_fmts=flt:channel_layouts=stereo,asplit=${MEASURED.length}${MEASURED.map((_, i) => `[in${i}]`).join('')};${MEASURED.map(([, pan], i) => `[in${i}]pan=mono|c0=${pan},volumedetect[out${i}]`).join(';')}`

const MEAN_VOLUME = /\[Parsed_volumedetect_(\d+) @ [^\]]*\] mean_volume:\s*(-?[\d.]+|-inf) dB/g

/** The four mean volumes of the pass's log; null when one is missing. */
export const readLevels = (stderr: string): ChannelLevels | null => {
  const byFilter = new Map<number, number>()
  for (const m of stderr.matchAll(MEAN_VOLUME)) byFilter.set(Number(m[1]), m[2] === '-inf' ? -Infinity : Number(m[2]))
  const levels = MEASURED.map((_, i) => byFilter.get(3 + 2 * i))
  if (levels.some((l) => l === undefined)) return null
  const [left, right, difference, sum] = levels as number[]
  return { left: left!, right: right!, difference: difference!, sum: sum! }
}

/**
 * Measures the decoded stream in one pass: its two channels, their difference and their mix.
 * The stream is first made stereo as ffmpeg decodes it, so a stream that decodes to one channel
 * whatever its header says gives two equal channels (a difference of silence), never a channel
 * that is not there.
 */
export const measureChannels = (path: string, options: ChannelCheckOptions = {}): TE.TaskEither<AudioFailure, ChannelLevels> => {
  const timeoutMs = options.timeoutMs ?? 10 * 60_000
  const outputs = MEASURED.flatMap((_, i) => ['-map', `[out${i}]`, '-f', 'null', '-'])
  return pipe(
    runProcess(options.ffmpegPath ?? 'ffmpeg', ['-nostdin', '-hide_banner', '-nostats', '-i', path, '-filter_complex', FILTER_GRAPH, ...outputs], { timeoutMs }),
    TE.mapLeft((f) =>
      audioFailure(
        f._tag === 'NotInstalled'
          ? `${f.binary} is not installed or not on PATH (Debian: apt-get install ffmpeg)`
          : f._tag === 'TimedOut'
            ? `measuring the audio's channels took longer than ${formatLimit(timeoutMs)} and was stopped`
            : `could not measure the audio's channels: ${f.message}`,
      ),
    ),
    TE.flatMap((r) => {
      const levels = r.exitCode === 0 ? readLevels(r.stderrTail) : null
      return levels === null
        ? TE.left(audioFailure(r.exitCode === 0 ? "could not measure the audio's channels" : 'the audio could not be decoded to its end; the file may be cut short or damaged'))
        : TE.right(levels)
    }),
  )
}

/**
 * What a file's channels carry, from its decoded stream: the channel count ffprobe reads in
 * the stream (not the container header), then, for two channels, their measured levels.
 * More than two channels (surround) are mixed by the engine as one sound.
 */
export const channelLayout = (path: string, options: ChannelCheckOptions = {}): TE.TaskEither<AudioFailure, ChannelLayout> =>
  pipe(
    streamChannels(path, options.ffprobePath === undefined ? {} : { ffprobePath: options.ffprobePath }),
    TE.flatMap((channels) =>
      channels !== 2 ? TE.right<AudioFailure, ChannelLayout>('one') : pipe(measureChannels(path, options), TE.map((levels) => decideLayout(levels, options.marginDb))),
    ),
  )
