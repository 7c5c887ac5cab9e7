/** The steps an upload goes through, the current one marked, with how far along it is. */
import type { Upload } from '../../api.js'
import { formatBytes, formatPercent } from '../../format.js'

export type StepName = 'send' | 'stored' | 'transcribing' | 'analysing' | 'ready'

const STEPS: ReadonlyArray<readonly [StepName, string, string]> = [
  ['send', 'Sending the file', 'Sent'],
  ['stored', 'Waiting to be processed', 'Stored'],
  ['transcribing', 'Transcribing', 'Transcribed'],
  ['analysing', 'Writing the notes', 'Notes written'],
  ['ready', 'Ready', 'Ready'],
]

/** The step an upload's stage stands at. */
export const stepOf = (stage: Upload['stage']): StepName => (stage === 'pending' || stage === 'failed' ? 'send' : stage)

export interface StepsProps {
  /** The step under way (or the last one reached when `failed`). */
  readonly at: StepName
  readonly failed: boolean
  /** While sending: bytes sent and in all. */
  readonly sent: { readonly bytes: number; readonly total: number } | null
  /** While processing: the API's fraction of the current stage. */
  readonly fraction: number | null
  /** A transcript file is read, not transcribed: its step says so. */
  readonly transcript?: boolean
}

/** The transcribing step of a transcript file: reading it. */
const READING: readonly [StepName, string, string] = ['transcribing', 'Reading the transcript', 'Transcript read']

export const Steps = (props: StepsProps) => {
  const at = STEPS.findIndex(([name]) => name === props.at)
  return (
    <ol class="upload-steps" aria-label="Progress">
      {STEPS.map((step, i) => {
        const [name, doing, did] = props.transcript === true && step[0] === 'transcribing' ? READING : step
        const state = i < at || (props.at === 'ready' && i === at) ? 'done' : i === at ? (props.failed ? 'failed' : 'current') : 'todo'
        return (
          <li key={name} class={`step ${state}`} aria-current={state === 'current' || state === 'failed' ? 'step' : undefined}>
            <span class="step-mark" aria-hidden="true">
              {state === 'done' ? '✓' : state === 'failed' ? '✕' : i + 1}
            </span>
            <span class="step-body">
              <span class="step-name">
                {state === 'done' ? did : doing}
                {state === 'failed' ? ' — failed' : ''}
                {state === 'todo' ? <span class="visually-hidden"> (not yet)</span> : null}
              </span>
              {state === 'current' && name === 'send' && props.sent !== null ? (
                <>
                  <progress value={props.sent.bytes} max={Math.max(1, props.sent.total)} aria-label="File sent" />
                  <span class="muted">
                    {formatBytes(props.sent.bytes)} of {formatBytes(props.sent.total)}
                  </span>
                </>
              ) : null}
              {state === 'current' && name !== 'send' && name !== 'ready' && props.fraction !== null ? (
                <>
                  <progress value={props.fraction} max={1} aria-label={`${doing} progress`} />
                  <span class="muted">{formatPercent(props.fraction)}</span>
                </>
              ) : null}
            </span>
          </li>
        )
      })}
    </ol>
  )
}
