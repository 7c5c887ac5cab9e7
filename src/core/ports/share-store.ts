import type * as O from 'fp-ts/lib/Option.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { Page, PageQuery } from '../domain/page.js'
import type { RecordingFilter, SearchMatch } from '../domain/recordings/recording-filter.js'
import type { Run } from '../domain/recordings/run.js'
import type { Share } from '../domain/recordings/share.js'
import type { AppError, StoreFailure } from '../errors.js'

/** A listed run and the share the caller reaches it through (null for its own run). */
export interface ReachableRun {
  readonly run: Run
  readonly share: Share | null
  /** With a search (`filter.search`): where it was found. Absent otherwise. */
  readonly match?: SearchMatch
}

/**
 * Shares of recordings with email addresses. Nothing here is cached: a revoked
 * share stops reaching its recipient at the next read.
 */
export interface RecordingShareStore {
  /** Adds a share; Conflict when the run is shared with this email already. */
  create(share: Share): TE.TaskEither<AppError, Share>
  /** The shares of one of the owner's runs, oldest first. */
  listForRun(ownerAccountId: string, runId: string): TE.TaskEither<StoreFailure, ReadonlyArray<Share>>
  /** Removes one share of the owner's run and answers it as it was; None when the owner has no such share. */
  remove(ownerAccountId: string, runId: string, shareId: string): TE.TaskEither<StoreFailure, O.Option<Share>>
  /** Removes every share of the owner's run (the run is being deleted). */
  removeForRun(ownerAccountId: string, runId: string): TE.TaskEither<StoreFailure, void>
  /** The share of this run with this (lowercased) email, if any. */
  findForRecipient(runId: string, email: string): TE.TaskEither<StoreFailure, O.Option<Share>>
  /**
   * One page over the account's own runs and the runs of other accounts shared
   * with `email`, leaving superseded runs out, newest start first (like RunStore.list).
   * A filter narrows the rows (and the total); with a search, the rows are
   * the runs with notes that hold all its words (a run shared at summary scope:
   * in its notes, never its transcript), ordered as SEARCH_TIERS says, each
   * with its `match`.
   */
  listVisible(accountId: string, email: string, page: PageQuery, filter?: RecordingFilter): TE.TaskEither<StoreFailure, Page<ReachableRun>>
}
