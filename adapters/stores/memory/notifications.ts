import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Notification } from '../../../src/core/domain/notification.js'
import type { NotificationStore } from '../../../src/core/ports/notification-store.js'

const newestFirst = (a: Notification, b: Notification) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)

export const memoryNotificationStore = (): NotificationStore => {
  const byId = new Map<string, Notification>()
  const of = (accountId: string) => [...byId.values()].filter((n) => n.accountId === accountId)
  return {
    add: (n) => TE.fromIO(() => void byId.set(n.id, { ...n })),
    list: (accountId, page) =>
      TE.fromIO(() => {
        const all = of(accountId).sort(newestFirst)
        return { rows: all.slice(page.offset, page.offset + page.limit), total: all.length, limit: page.limit, offset: page.offset }
      }),
    countUnread: (accountId) => TE.fromIO(() => of(accountId).filter((n) => n.readAt === null).length),
    markRead: (accountId, ids, at) =>
      TE.fromIO(() => {
        const wanted = ids === null ? null : new Set(ids)
        const marked = of(accountId).filter((n) => n.readAt === null && (wanted === null || wanted.has(n.id)))
        for (const n of marked) byId.set(n.id, { ...n, readAt: at })
        return marked.length
      }),
  }
}
