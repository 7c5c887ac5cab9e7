import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { Utterance } from '../domain/recordings/utterance.js'

export type TranscriptFormat = 'vtt' | 'srt' | 'txt' | 'json'

export interface TranscriptParseFailure {
  readonly _tag: 'TranscriptParseFailure'
  /** 1-based line of the file where reading failed, when there is one. */
  readonly line: number | null
  /** Words a user understands, naming the line, e.g. "line 12: timestamp '00:01' is not valid". */
  readonly message: string
}

/** A part of the file that could not be read and was left out (a bad cue, a stray line), as browsers skip them. */
export interface SkippedPart {
  /** 1-based line where the part starts. */
  readonly line: number
  /** Words a user understands, starting with the line, e.g. "line 14: '00:01:xx --> 00:01:05.000' is not a valid cue timing". */
  readonly message: string
}

export interface ParsedTranscript {
  readonly utterances: ReadonlyArray<Utterance>
  /** What was left out, in file order; the file is refused instead when nothing readable remains. */
  readonly skipped: ReadonlyArray<SkippedPart>
  /** The character encoding the file was read in when it had to be guessed (no byte order mark, not UTF-8); else null. */
  readonly guessedEncoding: string | null
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
 * Reads a transcript made elsewhere, from the file's bytes (its character encoding found by the
 * adapter), into utterances in order. Reading a large file is CPU work: adapters keep it off the
 * thread that answers requests.
 */
export interface TranscriptParser {
  parse(format: TranscriptFormat, bytes: Uint8Array, limits: ParseLimits, options?: Stoppable): TE.TaskEither<TranscriptParseFailure, ParsedTranscript>
}
