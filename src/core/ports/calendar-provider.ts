import type * as E from 'fp-ts/lib/Either.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { OAuthProviderKind } from '../domain/meetings/calendar-connection.js'
import type { CalendarPage, CalendarWindow } from '../domain/meetings/calendar-event.js'

export type { OAuthProviderKind } from '../domain/meetings/calendar-connection.js'

export type { CalendarAttendee, CalendarEvent, CalendarPage, CalendarPerson, CalendarWindow, ResponseStatus } from '../domain/meetings/calendar-event.js'

/**
 * Where a connection's events come from. An iCalendar feed is a URL (the
 * "secret address"); an OAuth provider's calendar is an id read with an
 * access token (see calendar-oauth.ts for the grant).
 */
export interface IcsCalendarSource {
  readonly kind: 'ics'
  /** https (or webcal) address of the feed. It is a secret: never log it. */
  readonly url: string
  /** The connection's account email, used to read the owner's own response. */
  readonly ownerEmail: string | null
}

/** A calendar read over an OAuth grant (Google Calendar, Microsoft 365). */
export interface OAuthCalendarSource {
  readonly kind: OAuthProviderKind
  /** The provider's id of the chosen calendar. */
  readonly calendarId: string
  /** The email of the provider account that granted access; the owner's own response is read for it. */
  readonly ownerEmail: string | null
  /** A current access token (the sync refreshes it through CalendarOAuth before reading). A secret: never log it. */
  readonly accessToken: string
}

export type CalendarSource = IcsCalendarSource | OAuthCalendarSource

export interface CalendarFailure {
  readonly _tag: 'CalendarFailure'
  /** Readable by the account owner (shown as the connection's lastError); never contains the secret URL. */
  readonly message: string
  /** true when trying again later may succeed (timeouts, 5xx, rate limits). */
  readonly retryable: boolean
  /** Seconds the provider asked to wait before the next call (Retry-After on 429 or 503), when it said. */
  readonly retryAfterSeconds?: number
  /** The grant was revoked or expired (invalid_grant, 401 after a refresh): only the account can reconnect it. */
  readonly reauthorize?: boolean
  /** The provider refused the access token (401): the sync refreshes the grant and tries once more. */
  readonly tokenRejected?: boolean
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
   * Feeds only (an OAuth calendar has no address to screen).
   * Screens a source a user connects, before it is stored: for a feed, the
   * scheme, credentials, and hosts this server must not read from (private,
   * loopback, link-local or cloud metadata, by literal address or well-known
   * name). Host names are checked again after DNS at every fetch. Right: the
   * source unchanged (its address is stored as given). Left: the reason in
   * words, never the address or its host.
   */
  vetSource?(source: IcsCalendarSource): E.Either<string, IcsCalendarSource>
}
