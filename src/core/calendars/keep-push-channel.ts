import { pipe } from 'fp-ts/lib/function.js'
import * as E from 'fp-ts/lib/Either.js'
import * as T from 'fp-ts/lib/Task.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { CalendarConnection, ConnectionPush, OAuthProviderKind } from '../domain/meetings/calendar-connection.js'
import type { CalendarOAuth } from '../ports/calendar-oauth.js'
import type { CalendarConnectionStore } from '../ports/calendar-connection-store.js'
import type { Clock } from '../ports/clock.js'
import type { Ids } from '../ports/ids.js'
import type { SecretBox } from '../ports/secret-box.js'
import { type AccessDeps, accessTokenFor, isOAuthConnection, oauthOf } from './oauth-grant.js'

export interface PushDeps {
  readonly calendarConnections: CalendarConnectionStore
  readonly secretBox: SecretBox
  readonly clock: Clock
  readonly ids: Ids
  readonly calendarOAuth?: ReadonlyArray<CalendarOAuth>
  readonly calendarPushAddress?: (provider: OAuthProviderKind) => string | null
}

const HOUR = 3_600_000

/**
 * Asks the provider to stop pushing a connection's calendar (deleted, or another
 * calendar chosen). Best effort: a channel left open lapses by itself (at most
 * a week), and its notifications find no connection.
 */
export const stopPushChannel =
  (deps: AccessDeps) =>
  (c: CalendarConnection): TE.TaskEither<never, void> => {
    const push = c.push
    if (push === null || !isOAuthConnection(c)) return TE.right(undefined)
    return pipe(
      TE.Do,
      TE.apS('oauth', TE.fromEither(oauthOf(deps.calendarOAuth, c.provider))),
      TE.apS('token', accessTokenFor(deps)(c)),
      TE.flatMap(({ oauth, token }) => oauth.stopWatch(token, push)),
      TE.orElse(() => TE.right<never, void>(undefined)),
    )
  }

/**
 * A channel is replaced when less than this is left: half a day, or three
 * periodic syncs when they are further apart, so one missed sync never lets it lapse.
 */
export const renewMarginMs = (intervalMinutes: number): number => Math.max(12 * HOUR, 3 * intervalMinutes * 60_000)

/** The token every notification on the channel must carry: the one it had, or a new one. */
const tokenFor = (deps: PushDeps, push: ConnectionPush | null): string =>
  push === null ? deps.ids.uuid() : E.getOrElse(() => deps.ids.uuid())(deps.secretBox.open(push.sealedToken))

/**
 * Keeps an OAuth connection's push channel open while the server has a public
 * address: opens one when there is none, and renews one that is about to lapse
 * (or was made due by a reconnect or a Graph lifecycle notice), in place where
 * the provider can, else by a new channel, stopping the old one. Never fails the sync: what went wrong comes back as a note for the
 * log, and the periodic sync still picks changes up.
 */
export const keepPushChannel =
  (deps: PushDeps, intervalMinutes: number) =>
  (c: CalendarConnection & { readonly provider: OAuthProviderKind }, accessToken: string): T.Task<string | undefined> => {
    const address = deps.calendarPushAddress?.(c.provider) ?? null
    const oauth = deps.calendarOAuth?.find((o) => o.provider === c.provider)
    const now = deps.clock.now().getTime()
    if (address === null || oauth === undefined) return T.of(undefined)
    if (c.push !== null && Date.parse(c.push.expiresAt) - now > renewMarginMs(intervalMinutes)) return T.of(undefined)
    const old = c.push
    const token = tokenFor(deps, old)
    const renewed = old === null || oauth.renewWatch === undefined ? TE.left(null) : oauth.renewWatch(accessToken, old)
    return pipe(
      // Graph extends a subscription in place (which also resumes one paused while its grant was revoked);
      // otherwise, or when that fails, a new channel replaces the old one.
      TE.orElse(() => oauth.watch(accessToken, c.calendarId, address, token))(renewed),
      TE.mapLeft((f) => `push notifications could not be set up (${f.message.replace(/\.$/, '')}); changes are picked up by the periodic sync`),
      TE.flatMap((channel) =>
        pipe(
          deps.calendarConnections.update(c.accountId, c.id, (cur) => ({ ...cur, push: { ...channel, sealedToken: deps.secretBox.seal(token) } })),
          TE.mapLeft(() => "a push channel was opened but the server's store failed to keep it; the next sync opens another"),
          TE.map(() => channel),
        ),
      ),
      TE.flatMap((channel) =>
        old === null || old.id === channel.id
          ? TE.right<string, string | undefined>(undefined)
          : pipe(
              oauth.stopWatch(accessToken, old),
              TE.match(
                (f) => `the replaced push channel could not be stopped (${f.message.replace(/\.$/, '')}); it lapses by itself`,
                () => undefined,
              ),
              TE.fromTask,
            ),
      ),
      TE.toUnion,
    )
  }
