/**
 * A small history router: the app's pages are a handful of paths, so a table
 * of patterns and one hook replace a routing library. Links are real `<a href>`s
 * (open in a new tab, copy the address); a plain click is handled in place.
 */
import type { AnchorHTMLAttributes, ComponentChildren, TargetedMouseEvent } from 'preact'
import { useEffect, useState } from 'preact/hooks'

const listeners = new Set<() => void>()
const notify = () => {
  for (const l of listeners) l()
}
addEventListener('popstate', notify)

export const navigate = (to: string, options: { replace?: boolean } = {}): void => {
  if (to === location.pathname + location.search) return
  if (options.replace === true) history.replaceState(null, '', to)
  else history.pushState(null, '', to)
  scrollTo(0, 0)
  notify()
}

/** The current address; re-renders the caller when it changes. */
export const useLocation = (): URL => {
  const [, setTick] = useState(0)
  useEffect(() => {
    const l = () => setTick((n) => n + 1)
    listeners.add(l)
    return () => {
      listeners.delete(l)
    }
  }, [])
  return new URL(location.href)
}

/** The query string's values, and a setter that replaces the address (no history entry per keystroke). */
export const useQuery = (): [URLSearchParams, (changes: Record<string, string | null>) => void] => {
  const url = useLocation()
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(url.search)
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k)
      else next.set(k, v)
    }
    const qs = next.toString()
    navigate(`${url.pathname}${qs === '' ? '' : `?${qs}`}`, { replace: true })
  }
  return [url.searchParams, set]
}

/** Matches `/recordings/:id` against a path; the named parts, or null. */
export const match = (pattern: string, path: string): Record<string, string> | null => {
  const names: string[] = []
  const re = new RegExp(`^${pattern.replace(/:(\w+)/g, (_, n: string) => (names.push(n), '([^/]+)'))}/?$`)
  const m = re.exec(path)
  if (m === null) return null
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1] ?? '')]))
}

type AnchorProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; children?: ComponentChildren }

export const Link = (props: AnchorProps) => {
  const onClick = (e: TargetedMouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    e.preventDefault()
    navigate(props.href)
  }
  return <a {...props} onClick={onClick} />
}
