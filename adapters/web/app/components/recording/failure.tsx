/** A recording that ended without notes: why, in the API's words, and for an upload a way to process it again. */
import { useState } from 'preact/hooks'
import { messageOf, type Recording } from '../../api.js'
import { useSession } from '../../session.js'
import { ErrorNote } from '../feedback.js'

export const Failure = (props: { recording: Recording; editable: boolean; onRetried: () => Promise<void> }) => {
  const { api } = useSession()
  const r = props.recording
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const retry = async () => {
    setBusy(true)
    setError(null)
    try {
      // The recording does not name its upload; the uploads list does (newest first, so it is found early).
      let uploadId: string | null = null
      for await (const u of api.uploads.list()) {
        if (u.runId === r.runId) {
          uploadId = u.id
          break
        }
      }
      if (uploadId === null) throw new Error('The upload of this recording was not found.')
      await api.uploads.retry(uploadId)
      await props.onRetried()
    } catch (e) {
      setError(messageOf(e))
    } finally {
      setBusy(false)
    }
  }
  const heading =
    r.failedStage === 'analysing' ? 'The notes could not be made' : r.state === 'failed' ? 'This recording failed' : r.state === 'skipped' ? 'This meeting was not recorded' : 'This recording was called off'
  return (
    <section class={`card state-note ${r.state === 'failed' ? 'bad' : ''}`} aria-labelledby="failure-title">
      <h2 id="failure-title">{heading}</h2>
      <p>{r.detail ?? 'No reason was given.'}</p>
      <ErrorNote message={error} />
      {r.state === 'failed' && r.origin === 'upload' && props.editable ? (
        <button type="button" class="primary" disabled={busy} onClick={() => void retry()}>
          {busy ? 'Retrying…' : r.failedStage === 'analysing' ? 'Retry the analysis' : 'Retry processing'}
        </button>
      ) : null}
    </section>
  )
}
