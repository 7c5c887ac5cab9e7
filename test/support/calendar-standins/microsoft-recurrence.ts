/**
 * Microsoft Graph's `patternedRecurrence` (pattern + range) expanded into occurrence start dates, in UTC.
 * Emulated pattern types: daily, weekly (daysOfWeek, firstDayOfWeek), absoluteMonthly (dayOfMonth);
 * range types: endDate, numbered, noEnd. relativeMonthly and the yearly patterns are left out (they throw).
 */

export type DayOfWeek = 'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday'

export interface PatternedRecurrence {
  readonly pattern: {
    readonly type: 'daily' | 'weekly' | 'absoluteMonthly'
    readonly interval: number
    readonly daysOfWeek?: readonly DayOfWeek[]
    readonly dayOfMonth?: number
    readonly firstDayOfWeek?: DayOfWeek
  }
  readonly range: {
    readonly type: 'endDate' | 'noEnd' | 'numbered'
    /** `YYYY-MM-DD`, the first day the series may occur. */
    readonly startDate: string
    /** `YYYY-MM-DD`, inclusive (range type endDate). */
    readonly endDate?: string
    readonly numberOfOccurrences?: number
    readonly recurrenceTimeZone?: string
  }
}

const DAYS: readonly DayOfWeek[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']
const DAY_MS = 86_400_000
/** No series expands past this many candidate days (keeps a `noEnd` series bounded). */
const MAX_DAYS = 3 * 366

const dayStart = (ymd: string): number => Date.parse(`${ymd}T00:00:00Z`)

/**
 * The occurrence starts of a series whose first instance starts at `firstStart` (its time of day is every
 * occurrence's), up to (excluding) `until`.
 */
export const occurrenceStarts = (recurrence: PatternedRecurrence, firstStart: Date, until: Date): Date[] => {
  const { pattern, range } = recurrence
  if (!['daily', 'weekly', 'absoluteMonthly'].includes(pattern.type)) throw new Error(`recurrence pattern ${pattern.type} is not emulated`)
  const interval = Math.max(1, pattern.interval)
  const timeOfDay = firstStart.getTime() - dayStart(firstStart.toISOString().slice(0, 10))
  const from = dayStart(range.startDate)
  const lastDay = range.type === 'endDate' && range.endDate !== undefined ? dayStart(range.endDate) : Number.POSITIVE_INFINITY
  const limit = range.type === 'numbered' ? (range.numberOfOccurrences ?? 0) : Number.POSITIVE_INFINITY
  const weekStart = DAYS.indexOf(pattern.firstDayOfWeek ?? 'sunday')
  const firstWeek = Math.floor((from / DAY_MS + 4 - weekStart + 7) / 7) // 1970-01-01 was a Thursday (day 4)
  const firstMonth = new Date(from).getUTCFullYear() * 12 + new Date(from).getUTCMonth()
  const out: Date[] = []
  let count = 0
  for (let i = 0; i < MAX_DAYS && count < limit; i++) {
    const day = from + i * DAY_MS
    if (day > lastDay) break
    const start = day + timeOfDay
    if (start >= until.getTime()) break
    const date = new Date(day)
    let hit = false
    if (pattern.type === 'daily') hit = i % interval === 0
    else if (pattern.type === 'weekly') {
      const week = Math.floor((day / DAY_MS + 4 - weekStart + 7) / 7)
      hit = (week - firstWeek) % interval === 0 && (pattern.daysOfWeek ?? []).includes(DAYS[date.getUTCDay()] as DayOfWeek)
    } else {
      const month = date.getUTCFullYear() * 12 + date.getUTCMonth()
      hit = (month - firstMonth) % interval === 0 && date.getUTCDate() === pattern.dayOfMonth
    }
    if (!hit) continue
    count++
    out.push(new Date(start))
  }
  return out
}
