import type { NotificationStore } from '../../../src/core/ports/notification-store.js'
import { NOTIFICATION_COLUMNS, type NotificationRow, notificationValues, toNotification } from '../shared/rows/notifications.js'
import { attempt, count, type Pool, rows } from './database.js'

export const postgresNotificationStore = (pool: Pool): NotificationStore => ({
  add: (n) =>
    attempt(async () => {
      await pool.query(`INSERT INTO notifications (${NOTIFICATION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [...notificationValues(n)])
    }),
  list: (accountId, q) =>
    attempt(async () => {
      const [found, total] = await Promise.all([
        rows<NotificationRow>(pool, `SELECT ${NOTIFICATION_COLUMNS} FROM notifications WHERE account_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`, [accountId, q.limit, q.offset]),
        count(pool, 'SELECT count(*) AS n FROM notifications WHERE account_id = $1', [accountId]),
      ])
      return { rows: found.map(toNotification), total, limit: q.limit, offset: q.offset }
    }),
  countUnread: (accountId) => attempt(() => count(pool, 'SELECT count(*) AS n FROM notifications WHERE account_id = $1 AND read_at IS NULL', [accountId])),
  markRead: (accountId, ids, at) =>
    attempt(async () => {
      const result =
        ids === null
          ? await pool.query('UPDATE notifications SET read_at = $1 WHERE account_id = $2 AND read_at IS NULL', [at, accountId])
          : await pool.query('UPDATE notifications SET read_at = $1 WHERE account_id = $2 AND read_at IS NULL AND id = ANY($3::text[])', [at, accountId, [...ids]])
      return result.rowCount ?? 0
    }),
})
