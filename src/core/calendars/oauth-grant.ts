import { pipe } from 'fp-ts/lib/function.js'
import * as E from 'fp-ts/lib/Either.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import * as t from 'io-ts'
import { type CalendarConnection, OAUTH_PROVIDER_NAMES, type OAuthProviderKind } from '../domain/meetings/calendar-connection.js'
import type { CalendarOAuth, OAuthGrant } from '../ports/calendar-oauth.js'
import { type CalendarFailure, calendarFailure } from '../ports/calendar-provider.js'
import type { CalendarConnectionStore } from '../ports/calendar-connection-store.js'
import type { Clock } from '../ports/clock.js'
import type { SecretBox } from '../ports/secret-box.js'

const GrantJson = t.type({ refreshToken: t.string, accessToken: t.string, accessExpiresAt: t.string, scopes: t.array(t.string) })

/** A grant as stored: JSON, sealed by the SecretBox. */
export const sealGrant = (box: SecretBox, grant: OAuthGrant): string => box.seal(JSON.stringify(grant))

const reconnect = (provider: OAuthProviderKind) => `reconnect the calendar (${OAUTH_PROVIDER_NAMES[provider]}) in Settings → Calendars`

export const openGrant = (box: SecretBox, c: CalendarConnection & { readonly provider: OAuthProviderKind }): E.Either<CalendarFailure, OAuthGrant> =>
  pipe(
    box.open(c.sealedCredential),
    E.flatMap((json) => E.tryCatch(() => JSON.parse(json) as unknown, () => ({ message: 'it is not JSON' }))),
    E.flatMap((parsed) => E.mapLeft(() => ({ message: 'it is not a grant' }))(GrantJson.decode(parsed))),
    E.mapLeft((f) => ({ ...calendarFailure(`The calendar's permission could not be read back (${f.message}); ${reconnect(c.provider)}.`, false), reauthorize: true })),
  )

/** The OAuth side of a provider, or why this server cannot use it, in words. */
export const oauthOf = (
  all: ReadonlyArray<CalendarOAuth> | undefined,
  provider: OAuthProviderKind,
): E.Either<CalendarFailure, CalendarOAuth> =>
  E.fromNullable(
    calendarFailure(`${OAUTH_PROVIDER_NAMES[provider]} is not set up on this server any more; its operator needs to set it up again (docs/calendars.md).`, false),
  )(all?.find((o) => o.provider === provider))

/** An access token is renewed when it has less than this left, so a sync never starts with one about to lapse. */
const RENEW_BEFORE_MS = 2 * 60_000

export interface AccessDeps {
  readonly calendarConnections: CalendarConnectionStore
  readonly secretBox: SecretBox
  readonly clock: Clock
  readonly calendarOAuth?: ReadonlyArray<CalendarOAuth>
}

export const isOAuthConnection = (c: CalendarConnection): c is CalendarConnection & { readonly provider: OAuthProviderKind } => c.provider !== 'ics'

/**
 * A current access token for an OAuth connection: the stored one while it has
 * time left (unless `refresh`: the provider refused it), else a refreshed grant, saved (sealed) before it is used so a
 * rotated refresh token is never lost. A revoked grant is a failure with
 * `reauthorize`; the caller moves the connection to `reauthorization_required`.
 */
export const accessTokenFor =
  (deps: AccessDeps, options: { readonly refresh?: boolean } = {}) =>
  (c: CalendarConnection & { readonly provider: OAuthProviderKind }): TE.TaskEither<CalendarFailure, string> =>
    pipe(
      TE.fromEither(E.Do),
      TE.apS('oauth', TE.fromEither(oauthOf(deps.calendarOAuth, c.provider))),
      TE.apS('grant', TE.fromEither(openGrant(deps.secretBox, c))),
      TE.flatMap(({ oauth, grant }) =>
        options.refresh !== true && Date.parse(grant.accessExpiresAt) - deps.clock.now().getTime() > RENEW_BEFORE_MS
          ? TE.right(grant.accessToken)
          : pipe(
              oauth.refresh(grant),
              TE.tap((fresh) =>
                pipe(
                  deps.calendarConnections.update(c.accountId, c.id, (cur) => ({ ...cur, sealedCredential: sealGrant(deps.secretBox, fresh) })),
                  TE.map(O.isSome),
                  TE.mapLeft((e) => ({
                    ...calendarFailure("The calendar's renewed permission could not be saved: the server's store failed. The sync will be tried again.", true),
                    cause: e.cause,
                  })),
                ),
              ),
              TE.map((fresh) => fresh.accessToken),
            ),
      ),
    )
