import { useState } from 'preact/hooks'
import { type Problem, problemOf } from '../../api.js'

export interface Action {
  /** Runs `work`, remembering its failure in words; answers whether it succeeded. */
  readonly run: (work: () => Promise<unknown>) => Promise<boolean>
  readonly busy: boolean
  readonly error: string | null
  /** The failure whole: its fields (to mark them) and whether a Retry can help. */
  readonly problem: Problem | null
  readonly clear: () => void
}

/** A button's or form's call to the API: busy while it runs, the API's words when it fails. */
export const useAction = (): Action => {
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<Problem | null>(null)
  const run = async (work: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true)
    setProblem(null)
    try {
      await work()
      return true
    } catch (e) {
      setProblem(problemOf(e))
      return false
    } finally {
      setBusy(false)
    }
  }
  return { run, busy, error: problem?.message ?? null, problem, clear: () => setProblem(null) }
}
