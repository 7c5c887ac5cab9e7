import * as E from 'fp-ts/lib/Either.js'
import ICAL from 'ical.js'
import {
  type CalendarEvent,
  type CalendarFailure,
  type CalendarWindow,
  calendarFailure,
} from '../../../src/core/ports/calendar-provider.js'
import { eventFields } from './event-fields.js'
import {
  MAX_OCCURRENCES_SCANNED,
  MAX_STEPS_PER_FEED,
  type StepBudget,
  type Timing,
  UnreadableEvent,
  type WindowMs,
  expandSeries,
  overlaps,
  recurrenceIdMs,
  timingOf,
} from './occurrences.js'
import { type ReadCalendar, readCalendar } from './read-calendar.js'

type Component = InstanceType<typeof ICAL.Component>

export interface IcsParseOptions {
  /** The connection's account email, to report the owner's own response. */
  readonly ownerEmail?: string | null
}

export interface IcsParseResult {
  /** Occurrences overlapping the window, sorted by start then externalId. */
  readonly events: ReadonlyArray<CalendarEvent>
  /** One readable note per event that could not be read and was left out. */
  readonly skipped: ReadonlyArray<string>
  /** Readable notes on parts left out of what was read: unreadable lines, series cut short. */
  readonly notes: ReadonlyArray<string>
  /** The feed's name for itself (X-WR-CALNAME, as Google, Outlook and Apple write it); null when it has none. */
  readonly calendarName: string | null
}

interface Series {
  master: Component | null
  readonly overrides: Component[]
}

const iso = (ms: number): string => new Date(ms).toISOString()
const sequenceOf = (c: Component): number => Number(c.getFirstPropertyValue('sequence') ?? 0) || 0
const isSeries = (c: Component): boolean => c.hasProperty('rrule') || c.hasProperty('rdate')

/**
 * UID-less events break RFC 5545 but happen; derive an id from what is there
 * (start and title) so it is stable across syncs.
 */
const uidOf = (c: Component): string => {
  const uid = c.getFirstPropertyValue('uid')
  if (typeof uid === 'string' && uid.trim() !== '') return uid.trim()
  return `${NO_UID}${String(c.getFirstProperty('dtstart')?.toICALString() ?? '')}:${String(c.getFirstPropertyValue('summary') ?? '')}`
}

/**
 * Groups VEVENTs by UID; among duplicate masters the highest SEQUENCE (then
 * the last) wins. UID-less events with the same start and title are different
 * events, not versions of one: the second and later get `#2`, `#3` ... after
 * their id (the first keeps the id it always had).
 */
const groupByUid = (events: ReadonlyArray<Component>, skipped: string[]): Map<string, Series> => {
  const groups = new Map<string, Series>()
  for (const event of events) {
    let uid: string
    try {
      uid = uidOf(event)
    } catch (error) {
      skipped.push(`Event ${nameOf(String(event.getFirstPropertyValue('summary') ?? ''), '')} could not be read and was left out: ${why(error)}.`)
      continue
    }
    const isOverride = event.hasProperty('recurrence-id')
    if (uid.startsWith(NO_UID) && !isOverride) {
      const base = uid
      for (let n = 2; groups.get(uid)?.master != null; n++) uid = `${base}#${n}`
    }
    const series = groups.get(uid) ?? { master: null, overrides: [] }
    groups.set(uid, series)
    if (isOverride) series.overrides.push(event)
    else if (series.master === null || sequenceOf(event) >= sequenceOf(series.master)) series.master = event
  }
  return groups
}

const NO_UID = 'no-uid:'

/** How a note names an event: its title in quotes, else its UID, else "without a title". */
const nameOf = (title: string, uid: string): string =>
  title.trim() !== '' ? `"${title.trim()}"` : uid !== '' && !uid.startsWith(NO_UID) ? `"${uid}"` : 'without a title'

const titleOf = (series: Series, uid: string): string =>
  nameOf(String(series.master?.getFirstPropertyValue('summary') ?? series.overrides[0]?.getFirstPropertyValue('summary') ?? ''), uid)

interface Context {
  readonly window: WindowMs
  readonly zone: string | null
  readonly ownerEmail: string | null
  readonly budget: StepBudget
}

const toEvent = (
  externalId: string,
  source: Component,
  startMs: number,
  timing: Pick<Timing, 'durationMs' | 'isAllDay'>,
  isRecurring: boolean,
  ctx: Context,
  cancelled = false,
): CalendarEvent => {
  const fields = eventFields(source, ctx.ownerEmail)
  return {
    externalId,
    ...fields,
    cancelled: fields.cancelled || cancelled,
    startsAt: iso(startMs),
    durationMinutes: Math.round(timing.durationMs / 60_000),
    isAllDay: timing.isAllDay,
    isRecurring,
  }
}

const noStart = (series: Series, uid: string) =>
  new UnreadableEvent(`Event ${titleOf(series, uid)} has no start (DTSTART) and was left out.`)

const seriesEvents = (uid: string, series: Series, ctx: Context, notes: string[]): CalendarEvent[] => {
  const out: CalendarEvent[] = []
  const master = series.master
  const masterTiming = master === null ? null : timingOf(master, ctx.zone)
  if (master !== null && masterTiming === null) throw noStart(series, uid)
  const masterCancelled = master !== null && String(master.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED'
  const overridden = new Set<number>()
  for (const override of series.overrides) {
    const originalMs = recurrenceIdMs(override, ctx.zone, masterTiming?.isAllDay ?? false)
    const timing = timingOf(override, ctx.zone)
    if (originalMs === null) continue
    if (timing === null) throw noStart(series, uid)
    overridden.add(originalMs)
    if (overlaps(timing.startMs, timing.durationMs, ctx.window)) {
      out.push(toEvent(`${uid}#${iso(originalMs)}`, override, timing.startMs, timing, true, ctx, masterCancelled))
    }
  }
  if (master === null || masterTiming === null) return out
  if (!isSeries(master)) {
    if (overlaps(masterTiming.startMs, masterTiming.durationMs, ctx.window)) {
      out.push(toEvent(uid, master, masterTiming.startMs, masterTiming, series.overrides.length > 0, ctx))
    }
    return out
  }
  const { occurrences, cutOff } = expandSeries(master, masterTiming, overridden, ctx.window, ctx.zone, true, ctx.budget)
  for (const { startMs, durationMs } of occurrences) {
    out.push(toEvent(`${uid}#${iso(startMs)}`, master, startMs, { durationMs, isAllDay: masterTiming.isAllDay }, true, ctx))
  }
  if (cutOff) {
    notes.push(
      ctx.budget.left > 0
        ? `Event ${titleOf(series, uid)} repeats too often; only its first ${MAX_OCCURRENCES_SCANNED} occurrences were read.`
        : `Event ${titleOf(series, uid)} was read from its first occurrence only: the feed's repeating events take more than ${MAX_STEPS_PER_FEED} steps to read.`,
    )
  }
  return out
}

const why = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/**
 * Parses iCalendar text and returns the occurrences overlapping the window:
 * recurrences expanded (RRULE, RDATE, EXDATE), RECURRENCE-ID overrides placed
 * where they moved to, cancelled occurrences kept with cancelled: true (so a
 * sync can drop the meeting). Read leniently, as python-icalendar and libical
 * read (see lenientText): an event that cannot be read is left out and named
 * in `skipped`, a line that cannot be read is left out and named in `notes`;
 * only a text that is not iCalendar at all is a CalendarFailure.
 */
export const parseIcs = (
  text: string,
  window: CalendarWindow,
  options: IcsParseOptions = {},
): E.Either<CalendarFailure, IcsParseResult> => {
  const fromMs = Date.parse(window.from)
  const toMs = Date.parse(window.to)
  if (Number.isNaN(fromMs) || Number.isNaN(toMs)) return E.left(calendarFailure('The sync window is not a valid date range.', false))
  return E.map(({ root, eventsLeftOut, linesLeftOut }: ReadCalendar) => {
    const zone = String(root.getFirstPropertyValue('x-wr-timezone') ?? '') || null
    const ctx: Context = { window: { fromMs, toMs }, zone, ownerEmail: options.ownerEmail ?? null, budget: { left: MAX_STEPS_PER_FEED } }
    const events: CalendarEvent[] = []
    const skipped: string[] = [...eventsLeftOut]
    const notes: string[] = [...linesLeftOut]
    for (const [uid, series] of groupByUid(root.getAllSubcomponents('vevent'), skipped)) {
      try {
        events.push(...seriesEvents(uid, series, ctx, notes))
      } catch (error) {
        skipped.push(error instanceof UnreadableEvent && /^Event /.test(error.message)
          ? error.message
          : `Event ${titleOf(series, uid)} could not be read and was left out: ${why(error)}.`)
      }
    }
    events.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.externalId.localeCompare(b.externalId))
    const calendarName = String(root.getFirstPropertyValue('x-wr-calname') ?? '').trim() || null
    return { events, skipped, notes, calendarName }
  })(readCalendar(text))
}
