/**
 * One speaker per channel for stereo call recordings: most call recorders save
 * each side of the call in its own channel, which tells the speakers apart
 * better than any clustering. Wraps any transcriber: a stereo file whose
 * channels carry different voices is split, each channel transcribed as its own
 * speaker ("Speaker 1" left, "Speaker 2" right), and the two merged in time;
 * anything else goes to the engine as it is.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Utterance } from '../../../src/core/domain/recordings/utterance.js'
import type {
  AudioSource,
  ProgressListener,
  Transcriber,
  TranscriptionCheckpoint,
  Transcription,
  TranscriptionFailure,
} from '../../../src/core/ports/transcriber.js'
import { type AudioFailure, audioFailure, runProcess } from '../audio/index.js'
import { type ChannelCheckOptions, channelLayout } from './channel-check.js'

export { type ChannelCheckOptions, type ChannelLayout, type ChannelLevels, channelLayout, decideLayout, measureChannels, SILENT_DBFS } from './channel-check.js'

export const CHANNEL_SPEAKERS = ['Speaker 1', 'Speaker 2'] as const

const fail = (f: AudioFailure): TranscriptionFailure => ({ _tag: 'TranscriptionFailure', message: f.message })

/** Left and right as two mono WAVs at the file's own rate, in `dir`. */
const splitChannels = (ffmpeg: string, path: string, dir: string): TE.TaskEither<AudioFailure, readonly [string, string]> => {
  const left = join(dir, 'left.wav')
  const right = join(dir, 'right.wav')
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-i', path, '-filter_complex', '[0:a:0]aformat=channel_layouts=stereo,channelsplit=channel_layout=stereo[l][r]', '-map', '[l]', '-c:a', 'pcm_s16le', left, '-map', '[r]', '-c:a', 'pcm_s16le', right]
  return pipe(
    runProcess(ffmpeg, args, { timeoutMs: 10 * 60_000 }),
    TE.mapLeft((f) => audioFailure(`could not split the channels (${f._tag})`)),
    TE.flatMap((r) => (r.exitCode === 0 ? TE.right([left, right] as const) : TE.left(audioFailure(`could not split the channels: ${r.stderrTail.trim().split('\n').pop() ?? ''}`)))),
  )
}

/** The two channels' utterances in spoken order (by start, then end). */
export const mergeInTime = (a: ReadonlyArray<Utterance>, b: ReadonlyArray<Utterance>): Utterance[] =>
  [...a, ...b].sort((x, y) => x.start_ms - y.start_ms || x.end_ms - y.end_ms)

/** The checkpoint seen by one channel's transcription: its windows kept apart from the other channel's and the whole file's. */
export const channelCheckpoint = (checkpoint: TranscriptionCheckpoint, channel: 'left' | 'right'): TranscriptionCheckpoint => ({
  load: (engine) => checkpoint.load(`${engine}#${channel}`),
  save: (engine, window) => checkpoint.save(`${engine}#${channel}`, window),
})

/** One channel as an audio source of its own. */
const channelSource = (audio: AudioSource, path: string, channel: 'left' | 'right'): AudioSource => {
  const { checkpoint, ...rest } = audio
  return {
    ...rest,
    path,
    defaultSpeaker: CHANNEL_SPEAKERS[channel === 'left' ? 0 : 1],
    ...(checkpoint === undefined ? {} : { checkpoint: channelCheckpoint(checkpoint, channel) }),
  }
}

export const withChannelSpeakers = (inner: Transcriber, options: ChannelCheckOptions = {}): Transcriber => {
  const ffmpeg = options.ffmpegPath ?? 'ffmpeg'
  const bothChannels = (audio: AudioSource, onProgress?: ProgressListener): TE.TaskEither<TranscriptionFailure, Transcription> =>
    TE.bracket(
      TE.tryCatch(
        () => mkdtemp(join(tmpdir(), 'notetaker-channels-')),
        (e) => fail(audioFailure(`cannot create a temporary folder: ${(e as Error).message}`)),
      ),
      (dir) =>
        pipe(
          splitChannels(ffmpeg, audio.path, dir),
          TE.mapLeft(fail),
          // One channel after the other: the engine's own pool already uses the cores.
          TE.flatMap(([left, right]) =>
            pipe(
              inner.transcribe(channelSource(audio, left, 'left'), onProgress === undefined ? undefined : (f) => onProgress(f / 2)),
              TE.flatMap((l) =>
                pipe(
                  inner.transcribe(channelSource(audio, right, 'right'), onProgress === undefined ? undefined : (f) => onProgress(0.5 + f / 2)),
                  TE.map((r): Transcription => {
                    // Each side is detected on its own; the left's answer speaks for the call.
                    const language = l.language ?? r.language
                    // Both sides ran on the same engine; should the inner one name itself, that name is kept.
                    const madeBy = l.madeBy ?? r.madeBy
                    return {
                      utterances: mergeInTime(l.utterances, r.utterances),
                      durationMs: Math.max(l.durationMs, r.durationMs),
                      ...(language === undefined ? {} : { language }),
                      speakerSeparation: 'channels',
                      ...(madeBy === undefined ? {} : { madeBy }),
                    }
                  }),
                ),
              ),
            ),
          ),
        ),
      (dir) => TE.fromTask(() => rm(dir, { recursive: true, force: true })),
    )
  return {
    ...inner,
    transcribe: (audio, onProgress) =>
      pipe(
        // From the decoded stream, not the container header: a mono file is transcribed once whatever its header says.
        channelLayout(audio.path, options),
        TE.mapLeft(fail),
        TE.flatMap((layout) => (layout === 'separate' ? bothChannels(audio, onProgress) : inner.transcribe(audio, onProgress))),
      ),
  }
}
