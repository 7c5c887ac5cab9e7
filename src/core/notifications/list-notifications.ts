import { sequenceS } from 'fp-ts/lib/Apply.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { NotificationPage } from '../domain/notification.js'
import type { PageQuery } from '../domain/page.js'
import type { AppError } from '../errors.js'
import type { NotificationStore } from '../ports/notification-store.js'
import type { SecretBox } from '../ports/secret-box.js'
import { shown } from './notification-links.js'

export interface NotificationReadDeps {
  readonly notifications: NotificationStore
  readonly secretBox: SecretBox
}

/** The caller's notifications, newest first, with how many are unread. */
export const listNotifications =
  (deps: NotificationReadDeps) =>
  (actor: Actor, page: PageQuery): TE.TaskEither<AppError, NotificationPage> =>
    pipe(
      sequenceS(TE.ApplyPar)({ page: deps.notifications.list(actor.accountId, page), unreadCount: deps.notifications.countUnread(actor.accountId) }),
      TE.map(({ page, unreadCount }) => ({ ...page, rows: page.rows.map(shown(deps.secretBox)), unreadCount })),
    )
