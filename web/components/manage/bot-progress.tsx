import type { Recording } from '../../api.js'
import { formatDuration } from '../../format.js'
import { Link } from '../../router.js'
import { useSession } from '../../session.js'
import { ErrorNote, StateBadge, Words } from '../feedback.js'
import { useAction } from './use-action.js'

/** The path a bot walks; processing covers stored, transcribing and analysing. */
const STEPS = [
  { key: 'queued', label: 'Queued' },
  { key: 'joining', label: 'Joining' },
  { key: 'waiting_room', label: 'Waiting room' },
  { key: 'recording', label: 'Recording' },
  { key: 'processing', label: 'Processing' },
  { key: 'ready', label: 'Ready' },
] as const

const stepOf = (state: Recording['state']): number => {
  if (state === 'stored' || state === 'transcribing' || state === 'analysing') return 4
  return STEPS.findIndex((s) => s.key === state)
}

/** Still before or in the meeting, so it can be asked to leave. */
export const canLeave = (r: Pick<Recording, 'phase'>): boolean => r.phase === 'pending' || r.phase === 'in_call'

/** A bot that failed (not admitted, refused, crashed, or its processing failed) can be sent again to the link it had. */
export const canRetry = (r: Pick<Recording, 'state' | 'joinUrl'>): r is Pick<Recording, 'state'> & { joinUrl: string } => r.state === 'failed' && r.joinUrl !== null

/**
 * One bot's way from the queue to its notes, as the API reports it, with "Make it leave" while it can,
 * and "Try again" once it failed: a new bot to the same link with the same title and template.
 */
export const BotProgress = (props: { recording: Recording; onChanged: () => Promise<void>; onRetried: (runId: string) => void; heading?: string }) => {
  const { api, canWrite } = useSession()
  const leave = useAction()
  const retry = useAction()
  const r = props.recording
  const at = stepOf(r.state)
  return (
    <section class="card bot" aria-labelledby="bot-title">
      <div class="bot-head">
        <h2 id="bot-title">{props.heading ?? r.title}</h2>
        <span role="status" aria-live="polite" data-testid="bot-state">
          <StateBadge state={r.state} />
        </span>
      </div>
      {at < 0 ? (
        r.detail === null ? null : (
          <p class="muted">
            <Words text={r.detail} />
          </p>
        )
      ) : (
        <ol class="steps" aria-label="Progress">
          {STEPS.map((s, i) => (
            <li key={s.key} class={i < at ? 'done' : i === at ? 'current' : ''} aria-current={i === at ? 'step' : undefined}>
              {s.label}
            </li>
          ))}
        </ol>
      )}
      {at >= 0 && r.detail !== null ? (
        <p class="muted">
          <Words text={r.detail} />
        </p>
      ) : null}
      <p class="muted">
        {r.recordingSeconds == null || r.recordingSeconds === 0 ? null : `Recorded ${formatDuration(r.recordingSeconds)}. `}
        {r.progress === null ? null : `${r.progress.stage === 'transcribing' ? 'Transcribing' : 'Analysing'}: ${Math.round(r.progress.fraction * 100)} %.`}
      </p>
      <div class="toolbar">
        {canWrite && canLeave(r) ? (
          <button
            type="button"
            class="danger"
            disabled={leave.busy}
            onClick={() =>
              void leave.run(async () => {
                await api.bots.leave(r.runId)
                await props.onChanged()
              })
            }
          >
            Make it leave
          </button>
        ) : null}
        {canWrite && canRetry(r) ? (
          <button
            type="button"
            class="primary"
            disabled={retry.busy}
            onClick={() =>
              void retry.run(async () => {
                const again = await api.bots.send({ joinUrl: r.joinUrl, title: r.title, ...(r.template === null ? {} : { template: r.template }) })
                props.onRetried(again.runId)
              })
            }
          >
            {retry.busy ? 'Sending…' : 'Try again'}
          </button>
        ) : null}
        <Link href={`/recordings/${r.runId}`} class={r.hasNotes ? 'button primary' : 'button'}>
          {r.hasNotes ? 'Read the notes' : 'Open the recording'}
        </Link>
      </div>
      <ErrorNote message={leave.error ?? retry.error} />
    </section>
  )
}
