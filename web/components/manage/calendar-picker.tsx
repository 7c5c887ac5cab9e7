import { useState } from 'preact/hooks'
import { useSession } from '../../session.js'
import { ErrorNote, Loading } from '../feedback.js'
import type { Connection } from './rules-editor.js'
import { useAction } from './use-action.js'

type Calendar = { id: string; name: string; primary: boolean; selected: boolean }

/** Which of the account's calendars a Google or Microsoft connection reads; the list is asked of the provider only when opened. */
export const CalendarPicker = (props: { connection: Connection; disabled: boolean; onChosen: () => Promise<void> }) => {
  const { api } = useSession()
  const c = props.connection
  const [calendars, setCalendars] = useState<Calendar[] | null>(null)
  const [choice, setChoice] = useState(c.calendarId)
  const loading = useAction()
  const saving = useAction()
  const [saved, setSaved] = useState(false)
  const open = () =>
    void loading.run(async () => {
      const rows = (await api.request('get', '/calendar/connections/{id}/calendars', { path: { id: c.id } })).data.rows
      setCalendars(rows)
      setChoice(rows.find((r) => r.selected)?.id ?? c.calendarId)
    })
  const save = (e: Event) => {
    e.preventDefault()
    void saving.run(async () => {
      setSaved(false)
      await api.request('patch', '/calendar/connections/{id}', { path: { id: c.id }, body: { calendarId: choice } })
      setCalendars(null)
      await props.onChosen()
      setSaved(true)
    })
  }
  const pickerId = `calendar-choice-${c.id}`
  if (calendars === null) {
    return (
      <div class="calendar-picker">
        {loading.busy ? <Loading what="the account's calendars" /> : null}
        <ErrorNote message={loading.error ?? saving.error} />
        {saved ? (
          <p class="notice" role="status">
            Now reading the chosen calendar; its meetings replace the others after the sync.
          </p>
        ) : null}
        <button type="button" disabled={props.disabled || loading.busy} onClick={open}>
          Choose another calendar<span class="visually-hidden"> for {c.name}</span>
        </button>
      </div>
    )
  }
  return (
    <form class="calendar-picker inline-form" onSubmit={save}>
      <label for={pickerId}>Calendar to read</label>
      <select id={pickerId} value={choice} disabled={props.disabled || saving.busy} onChange={(e) => setChoice(e.currentTarget.value)}>
        {calendars.map((k) => (
          <option key={k.id} value={k.id}>
            {k.primary ? `${k.name} (main calendar)` : k.name}
          </option>
        ))}
      </select>
      <ErrorNote message={saving.error} />
      <div class="toolbar">
        <button type="submit" class="primary" disabled={props.disabled || saving.busy || choice === c.calendarId}>
          {saving.busy ? 'Saving…' : 'Read this calendar'}
        </button>
        <button type="button" onClick={() => (setCalendars(null), saving.clear())}>
          Cancel
        </button>
      </div>
    </form>
  )
}
