import { useState } from 'preact/hooks'
import { messageOf } from '../../api.js'

export interface Action {
  /** Runs `work`, remembering its failure in words; answers whether it succeeded. */
  readonly run: (work: () => Promise<unknown>) => Promise<boolean>
  readonly busy: boolean
  readonly error: string | null
  readonly clear: () => void
}

/** A button's or form's call to the API: busy while it runs, the API's words when it fails. */
export const useAction = (): Action => {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const run = async (work: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true)
    setError(null)
    try {
      await work()
      return true
    } catch (e) {
      setError(messageOf(e))
      return false
    } finally {
      setBusy(false)
    }
  }
  return { run, busy, error, clear: () => setError(null) }
}
