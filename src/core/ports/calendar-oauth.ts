import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { CalendarFailure, OAuthProviderKind } from './calendar-provider.js'

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

/** A push subscription at the provider (a Google channel, a Graph subscription) that tells us when the calendar changed. */
export interface PushChannel {
  /** Our id for it: Google's channel id, Graph's subscription id. */
  readonly id: string
  /** Google's resource id, needed to stop the channel; null for Graph. */
  readonly resourceId: string | null
  /** ISO date-time the provider stops sending; renewed before then. */
  readonly expiresAt: string
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
}
