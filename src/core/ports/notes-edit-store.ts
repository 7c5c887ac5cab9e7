import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { ActionItemEdit, NotesEdits, PartEdit, SpeakerName } from '../domain/notes/notes-edits.js'
import type { StoreFailure } from '../errors.js'

/**
 * What people changed in a run's notes (speaker names, action items, summaries, decisions, topics), kept
 * apart from the generated notes: NotesStore.replace never touches them, so
 * re-processing keeps them. Keyed by run id (ids are unique across accounts;
 * callers check who may reach the run first).
 */
export interface NotesEditStore {
  /** Every edit of the run, each list in no particular order; empty lists when there is none. */
  find(runId: string): TE.TaskEither<StoreFailure, NotesEdits>
  /** Sets the speaker's name, replacing an earlier one. */
  putSpeaker(runId: string, speaker: SpeakerName): TE.TaskEither<StoreFailure, void>
  /** Sets the item's edit, replacing an earlier one (the caller merges the fields). */
  putActionItem(runId: string, edit: ActionItemEdit): TE.TaskEither<StoreFailure, void>
  /** Sets the part's edit (a summary, the decisions, a topic label), replacing an earlier one of the same key (partKeyOf). */
  putPart(runId: string, edit: PartEdit): TE.TaskEither<StoreFailure, void>
  /** Forgets the part's edit of that key (partKeyOf), going back to the generated text; harmless when there is none. */
  dropPart(runId: string, key: string): TE.TaskEither<StoreFailure, void>
  /** Forgets every edit of the run (the recording is deleted). Removing twice is harmless. */
  remove(runId: string): TE.TaskEither<StoreFailure, void>
}
