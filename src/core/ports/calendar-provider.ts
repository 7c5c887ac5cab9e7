import type * as E from 'fp-ts/lib/Either.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { CalendarPage, CalendarWindow } from '../domain/meetings/calendar-event.js'

export type { CalendarAttendee, CalendarEvent, CalendarPage, CalendarPerson, CalendarWindow, ResponseStatus } from '../domain/meetings/calendar-event.js'

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

export interface CalendarFailure {
  readonly _tag: 'CalendarFailure'
  /** Readable by the account owner (shown as the connection's lastError); never contains the secret URL. */
  readonly message: string
  /** true when trying again later may succeed (timeouts, 5xx, rate limits). */
  readonly retryable: boolean
  /** What went wrong underneath, for the server log only (never shown to the account). */
  readonly cause?: unknown
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
  /**
   * Screens a source a user connects, before it is stored: for a feed, the
   * scheme, credentials, and hosts this server must not read from (private,
   * loopback, link-local or cloud metadata, by literal address or well-known
   * name). Host names are checked again after DNS at every fetch. Right: the
   * source unchanged (its address is stored as given). Left: the reason in
   * words, never the address or its host.
   */
  vetSource(source: CalendarSource): E.Either<string, CalendarSource>
}
