import { useState } from 'preact/hooks'
import type { Meeting } from '../../api.js'
import { useSession } from '../../session.js'
import { ErrorNote, FieldNote, invalidProps } from '../feedback.js'
import { useAction } from './use-action.js'
import { endAfterStartMoved, localInputValue, nextHour } from './week.js'

/** "Add a meeting" by its link: the API refuses links it cannot join, in its own words. */
export const AddMeeting = (props: { onAdded: (m: Meeting) => void; onCancel: () => void }) => {
  const { api } = useSession()
  const action = useAction()
  const start = nextHour()
  const [link, setLink] = useState('')
  const [title, setTitle] = useState('')
  const [startsAt, setStartsAt] = useState(localInputValue(start))
  const [endsAt, setEndsAt] = useState(localInputValue(new Date(start.getTime() + 30 * 60_000)))
  const [problem, setProblem] = useState<string | null>(null)
  // Moving the start moves the end with it, so the meeting keeps its length.
  const moveStart = (value: string) => {
    setEndsAt(endAfterStartMoved(startsAt, value, endsAt))
    setStartsAt(value)
  }

  const submit = (e: Event) => {
    e.preventDefault()
    const from = new Date(startsAt)
    const to = new Date(endsAt)
    if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return setProblem('Give a start and an end.')
    if (to <= from) return setProblem('The end must be after the start.')
    setProblem(null)
    void action.run(async () => {
      const meeting = await api.meetings.create({ link: link.trim(), title: title.trim(), startsAt: from.toISOString(), durationMinutes: Math.round((to.getTime() - from.getTime()) / 60_000) })
      props.onAdded(meeting)
    })
  }

  return (
    <form class="card stack add-meeting" onSubmit={submit} aria-labelledby="add-meeting-title">
      <h2 id="add-meeting-title">Add a meeting</h2>
      <label>
        Meeting link
        <input type="url" required value={link} placeholder="https://meet.google.com/abc-defg-hij" onInput={(e) => setLink(e.currentTarget.value)} {...invalidProps(action.problem, 'link')} />
        <FieldNote problem={action.problem} field="link" />
        <span class="hint">A Zoom, Google Meet or Microsoft Teams link.</span>
      </label>
      <label>
        Title
        <input type="text" required value={title} onInput={(e) => setTitle(e.currentTarget.value)} {...invalidProps(action.problem, 'title')} />
        <FieldNote problem={action.problem} field="title" />
      </label>
      <div class="pair">
        <label>
          Starts
          <input type="datetime-local" required value={startsAt} onInput={(e) => moveStart(e.currentTarget.value)} />
        </label>
        <label>
          Ends
          <input type="datetime-local" required value={endsAt} onInput={(e) => setEndsAt(e.currentTarget.value)} />
        </label>
      </div>
      <ErrorNote message={problem ?? action.error} />
      <div class="toolbar">
        <button type="submit" class="primary" disabled={action.busy}>
          {action.busy ? 'Adding…' : 'Add the meeting'}
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
