/**
 * Telling people: a notice (an invite, a shared recording) reaches the account with its
 * email in the app, and goes by mail when the server sends mail. A failed mail is
 * reported in the delivery, never a failure of what caused it.
 */
import { type NotificationReadDeps, listNotifications } from './list-notifications.js'
import { type MarkReadDeps, markNotificationsRead } from './mark-notifications-read.js'
import { type NotifyDeps, notify } from './notify.js'

export type NotificationDeps = NotifyDeps & NotificationReadDeps & MarkReadDeps

export const notificationUseCases = (deps: NotificationDeps) => ({
  /** Tells the notice's person (never fails: a refused mail is `mailProblem`). */
  notify: notify(deps),
  /** The caller's notifications, newest first, with the unread count. */
  list: listNotifications(deps),
  /** Marks some or all of the caller's notifications read. */
  markRead: markNotificationsRead(deps),
})

export { notify, type NotifyDeps }
export { MAX_READ_IDS, type MarkedRead, type ReadSelection } from './mark-notifications-read.js'
export type { Notice, NoticeDelivery } from '../domain/notice.js'
export type { Notification, NotificationPage } from '../domain/notification.js'
