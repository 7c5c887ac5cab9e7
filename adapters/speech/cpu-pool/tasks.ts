/**
 * What the worker threads do: read a transcript, analyze one, read a calendar
 * feed. Pure CPU work on values; the answers are plain data (no class
 * instances), so they cross back intact.
 */
import * as E from 'fp-ts/lib/Either.js'
import type { Notes } from '../../../src/core/domain/notes/notes.js'
import type { Utterance } from '../../../src/core/domain/recordings/utterance.js'
import type { AnalysisFailure, AnalysisInput } from '../../../src/core/ports/analyzer.js'
import type { CalendarFailure, CalendarWindow } from '../../../src/core/ports/calendar-provider.js'
import type { ParsedTranscript, ParseLimits, TranscriptFormat, TranscriptParseFailure } from '../../../src/core/ports/transcript-parser.js'
import { analyzeTranscript } from '../../notes/builtin/index.js'
import { type IcsParseOptions, type IcsParseResult, parseIcs } from '../../outbound/calendar-ics/parse-ics.js'
import { parseTranscript } from '../transcript-parse/index.js'
import { fromBatches, toBatches } from './batches.js'

export type Task =
  | { readonly kind: 'parse'; readonly format: TranscriptFormat; readonly bytes: Uint8Array; readonly limits: ParseLimits }
  | { readonly kind: 'analyze'; readonly input: Omit<AnalysisInput, 'utterances'>; readonly utterances: ReadonlyArray<string> }
  | { readonly kind: 'parseIcs'; readonly text: string; readonly window: CalendarWindow; readonly options: IcsParseOptions }

/** A parsed transcript with its utterances as JSON batches (see batches.ts). */
export type ParsedBatches = Omit<ParsedTranscript, 'utterances'> & { readonly batches: ReadonlyArray<string> }

/** A read feed with its events as JSON batches (see batches.ts). */
export type IcsBatches = Omit<IcsParseResult, 'events'> & { readonly batches: ReadonlyArray<string> }

export type Answer =
  | { readonly kind: 'parsed'; readonly result: E.Either<TranscriptParseFailure, ParsedBatches> }
  | { readonly kind: 'analyzed'; readonly result: E.Either<AnalysisFailure, Notes> }
  | { readonly kind: 'parsedIcs'; readonly result: E.Either<CalendarFailure, IcsBatches> }

export const runTask = (task: Task): Answer => {
  if (task.kind === 'parse')
    return {
      kind: 'parsed',
      result: E.map(({ utterances, ...rest }: ParsedTranscript): ParsedBatches => ({ ...rest, batches: toBatches(utterances) }))(
        parseTranscript(task.format, task.bytes, task.limits),
      ),
    }
  if (task.kind === 'parseIcs')
    return {
      kind: 'parsedIcs',
      result: E.map(({ events, ...rest }: IcsParseResult): IcsBatches => ({ ...rest, batches: toBatches(events) }))(
        parseIcs(task.text, task.window, task.options),
      ),
    }
  const analysis = analyzeTranscript({ ...task.input, utterances: fromBatches<Utterance>(task.utterances) })
  return { kind: 'analyzed', result: E.map((a: { notes: Notes }) => a.notes)(analysis) }
}

export default runTask
