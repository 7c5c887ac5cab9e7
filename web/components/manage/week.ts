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

/** The date of an instant read in UTC, as a local Date of that day: all-day events are dates in no time zone, stored at 00:00 UTC. */
const utcDay = (ms: number): Date => {
  const d = new Date(ms)
  return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
}

/** An all-day event's first and last day (its end is the midnight after its last day). */
export const allDayDates = (row: { readonly startsAt: string; readonly endsAt: string }): { first: Date; last: Date } => {
  const first = utcDay(Date.parse(row.startsAt))
  const last = utcDay(Math.max(Date.parse(row.startsAt), Date.parse(row.endsAt) - 86_400_000))
  return { first, last }
}

/** "All day", or for one of several days "All day, 2 – 4 June": never "12:00 AM – 12:00 AM". */
export const allDayWords = (row: { readonly startsAt: string; readonly endsAt: string }, locale?: string): string => {
  const { first, last } = allDayDates(row)
  if (dateKey(first) === dateKey(last)) return 'All day'
  return `All day, ${new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long' }).formatRange(first, last)}`
}

/**
 * The day of the week starting `monday` a schedule row is listed under, or null when it falls outside
 * that week: a timed meeting's local day; an all-day event's own date (one that began earlier in
 * its first day of this week), whatever the browser's time zone.
 */
export const scheduleDay = (row: { readonly startsAt: string; readonly endsAt: string; readonly isAllDay: boolean }, monday: Date): string | null => {
  if (!row.isAllDay) return dateKey(new Date(row.startsAt))
  const { first, last } = allDayDates(row)
  const from = dateKey(monday)
  const to = dateKey(addDays(monday, 6))
  if (dateKey(last) < from || dateKey(first) > to) return null
  return dateKey(first) < from ? from : dateKey(first)
}
