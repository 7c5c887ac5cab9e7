import * as E from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import type { TranscriptFormat, TranscriptParser } from '../../src/core/ports/transcript-parser.js'
import { failWhole } from './failure.js'
import { finish } from './finish.js'
import { parseJson } from './json.js'
import { parsePlainText } from './plain-text.js'
import { parseSrt } from './srt.js'
import { parseVtt } from './vtt.js'

export { renderJson, renderSrt, renderVtt } from './render.js'
export { UNKNOWN_SPEAKER } from './finish.js'

const readers = { vtt: parseVtt, srt: parseSrt, txt: parsePlainText, json: parseJson } as const

/** Reads WebVTT, SRT, plain text and JSON transcripts; see README.md beside this file. */
export const createTranscriptParser = (): TranscriptParser => ({
  parse: (format: TranscriptFormat, text: string) => {
    const read = readers[format]
    // A defect guard for callers that cast an unchecked string to TranscriptFormat.
    if (read === undefined) return E.left(failWhole(`transcripts in the format '${String(format)}' are not supported`))
    return pipe(read(text), E.flatMap(finish))
  },
})
