/** What a calendar provider reads from a calendar: events in a window, as the sync stores them in meetings. */
import * as t from 'io-ts'

/** Half-open window [from, to), ISO date-times. */
export interface CalendarWindow {
  readonly from: string
  readonly to: string
}

export const ResponseStatus = t.keyof({ accepted: null, declined: null, tentative: null, needsAction: null }, 'ResponseStatus')
export type ResponseStatus = t.TypeOf<typeof ResponseStatus>

export interface CalendarPerson {
  readonly name: string
  /** Lowercased; '' when the calendar gave no address. */
  readonly email: string
}

export interface CalendarAttendee extends CalendarPerson {
  readonly responseStatus: ResponseStatus
}

/** One occurrence of an event, as the sync stores it in a meeting. */
export interface CalendarEvent {
  /**
   * Stable across syncs: for a one-off event the calendar's UID (so moving it
   * updates the meeting); for an occurrence of a series the UID plus the
   * occurrence's original start (its RECURRENCE-ID), so a moved occurrence
   * keeps its id.
   */
  readonly externalId: string
  readonly title: string
  readonly description: string
  readonly location: string
  /** The first supported join link found in the event, normalised; null when none. */
  readonly link: string | null
  /** ISO UTC with milliseconds. All-day events start at 00:00 UTC of their date. */
  readonly startsAt: string
  readonly durationMinutes: number
  readonly isAllDay: boolean
  readonly isRecurring: boolean
  readonly organizer: CalendarPerson | null
  readonly attendees: ReadonlyArray<CalendarAttendee>
  /** The connection owner's own response when they are an attendee (or accepted when organizer); else null. */
  readonly responseStatus: ResponseStatus | null
  /** Link to the event in the calendar's own interface, when given. */
  readonly externalUrl: string | null
  readonly cancelled: boolean
}

/**
 * snapshot: `events` are all the events in the window; anything stored for the
 * window and missing from them is gone. delta: `events` changed and
 * `removedIds` were deleted since the cursor.
 */
export interface CalendarPage {
  readonly mode: 'snapshot' | 'delta'
  readonly events: ReadonlyArray<CalendarEvent>
  readonly removedIds: ReadonlyArray<string>
  /** Pass back on the next call for incremental sync; null when the provider has none. */
  readonly cursor: string | null
  /**
   * What the provider could not read and left out, in words for the account
   * (a summary line first, e.g. "2 events could not be read and were left
   * out", then one note each); absent or [] when it read everything.
   */
  readonly warnings?: ReadonlyArray<string>
  /** The calendar's own name, when the provider knows one (a feed's X-WR-CALNAME); a sync names the connection by it. */
  readonly calendarName?: string | null
}
