import type { CalendarAttendee, CalendarPerson, ResponseStatus } from './calendar-event.js'

/**
 * A meeting the service knows about: added by hand (`source: 'manual'`) or
 * read from a connected calendar (`source` is the provider kind, e.g. `ics`).
 * Removal is soft: a removed meeting keeps its row (runs point at it) but is
 * never listed again.
 */
export interface Meeting {
  readonly id: string
  readonly accountId: string
  /** The calendar connection it came from; null for a meeting added by hand. */
  readonly connectionId: string | null
  /** The calendar's stable id of the occurrence (see CalendarEvent.externalId); null for manual meetings. */
  readonly externalId: string | null
  /** `manual`, or the provider kind of the connection (`ics`). */
  readonly source: string
  readonly title: string
  /** The normalised join link of a supported platform; null when the calendar event has none. */
  readonly link: string | null
  readonly description: string
  readonly location: string
  /** ISO UTC with milliseconds. */
  readonly startsAt: string
  readonly durationMinutes: number
  readonly isAllDay: boolean
  readonly isRecurring: boolean
  readonly attendees: ReadonlyArray<CalendarAttendee>
  /** How many people were invited; can exceed attendees.length when the list was cut (MAX_ATTENDEES). */
  readonly attendeeCount: number
  readonly organizer: CalendarPerson | null
  /** The account owner's own answer to the invitation; null when unknown (and for manual meetings). */
  readonly responseStatus: ResponseStatus | null
  readonly externalUrl: string | null
  /** true records regardless of rules, false never records, null leaves it to the connection. Syncs never write it. */
  readonly recordOverride: boolean | null
  readonly createdAt: string
  readonly updatedAt: string
  /** When it stopped being listed; null while listed. */
  readonly removedAt: string | null
  /**
   * Who removed it: `user` (stays removed, whatever the calendar says) or
   * `calendar` (the event was cancelled or vanished; it comes back if it reappears).
   */
  readonly removedBy: 'user' | 'calendar' | null
}

export const MANUAL_SOURCE = 'manual'
export const MAX_TITLE_LENGTH = 500
export const MAX_DESCRIPTION_LENGTH = 10_000
export const MAX_LOCATION_LENGTH = 1_000
/** Attendees kept per meeting; attendeeCount still counts them all. */
export const MAX_ATTENDEES = 200
export const DEFAULT_DURATION_MINUTES = 30
export const DURATION_BOUNDS = { min: 1, max: 1440 } as const

export const isListed = (m: Meeting): boolean => m.removedAt === null

/** The instant the meeting ends, as epoch milliseconds. */
export const endsAtMs = (m: Pick<Meeting, 'startsAt' | 'durationMinutes'>): number =>
  Date.parse(m.startsAt) + m.durationMinutes * 60_000

export const endsAt = (m: Pick<Meeting, 'startsAt' | 'durationMinutes'>): string => new Date(endsAtMs(m)).toISOString()

/**
 * A half-open filter on time: a meeting is in it when it starts before `to` and
 * has not ended by `from` (a meeting under way at `from` is in). A zero-length
 * meeting at `from` is in too. Either end may be open (null).
 */
export interface MeetingWindow {
  readonly from: string | null
  readonly to: string | null
}

export const inWindow = (m: Pick<Meeting, 'startsAt' | 'durationMinutes'>, w: MeetingWindow): boolean => {
  const start = Date.parse(m.startsAt)
  const from = w.from === null ? null : Date.parse(w.from)
  const to = w.to === null ? null : Date.parse(w.to)
  const afterFrom = from === null || endsAtMs(m) > from || start >= from
  return afterFrom && (to === null || start < to)
}

/** Orders meetings by start, then id, so pages are stable. */
export const byStart = (a: Meeting, b: Meeting): number => a.startsAt.localeCompare(b.startsAt) || a.id.localeCompare(b.id)

/** What happened to a meeting, for whoever plans recordings (the run engine supersedes or cancels runs on it). */
export interface MeetingChange {
  /** `created`: newly listed (new, or back because its event reappeared); `removed`: no longer listed. */
  readonly kind: 'created' | 'updated' | 'removed'
  readonly meeting: Meeting
  /** The meeting before the change; null when created. Compare startsAt to see a move. */
  readonly previous: Meeting | null
}

const cut = (s: string, max: number): string => (s.length > max ? s.slice(0, max) : s)

/** Text fields as stored: trimmed and cut to their limits (calendar text can be anything). */
export const clampText = {
  title: (s: string) => cut(s.trim(), MAX_TITLE_LENGTH),
  description: (s: string) => cut(s.trim(), MAX_DESCRIPTION_LENGTH),
  location: (s: string) => cut(s.trim(), MAX_LOCATION_LENGTH),
}

/** GET /meetings: `limit` default and bounds (the spec's default is 200; above 1,000 is refused, never clamped). */
export const MEETING_LIST_LIMIT = { min: 1, max: 1000, default: 200 } as const
/** GET /meetings/schedule: the longest window. */
export const SCHEDULE_MAX_DAYS = 92
