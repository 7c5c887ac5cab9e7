import type * as E from 'fp-ts/lib/Either.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { PushChannel } from '../domain/meetings/calendar-connection.js'
import type { CalendarFailure, OAuthProviderKind } from './calendar-provider.js'

export type { PushChannel } from '../domain/meetings/calendar-connection.js'

/**
 * What an OAuth grant to a calendar holds. Kept sealed by the SecretBox with
 * the connection, never returned: the refresh token lasts until the account
 * revokes it, the access token until `accessExpiresAt`.
 */
export interface OAuthGrant {
  readonly refreshToken: string
  readonly accessToken: string
  /** ISO date-time the access token stops working. */
  readonly accessExpiresAt: string
  /** The scopes the account granted, as the provider reported them. */
  readonly scopes: ReadonlyArray<string>
}

/** One calendar the grant can read, for the account to choose from. */
export interface ProviderCalendar {
  readonly id: string
  readonly name: string
  /** The account's own main calendar (chosen when the account does not choose). */
  readonly primary: boolean
}

/** A PKCE pair (RFC 7636, S256): the verifier stays with us, the challenge goes in the authorization URL. */
export interface PkcePair {
  readonly verifier: string
  readonly challenge: string
}

/** A request to the public push route, as received: header names lowercase, the body as text. */
export interface PushRequest {
  readonly headers: Readonly<Record<string, string | undefined>>
  readonly query: Readonly<Record<string, string | undefined>>
  readonly body: string
}

/** What a checked push request says: the channels whose calendar changed, and those the provider asks us to watch anew. */
export interface PushNotice {
  readonly changed: ReadonlyArray<string>
  /** Graph's lifecycle events `reauthorizationRequired` and `subscriptionRemoved`: renew or watch anew. */
  readonly rewatch: ReadonlyArray<string>
  /** Items refused (unknown channel, wrong token); they are ignored. */
  readonly refused: number
}

/** What each channel a notification names expects; null when no connection has it. */
export type ExpectedPush = (channelId: string) => { readonly channel: PushChannel; readonly token: string } | null

/**
 * Reads the provider's push requests. A notification is trusted only as
 * "something changed on this channel", and only when its token matches
 * (compared in constant time).
 */
export interface PushReader {
  /** The text to echo when the request is the provider's validation handshake (Graph); null otherwise. */
  validation(request: PushRequest): string | null
  /** The channel ids the request names, unchecked, to look up what each expects. */
  channelsNamed(request: PushRequest): ReadonlyArray<string>
  /** Checks the request against what its channels expect. Left, in words, when nothing in it is genuine. */
  check(request: PushRequest, expected: ExpectedPush): E.Either<string, PushNotice>
}

/**
 * The OAuth 2.0 side of a calendar provider: authorization code with PKCE
 * (S256), token refresh, who granted, which calendars, and push. Read-only
 * calendar scopes only. Every call goes through the guarded fetcher; failures
 * are in words (no token, no secret), `reauthorize` when only the account can
 * mend it, `retryAfterSeconds` when the provider asked to wait.
 */
export interface CalendarOAuth {
  readonly provider: OAuthProviderKind
  /** A fresh PKCE pair for one authorization. */
  newPkce(): PkcePair
  /** The address to send the account to: consent for read-only calendar access, bound to `state` and the PKCE challenge. */
  authorizationUrl(request: { readonly state: string; readonly codeChallenge: string }): string
  /** Trades the code the callback received (with the PKCE verifier) for a grant. */
  exchangeCode(code: string, codeVerifier: string): TE.TaskEither<CalendarFailure, OAuthGrant>
  /** A grant with a fresh access token (and the refresh token the provider may have rotated). */
  refresh(grant: OAuthGrant): TE.TaskEither<CalendarFailure, OAuthGrant>
  /** The email of the account that granted access. */
  accountEmail(accessToken: string): TE.TaskEither<CalendarFailure, string>
  /** The calendars the grant can read. */
  calendars(accessToken: string): TE.TaskEither<CalendarFailure, ReadonlyArray<ProviderCalendar>>
  /**
   * Asks the provider to notify `address` when the calendar changes; `token` comes back with
   * every notification (Google's channel token, Graph's clientState) and is compared in
   * constant time. For Graph the provider first checks `address` with its validation handshake.
   */
  watch(accessToken: string, calendarId: string, address: string, token: string): TE.TaskEither<CalendarFailure, PushChannel>
  /** Stops a push subscription (the connection was deleted, or a renewed one replaced it). */
  stopWatch(accessToken: string, channel: PushChannel): TE.TaskEither<CalendarFailure, void>
  /** Moves a subscription's expiry on in place, where the provider can (Graph); absent: watch anew, then stop the old one. */
  renewWatch?(accessToken: string, channel: PushChannel): TE.TaskEither<CalendarFailure, PushChannel>
  readonly push: PushReader
}
