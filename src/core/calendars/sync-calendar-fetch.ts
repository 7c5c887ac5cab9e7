import { pipe } from 'fp-ts/lib/function.js'
import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { CalendarConnection, OAuthProviderKind } from '../domain/meetings/calendar-connection.js'
import {
  type CalendarFailure,
  type CalendarPage,
  type CalendarProvider,
  type CalendarWindow,
  calendarFailure,
} from '../ports/calendar-provider.js'
import { type AccessDeps, accessTokenFor, isOAuthConnection } from './oauth-grant.js'

const MAX_ERROR_LENGTH = 500

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The provider's messages never carry the address or its host; this makes sure
 * of it before one is stored and shown: the whole address and its path become
 * "(the feed address)", its host (with or without the port, where it stands as
 * a whole name) "(the calendar host)".
 */
export const scrubAddress = (message: string, url: string): string => {
  const authority = /^[a-z]+:\/\/(?:[^/?#@]*@)?([^/?#]*)/i.exec(url)?.[1] ?? ''
  const path = url.replace(/^[a-z]+:\/\/[^/]*/i, '')
  const secrets = [url, path.length > 1 ? path : null].filter((x): x is string => x !== null)
  const addressFree = secrets.reduce((m, secret) => m.split(secret).join('(the feed address)'), message)
  const host = authority.replace(/:\d*$/, '')
  const hosts = [...new Set([authority, host, host.replace(/^\[(.*)\]$/, '$1')])].filter((h) => h.length > 1)
  const cleaned = hosts.reduce(
    (m, h) => m.replace(new RegExp(`(?<![\\w.-])${escaped(h)}(?![\\w-]|\\.\\w)`, 'gi'), '(the calendar host)'),
    addressFree,
  )
  return cleaned.length > MAX_ERROR_LENGTH ? `${cleaned.slice(0, MAX_ERROR_LENGTH - 1)}…` : cleaned
}

/**
 * A provider that throws instead of answering a CalendarFailure (a bug, or a
 * library failing on input nobody foresaw) still ends the sync in words.
 */
const unexpectedAsFailure = (run: () => Promise<E.Either<CalendarFailure, CalendarPage>>): TE.TaskEither<CalendarFailure, CalendarPage> =>
  pipe(
    TE.tryCatch(run, (cause) => ({
      ...calendarFailure('The calendar could not be read: the feed reader failed unexpectedly. The sync will be tried again.', true),
      cause,
    })),
    TE.flatMap(TE.fromEither),
  )

export interface FetchDeps extends AccessDeps {
  readonly calendars: ReadonlyArray<CalendarProvider>
}

/** What a sync read, and the access token it read with (OAuth connections), for the push channel's upkeep. */
export interface FetchedPage {
  readonly page: CalendarPage
  readonly accessToken: string | null
}

const providerOf = (deps: FetchDeps, c: CalendarConnection): E.Either<CalendarFailure, CalendarProvider> =>
  E.fromNullable(calendarFailure(`Calendars of kind ${c.provider} cannot be read on this server.`, false))(deps.calendars.find((p) => p.kind === c.provider))

/** The sealed sync token; one that cannot be opened (sealed under an older key) only costs a full sync. */
const cursorOf = (deps: FetchDeps, c: CalendarConnection): string | null =>
  c.sealedCursor === null ? null : E.getOrElseW(() => null)(deps.secretBox.open(c.sealedCursor))

/**
 * A feed: opens the sealed address, fetches, and scrubs the address and its
 * host out of every message before it is stored and shown.
 */
const fetchFeed = (deps: FetchDeps, c: CalendarConnection, window: CalendarWindow): TE.TaskEither<CalendarFailure, FetchedPage> =>
  pipe(
    E.Do,
    E.apS(
      'url',
      E.mapLeft((f: { message: string }) => calendarFailure(`The feed address could not be read back (${f.message}); connect the calendar again.`, false))(
        deps.secretBox.open(c.sealedCredential),
      ),
    ),
    E.apS('provider', providerOf(deps, c)),
    TE.fromEither,
    TE.flatMap(({ url, provider }) =>
      pipe(
        unexpectedAsFailure(() => provider.fetchEvents({ kind: 'ics', url, ownerEmail: c.accountEmail }, window, cursorOf(deps, c))()),
        TE.bimap(
          (f) => ({ ...f, message: scrubAddress(f.message, url) }),
          (page) => ({ page: page.warnings === undefined ? page : { ...page, warnings: page.warnings.map((w) => scrubAddress(w, url)) }, accessToken: null }),
        ),
      ),
    ),
  )

/** A Google or Microsoft calendar: a current access token (refreshed and saved when due), then the events since the sync token. */
const fetchOAuth = (
  deps: FetchDeps,
  c: CalendarConnection & { readonly provider: OAuthProviderKind },
  window: CalendarWindow,
): TE.TaskEither<CalendarFailure, FetchedPage> => {
  const read = (provider: CalendarProvider, refresh: boolean) =>
    pipe(
      accessTokenFor(deps, { refresh })(c),
      TE.flatMap((accessToken) =>
        pipe(
          unexpectedAsFailure(() =>
            provider.fetchEvents({ kind: c.provider, calendarId: c.calendarId, ownerEmail: c.accountEmail, accessToken }, window, cursorOf(deps, c))(),
          ),
          TE.map((page) => ({ page, accessToken })),
        ),
      ),
    )
  return pipe(
    TE.fromEither(providerOf(deps, c)),
    // A refused access token (revoked early, or lapsed sooner than it said) is refreshed once at once:
    // a revoked grant then fails its refresh and asks for a reconnect.
    TE.flatMap((provider) => TE.orElse((f: CalendarFailure) => (f.tokenRejected === true ? read(provider, true) : TE.left(f)))(read(provider, false))),
  )
}

/**
 * Reads a connection's calendar for the window with the provider of its kind.
 * Every failure is a CalendarFailure whose message is fit for lastError.
 */
export const fetchCalendarPage =
  (deps: FetchDeps) =>
  (c: CalendarConnection, window: CalendarWindow): TE.TaskEither<CalendarFailure, FetchedPage> =>
    isOAuthConnection(c) ? fetchOAuth(deps, c, window) : fetchFeed(deps, c, window)
