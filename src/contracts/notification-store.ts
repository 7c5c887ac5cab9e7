import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Notification } from '../core/domain/notification.js'
import type { NotificationStore } from '../core/ports/notification-store.js'
import { right } from './tasks.js'

const A = 'a0000000-0000-4000-8000-000000000001'
const B = 'b0000000-0000-4000-8000-000000000002'
const id = (n: number) => `70000000-0000-4000-8000-${String(n).padStart(12, '0')}`

const notification = (n: number, over: Partial<Notification> = {}): Notification => ({
  id: id(n),
  accountId: A,
  kind: 'recording-shared',
  text: `Bob shared "Sync ${n}" with you.`,
  link: `/recordings/run-${n}`,
  createdAt: `2026-06-01T00:00:0${n % 10}.000Z`,
  readAt: null,
  ...over,
})

export const notificationStoreContract = (name: string, make: () => Promise<NotificationStore> | NotificationStore) => {
  const s = suite<{ s: NotificationStore }>(`${name}: notification store`)
  s.before.each(async (ctx) => {
    ctx.s = await make()
  })

  s('an account lists its own notifications newest first, paged, and counts the unread', async ({ s }) => {
    await right(s.add(notification(1)))
    await right(s.add(notification(3, { kind: 'organization-invite', link: 'sealed', readAt: '2026-06-01T00:00:09.000Z' })))
    await right(s.add(notification(2)))
    // Same instant: the larger id first.
    await right(s.add(notification(12, { createdAt: notification(2).createdAt })))
    await right(s.add(notification(4, { accountId: B })))
    const page = await right(s.list(A, { limit: 2, offset: 0 }))
    assert.equal(page, { rows: [notification(3, { kind: 'organization-invite', link: 'sealed', readAt: '2026-06-01T00:00:09.000Z' }), notification(12, { createdAt: notification(2).createdAt })], total: 4, limit: 2, offset: 0 })
    assert.equal((await right(s.list(A, { limit: 2, offset: 2 }))).rows.map((n) => n.id), [id(2), id(1)])
    assert.equal(await right(s.countUnread(A)), 3)
    assert.equal(await right(s.countUnread(B)), 1)
    assert.equal(await right(s.list('c0000000-0000-4000-8000-000000000003', { limit: 10, offset: 0 })), { rows: [], total: 0, limit: 10, offset: 0 })
  })

  s('marking read by id passes over other accounts\' and read ones; all marks every unread one', async ({ s }) => {
    await right(s.add(notification(1)))
    await right(s.add(notification(2)))
    await right(s.add(notification(3, { readAt: '2026-06-01T00:00:00.000Z' })))
    await right(s.add(notification(4, { accountId: B })))
    assert.is(await right(s.markRead(A, [id(1), id(3), id(4), 'not-an-id'], '2026-06-02T00:00:00.000Z')), 1)
    const rows = (await right(s.list(A, { limit: 10, offset: 0 }))).rows
    assert.equal(rows.map((n) => [n.id, n.readAt]), [[id(3), '2026-06-01T00:00:00.000Z'], [id(2), null], [id(1), '2026-06-02T00:00:00.000Z']])
    assert.is(await right(s.countUnread(B)), 1, "another account's stays unread")
    assert.is(await right(s.markRead(A, [], '2026-06-03T00:00:00.000Z')), 0)
    assert.is(await right(s.markRead(A, null, '2026-06-03T00:00:00.000Z')), 1)
    assert.is(await right(s.countUnread(A)), 0)
    assert.is(await right(s.countUnread(B)), 1)
    assert.is(await right(s.markRead(A, null, '2026-06-04T00:00:00.000Z')), 0)
  })

  s.run()
}
