import { useState } from 'preact/hooks'
import type { Meeting, ScheduleRow } from '../../api.js'
import { formatTime } from '../../format.js'
import { Link } from '../../router.js'
import { useSession } from '../../session.js'
import { ErrorNote, StateBadge, Words } from '../feedback.js'
import { ConfirmButton } from './confirm-button.js'
import { PLATFORM_WORDS, decisionWords } from './decision.js'
import { useAction } from './use-action.js'
import { allDayWords } from './week.js'

/** States of a run worth a badge in the schedule (a scheduled run is what "Will be recorded" already says). */
const shownState = (state: ScheduleRow['state']): state is NonNullable<ScheduleRow['state']> => state !== null && state !== 'scheduled'

/**
 * One meeting of the schedule: when, what, where, the engine's decision and why,
 * and the switch that overrides it. `meeting` (from GET /meetings) carries the link
 * and the override; the schedule row the decision.
 */
export const MeetingRow = (props: { row: ScheduleRow; meeting: Meeting | undefined; onChanged: () => Promise<void> }) => {
  const { api, canWrite } = useSession()
  const action = useAction()
  const { row, meeting } = props
  const override = meeting?.recordOverride ?? null
  const decision = decisionWords(row, meeting)
  // Past meetings and meetings already recorded are beyond changing.
  const settled = row.skipReason === 'ended' || row.phase === 'processing' || row.phase === 'done'
  // The switch shows the asked-for position at once, and the server's answer once it comes (or the old one if refused).
  const [asked, setAsked] = useState<boolean | null>(null)
  const setOverride = (value: boolean | null) => {
    setAsked(value)
    void action
      .run(async () => {
        await api.meetings.update(row.meetingId, { recordOverride: value })
        await props.onChanged()
      })
      .finally(() => setAsked(null))
  }
  const remove = () =>
    void action.run(async () => {
      await api.meetings.delete(row.meetingId)
      await props.onChanged()
    })
  const titleId = `meeting-${row.meetingId}`
  return (
    <li class="meeting" aria-labelledby={titleId}>
      <div class="meeting-time">
        {row.isAllDay ? (
          <time dateTime={row.startsAt.slice(0, 10)}>{allDayWords(row)}</time>
        ) : (
          <>
            <time dateTime={row.startsAt}>{formatTime(row.startsAt)}</time>
            <span class="muted">
              {'– '}
              <time dateTime={row.endsAt}>{formatTime(row.endsAt)}</time>
            </span>
          </>
        )}
      </div>
      <div class="meeting-main">
        <h3 id={titleId}>{row.title === '' ? 'Untitled meeting' : row.title}</h3>
        <p class="meeting-where muted">
          {row.platform === null ? 'No supported meeting link' : PLATFORM_WORDS[row.platform]}
          {meeting?.link == null ? null : (
            <>
              {' · '}
              <a href={meeting.link} target="_blank" rel="noopener noreferrer">
                Open the link<span class="visually-hidden"> of {row.title}</span>
              </a>
            </>
          )}
          {meeting !== undefined && meeting.source !== 'manual' ? ' · from a calendar' : null}
        </p>
        <p class="decision" data-testid="decision">
          <span class={`badge ${decision.tone}`}>{decision.verdict}</span> <span>
            <Words text={decision.reason} />
          </span>
          {shownState(row.state) ? (
            <>
              {' '}
              <StateBadge state={row.state} />
            </>
          ) : null}
          {row.runId !== null && (row.hasNotes || row.phase === 'in_call' || row.phase === 'processing') ? (
            <>
              {' '}
              <Link href={`/recordings/${row.runId}`}>{row.hasNotes ? 'Read the notes' : 'See the recording'}</Link>
            </>
          ) : null}
        </p>
        <ErrorNote message={action.error} />
      </div>
      {canWrite ? (
        <div class="meeting-controls">
          <label class="inline">
            <input
              type="checkbox"
              class="switch"
              checked={asked ?? override ?? row.willRecord}
              disabled={action.busy || settled || meeting === undefined}
              onChange={(e) => setOverride(e.currentTarget.checked)}
            />
            <span>
              Record<span class="visually-hidden"> {row.title}</span>
            </span>
          </label>
          {override === null || settled ? null : (
            <button type="button" class="link" disabled={action.busy} onClick={() => setOverride(null)}>
              Follow the rules<span class="visually-hidden"> for {row.title}</span>
            </button>
          )}
          {meeting?.source === 'manual' ? <ConfirmButton label="Delete" name={`Delete ${row.title}`} confirmLabel="Yes, delete" disabled={action.busy} onConfirm={remove} /> : null}
        </div>
      ) : null}
    </li>
  )
}
