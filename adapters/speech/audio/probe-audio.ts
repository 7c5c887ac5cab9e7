import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type IAudioMetadata, parseFile, parseStream } from 'music-metadata'
import { type AudioFailure, audioFailure } from './audio-failure.js'
import { mimeTypeForFilename } from './mime-types.js'
import { notAudio } from './not-audio.js'

export interface AudioProbe {
  readonly durationMs: number
  /** Container as music-metadata names it, e.g. "WAVE", "MPEG", "Ogg", "EBML/webm". */
  readonly container: string | null
  readonly mimeType: string | null
  // No channel count: container headers can be wrong about it (ffmpeg's mono AAC in MP4 says
  // two), so channels are read from the stream with `streamChannels`.
}

const unreadable = (reason: string): AudioFailure => audioFailure(`the file is not audio Notetaker can read: ${reason}`)

// music-metadata reports cut-short files as warnings rather than errors (e.g. a WAV whose
// data chunk claims more bytes than the file has); we treat those as unreadable. Its other
// WAV warning, "Data chunk size exceeds file size", fires on every well-formed file
// (music-metadata 11 subtracts the chunk before comparing), so it is not matched here.
const TRUNCATION_WARNING = /exceeding file length|end-of-stream|end of stream|truncat|before reaching last page/i

const CONTAINER_MIME: ReadonlyArray<readonly [RegExp, string]> = [
  [/^WAVE/i, 'audio/wav'],
  [/^MPEG$/i, 'audio/mpeg'],
  [/^Ogg/i, 'audio/ogg'],
  [/webm/i, 'audio/webm'],
  [/^FLAC/i, 'audio/flac'],
  [/^M4A/i, 'audio/mp4'],
  [/^(isom|mp4|MPEG-4)/i, 'video/mp4'],
]

const mimeFor = (path: string, container: string): string | null =>
  CONTAINER_MIME.find(([re]) => re.test(container))?.[1] ?? mimeTypeForFilename(path)

/**
 * Reads a file's container and duration without decoding it. Fails on an empty file, a file
 * that is not audio, or one visibly cut short. Truncation that leaves consistent headers (a
 * constant-bitrate MP3 cut between frames, a FLAC whose STREAMINFO still declares the full
 * length) cannot be seen without decoding and passes.
 */
export const probeAudio = (path: string): TE.TaskEither<AudioFailure, AudioProbe> =>
  pipe(
    TE.tryCatch(
      () => stat(path),
      (e) => audioFailure(`cannot open the file: ${(e as Error).message}`),
    ),
    TE.flatMap((info) => (info.size === 0 ? TE.left(unreadable('the file is empty')) : TE.right(info))),
    TE.flatMap((info) =>
      TE.tryCatch(
        () => readMetadata(path, info.size),
        (e) => notAudio(path, describeParseError(e)),
      ),
    ),
    TE.flatMap((meta) => {
      const { container, duration } = meta.format
      if (container === undefined) return TE.left(notAudio(path, 'no audio format was recognised'))
      const truncation = meta.quality.warnings.find((w) => TRUNCATION_WARNING.test(w.message))
      if (truncation !== undefined) return TE.left(unreadable(`the file looks cut short (${truncation.message})`))
      if (duration === undefined || !Number.isFinite(duration) || duration <= 0)
        return TE.left(unreadable(`its ${container} header gives no duration; the file may be cut short`))
      return TE.right({ durationMs: Math.round(duration * 1000), container, mimeType: mimeFor(path, container) })
    }),
  )

const OPTIONS = { duration: true, skipCovers: true } as const

/**
 * music-metadata picks its parser by extension when it reads a file, so a recording with the
 * wrong extension (an MP3 named .wav) reads as nothing. Reading it again as a stream that
 * carries no file name (a file stream would lend it its path) makes it sniff the content.
 */
const readMetadata = async (path: string, size: number): Promise<IAudioMetadata> => {
  const byName = await parseFile(path, OPTIONS)
  if (byName.format.container !== undefined) return byName
  const file = createReadStream(path)
  const anonymous = Readable.from(file)
  try {
    return await parseStream(anonymous, { size }, OPTIONS)
  } finally {
    anonymous.destroy()
    file.destroy()
  }
}

const describeParseError = (e: unknown): string => {
  const message = e instanceof Error ? e.message : String(e)
  if (/end-of-stream/i.test(message)) return 'the file ends too early (it may be cut short)'
  if (/failed to determine audio format|guessed mime-type not supported/i.test(message)) return 'no audio format was recognised'
  return message
}
