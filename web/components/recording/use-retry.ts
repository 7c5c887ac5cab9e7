/** Processes an uploaded recording again (from where it failed: the analysis alone when only the notes failed). */
import { useState } from 'preact/hooks'
import { messageOf, type Recording } from '../../api.js'
import { useSession } from '../../session.js'

export interface Retry {
  readonly run: () => Promise<void>
  readonly busy: boolean
  readonly error: string | null
}

/** Only an upload can be retried (POST /uploads/{id}/retry); a bot's or a meeting's recording cannot. */
export const canRetry = (r: Recording, editable: boolean): boolean => r.state === 'failed' && r.origin === 'upload' && editable

export const useRetry = (r: Recording, onRetried: () => Promise<void>): Retry => {
  const { api } = useSession()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const run = async () => {
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
      await onRetried()
    } catch (e) {
      setError(messageOf(e))
    } finally {
      setBusy(false)
    }
  }
  return { run, busy, error }
}
