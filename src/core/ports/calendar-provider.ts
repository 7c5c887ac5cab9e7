import type * as TE from 'fp-ts/TaskEither'

/**
 * Where a connection's events come from. An iCalendar feed is a URL (the
 * "secret address"); OAuth providers (Google, Microsoft) will add their own
 * members to this union without changing the port.
 */
export interface IcsCalendarSource {
  readonly kind: 'ics'
  /** https (or webcal) address of the feed. It is a secret: never log it. */
  readonly url: string
  /** The connection's account email, used to read the owner's own response. */
  readonly ownerEmail: string | null
}

export type CalendarSource = IcsCalendarSource

/** Half-open window [from, to), ISO date-times. */
export interface CalendarWindow {
  readonly from: string
  readonly to: string
}

export type ResponseStatus = 'accepted' | 'declined' | 'tentative' | 'needsAction'

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
}

export interface CalendarFailure {
  readonly _tag: 'CalendarFailure'
  /** Readable by the account owner (shown as the connection's lastError); never contains the secret URL. */
  readonly message: string
  /** true when trying again later may succeed (timeouts, 5xx, rate limits). */
  readonly retryable: boolean
}

export const calendarFailure = (message: string, retryable: boolean): CalendarFailure => ({
  _tag: 'CalendarFailure',
  message,
  retryable,
})

export interface CalendarProvider {
  /** The source kind this provider reads, e.g. 'ics'. */
  readonly kind: string
  /**
   * Events overlapping the window. A provider with incremental sync returns a
   * delta when given a cursor it still accepts, and a snapshot otherwise
   * (cursor null, or expired).
   */
  fetchEvents(source: CalendarSource, window: CalendarWindow, cursor: string | null): TE.TaskEither<CalendarFailure, CalendarPage>
}
