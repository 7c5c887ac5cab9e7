import type * as E from 'fp-ts/Either'
import type { Utterance } from '../domain/utterance.js'

export type TranscriptFormat = 'vtt' | 'srt' | 'txt' | 'json'

export interface TranscriptParseFailure {
  readonly _tag: 'TranscriptParseFailure'
  /** 1-based line of the file where reading failed, when there is one. */
  readonly line: number | null
  /** Words a user understands, naming the line, e.g. "line 12: timestamp '00:01' is not valid". */
  readonly message: string
}

/** Reads a transcript made elsewhere into utterances, in order. */
export interface TranscriptParser {
  parse(format: TranscriptFormat, text: string): E.Either<TranscriptParseFailure, ReadonlyArray<Utterance>>
}
