import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { Notification } from '../domain/notification.js'
import type { Page, PageQuery } from '../domain/page.js'
import type { StoreFailure } from '../errors.js'

/** Each account's in-app notifications; every query is scoped by the account. */
export interface NotificationStore {
  add(notification: Notification): TE.TaskEither<StoreFailure, void>
  /** The account's notifications, newest first (then by id, descending). */
  list(accountId: string, page: PageQuery): TE.TaskEither<StoreFailure, Page<Notification>>
  countUnread(accountId: string): TE.TaskEither<StoreFailure, number>
  /**
   * Marks the account's unread notifications with these ids (every one when `ids` is null) read at `at`;
   * ids of other accounts' or unknown notifications are passed over, and one read already keeps its `readAt`.
   * Answers how many it marked.
   */
  markRead(accountId: string, ids: ReadonlyArray<string> | null, at: string): TE.TaskEither<StoreFailure, number>
}
