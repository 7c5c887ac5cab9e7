/** Weeks in the browser's time zone, Monday first, named by their Monday as YYYY-MM-DD (the address keeps it). */
const pad = (n: number) => String(n).padStart(2, '0')

export const dateKey = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

export const mondayOf = (d: Date): Date => {
  const m = new Date(d.getFullYear(), d.getMonth(), d.getDate())
  m.setDate(m.getDate() - ((m.getDay() + 6) % 7))
  return m
}

/** The Monday a `week` parameter names, or this week's when it is missing or malformed. */
export const parseWeek = (value: string | null): Date => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '')
  if (m === null) return mondayOf(new Date())
  return mondayOf(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
}

export const addDays = (d: Date, days: number): Date => new Date(d.getFullYear(), d.getMonth(), d.getDate() + days)

/** `2025-03-14T09:30` for a datetime-local input, in local time. */
export const localInputValue = (d: Date): string => `${dateKey(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}`

/** The next full hour from now, for a new meeting's default start. */
export const nextHour = (now = new Date()): Date => new Date(now.getFullYear(), now.getMonth(), now.getDate(), now.getHours() + 1)

/**
 * The end once the start moves from `from` to `to` (datetime-local values): it moves by as much,
 * keeping the duration, as Google Calendar does; an end the person set keeps its new duration too.
 * Left as it is while either start is incomplete, as an input reports while being typed in.
 */
export const endAfterStartMoved = (from: string, to: string, end: string): string => {
  const [a, b, e] = [from, to, end].map((v) => new Date(v).getTime())
  if ([a, b, e].some((t) => Number.isNaN(t))) return end
  return localInputValue(new Date(e! + (b! - a!)))
}
