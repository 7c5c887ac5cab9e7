import type * as O from 'fp-ts/Option'
import type * as TE from 'fp-ts/TaskEither'
import type { DraftActionItem, Notes } from '../domain/notes.js'
import type { Page, PageQuery } from '../domain/page.js'
import type { Run, RunState } from '../domain/run.js'
import type { Upload } from '../domain/upload.js'
import type { Utterance } from '../domain/utterance.js'
import type { AppError, StoreFailure } from '../errors.js'

export interface RunStore {
  create(run: Run): TE.TaskEither<StoreFailure, Run>
  find(accountId: string, runId: string): TE.TaskEither<StoreFailure, O.Option<Run>>
  /**
   * Replaces a run only while it is still in one of `expected` states, so two
   * writers cannot both move it; Conflict otherwise.
   */
  update(run: Run, expected: ReadonlyArray<RunState>): TE.TaskEither<AppError, Run>
  /** Listed runs (not superseded), newest start first. */
  list(accountId: string, page: PageQuery): TE.TaskEither<StoreFailure, Page<Run>>
  /** The current run (the newest that is not superseded) of each of these meetings that has one. */
  currentForMeetings(accountId: string, meetingIds: ReadonlyArray<string>): TE.TaskEither<StoreFailure, ReadonlyMap<string, Run>>
  /** Runs created since `since` that count against the allowance (not cancelled, skipped or superseded). */
  countSince(accountId: string, since: string): TE.TaskEither<StoreFailure, number>
}

export interface UploadStore {
  create(upload: Upload): TE.TaskEither<StoreFailure, Upload>
  find(accountId: string, uploadId: string): TE.TaskEither<StoreFailure, O.Option<Upload>>
  findByRun(accountId: string, runId: string): TE.TaskEither<StoreFailure, O.Option<Upload>>
  update(upload: Upload): TE.TaskEither<StoreFailure, Upload>
  /** Newest first. */
  list(accountId: string, page: PageQuery): TE.TaskEither<StoreFailure, Page<Upload>>
}

export interface ActionItem extends DraftActionItem {
  readonly id: string
}

export interface StoredNotes extends Omit<Notes, 'actionItems'> {
  readonly actionItems: ReadonlyArray<ActionItem>
}

/** A run's notes and transcript, written together and replaced whole, so re-processing never duplicates. */
export interface NotesStore {
  replace(runId: string, notes: StoredNotes, utterances: ReadonlyArray<Utterance>): TE.TaskEither<StoreFailure, void>
  find(runId: string): TE.TaskEither<StoreFailure, O.Option<StoredNotes>>
  /** Utterances in order. */
  transcript(runId: string, page: PageQuery): TE.TaskEither<StoreFailure, Page<Utterance>>
}
