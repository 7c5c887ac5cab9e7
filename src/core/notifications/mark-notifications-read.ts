import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import { type AppError, invalidField } from '../errors.js'
import { requireWriter } from '../identity/index.js'
import type { Clock } from '../ports/clock.js'
import type { NotificationStore } from '../ports/notification-store.js'

export interface MarkReadDeps {
  readonly notifications: NotificationStore
  readonly clock: Clock
}

/** Which notifications to mark read: some by id, or every one. */
export type ReadSelection = { readonly ids: ReadonlyArray<string> } | { readonly all: true }

export interface MarkedRead {
  /** How many were unread and are now read. */
  readonly marked: number
  readonly unreadCount: number
}

export const MAX_READ_IDS = 100

/**
 * Marks some or all of the caller's notifications read. Ids that are not the caller's
 * (another account's, unknown) are passed over, as if they were read already.
 */
export const markNotificationsRead =
  (deps: MarkReadDeps) =>
  (actor: Actor, selection: ReadSelection): TE.TaskEither<AppError, MarkedRead> =>
    pipe(
      requireWriter(actor),
      TE.chainFirst(() =>
        'ids' in selection && selection.ids.length > MAX_READ_IDS
          ? TE.left(invalidField('ids', `Mark at most ${MAX_READ_IDS} notifications read at once, or all of them with "all": true.`))
          : TE.right<AppError, void>(undefined),
      ),
      TE.chainW(() => deps.notifications.markRead(actor.accountId, 'ids' in selection ? selection.ids : null, deps.clock.now().toISOString())),
      TE.chainW((marked) =>
        pipe(
          deps.notifications.countUnread(actor.accountId),
          TE.map((unreadCount) => ({ marked, unreadCount })),
        ),
      ),
    )
