import { Readable } from 'node:stream'
import { pipe } from 'fp-ts/function'
import * as TE from 'fp-ts/TaskEither'
import parseRange from 'range-parser'
import type { AppError } from '../../src/core/errors.js'
import type { AudioFile } from '../../src/core/recordings/index.js'
import type { Reply } from './route.js'

/**
 * Serves audio with HTTP Range (RFC 7233): one range, including suffix
 * (`bytes=-500`) and open-ended (`bytes=100-`) forms, answers 206 with
 * Content-Range; an unsatisfiable range answers 416 with `Content-Range: bytes
 * *\/size`; a malformed or multi-range header is ignored and the whole file sent.
 */
export const serveAudio = (audio: AudioFile, rangeHeader: string | undefined): TE.TaskEither<AppError, Reply<never>> => {
  const base = { 'accept-ranges': 'bytes', 'content-type': audio.mimeType, 'cache-control': 'private, max-age=0' }
  const parsed = rangeHeader === undefined ? -2 : parseRange(audio.size, rangeHeader, { combine: true })
  if (parsed === -1) {
    const body = JSON.stringify({
      error: { code: 'VALIDATION_ERROR', message: `The range is outside the ${audio.size} bytes of the audio`, details: [{ path: 'Range', message: `must start below ${audio.size}` }] },
    })
    return TE.right({ status: 416, stream: Buffer.from(body), headers: { ...base, 'content-type': 'application/json; charset=utf-8', 'content-range': `bytes */${audio.size}` } })
  }
  const single = parsed !== -2 && parsed.type === 'bytes' && parsed.length === 1 ? parsed[0]! : null
  const range = single ?? { start: 0, end: audio.size - 1 }
  return pipe(
    audio.read(single === null ? undefined : range),
    TE.map((bytes) => ({
      status: single === null ? 200 : 206,
      stream: Readable.from(bytes),
      headers: {
        ...base,
        'content-length': String(range.end - range.start + 1),
        ...(single === null ? {} : { 'content-range': `bytes ${range.start}-${range.end}/${audio.size}` }),
      },
    })),
  )
}
