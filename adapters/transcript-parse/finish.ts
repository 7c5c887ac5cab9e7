import * as E from 'fp-ts/lib/Either.js'
import type { Utterance } from '../../src/core/domain/utterance.js'
import type { TranscriptParseFailure } from '../../src/core/ports/transcript-parser.js'
import { failWhole } from './failure.js'
import { normaliseText } from './speaker-prefix.js'

export const UNKNOWN_SPEAKER = 'Unknown'

/** A stretch of text as a format reader found it, before clean-up. */
export interface Draft {
  readonly start_ms: number
  readonly end_ms: number
  readonly speaker: string | null
  readonly text: string
}

/**
 * The common last step of every format: whitespace normalised, empty stretches dropped,
 * missing speakers named Unknown, and a stable sort by start so equal starts keep file order.
 */
export const finish = (drafts: ReadonlyArray<Draft>): E.Either<TranscriptParseFailure, ReadonlyArray<Utterance>> => {
  const utterances = drafts
    .map((d) => ({
      start_ms: d.start_ms,
      end_ms: Math.max(d.start_ms, d.end_ms),
      speaker: d.speaker === null || d.speaker.trim() === '' ? UNKNOWN_SPEAKER : normaliseText(d.speaker),
      text: normaliseText(d.text),
    }))
    .filter((u) => u.text !== '')
    .map((u, index) => ({ u, index }))
    .sort((a, b) => a.u.start_ms - b.u.start_ms || a.index - b.index)
    .map(({ u }) => u)
  return utterances.length === 0 ? E.left(failWhole('the transcript has no utterances')) : E.right(utterances)
}
