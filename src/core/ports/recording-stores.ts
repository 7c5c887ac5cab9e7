import type * as O from 'fp-ts/lib/Option.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { DraftActionItem, Notes } from '../domain/notes/notes.js'
import type { Page, PageQuery } from '../domain/page.js'
import type { Run, RunState } from '../domain/recordings/run.js'
import type { Upload } from '../domain/recordings/upload.js'
import type { Utterance } from '../domain/recordings/utterance.js'
import type { AppError, StoreFailure } from '../errors.js'

/** Why the store refused a new run: the account-wide rules it enforces atomically, across processes. */
export type RunRefusal =
  /** Another run of the account is in a live bot state (LIVE_BOT_STATES); one at a time. */
  | { readonly _tag: 'LiveBotExists'; readonly runId: string; readonly reference: string }
  /** The allowance given in NewRunRules is spent. */
  | { readonly _tag: 'AllowanceSpent'; readonly used: number }
  /** The meeting already has a run for this start (one not superseded or cancelled): the engine never schedules twice. */
  | { readonly _tag: 'MeetingRunExists'; readonly runId: string }

export interface NewRunRules {
  /** Refuse when the account already has `cap` runs counted (see countSince) created since `since`. */
  readonly allowance?: { readonly since: string; readonly cap: number }
}

/**
 * Runs of every origin. Invariants held by every adapter, whatever the number of
 * processes: an account has at most one run in a live bot state (`create` and
 * `update` refuse a second: LiveBotExists / Conflict); a meeting has at most one
 * run per start time that is not superseded or cancelled (MeetingRunExists).
 */
export interface RunStore {
  /** Adds a run, checking both invariants and, when given, the allowance in one step with the insert. */
  create(run: Run, rules?: NewRunRules): TE.TaskEither<StoreFailure | RunRefusal, Run>
  find(accountId: string, runId: string): TE.TaskEither<StoreFailure, O.Option<Run>>
  /**
   * Replaces a run only while it is still in one of `expected` states, so two
   * writers cannot both move it; Conflict otherwise (also when the move would
   * make a second live bot for the account).
   */
  update(run: Run, expected: ReadonlyArray<RunState>): TE.TaskEither<AppError, Run>
  /**
   * Sets the run's title, and nothing else; None when the account has no such run.
   * The one way a title changes: `update` keeps the stored title, so a writer that
   * read the run before a rename (processing, a bot) never undoes it.
   */
  rename(accountId: string, runId: string, title: string): TE.TaskEither<StoreFailure, O.Option<Run>>
  /** Listed runs (not superseded), newest start first. */
  list(accountId: string, page: PageQuery): TE.TaskEither<StoreFailure, Page<Run>>
  /** The current run (the newest that is not superseded) of each of these meetings that has one. */
  currentForMeetings(accountId: string, meetingIds: ReadonlyArray<string>): TE.TaskEither<StoreFailure, ReadonlyMap<string, Run>>
  /**
   * Marks the run's live bot as asked to leave (only while it is in a live bot
   * state; None otherwise). The mark is sticky: `update` never clears it.
   */
  requestLeave(accountId: string, runId: string, at: string): TE.TaskEither<StoreFailure, O.Option<Run>>
  /**
   * Writes only the run's `progress` (nothing else, not even updatedAt), and only
   * while the run is in `state`; answers whether it was written. A report that
   * comes after the run moved on is dropped, and `update` never waits for it.
   */
  setProgress(accountId: string, runId: string, state: RunState, progress: number): TE.TaskEither<StoreFailure, boolean>
  /** The account's run in a live bot state, if any. */
  findLive(accountId: string): TE.TaskEither<StoreFailure, O.Option<Run>>
  /**
   * Runs created since `since` that count against the allowance
   * (countsAgainstAllowance: not cancelled, skipped or superseded, nor failed
   * without producing anything), plus the tombstones of deleted runs created since then.
   */
  countSince(accountId: string, since: string): TE.TaskEither<StoreFailure, number>
  /**
   * Deletes the run's row and, when it keeps counting (keepsCountingOnceDeleted,
   * judged on the row as it is at that moment), leaves a tombstone (account and
   * creation time, nothing else) that countSince counts, in one step. False when
   * there is no such run. The rows that refer to the run (notes, shares, upload)
   * must be removed first; while one is left, this fails.
   */
  remove(accountId: string, runId: string): TE.TaskEither<StoreFailure, boolean>
  /**
   * The account's runs in `states` that ended before `before` (or started
   * before it, when they never ended), oldest first; with `withAudio`, only
   * those that still have audio. What a retention sweep removes, a batch at a time.
   */
  endedBefore(
    accountId: string,
    before: string,
    options: { readonly states: ReadonlyArray<RunState>; readonly withAudio: boolean; readonly limit: number },
  ): TE.TaskEither<StoreFailure, ReadonlyArray<Run>>
  /**
   * Runs of every account waiting for processing or in it (PROCESSING_STATES),
   * oldest change first: what a starting worker hands back to the queue in case
   * a crash came between storing a recording and queueing its job.
   */
  inProcessing(limit: number): TE.TaskEither<StoreFailure, ReadonlyArray<Pick<Run, 'id' | 'accountId'>>>
  /**
   * Bots sent on demand that have not set off yet (state `queued`) of every
   * account, oldest first: what a starting worker queues again in case a crash
   * came between creating the run and queueing its bot.
   */
  queuedBots(limit: number): TE.TaskEither<StoreFailure, ReadonlyArray<Pick<Run, 'id' | 'accountId'>>>
}

export interface UploadStore {
  create(upload: Upload): TE.TaskEither<StoreFailure, Upload>
  find(accountId: string, uploadId: string): TE.TaskEither<StoreFailure, O.Option<Upload>>
  findByRun(accountId: string, runId: string): TE.TaskEither<StoreFailure, O.Option<Upload>>
  update(upload: Upload): TE.TaskEither<StoreFailure, Upload>
  /** Removes the run's upload record, if it has one (its run is being deleted). */
  removeByRun(accountId: string, runId: string): TE.TaskEither<StoreFailure, void>
  /** Newest first. */
  list(accountId: string, page: PageQuery): TE.TaskEither<StoreFailure, Page<Upload>>
}

export interface ActionItem extends DraftActionItem {
  readonly id: string
}

export interface StoredNotes extends Omit<Notes, 'actionItems'> {
  readonly actionItems: ReadonlyArray<ActionItem>
}

/**
 * A run's notes and transcript, replaced whole, so re-processing never duplicates.
 * A long transcript may be written in slices that let other requests through
 * (SQLite holds one writer): meanwhile the run has no notes and a partial
 * transcript, and the notes appear once the whole transcript is there.
 */
export interface NotesStore {
  /**
   * Replaces the run's transcript and notes whole. `notes` null keeps a transcript without notes
   * (transcribed, not yet analysed; readable, not searchable) and drops any notes the run had.
   */
  replace(runId: string, notes: StoredNotes | null, utterances: ReadonlyArray<Utterance>): TE.TaskEither<StoreFailure, void>
  find(runId: string): TE.TaskEither<StoreFailure, O.Option<StoredNotes>>
  /**
   * Writes the run's search document again from its title, notes and edits as
   * they are now (the document always holds the notes as people edited them):
   * call after a rename or an edit. Nothing when the run has no notes.
   */
  reindex(runId: string): TE.TaskEither<StoreFailure, void>
  /** Utterances in order. */
  transcript(runId: string, page: PageQuery): TE.TaskEither<StoreFailure, Page<Utterance>>
  /**
   * Removes everything this store holds for the run (notes, transcript, and any
   * rows kept beside them), so the run itself can be deleted. Removing twice is harmless.
   */
  remove(runId: string): TE.TaskEither<StoreFailure, void>
}
