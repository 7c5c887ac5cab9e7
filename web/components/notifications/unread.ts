/**
 * How many notifications are unread, shared by the header's entry and the Notifications
 * page: marking read on the page updates the header at once, without its next poll.
 */
import { useEffect, useState } from 'preact/hooks'

let unread: number | null = null
const listeners = new Set<() => void>()

export const setUnread = (n: number): void => {
  if (n === unread) return
  unread = n
  for (const l of listeners) l()
}

/** The unread count, null until it was first read; re-renders the caller when it changes. */
export const useUnread = (): number | null => {
  const [, setTick] = useState(0)
  useEffect(() => {
    const l = () => setTick((t) => t + 1)
    listeners.add(l)
    return () => {
      listeners.delete(l)
    }
  }, [])
  return unread
}
