/** Deleting a recording for good, after a confirmation in a modal dialog; then back to the list. */
import { useRef, useState } from 'preact/hooks'
import { messageOf } from '../../api.js'
import { navigate } from '../../router.js'
import { useSession } from '../../session.js'
import { ErrorNote } from '../feedback.js'

export const DeleteRecording = (props: { runId: string; title: string }) => {
  const { api } = useSession()
  const dialog = useRef<HTMLDialogElement>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const remove = async () => {
    setBusy(true)
    setError(null)
    try {
      await api.request('delete', '/recordings/{runId}', { path: { runId: props.runId } })
      dialog.current?.close()
      navigate('/')
    } catch (e) {
      setError(messageOf(e))
      setBusy(false)
    }
  }
  return (
    <>
      <button type="button" class="danger" onClick={() => dialog.current?.showModal()}>
        Delete
      </button>
      <dialog ref={dialog} class="delete-dialog" aria-labelledby="delete-title" aria-describedby="delete-what">
        <h2 id="delete-title">Delete this recording?</h2>
        <p id="delete-what">
          “{props.title}” goes for good: its notes, transcript and audio, and the people it is shared with no longer see it.
        </p>
        <ErrorNote message={error} />
        <div class="dialog-buttons">
          <button type="button" onClick={() => dialog.current?.close()} autoFocus>
            Keep it
          </button>
          <button type="button" class="danger" disabled={busy} onClick={() => void remove()}>
            {busy ? 'Deleting…' : 'Delete for good'}
          </button>
        </div>
      </dialog>
    </>
  )
}
