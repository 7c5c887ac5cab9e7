/** What the signed-in person was told: invites and recordings shared with them, newest first; marked read here. */
import { useState } from 'preact/hooks'
import type { GetData } from '../api.js'
import { Empty, ErrorNote, Loading, PageHeader, Pager } from '../components/feedback.js'
import { useAction } from '../components/manage/use-action.js'
import { setUnread } from '../components/notifications/unread.js'
import { formatDateTime } from '../format.js'
import { Link } from '../router.js'
import { useSession } from '../session.js'
import { useAsync } from '../use-async.js'

type Notification = GetData<'/notifications'>['rows'][number]

const PAGE = 20
const LINK_WORDS: Readonly<Record<Notification['kind'], string>> = {
  'recording-shared': 'Open the recording',
  'organization-invite': 'Open the invite',
  'calendar-reconnect': 'Open Settings → Calendars',
}

const Row = (props: { n: Notification; canWrite: boolean; onRead: (ids: string[]) => void; busy: boolean }) => {
  const { n } = props
  const unread = n.readAt === null
  return (
    <li class={`notification${unread ? ' unread' : ''}`}>
      <div class="notification-body">
        <p>
          {unread ? <span class="visually-hidden">Unread: </span> : null}
          {n.text}
        </p>
        <p class="muted">
          <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
        </p>
      </div>
      <div class="notification-actions">
        <Link href={n.link} onClickCapture={() => (unread && props.canWrite ? props.onRead([n.id]) : undefined)}>
          {LINK_WORDS[n.kind]}
        </Link>
        {unread && props.canWrite ? (
          <button type="button" class="quiet" disabled={props.busy} onClick={() => props.onRead([n.id])}>
            Mark as read
          </button>
        ) : null}
      </div>
    </li>
  )
}

export const NotificationsPage = () => {
  const { api, canWrite } = useSession()
  const [offset, setOffset] = useState(0)
  const action = useAction()
  const list = useAsync(async () => {
    const page = (await api.request('get', '/notifications', { query: { limit: PAGE, offset } })).data
    setUnread(page.unreadCount)
    return page
  }, [offset])
  const markRead = (body: { ids: string[] } | { all: true }) =>
    void action.run(async () => {
      const done = (await api.request('post', '/notifications/read', { body })).data
      setUnread(done.unreadCount)
      await list.reload(true)
    })
  const page = list.data
  const unread = page?.unreadCount ?? 0
  return (
    <>
      <PageHeader
        title="Notifications"
        actions={
          canWrite && unread > 0 ? (
            <button type="button" disabled={action.busy} onClick={() => markRead({ all: true })}>
              Mark all as read
            </button>
          ) : undefined
        }
      >
        <p class="muted">{unread === 0 ? 'Invites and recordings shared with you.' : `${unread} unread.`}</p>
      </PageHeader>
      <ErrorNote message={list.error ?? action.error} />
      {page === undefined ? (
        list.loading ? <Loading what="your notifications" /> : null
      ) : page.rows.length === 0 ? (
        <Empty>Nothing yet. When someone shares a recording with you or invites you into their organization, it shows here.</Empty>
      ) : (
        <>
          <ul class="notifications">
            {page.rows.map((n) => (
              <Row key={n.id} n={n} canWrite={canWrite} busy={action.busy} onRead={(ids) => markRead({ ids })} />
            ))}
          </ul>
          <Pager page={page} onChange={setOffset} label="Notifications" />
        </>
      )}
    </>
  )
}
