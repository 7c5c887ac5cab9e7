import { useState } from 'preact/hooks'
import type { Meeting, ScheduleRow } from '../api.js'
import { Empty, ErrorNote, Loading, PageHeader } from '../components/feedback.js'
import { AddMeeting } from '../components/manage/add-meeting.js'
import { MeetingRow } from '../components/manage/meeting-row.js'
import { addDays, dateKey, mondayOf, parseWeek, scheduleDay } from '../components/manage/week.js'
import { formatDay } from '../format.js'
import { Link, useQuery } from '../router.js'
import { useSession } from '../session.js'
import { useAsync, useInterval } from '../use-async.js'

const collect = async <A,>(rows: AsyncIterable<A>): Promise<A[]> => {
  const all: A[] = []
  for await (const r of rows) all.push(r)
  return all
}

const weekLabel = (monday: Date): string => {
  const sunday = addDays(monday, 6)
  const f = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' })
  return f.formatRange(monday, sunday)
}

/** The schedule rows of the week starting `monday` by local day (all-day events by their date), in order. */
const byDay = (rows: ReadonlyArray<ScheduleRow>, monday: Date): Array<[string, ScheduleRow[]]> => {
  const days = new Map<string, ScheduleRow[]>()
  for (const r of rows) {
    const key = scheduleDay(r, monday)
    if (key !== null) days.set(key, [...(days.get(key) ?? []), r])
  }
  // All-day events first in their day, as calendars show them.
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, list]) => [day, [...list.filter((r) => r.isAllDay), ...list.filter((r) => !r.isAllDay)]])
}

const dayOfKey = (key: string): Date => new Date(Number(key.slice(0, 4)), Number(key.slice(5, 7)) - 1, Number(key.slice(8, 10)))

/**
 * The schedule of a week: each meeting with the recording engine's decision and
 * why, and a switch that overrides it. The week is in the address (`?week=`).
 */
export const MeetingsPage = (_props: Record<string, string>) => {
  const { api, canWrite } = useSession()
  const [query, setQuery] = useQuery()
  const monday = parseWeek(query.get('week'))
  const from = monday.toISOString()
  const to = addDays(monday, 7).toISOString()
  const [adding, setAdding] = useState(false)
  const [added, setAdded] = useState<string | null>(null)

  const week = useAsync(async () => {
    const [rows, meetings] = await Promise.all([collect(api.meetings.schedule({ from, to, limit: 100 })), collect(api.meetings.list({ from, to, limit: 1000 }))])
    return { rows, meetings: new Map<string, Meeting>(meetings.map((m) => [m.id, m])) }
  }, [from, to])

  const underWay = week.data?.rows.some((r) => r.phase === 'in_call' || r.phase === 'processing' || r.state === 'queued') ?? false
  useInterval(() => void week.reload(true), 3000, underWay)

  const goTo = (d: Date) => setQuery({ week: dateKey(mondayOf(d)) === dateKey(mondayOf(new Date())) ? null : dateKey(mondayOf(d)) })
  const today = dateKey(new Date())
  const isThisWeek = dateKey(monday) === dateKey(mondayOf(new Date()))

  return (
    <>
      <PageHeader
        title="Meetings"
        actions={
          canWrite && !adding ? (
            <button type="button" class="primary" onClick={() => (setAdding(true), setAdded(null))}>
              Add a meeting
            </button>
          ) : undefined
        }
      >
        <p class="muted">Which meetings a bot records, and why. Switch one on or off to decide yourself.</p>
      </PageHeader>

      {adding ? (
        <AddMeeting
          onCancel={() => setAdding(false)}
          onAdded={(m) => {
            setAdding(false)
            setAdded(`Added “${m.title}”.`)
            const wanted = mondayOf(new Date(m.startsAt))
            if (dateKey(wanted) === dateKey(monday)) void week.reload(true)
            else goTo(wanted)
          }}
        />
      ) : null}
      {added === null ? null : (
        <p class="notice" role="status">
          {added}
        </p>
      )}

      <nav class="week-nav" aria-label="Weeks">
        <button type="button" onClick={() => goTo(addDays(monday, -7))}>
          <span aria-hidden="true">←</span> Previous week
        </button>
        <button type="button" disabled={isThisWeek} onClick={() => goTo(new Date())}>
          Today
        </button>
        <button type="button" onClick={() => goTo(addDays(monday, 7))}>
          Next week <span aria-hidden="true">→</span>
        </button>
        <h2 class="week-label" aria-live="polite">
          {weekLabel(monday)}
        </h2>
      </nav>

      <ErrorNote message={week.error} />
      {week.data === undefined ? (
        week.loading ? <Loading what="the schedule" /> : null
      ) : week.data.rows.length === 0 ? (
        <Empty>
          <p>No meetings this week.</p>
          <p>
            {canWrite ? 'Add one by its link, or ' : ''}
            <Link href="/settings/calendars">connect a calendar</Link> to see its meetings here.
          </p>
        </Empty>
      ) : (
        <div class="schedule">
          {byDay(week.data.rows, monday).map(([day, rows]) => (
            <section key={day} class="day" aria-labelledby={`day-${day}`}>
              <h2 id={`day-${day}`} class="day-title">
                {formatDay(dayOfKey(day).toISOString())}
                {day === today ? <span class="badge busy">Today</span> : null}
              </h2>
              <ul class="plain meetings">
                {rows.map((r) => (
                  <MeetingRow key={r.meetingId} row={r} meeting={week.data?.meetings.get(r.meetingId)} onChanged={() => week.reload(true)} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </>
  )
}
