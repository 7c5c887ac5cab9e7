import { pipe } from 'fp-ts/lib/function.js'
import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import { isOAuthProvider, OAUTH_PROVIDER_NAMES, OAUTH_PROVIDERS, type OAuthProviderKind } from '../domain/meetings/calendar-connection.js'
import { type AppError, invalidField } from '../errors.js'
import type { CalendarOAuth } from '../ports/calendar-oauth.js'
import type { CalendarConnectionStore } from '../ports/calendar-connection-store.js'
import type { Clock } from '../ports/clock.js'
import type { SecretBox } from '../ports/secret-box.js'
import { requireWriter } from '../identity/index.js'
import { findOwnConnection } from './find-calendar-connection.js'
import { OAUTH_STATE_MINUTES, sealState } from './oauth-state.js'

export interface OAuthFlowDeps {
  readonly calendarConnections: CalendarConnectionStore
  readonly secretBox: SecretBox
  readonly clock: Clock
  readonly calendarOAuth?: ReadonlyArray<CalendarOAuth>
  readonly calendarOAuthSettings?: Readonly<Record<OAuthProviderKind, ReadonlyArray<string>>>
}

export interface AuthorizationStart {
  /** Where to send the person: the provider's consent page for read-only calendar access. */
  readonly authorizationUrl: string
  /** The request lapses then; the person starts again after it. */
  readonly expiresAt: string
}

const settingsList = (names: ReadonlyArray<string>): string =>
  names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`

/** The provider's OAuth side, or a 422 saying which provider names are known, or which settings set this one up. */
export const configuredOAuth = (deps: Pick<OAuthFlowDeps, 'calendarOAuth' | 'calendarOAuthSettings'>, provider: string): E.Either<AppError, CalendarOAuth> => {
  if (!isOAuthProvider(provider)) return E.left(invalidField('provider', `must be one of: ${OAUTH_PROVIDERS.join(', ')}`))
  const oauth = deps.calendarOAuth?.find((o) => o.provider === provider)
  if (oauth !== undefined) return E.right(oauth)
  const names = deps.calendarOAuthSettings?.[provider] ?? []
  return E.left(
    invalidField(
      'provider',
      `${OAUTH_PROVIDER_NAMES[provider]} is not set up on this server${names.length === 0 ? '' : `: its operator sets ${settingsList(names)}`} (see docs/calendars.md)`,
    ),
  )
}

/**
 * Begins connecting (or, with `connectionId`, reconnecting) a calendar over
 * OAuth: a PKCE pair and a sealed, short-lived state bound to the account,
 * and the provider's consent address to send the person to.
 */
export const startOAuthConnection =
  (deps: OAuthFlowDeps) =>
  (actor: Actor, provider: string, input: { readonly connectionId?: string }): TE.TaskEither<AppError, AuthorizationStart> =>
    pipe(
      requireWriter(actor),
      TE.flatMap(() => TE.fromEither(configuredOAuth(deps, provider))),
      TE.tap((oauth) =>
        input.connectionId === undefined
          ? TE.right(undefined)
          : pipe(
              findOwnConnection(deps)(actor, input.connectionId),
              TE.filterOrElse(
                (c) => c.provider === oauth.provider,
                (c) => invalidField('connectionId', `is a connection of kind ${c.provider}; only a ${OAUTH_PROVIDER_NAMES[oauth.provider]} connection can be reconnected here`),
              ),
            ),
      ),
      TE.map((oauth) => {
        const expiresAt = deps.clock.now().getTime() + OAUTH_STATE_MINUTES * 60_000
        const pkce = oauth.newPkce()
        const state = sealState(deps.secretBox, {
          provider: oauth.provider,
          accountId: actor.accountId,
          verifier: pkce.verifier,
          expiresAt,
          ...(input.connectionId === undefined ? {} : { connectionId: input.connectionId }),
        })
        return { authorizationUrl: oauth.authorizationUrl({ state, codeChallenge: pkce.challenge }), expiresAt: new Date(expiresAt).toISOString() }
      }),
    )
