import { useCallback, useEffect, useRef, useState } from 'preact/hooks'
import { messageOf } from './api.js'

export interface Async<A> {
  readonly data: A | undefined
  readonly error: string | null
  readonly loading: boolean
  /** Reads again; `quiet` keeps showing the data meanwhile (polling, after a change). */
  readonly reload: (quiet?: boolean) => Promise<void>
}

/** Runs `load` when `deps` change; an answer to an older call is dropped. */
export const useAsync = <A,>(load: () => Promise<A>, deps: ReadonlyArray<unknown>): Async<A> => {
  const [state, setState] = useState<{ data: A | undefined; error: string | null; loading: boolean }>({ data: undefined, error: null, loading: true })
  const call = useRef(0)
  const reload = useCallback(async (quiet = false) => {
    const n = ++call.current
    if (!quiet) setState((s) => ({ ...s, loading: true, error: null }))
    try {
      const data = await load()
      if (n === call.current) setState({ data, error: null, loading: false })
    } catch (e) {
      if (n === call.current) setState((s) => ({ ...s, error: messageOf(e), loading: false }))
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps)
  useEffect(() => {
    void reload()
  }, [reload])
  return { ...state, reload }
}

/** Calls `tick` every `ms` while `active`, and not while the tab is hidden. */
export const useInterval = (tick: () => void, ms: number, active: boolean): void => {
  const saved = useRef(tick)
  saved.current = tick
  useEffect(() => {
    if (!active) return
    const id = setInterval(() => {
      if (document.visibilityState === 'visible') saved.current()
    }, ms)
    return () => clearInterval(id)
  }, [ms, active])
}
