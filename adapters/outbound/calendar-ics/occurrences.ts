import ICAL from 'ical.js'
import { toUtcMs } from './time-zones.js'

type Component = InstanceType<typeof ICAL.Component>
type IcalTime = InstanceType<typeof ICAL.Time>

/** Instants in ms; the window is half-open [fromMs, toMs). */
export interface WindowMs {
  readonly fromMs: number
  readonly toMs: number
}

export interface Timing {
  readonly start: IcalTime
  readonly tzid: string | null
  readonly startMs: number
  readonly durationMs: number
  readonly isAllDay: boolean
}

/** Series longer than this are cut off: a feed must not make the sync loop for ever (FREQ=MINUTELY for years). */
export const MAX_OCCURRENCES_SCANNED = 50_000

/**
 * Rule steps one feed may take in all (each costs ical.js 15-30 µs), so a feed
 * of many runaway series is bounded too; series after that are read from
 * DTSTART and RDATE only, and noted.
 */
export const MAX_STEPS_PER_FEED = 100_000

/** What is left of a feed's steps; shared by the series of one parse. */
export interface StepBudget {
  left: number
}

const DAY_MS = 86_400_000

const tzidOf = (component: Component, name: string): string | null => {
  const tzid = component.getFirstProperty(name)?.getParameter('tzid')
  return typeof tzid === 'string' ? tzid : null
}

/** Events longer than this are left out: no meeting lasts a quarter of a year, and absurd lengths break dates. */
export const MAX_EVENT_DAYS = 90

/**
 * Years read: four-digit ISO years, as every store and ISO 8601 writes them.
 * Not below 1000: Date.UTC reads years 0-99 as 1900-1999, and no feed means
 * them (Apple writes birthdays of unknown years in 1604).
 */
const MIN_YEAR = 1000
const MAX_YEAR = 9999

/** Why an event cannot be read, in words for the connection's warnings. */
export class UnreadableEvent extends Error {}

const checkedYear = (t: IcalTime, what: string): void => {
  if (!Number.isInteger(t.year) || t.year < MIN_YEAR || t.year > MAX_YEAR) {
    throw new UnreadableEvent(`its ${what} (year ${t.year}) is outside the years ${MIN_YEAR} to ${MAX_YEAR}`)
  }
}

const durationWords = (ms: number): string =>
  ms >= 1000 * DAY_MS ? 'more than 1,000 days' : `${Math.round(ms / DAY_MS)} days`

/**
 * Start, duration and kind of a VEVENT; null when it has no DTSTART. Throws
 * UnreadableEvent for a start or end outside the years 1000-9999 or an event longer
 * than MAX_EVENT_DAYS, which the parser leaves out and counts.
 */
export const timingOf = (event: Component, fallbackZone: string | null): Timing | null => {
  const start = event.getFirstPropertyValue('dtstart') as IcalTime | null
  if (start === null || typeof start !== 'object') return null
  checkedYear(start, 'start')
  const tzid = tzidOf(event, 'dtstart')
  const startMs = toUtcMs(start, tzid, fallbackZone)
  const end = event.getFirstPropertyValue('dtend') as IcalTime | null
  const duration = event.getFirstPropertyValue('duration') as InstanceType<typeof ICAL.Duration> | null
  if (end !== null && typeof end === 'object') checkedYear(end, 'end')
  const durationMs =
    end !== null && typeof end === 'object'
      ? toUtcMs(end, tzidOf(event, 'dtend'), fallbackZone) - startMs
      : duration !== null && typeof duration === 'object'
        ? duration.toSeconds() * 1000
        : start.isDate
          ? DAY_MS // RFC 5545: a DATE start without end lasts one day
          : 0
  if (!Number.isFinite(startMs)) throw new UnreadableEvent('its start is not a date')
  if (!(durationMs <= MAX_EVENT_DAYS * DAY_MS)) {
    throw new UnreadableEvent(`it lasts ${durationWords(durationMs)}, longer than the ${MAX_EVENT_DAYS} days an event may last`)
  }
  return { start, tzid, startMs, durationMs: Math.max(0, durationMs), isAllDay: start.isDate }
}

/** Whether [startMs, startMs + durationMs) touches the window; an instant event counts when inside it. */
export const overlaps = (startMs: number, durationMs: number, w: WindowMs): boolean =>
  startMs < w.toMs && (startMs + durationMs > w.fromMs || (durationMs === 0 && startMs >= w.fromMs))

/** EXDATE values as UTC instants, plus bare dates (an all-day EXDATE removes that day's occurrence). */
const exclusions = (master: Component, fallbackZone: string | null): { instants: Set<number>; days: Set<string> } => {
  const instants = new Set<number>()
  const days = new Set<string>()
  for (const prop of master.getAllProperties('exdate')) {
    const tzid = prop.getParameter('tzid')
    for (const value of prop.getValues() as IcalTime[]) {
      if (value.isDate) days.add(dayOf(value))
      instants.add(toUtcMs(value, typeof tzid === 'string' ? tzid : null, fallbackZone))
    }
  }
  return { instants, days }
}

/** Local calendar date of a time, YYYY-MM-DD. */
const dayOf = (t: IcalTime): string =>
  `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`

/**
 * Where to start expanding a rule. A daily or weekly rule without COUNT
 * repeats the same way from any start moved forward by whole periods, so a
 * series that began years ago is expanded from shortly before the window
 * instead of from its first occurrence (each step costs ical.js ~15 µs; a
 * ten-year daily series is 3,650 steps). The moved start lies more than a
 * period plus the duration before the window, so if it is not itself an
 * occurrence of the rule it still falls outside the window.
 */
const fastForwardStart = (rule: Recur, timing: Timing, window: WindowMs): IcalTime => {
  if (rule.count) return timing.start
  if (rule.freq !== 'DAILY' && rule.freq !== 'WEEKLY') return timing.start
  const periodDays = (rule.interval || 1) * (rule.freq === 'WEEKLY' ? 7 : 1)
  // Two spare days absorb zone offsets between wall-clock and UTC arithmetic.
  const targetMs = window.fromMs - timing.durationMs - (periodDays + 2) * DAY_MS
  const periods = Math.floor((targetMs - timing.startMs) / DAY_MS / periodDays)
  if (periods <= 0) return timing.start
  const moved = timing.start.clone()
  moved.adjust(periods * periodDays, 0, 0, 0)
  return moved
}

type Recur = InstanceType<typeof ICAL.Recur>
type Period = InstanceType<typeof ICAL.Period>

/** A start found, with its length and its local date (for all-day EXDATEs). */
interface Candidate {
  readonly durationMs: number
  readonly day: string
}

/** One occurrence: its original start, and its own length when an RDATE period gives one. */
export interface Occurrence {
  readonly startMs: number
  readonly durationMs: number
}

/**
 * Original starts of the series: DTSTART (always the first instance, RFC 5545
 * 3.8.5.3, even when the rule would not give it or its UNTIL is earlier), each
 * RRULE's occurrences (several rules give their union), and each RDATE (a date,
 * a date-time or a PERIOD, whose length replaces the event's).
 */
const seriesStarts = (
  master: Component,
  timing: Timing,
  window: WindowMs,
  fallbackZone: string | null,
  fastForward: boolean,
  budget: StepBudget,
): { readonly starts: Map<number, Candidate>; readonly cutOff: boolean } => {
  const starts = new Map<number, Candidate>([[timing.startMs, { durationMs: timing.durationMs, day: dayOf(timing.start) }]])
  let scanned = 0
  let cutOff = false
  const rules = master.getAllProperties('rrule').map((p) => p.getFirstValue() as Recur)
  for (const rule of rules) {
    const from = fastForward && rules.length === 1 ? fastForwardStart(rule, timing, window) : timing.start
    const iterator = rule.iterator(from)
    for (;;) {
      if (scanned >= MAX_OCCURRENCES_SCANNED || budget.left <= 0) {
        cutOff = true
        break
      }
      scanned++
      budget.left--
      const next = iterator.next()
      if (next === undefined || next === null) break
      const ms = toUtcMs(next, timing.tzid, fallbackZone)
      if (ms >= window.toMs) break // occurrences come in order
      if (!starts.has(ms)) starts.set(ms, { durationMs: timing.durationMs, day: dayOf(next) })
    }
  }
  for (const prop of master.getAllProperties('rdate')) {
    const tzid = prop.getParameter('tzid')
    for (const value of prop.getValues() as Array<IcalTime | Period>) {
      if (value instanceof ICAL.Period) {
        const startMs = toUtcMs(value.start, typeof tzid === 'string' ? tzid : timing.tzid, fallbackZone)
        const endMs = value.end !== null ? toUtcMs(value.end, typeof tzid === 'string' ? tzid : timing.tzid, fallbackZone) : startMs + (value.duration?.toSeconds() ?? 0) * 1000
        const durationMs = endMs - startMs
        if (Number.isFinite(startMs) && durationMs >= 0 && durationMs <= MAX_EVENT_DAYS * DAY_MS) {
          starts.set(startMs, { durationMs, day: dayOf(value.start) })
        }
      } else if (value instanceof ICAL.Time) {
        const ms = toUtcMs(value, typeof tzid === 'string' ? tzid : timing.tzid, fallbackZone)
        if (Number.isFinite(ms) && !starts.has(ms)) starts.set(ms, { durationMs: timing.durationMs, day: dayOf(value) })
      }
    }
  }
  return { starts, cutOff }
}

/**
 * Occurrences (DTSTART, RRULE and RDATE, minus EXDATE) of a series that
 * overlap the window, in order, skipping those an override replaces (the
 * override is placed by its own DTSTART). EXDATE is matched by UTC instant
 * here rather than by ical.js, so an EXDATE in another zone than DTSTART still
 * removes its occurrence; an all-day EXDATE removes that day's occurrence.
 */
export const expandSeries = (
  master: Component,
  timing: Timing,
  overridden: ReadonlySet<number>,
  window: WindowMs,
  fallbackZone: string | null,
  fastForward = true,
  budget: StepBudget = { left: MAX_STEPS_PER_FEED },
): { readonly occurrences: Occurrence[]; readonly cutOff: boolean } => {
  const { starts, cutOff } = seriesStarts(master, timing, window, fallbackZone, fastForward, budget)
  const excluded = exclusions(master, fallbackZone)
  const occurrences = [...starts]
    .filter(([ms, c]) => !excluded.instants.has(ms) && !excluded.days.has(c.day) && !overridden.has(ms) && overlaps(ms, c.durationMs, window))
    .sort(([a], [b]) => a - b)
    .map(([startMs, c]) => ({ startMs, durationMs: c.durationMs }))
  return { occurrences, cutOff }
}

/**
 * UTC instant of an override's RECURRENCE-ID: the original start it replaces.
 * For an all-day series it is the day named, whatever zone or time it is
 * written with (Outlook writes `RECURRENCE-ID;TZID=GMT Standard Time:...T000000`).
 */
export const recurrenceIdMs = (override: Component, fallbackZone: string | null, allDaySeries = false): number | null => {
  const rid = override.getFirstPropertyValue('recurrence-id') as IcalTime | null
  if (rid === null || typeof rid !== 'object') return null
  if (allDaySeries) return Date.UTC(rid.year, rid.month - 1, rid.day)
  return toUtcMs(rid, tzidOf(override, 'recurrence-id'), fallbackZone)
}
