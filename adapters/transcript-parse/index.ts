import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import type { Utterance } from '../../src/core/domain/utterance.js'
import type { ParseLimits, TranscriptFormat, TranscriptParseFailure, TranscriptParser } from '../../src/core/ports/transcript-parser.js'
import { failWhole } from './failure.js'
import { finish } from './finish.js'
import { parseJson } from './json.js'
import { parsePlainText } from './plain-text.js'
import { parseSrt } from './srt.js'
import { parseVtt } from './vtt.js'

export { renderJson, renderSrt, renderVtt } from './render.js'
export { UNKNOWN_SPEAKER } from './finish.js'

const readers = { vtt: parseVtt, srt: parseSrt, txt: parsePlainText, json: parseJson } as const

/** Reads WebVTT, SRT, plain text and JSON transcripts, here and now; see README.md beside this file. */
export const parseTranscript = (format: TranscriptFormat, text: string, limits: ParseLimits): E.Either<TranscriptParseFailure, ReadonlyArray<Utterance>> => {
  const read = readers[format]
  // A defect guard for callers that cast an unchecked string to TranscriptFormat.
  if (read === undefined) return E.left(failWhole(`transcripts in the format '${String(format)}' are not supported`))
  return pipe(
    read(text),
    E.flatMap(finish),
    E.filterOrElse(
      (utterances) => utterances.length <= limits.maxUtterances,
      (utterances) =>
        failWhole(`the transcript has ${utterances.length.toLocaleString('en')} utterances; at most ${limits.maxUtterances.toLocaleString('en')} can be processed`),
    ),
  )
}

/**
 * The parser on the calling thread: for tests and small inputs. The service
 * uses the pooled one (adapters/cpu-pool), which runs parseTranscript on a worker thread.
 */
export const createTranscriptParser = (): TranscriptParser => ({
  parse: (format, text, limits) => () => Promise.resolve(parseTranscript(format, text, limits)),
})
