/**
 * Time for the Google stand-in: RFC 3339 instants in an IANA zone (or a fixed offset), and the expansion
 * of a recurring event's RRULE/EXDATE lines into instance starts, in wall time (so DST is respected).
 */
import ICAL from 'ical.js'

export interface EventTime {
  /** RFC 3339 with an offset, for a timed event. */
  readonly dateTime?: string
  /** yyyy-mm-dd, for an all-day event. */
  readonly date?: string
  /** IANA zone; required by Google for recurring timed events, optional otherwise. */
  readonly timeZone?: string
}

/** Minutes east of UTC at `ms`, in `zone` (an IANA name, or a fixed number of minutes). */
export const offsetAt = (ms: number, zone: string | number): number => {
  if (typeof zone === 'number') return zone
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>
  const wall = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000)
}

/** The instant of a wall-clock time (given as if it were UTC) in `zone`. */
export const wallToInstant = (wall: number, zone: string | number): number => {
  const guess = wall - offsetAt(wall, zone) * 60_000
  return wall - offsetAt(guess, zone) * 60_000
}

const pad = (n: number, w = 2): string => String(Math.abs(n)).padStart(w, '0')

/** RFC 3339 of `ms` in `zone`, e.g. 2026-11-30T10:00:00+01:00 (Z for UTC). */
export const formatInZone = (ms: number, zone: string | number): string => {
  const off = offsetAt(ms, zone)
  const wall = new Date(ms + off * 60_000).toISOString().slice(0, 19)
  return off === 0 ? `${wall}Z` : `${wall}${off < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)}`
}

/** The zone an event's times are written in: its timeZone, else the offset in its dateTime. */
export const zoneOf = (t: EventTime, calendarZone: string): string | number => {
  if (t.timeZone !== undefined) return t.timeZone
  if (t.dateTime === undefined) return calendarZone
  const m = /([+-])(\d{2}):(\d{2})$/.exec(t.dateTime)
  return m === null ? 0 : (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]))
}

/** The instant an event time stands for (an all-day date: midnight in the calendar's zone). */
export const instantOf = (t: EventTime, calendarZone: string): number => {
  if (t.dateTime !== undefined) {
    const ms = Date.parse(t.dateTime)
    if (Number.isNaN(ms)) throw new Error(`not an RFC 3339 time: ${t.dateTime}`)
    return ms
  }
  if (t.date !== undefined) return wallToInstant(Date.parse(`${t.date}T00:00:00Z`), calendarZone)
  throw new Error('an event time needs dateTime or date')
}

/** The suffix Google gives an instance's id: 20261130T090000Z, or 20261130 for all-day. */
export const instanceStamp = (t: EventTime, calendarZone: string): string =>
  t.date !== undefined ? t.date.replaceAll('-', '') : new Date(instantOf(t, calendarZone)).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')

export interface Occurrence {
  readonly start: EventTime
  readonly end: EventTime
}

/** The most instances one series expands to in one answer (a bound, not Google's number). */
export const INSTANCE_CAP = 750

const DAY = 86_400_000

/** Parses the values of an EXDATE line into instants (or dates for all-day series). */
const exdates = (line: string, zone: string | number): Set<string> => {
  const m = /^EXDATE(;[^:]*)?:(.*)$/i.exec(line)
  if (m === null) return new Set()
  const tzid = /TZID=([^;:]+)/i.exec(m[1] ?? '')?.[1]
  return new Set(
    (m[2] ?? '').split(',').map((v) => {
      const d = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/.exec(v.trim())
      if (d === null) return v
      if (d[4] === undefined) return `${d[1]}-${d[2]}-${d[3]}`
      const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(d[4]), Number(d[5]), Number(d[6]))
      return String(d[7] === 'Z' ? wall : wallToInstant(wall, tzid ?? zone))
    }),
  )
}

/**
 * The occurrences of a series whose start is `start` (and length end - start), overlapping [from, to).
 * Reads RRULE and EXDATE lines (RDATE is not supported).
 */
export const expand = (start: EventTime, end: EventTime, recurrence: ReadonlyArray<string>, calendarZone: string, from: number, to: number): Occurrence[] => {
  const rule = recurrence.find((l) => /^RRULE:/i.test(l))
  const zone = zoneOf(start, calendarZone)
  const excluded = new Set(recurrence.flatMap((l) => [...exdates(l, zone)]))
  const allDay = start.date !== undefined
  const first = instantOf(start, calendarZone)
  const length = instantOf(end, calendarZone) - first
  const out: Occurrence[] = []
  if (rule === undefined) return out
  const dtstart = allDay ? ICAL.Time.fromDateString(start.date ?? '') : ICAL.Time.fromDateTimeString(new Date(first + offsetAt(first, zone) * 60_000).toISOString().slice(0, 19))
  const it = ICAL.Recur.fromString(rule.slice('RRULE:'.length)).iterator(dtstart)
  for (let t = it.next(), n = 0; t !== null && n < 100_000; t = it.next(), n++) {
    const wall = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second)
    const at = allDay ? wallToInstant(wall, calendarZone) : wallToInstant(wall, zone)
    if (at >= to || out.length >= INSTANCE_CAP) break
    if (at + length <= from) continue
    if (allDay) {
      const date = new Date(wall).toISOString().slice(0, 10)
      if (excluded.has(date)) continue
      const endDate = new Date(wall + Math.round(length / DAY) * DAY).toISOString().slice(0, 10)
      out.push({ start: { date }, end: { date: endDate } })
      continue
    }
    if (excluded.has(String(at))) continue
    const tz = start.timeZone === undefined ? {} : { timeZone: start.timeZone }
    out.push({ start: { dateTime: formatInZone(at, zone), ...tz }, end: { dateTime: formatInZone(at + length, zone), ...tz } })
  }
  return out
}
