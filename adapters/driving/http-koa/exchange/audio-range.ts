import { Readable } from 'node:stream'
import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import parseRange from 'range-parser'
import type { AppError } from '../../../../src/core/errors.js'
import type { AudioFile } from '../../../../src/core/recordings/index.js'
import { evaluatePreconditions, type Headers, ifRangeHolds, preconditionFailed, strongEtag, validatorHeaders, type Validators } from './conditional.js'
import type { Reply } from '../route.js'

/** What a Range header asks of a file: all of it (200), one part (206), or nothing it has (416). */
export type RangeChoice =
  | { readonly kind: 'whole' }
  | { readonly kind: 'part'; readonly start: number; readonly end: number }
  | { readonly kind: 'unsatisfiable' }

const WHOLE: RangeChoice = { kind: 'whole' }
const UNSATISFIABLE: RangeChoice = { kind: 'unsatisfiable' }

/**
 * Reads a Range header against a file of `size` bytes, as RFC 9110 §14 says:
 * - no header, another unit (`lines=1-2`), a malformed one (`bytes=abc`), or an
 *   invalid range (`bytes=5-1`, the last byte before the first): ignored, the whole file;
 * - several ranges (`bytes=0-1,5-9`): the whole file too, rather than a multipart answer;
 * - one range: that part, its end cut to the file's (`bytes=0-99`, `bytes=100-`);
 *   a suffix (`bytes=-500`) is the last bytes, all of them when the file is shorter (§14.1.2);
 * - a range starting at or past the end (`bytes=999999-`), or `bytes=-0`: unsatisfiable (416).
 * range-parser reads the syntax; its -1 ("no satisfiable range") also covers the
 * invalid range and the long suffix, which are told apart here, and its `combine`
 * option is not used, because several ranges are answered whole, never merged.
 */
export const chooseRange = (size: number, header: string | undefined): RangeChoice => {
  if (header === undefined || size === 0) return WHOLE
  const eq = header.indexOf('=')
  if (eq === -1 || header.slice(0, eq).trim().toLowerCase() !== 'bytes' || header.includes(',', eq)) return WHOLE
  const spec = header.slice(eq + 1)
  const parsed = parseRange(size, `bytes=${spec}`)
  if (parsed === -2) return WHOLE
  if (parsed !== -1) return { kind: 'part', start: parsed[0]!.start, end: parsed[0]!.end }
  const dash = spec.indexOf('-')
  const first = spec.slice(0, dash).trim()
  const last = spec.slice(dash + 1).trim()
  if (first === '') return Number(last) > 0 ? { kind: 'part', start: 0, end: size - 1 } : UNSATISFIABLE
  if (last !== '' && Number(last) < Number(first)) return WHOLE
  return UNSATISFIABLE
}

/** The audio's validators: a strong ETag from the stored file's version (no hashing of its bytes), Last-Modified from when it was stored. */
export const audioValidators = (audio: AudioFile): Validators => ({ etag: strongEtag('audio', audio.version), lastModified: new Date(audio.modifiedAt) })

/**
 * Serves audio with its validators (`ETag`, `Last-Modified`), conditional requests (RFC 9110
 * §13.2.2: If-Match and If-Unmodified-Since failing answer 412, If-None-Match and
 * If-Modified-Since 304) and HTTP Range (`chooseRange`), which If-Range can veto: the whole
 * file answers 200, one range 206 with Content-Range, and an unsatisfiable range 416 with
 * `Content-Range: bytes *\/size`; 412 and 416 carry a VALIDATION_ERROR envelope.
 */
export const serveAudio = (audio: AudioFile, headers: Headers, now: Date): TE.TaskEither<AppError, Reply<never>> => {
  const validators = audioValidators(audio)
  const base = { 'accept-ranges': 'bytes', 'content-type': audio.mimeType, 'cache-control': 'private, max-age=0', ...validatorHeaders(validators) }
  const precondition = evaluatePreconditions(headers, validators)
  if (precondition.outcome === 'failed') return TE.right(preconditionFailed('audio', precondition.header, validators))
  if (precondition.outcome === 'not-modified') return TE.right({ status: 304, stream: null, headers: base })
  const rangeHeader = headers['range']
  // A Range under an If-Range that no longer holds asks for the whole file, as it is now.
  const choice = chooseRange(audio.size, typeof rangeHeader === 'string' && ifRangeHolds(headers, validators, now) ? rangeHeader : undefined)
  if (choice.kind === 'unsatisfiable') {
    const body = JSON.stringify({
      error: { code: 'VALIDATION_ERROR', message: `The range is outside the ${audio.size} bytes of the audio`, details: [{ path: 'Range', message: `must start below ${audio.size}` }] },
    })
    return TE.right({ status: 416, stream: Buffer.from(body), headers: { ...base, 'content-type': 'application/json; charset=utf-8', 'content-range': `bytes */${audio.size}` } })
  }
  const part = choice.kind === 'part' ? choice : null
  const range = part ?? { start: 0, end: audio.size - 1 }
  return pipe(
    audio.read(part === null ? undefined : range),
    TE.map((bytes) => ({
      status: part === null ? 200 : 206,
      stream: Readable.from(bytes),
      headers: {
        ...base,
        'content-length': String(range.end - range.start + 1),
        ...(part === null ? {} : { 'content-range': `bytes ${range.start}-${range.end}/${audio.size}` }),
      },
    })),
  )
}
