import type { Notice } from './notice.js'

/**
 * What the web app shows a person who was told something (a notice to the
 * email of their account): the words, where it leads, and whether it was read.
 */
export interface Notification {
  readonly id: string
  readonly accountId: string
  readonly kind: Notice['kind']
  /** One sentence to show, e.g. `Ada shared "Weekly sync" with you.` */
  readonly text: string
  /** A path in the web app, e.g. `/recordings/<runId>`. */
  readonly link: string
  readonly createdAt: string
  /** When the person marked it read; null while unread. */
  readonly readAt: string | null
}

/** A page of notifications, newest first, with how many of the account's are unread in all. */
export interface NotificationPage {
  readonly rows: ReadonlyArray<Notification>
  readonly total: number
  readonly limit: number
  readonly offset: number
  readonly unreadCount: number
}
