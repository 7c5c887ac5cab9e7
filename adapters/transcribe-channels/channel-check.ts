import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type AudioFailure, audioFailure, runProcess } from '../audio/index.js'

/** What the two channels of a stereo file carry. */
export type ChannelLayout = 'one' | 'shared' | 'separate'

const MEAN_VOLUME_RE = /mean_volume:\s*(-?[\d.]+|-inf) dB/

/** ffmpeg's mean volume (dB) of a mix of the file's channels; -Infinity for silence. */
const meanVolume = (ffmpeg: string, path: string, pan: string): TE.TaskEither<AudioFailure, number> =>
  pipe(
    runProcess(ffmpeg, ['-nostdin', '-hide_banner', '-nostats', '-i', path, '-map', '0:a:0', '-af', `pan=mono|c0=${pan},volumedetect`, '-f', 'null', '-'], { timeoutMs: 10 * 60_000 }),
    TE.mapLeft((f) => audioFailure(f._tag === 'NotInstalled' ? `${f.binary} is not installed (Debian: apt-get install ffmpeg)` : `could not measure the channels (${f._tag})`)),
    TE.flatMap((r) => {
      const m = MEAN_VOLUME_RE.exec(r.stderrTail)
      if (r.exitCode !== 0 || m === null) return TE.left(audioFailure('could not measure the channels of the audio'))
      return TE.right(m[1] === '-inf' ? -Infinity : Number(m[1]))
    }),
  )

/**
 * Whether a stereo file holds one voice per channel (a call recorder's layout) or the
 * same sound twice (a mono recording saved as stereo, a room microphone). The
 * difference of the channels tells: with two voices, one per channel, it is as loud as
 * their sum or louder (a voice's energy shows in both); with the same sound in both, it
 * is far quieter (what cancels is what they share).
 */
export const channelLayout = (path: string, channels: number | null, options: { ffmpegPath?: string; marginDb?: number } = {}): TE.TaskEither<AudioFailure, ChannelLayout> => {
  if (channels !== 2) return TE.right('one')
  const ffmpeg = options.ffmpegPath ?? 'ffmpeg'
  return pipe(
    TE.Do,
    TE.bind('difference', () => meanVolume(ffmpeg, path, 'c0-c1')),
    TE.bind('sum', () => meanVolume(ffmpeg, path, '0.5*c0+0.5*c1')),
    TE.map(({ difference, sum }) => (difference >= sum - (options.marginDb ?? 3) ? 'separate' : 'shared')),
  )
}
