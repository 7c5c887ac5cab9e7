/** A recording that ended without notes: why, in the API's words, and for an upload a way to process it again. */
import type { Recording } from '../../api.js'
import { ErrorNote, Words } from '../feedback.js'
import { canRetry, useRetry } from './use-retry.js'

export const Failure = (props: { recording: Recording; editable: boolean; onRetried: () => Promise<void> }) => {
  const r = props.recording
  const retry = useRetry(r, props.onRetried)
  const heading =
    r.failedStage === 'analysing' ? 'The notes could not be made' : r.state === 'failed' ? 'This recording failed' : r.state === 'skipped' ? 'This meeting was not recorded' : 'This recording was called off'
  return (
    <section class={`card state-note ${r.state === 'failed' ? 'bad' : ''}`} aria-labelledby="failure-title">
      <h2 id="failure-title">{heading}</h2>
      <p>{r.detail === null ? 'No reason was given.' : <Words text={r.detail} />}</p>
      <ErrorNote message={retry.error} />
      {canRetry(r, props.editable) ? (
        <button type="button" class="primary" disabled={retry.busy} onClick={() => void retry.run()}>
          {retry.busy ? 'Retrying…' : r.failedStage === 'analysing' ? 'Retry the analysis' : 'Retry processing'}
        </button>
      ) : null}
    </section>
  )
}
