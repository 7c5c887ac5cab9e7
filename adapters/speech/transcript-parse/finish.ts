import * as E from 'fp-ts/lib/Either.js'
import type { Utterance } from '../../../src/core/domain/recordings/utterance.js'
import type { SkippedPart, TranscriptParseFailure } from '../../../src/core/ports/transcript-parser.js'
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

/** What a format reader made of a file: its stretches of text, and the parts it left out. */
export interface Reading {
  readonly drafts: ReadonlyArray<Draft>
  readonly skipped: ReadonlyArray<SkippedPart>
}

export const reading = (drafts: ReadonlyArray<Draft>, skipped: ReadonlyArray<SkippedPart> = []): Reading => ({ drafts, skipped })

export interface Finished {
  readonly utterances: ReadonlyArray<Utterance>
  readonly skipped: ReadonlyArray<SkippedPart>
}

/**
 * The common last step of every format: whitespace normalised, empty stretches dropped,
 * missing speakers named Unknown, and a stable sort by start so equal starts keep file order.
 * A file with nothing readable left is refused, naming the first part that could not be read.
 */
export const finish = (r: Reading): E.Either<TranscriptParseFailure, Finished> => {
  const utterances = r.drafts
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
  const skipped = [...r.skipped].sort((a, b) => a.line - b.line)
  if (utterances.length > 0) return E.right({ utterances, skipped })
  const first = skipped[0]
  if (first === undefined) return E.left(failWhole('the transcript has no utterances'))
  const others = skipped.length - 1
  return E.left({
    _tag: 'TranscriptParseFailure',
    line: first.line,
    message: `${first.message}; nothing readable remains in the file${others > 0 ? ` (${others} more ${others === 1 ? 'problem' : 'problems'} after it)` : ''}`,
  })
}
