import { pipe } from 'fp-ts/lib/function.js'
import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { OAUTH_PROVIDER_NAMES, type OAuthProviderKind } from '../domain/meetings/calendar-connection.js'
import { type AppError, invalidField } from '../errors.js'
import type { SecretBox } from '../ports/secret-box.js'

/** How long a connection request lasts: from "Connect" to the provider sending the browser back. */
export const OAUTH_STATE_MINUTES = 10

/**
 * What the `state` of an authorization carries, sealed so that nobody can read
 * the PKCE verifier in it or forge one: the provider, the account that asked,
 * when it lapses and, for a reconnect, which connection.
 */
const StateJson = t.intersection([
  t.type({ provider: t.keyof({ google: null, microsoft: null }), accountId: t.string, verifier: t.string, expiresAt: t.number }),
  t.partial({ connectionId: t.string }),
])
export type OAuthState = t.TypeOf<typeof StateJson>

export const sealState = (box: SecretBox, state: OAuthState): string => box.seal(JSON.stringify(state))

const startAgain = 'start again from Settings → Calendars'

/**
 * The state of a callback, checked: sealed by this server, for this provider
 * and this account, not expired. Every refusal is a 422 on `state` in words.
 */
export const openState =
  (box: SecretBox, now: Date) =>
  (sealed: string | undefined, provider: OAuthProviderKind, accountId: string): E.Either<AppError, OAuthState> => {
    const refused = (why: string) => invalidField('state', `${why}; ${startAgain}`)
    if (sealed === undefined || sealed === '') return E.left(refused(`The answer from ${OAUTH_PROVIDER_NAMES[provider]} has no state`))
    return pipe(
      box.open(sealed),
      E.flatMap((json) => E.tryCatch(() => JSON.parse(json) as unknown, () => ({ message: 'not JSON' }))),
      E.flatMap((parsed) => E.mapLeft(() => ({ message: 'not a state' }))(StateJson.decode(parsed))),
      E.mapLeft(() => refused('This is not a connection request this server made (it may be from an older attempt)')),
      E.filterOrElse(
        (s) => s.provider === provider,
        () => refused(`This connection request was made for another calendar provider, not ${OAUTH_PROVIDER_NAMES[provider]}`),
      ),
      E.filterOrElse(
        (s) => s.accountId === accountId,
        () => refused('This connection request was started by another account (sign in as that account to finish it)'),
      ),
      E.filterOrElse(
        (s) => s.expiresAt > now.getTime(),
        () => refused(`This connection request has expired (it lasts ${OAUTH_STATE_MINUTES} minutes)`),
      ),
    )
  }
