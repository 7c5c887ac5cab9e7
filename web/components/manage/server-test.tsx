/** "Test": the form's server (as typed, not saved) gets a short sample; its answer or the failure, in words, with the time. */
import { useState } from 'preact/hooks'
import { type ServerProbe, type ServerTestResult, testNotesServer } from '../../notes-api.js'
import { useSession } from '../../session.js'
import { ErrorNote } from '../feedback.js'
import { useAction } from './use-action.js'

const seconds = (ms: number): string => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`)

export const ServerTest = (props: { probe: ServerProbe }) => {
  const { api } = useSession()
  const action = useAction()
  const [result, setResult] = useState<ServerTestResult | null>(null)
  const test = () => {
    setResult(null)
    void action.run(async () => setResult(await testNotesServer(api, props.probe)))
  }
  return (
    <div class="server-test" aria-live="polite">
      <div class="form-buttons">
        <button type="button" onClick={test} disabled={action.busy} aria-describedby="test-hint">
          {action.busy ? 'Testing…' : 'Test'}
        </button>
      </div>
      <p class="hint" id="test-hint">
        Sends a short sample to the server above as typed, without saving.
      </p>
      {/* The API refused the test itself (a bad address, no right to test): its words. */}
      <ErrorNote message={action.error} />
      {result === null ? null : result.ok ? (
        <div class="notice" role="status">
          <p>The server answered in {seconds(result.ms)}:</p>
          <blockquote class="model-answer">{result.answer}</blockquote>
        </div>
      ) : (
        <p class="error" role="alert">
          The test failed after {seconds(result.ms)}: {result.error ?? 'the server gave no reason.'}
        </p>
      )}
    </div>
  )
}
