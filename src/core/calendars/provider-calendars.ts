import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import { type CalendarConnection, OAUTH_PROVIDER_NAMES, type OAuthProviderKind } from '../domain/meetings/calendar-connection.js'
import { type AppError, conflict, invalidField, unavailable } from '../errors.js'
import type { ProviderCalendar } from '../ports/calendar-oauth.js'
import type { CalendarFailure } from '../ports/calendar-provider.js'
import { findOwnConnection } from './find-calendar-connection.js'
import { type AccessDeps, accessTokenFor, isOAuthConnection, oauthOf } from './oauth-grant.js'

export interface ChoosableCalendar extends ProviderCalendar {
  /** The calendar the connection reads now. */
  readonly selected: boolean
}

/** A provider failure while the person waits: a revoked grant asks for a reconnect (409), an outage is a 503. */
export const providerError = (provider: OAuthProviderKind, f: CalendarFailure): AppError =>
  f.reauthorize === true
    ? conflict(`The permission to read this ${OAUTH_PROVIDER_NAMES[provider]} calendar was revoked or has expired; reconnect it first`)
    : unavailable(`${OAUTH_PROVIDER_NAMES[provider]} could not list the calendars: ${f.message}`, f.retryAfterSeconds)

const oauthConnection = (c: CalendarConnection) =>
  isOAuthConnection(c)
    ? TE.right(c)
    : TE.left(invalidField('id', 'is an iCalendar feed, which is one calendar: to read another, connect its feed'))

/** The calendars an OAuth connection's grant can read, the one it reads marked `selected`. */
export const listProviderCalendars =
  (deps: AccessDeps) =>
  (actor: Actor, id: string): TE.TaskEither<AppError, ReadonlyArray<ChoosableCalendar>> =>
    pipe(
      findOwnConnection(deps)(actor, id),
      TE.flatMap(oauthConnection),
      TE.flatMap((c) =>
        pipe(
          TE.fromEither(oauthOf(deps.calendarOAuth, c.provider)),
          TE.flatMap((oauth) => TE.flatMap((token: string) => oauth.calendars(token))(accessTokenFor(deps)(c))),
          TE.mapLeft((f) => providerError(c.provider, f)),
          TE.map((calendars) => calendars.map((cal) => ({ ...cal, selected: cal.id === c.calendarId }))),
        ),
      ),
    )
