import type * as O from 'fp-ts/lib/Option.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { Meeting, MeetingWindow } from '../domain/meetings/meeting.js'
import type { MeetingWrites } from '../domain/meetings/meeting-sync-plan.js'
import type { Page } from '../domain/page.js'
import type { StoreFailure } from '../errors.js'

export interface MeetingQuery extends MeetingWindow {
  readonly limit: number
  readonly offset: number
}

/** What a sync's plan is given: the meetings it must see (see planSync). */
export interface SyncScope {
  readonly connectionId: string
  /** Meetings of the connection with these externalIds, removed ones included. */
  readonly externalIds: ReadonlyArray<string>
  /** And the connection's listed meetings in this window. */
  readonly window: { readonly from: string; readonly to: string }
}

/**
 * Meetings, manual and from calendars. Every method is scoped to an account:
 * rows of other accounts are never seen. Removed meetings (removedAt set) are
 * never listed and `find` does not return them; `findAny` does, for the run
 * engine, which must learn that a meeting went away.
 */
export interface MeetingStore {
  create(meeting: Meeting): TE.TaskEither<StoreFailure, Meeting>
  /** A listed meeting. */
  find(accountId: string, id: string): TE.TaskEither<StoreFailure, O.Option<Meeting>>
  /** A meeting whether listed or removed. */
  findAny(accountId: string, id: string): TE.TaskEither<StoreFailure, O.Option<Meeting>>
  /**
   * Listed meetings in the window (starting before `to`, not ended by `from`;
   * null ends are open), ordered by startsAt then id; `total` counts them all.
   */
  list(accountId: string, query: MeetingQuery): TE.TaskEither<StoreFailure, Page<Meeting>>
  /**
   * Replaces a listed meeting with `change(current)` atomically: no other write
   * lands between the read and the write. None when there is no listed meeting
   * with this id. `change` may remove it (set removedAt).
   */
  update(accountId: string, id: string, change: (current: Meeting) => Meeting): TE.TaskEither<StoreFailure, O.Option<Meeting>>
  /**
   * Runs a sync in one transaction: reads the meetings `scope` names, asks
   * `plan` for the writes, applies them, and returns them. No other write to
   * these meetings lands in between.
   */
  reconcile(
    accountId: string,
    scope: SyncScope,
    plan: (existing: ReadonlyArray<Meeting>) => MeetingWrites,
  ): TE.TaskEither<StoreFailure, MeetingWrites>
  /**
   * Listed meetings of every account that start in [from, to), by startsAt then
   * id, after `after` (exclusive), at most `limit`: how the recording engine
   * finds meetings about to begin.
   */
  startingBetween(
    from: string,
    to: string,
    after: { readonly startsAt: string; readonly id: string } | null,
    limit: number,
  ): TE.TaskEither<StoreFailure, ReadonlyArray<Meeting>>
  /**
   * How many listed meetings each calendar connection of the account holds that have not ended by
   * `from` (under way or to come), by connection id; a connection without any is left out.
   */
  countUpcomingByConnection(accountId: string, from: string): TE.TaskEither<StoreFailure, Readonly<Record<string, number>>>
  /** Removes (as the user) every listed meeting of a connection; returns them as they are now. */
  removeForConnection(accountId: string, connectionId: string, at: string): TE.TaskEither<StoreFailure, ReadonlyArray<Meeting>>
}
