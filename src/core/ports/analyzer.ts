import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { Attendee, Notes } from '../domain/notes/notes.js'
import type { NotesTemplate } from '../domain/notes/notes-template.js'
import type { Utterance } from '../domain/recordings/utterance.js'
import type { Stoppable } from './transcript-parser.js'

export interface AnalysisInput {
  readonly title: string
  /** ISO date-time the meeting started; relative dates ("by Friday") resolve against it. */
  readonly startsAt: string
  readonly utterances: ReadonlyArray<Utterance>
  /** Invitees known from the calendar, if any; speakers are added by the analyzer. */
  readonly attendees: ReadonlyArray<Attendee>
  /** The summary template chosen for this recording (upload, bot or account default); the general one when absent. */
  readonly template?: NotesTemplate
}

export interface AnalysisFailure {
  readonly _tag: 'AnalysisFailure'
  /** Words a user understands; shown as the upload's or recording's error. */
  readonly message: string
}

/** Turns a transcript into notes. Must be deterministic for the same input. */
export interface Analyzer {
  readonly name: string
  /** Stops (and fails) when `options.signal` aborts: the processing time limit passed. */
  analyze(input: AnalysisInput, options?: Stoppable): TE.TaskEither<AnalysisFailure, Notes>
}
