import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import type { ParsedTranscript, SkippedPart, ParseLimits, TranscriptFormat, TranscriptParseFailure, TranscriptParser } from '../../../src/core/ports/transcript-parser.js'
import { decodeText } from './decode.js'
import { failWhole } from './failure.js'
import { finish, type Reading } from './finish.js'
import { parseJson } from './json.js'
import { parsePlainText } from './plain-text.js'
import { parseSrt } from './srt.js'
import { parseVtt } from './vtt.js'

export { renderJson, renderSrt, renderVtt } from './render.js'
export { UNKNOWN_SPEAKER } from './finish.js'
export { decodeText } from './decode.js'

const readers: Readonly<Record<TranscriptFormat, (text: string) => E.Either<TranscriptParseFailure, Reading>>> = {
  vtt: parseVtt,
  srt: parseSrt,
  txt: parsePlainText,
  json: parseJson,
}

// C0 control characters other than tab, line breaks and form feed mean nothing in a transcript,
// and a NUL cannot be stored by Postgres: they are removed, and the removal is reported.
const CONTROL = /[\x00-\x08\x0B\x0E-\x1F\x7F]/g

const withoutControls = (text: string): { text: string; note: SkippedPart | null } => {
  const first = text.search(CONTROL)
  if (first < 0) return { text, note: null }
  const line = (text.slice(0, first).match(/\r\n|\r|\n/g)?.length ?? 0) + 1
  let count = 0
  const cleaned = text.replace(CONTROL, () => (count++, ''))
  const what = text[first] === '\0' ? 'a NUL character' : 'a control character'
  return { text: cleaned, note: { line, message: `line ${line}: ${count === 1 ? `${what} was` : `${count.toLocaleString('en')} control characters (the first ${what}) were`} removed` } }
}

/** Reads WebVTT, SRT, plain text and JSON transcripts from text, here and now; see README.md beside this file. */
export const parseTranscriptText = (
  format: TranscriptFormat,
  text: string,
  limits: ParseLimits,
): E.Either<TranscriptParseFailure, Omit<ParsedTranscript, 'guessedEncoding'>> => {
  const read = readers[format]
  // A defect guard for callers that cast an unchecked string to TranscriptFormat.
  if (read === undefined) return E.left(failWhole(`transcripts in the format '${String(format)}' are not supported`))
  const cleaned = withoutControls(text)
  return pipe(
    read(cleaned.text),
    E.map((r): Reading => (cleaned.note === null ? r : { ...r, skipped: [cleaned.note, ...r.skipped] })),
    E.flatMap(finish),
    E.filterOrElse(
      (r) => r.utterances.length <= limits.maxUtterances,
      (r) =>
        failWhole(`the transcript has ${r.utterances.length.toLocaleString('en')} utterances; at most ${limits.maxUtterances.toLocaleString('en')} can be processed`),
    ),
  )
}

/** The file's bytes decoded (see decode.ts), then read as parseTranscriptText does. */
export const parseTranscript = (format: TranscriptFormat, bytes: Uint8Array, limits: ParseLimits): E.Either<TranscriptParseFailure, ParsedTranscript> => {
  const decoded = decodeText(bytes)
  return E.map((r: Omit<ParsedTranscript, 'guessedEncoding'>) => ({ ...r, guessedEncoding: decoded.guessed ? decoded.encoding : null }))(
    parseTranscriptText(format, decoded.text, limits),
  )
}

/**
 * The parser on the calling thread: for tests and small inputs. The service
 * uses the pooled one (adapters/speech/cpu-pool), which runs parseTranscript on a worker thread.
 */
export const createTranscriptParser = (): TranscriptParser => ({
  parse: (format, bytes, limits) => () => Promise.resolve(parseTranscript(format, bytes, limits)),
})
