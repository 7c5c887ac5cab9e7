import { useState } from 'preact/hooks'
import { Empty, ErrorNote, FieldNote, invalidProps, Loading } from '../../components/feedback.js'
import { AUTO_JOIN, ConnectionCard } from '../../components/manage/connection-card.js'
import type { Connection } from '../../components/manage/rules-editor.js'
import { ConnectProviders } from '../../components/manage/oauth-connect.js'
import { OAuthOutcome } from '../../components/manage/oauth-outcome.js'
import { useAction } from '../../components/manage/use-action.js'
import { useSession } from '../../session.js'
import { useAsync, useInterval } from '../../use-async.js'

const WATCH_AFTER_CHANGE_MS = 30_000

const AddCalendar = (props: { onAdded: () => Promise<void> }) => {
  const { api } = useSession()
  const action = useAction()
  const [url, setUrl] = useState('')
  const [autoJoin, setAutoJoin] = useState<Connection['autoJoin']>('all')
  const submit = (e: Event) => {
    e.preventDefault()
    void action.run(async () => {
      await api.request('post', '/calendar/connections', { body: { provider: 'ics', url: url.trim(), autoJoin } })
      setUrl('')
      await props.onAdded()
    })
  }
  return (
    <form class="card stack" onSubmit={submit} aria-labelledby="add-calendar-title">
      <h3 id="add-calendar-title">Connect a calendar feed</h3>
      <label>
        iCalendar feed address
        <input type="url" required value={url} placeholder="https://calendar.google.com/calendar/ical/…/basic.ics" onInput={(e) => setUrl(e.currentTarget.value)} {...invalidProps(action.problem, 'url')} />
        <FieldNote problem={action.problem} field="url" />
        <span class="hint">The secret address in iCal format (Google Calendar), a published calendar (Outlook), or any .ics export URL. It is stored encrypted and never shown again.</span>
      </label>
      <label>
        Record automatically
        <select value={autoJoin} onChange={(e) => setAutoJoin(e.currentTarget.value as Connection['autoJoin'])}>
          {AUTO_JOIN.map(([v, words]) => (
            <option key={v} value={v}>
              {words}
            </option>
          ))}
        </select>
      </label>
      <ErrorNote message={action.error} />
      <div>
        <button type="submit" class="primary" disabled={action.busy}>
          {action.busy ? 'Connecting…' : 'Connect the calendar'}
        </button>
      </div>
    </form>
  )
}

/** Calendars (feeds, Google and Microsoft accounts) whose meetings fill the schedule, with the mode and rules that pick which are recorded. */
export const CalendarsSection = () => {
  const { api, canWrite } = useSession()
  const list = useAsync(async () => (await api.request('get', '/calendar/connections')).data.rows, [])
  // A change (Sync now, another calendar) queues a sync whose outcome shows without a reload: the list is read again for a while.
  const [watchUntil, setWatchUntil] = useState(0)
  const changed = async () => {
    setWatchUntil(Date.now() + WATCH_AFTER_CHANGE_MS)
    await list.reload(true)
  }
  useInterval(() => void list.reload(true), 3000, (list.data?.some((c) => c.status === 'pending') ?? false) || Date.now() < watchUntil)
  return (
    <section aria-labelledby="calendars-title">
      <h2 id="calendars-title">Calendars</h2>
      <p class="muted">A connected calendar's meetings show in Meetings; its mode and rules decide which a bot records. A meeting's own switch wins over them.</p>
      <OAuthOutcome connections={list.data} />
      <ErrorNote message={list.error} />
      {list.data === undefined ? (
        list.loading ? <Loading what="the calendars" /> : null
      ) : list.data.length === 0 ? (
        <Empty>
          <p>No calendar is connected.{canWrite ? ' Connect one below.' : ''}</p>
        </Empty>
      ) : (
        list.data.map((c) => <ConnectionCard key={c.id} connection={c} onChanged={changed} />)
      )}
      {canWrite ? <ConnectProviders /> : null}
      {canWrite ? <AddCalendar onAdded={() => list.reload(true)} /> : null}
    </section>
  )
}
