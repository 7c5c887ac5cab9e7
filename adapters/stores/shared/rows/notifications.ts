// The notifications rows (SQLite migration 30, Postgres 28) as the domain's notifications, shared by the SQL adapters.
import type { Notification } from '../../../../src/core/domain/notification.js'

export interface NotificationRow {
  id: string
  account_id: string
  kind: Notification['kind']
  text: string
  link: string
  created_at: string
  read_at: string | null
}

export const NOTIFICATION_COLUMNS = 'id, account_id, kind, text, link, created_at, read_at'

export const toNotification = (r: NotificationRow): Notification => ({
  id: r.id,
  accountId: r.account_id,
  kind: r.kind,
  text: r.text,
  link: r.link,
  createdAt: r.created_at,
  readAt: r.read_at,
})

export const notificationValues = (n: Notification): ReadonlyArray<string | null> => [n.id, n.accountId, n.kind, n.text, n.link, n.createdAt, n.readAt]
