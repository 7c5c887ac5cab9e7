import type { NotificationStore } from '../../../src/core/ports/notification-store.js'
import { NOTIFICATION_COLUMNS, type NotificationRow, notificationValues, toNotification } from '../shared/rows/notifications.js'
import { attempt, type Db } from './database.js'

export const sqliteNotificationStore = (db: Db): NotificationStore => {
  const insert = db.prepare(`INSERT INTO notifications (${NOTIFICATION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`)
  const page = db.prepare<[string, number, number], NotificationRow>(
    `SELECT ${NOTIFICATION_COLUMNS} FROM notifications WHERE account_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
  )
  const total = db.prepare<[string], number>('SELECT count(*) FROM notifications WHERE account_id = ?').pluck()
  const unread = db.prepare<[string], number>('SELECT count(*) FROM notifications WHERE account_id = ? AND read_at IS NULL').pluck()
  const readAll = db.prepare('UPDATE notifications SET read_at = ? WHERE account_id = ? AND read_at IS NULL')
  // The ids go in as one JSON array, so any number of them is one statement.
  const readSome = db.prepare('UPDATE notifications SET read_at = ? WHERE account_id = ? AND read_at IS NULL AND id IN (SELECT value FROM json_each(?))')
  return {
    add: (n) => attempt(() => void insert.run(...notificationValues(n))),
    list: (accountId, q) =>
      attempt(() => ({ rows: page.all(accountId, q.limit, q.offset).map(toNotification), total: total.get(accountId) ?? 0, limit: q.limit, offset: q.offset })),
    countUnread: (accountId) => attempt(() => unread.get(accountId) ?? 0),
    markRead: (accountId, ids, at) => attempt(() => (ids === null ? readAll.run(at, accountId) : readSome.run(at, accountId, JSON.stringify(ids))).changes),
  }
}
