/** The header's way to the Notifications page, with the unread count, read again every minute. */
import { useEffect } from 'preact/hooks'
import { Link, useLocation } from '../../router.js'
import { useSession } from '../../session.js'
import { useInterval } from '../../use-async.js'
import { setUnread, useUnread } from './unread.js'

const POLL_MS = 60_000

export const NotificationsEntry = () => {
  const { api } = useSession()
  const unread = useUnread()
  const here = useLocation().pathname === '/notifications'
  const read = () =>
    api.request('get', '/notifications', { query: { limit: 1 } }).then(
      (r) => setUnread(r.data.unreadCount),
      // The count is a hint: a failed read keeps the last one, and the page itself says what went wrong.
      () => {},
    )
  useEffect(() => void read(), [])
  useInterval(() => void read(), POLL_MS, true)
  const count = unread ?? 0
  return (
    <Link href="/notifications" class="notifications-entry" aria-current={here ? 'page' : undefined} aria-label={count === 0 ? 'Notifications' : `Notifications, ${count} unread`}>
      Notifications{count === 0 ? null : <span class="unread-count">{` (${count})`}</span>}
    </Link>
  )
}
