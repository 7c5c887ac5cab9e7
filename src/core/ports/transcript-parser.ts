import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { Utterance } from '../domain/utterance.js'

export type TranscriptFormat = 'vtt' | 'srt' | 'txt' | 'json'

export interface TranscriptParseFailure {
  readonly _tag: 'TranscriptParseFailure'
  /** 1-based line of the file where reading failed, when there is one. */
  readonly line: number | null
  /** Words a user understands, naming the line, e.g. "line 12: timestamp '00:01' is not valid". */
  readonly message: string
}

export interface ParseLimits {
  /** More utterances than this fail the reading, with a message that says so. */
  readonly maxUtterances: number
}

/** Work a caller may stop: once the signal aborts, the adapter stops the work (ends its thread) and fails. */
export interface Stoppable {
  readonly signal?: AbortSignal
}

/**
 * Reads a transcript made elsewhere into utterances, in order. Reading a large
 * file is CPU work: adapters keep it off the thread that answers requests.
 */
export interface TranscriptParser {
  parse(format: TranscriptFormat, text: string, limits: ParseLimits, options?: Stoppable): TE.TaskEither<TranscriptParseFailure, ReadonlyArray<Utterance>>
}
