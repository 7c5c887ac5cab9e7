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

const DAY_MS = 86_400_000

const tzidOf = (component: Component, name: string): string | null => {
  const tzid = component.getFirstProperty(name)?.getParameter('tzid')
  return typeof tzid === 'string' ? tzid : null
}

/** Start, duration and kind of a VEVENT; null when it has no DTSTART. */
export const timingOf = (event: Component, fallbackZone: string | null): Timing | null => {
  const start = event.getFirstPropertyValue('dtstart') as IcalTime | null
  if (start === null || typeof start !== 'object') return null
  const tzid = tzidOf(event, 'dtstart')
  const startMs = toUtcMs(start, tzid, fallbackZone)
  const end = event.getFirstPropertyValue('dtend') as IcalTime | null
  const duration = event.getFirstPropertyValue('duration') as InstanceType<typeof ICAL.Duration> | null
  const durationMs =
    end !== null && typeof end === 'object'
      ? toUtcMs(end, tzidOf(event, 'dtend'), fallbackZone) - startMs
      : duration !== null && typeof duration === 'object'
        ? duration.toSeconds() * 1000
        : start.isDate
          ? DAY_MS // RFC 5545: a DATE start without end lasts one day
          : 0
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
 * Where to start expanding. A daily or weekly rule without COUNT repeats the
 * same way from any start moved forward by whole periods, so a series that
 * began years ago is expanded from shortly before the window instead of from
 * its first occurrence (each step costs ical.js ~15 µs; a ten-year daily series
 * is 3,650 steps). The moved start lies more than a period plus the duration
 * before the window, so if it is not itself an occurrence of the rule (RFC 5545
 * always counts DTSTART) it still falls outside the window.
 */
const fastForwardStart = (master: Component, timing: Timing, window: WindowMs): IcalTime => {
  const rules = master.getAllProperties('rrule')
  const rule = rules[0]?.getFirstValue() as InstanceType<typeof ICAL.Recur> | undefined
  if (rules.length !== 1 || rule === undefined || rule.count) return timing.start
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

/**
 * Start instants (RRULE and RDATE, minus EXDATE) of a series that fall in the
 * window, skipping those an override replaces (the override is placed by its
 * own DTSTART). EXDATE is matched by UTC instant here rather than by ical.js,
 * so an EXDATE in another zone than DTSTART still removes its occurrence.
 */
export const expandSeries = (
  master: Component,
  timing: Timing,
  overridden: ReadonlySet<number>,
  window: WindowMs,
  fallbackZone: string | null,
  fastForward = true,
): { readonly starts: number[]; readonly cutOff: boolean } => {
  const copy = new ICAL.Component(structuredClone(master.jCal), master.parent ?? undefined)
  copy.removeAllProperties('exdate')
  const dtstart = fastForward ? fastForwardStart(master, timing, window) : timing.start
  const expansion = new ICAL.RecurExpansion({ component: copy, dtstart })
  const excluded = exclusions(master, fallbackZone)
  const found: number[] = []
  for (let scanned = 0; scanned < MAX_OCCURRENCES_SCANNED; scanned++) {
    const next = expansion.next()
    if (next === undefined || next === null) return { starts: found, cutOff: false }
    const originalMs = toUtcMs(next, timing.tzid, fallbackZone)
    if (originalMs >= window.toMs) return { starts: found, cutOff: false } // occurrences come in order
    if (excluded.instants.has(originalMs) || excluded.days.has(dayOf(next)) || overridden.has(originalMs)) continue
    if (overlaps(originalMs, timing.durationMs, window)) found.push(originalMs)
  }
  return { starts: found, cutOff: true }
}

/** UTC instant of an override's RECURRENCE-ID: the original start it replaces. */
export const recurrenceIdMs = (override: Component, fallbackZone: string | null): number | null => {
  const rid = override.getFirstPropertyValue('recurrence-id') as IcalTime | null
  return rid === null || typeof rid !== 'object' ? null : toUtcMs(rid, tzidOf(override, 'recurrence-id'), fallbackZone)
}
